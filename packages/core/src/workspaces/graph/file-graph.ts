/**
 * What the graph extractor reads from one ingested file (spec 3, "Knowledge graph"): entities typed
 * by the workspace's ontology, their facts, and the relations between them, each with where it was
 * read. Offsets are UTF-16 code units of the file's `document.md` — the same ranges a
 * `FileIngestionRecord` gives its pages and components, and search evidence uses — so a graph
 * fact and a search hit on the same words point at the same place.
 */

/** Where a statement was read in the file. */
export interface Mention {
  /** 1-based page of a paged file; null in a spreadsheet or an unpaged file */
  readonly page: number | null
  /** the sheet (tab) or section the range lies in, else null */
  readonly component: string | null
  /** `[char_start, char_end)` in document.md */
  readonly char_start: number
  readonly char_end: number
  /** the words read there, or the sentence around them (at most `MAX_QUOTE_CHARS`) */
  readonly quote: string
}

export const MAX_QUOTE_CHARS = 300

/** A property of an entity stated in the file: `registration_number` = `08123456`, `role` = `CFO`. */
export interface ExtractedFact {
  /** lower snake case */
  readonly predicate: string
  readonly value: string
  readonly mention: Mention
}

export interface ExtractedEntity {
  /** unique within this file's graph; relations name entities by it */
  readonly key: string
  /** a node type of the workspace's ontology */
  readonly type: string
  /** the fullest name the file gives, as written ("Northwind Holdings Limited") */
  readonly name: string
  /** other names the file uses for it ("Northwind", "NHL") */
  readonly aliases: ReadonlyArray<string>
  readonly facts: ReadonlyArray<ExtractedFact>
  /** at least one */
  readonly mentions: ReadonlyArray<Mention>
}

export interface ExtractedRelation {
  /** an edge type of the ontology whose `from_types` holds the source's type and `to_types` the target's */
  readonly type: string
  readonly from: string
  readonly to: string
  readonly mention: Mention
}

export interface FileGraph {
  readonly entities: ReadonlyArray<ExtractedEntity>
  readonly relations: ReadonlyArray<ExtractedRelation>
}

export const EMPTY_FILE_GRAPH: FileGraph = { entities: [], relations: [] }
