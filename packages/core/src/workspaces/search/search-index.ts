/**
 * The search index port (spec 3, "Search"; DESIGN.md "Search index"): a workspace's chunks with
 * their analyzed terms and vectors. Stores return candidates and the statistics to score them;
 * BM25F (`bm25.ts`), cosine ranking and fusion run in core, so every store ranks identically.
 *
 * Rules every adapter keeps (the conformance suite, `testing/search-index-suite.ts`, checks them):
 * - A file's chunks are replaced whole (`replaceFile`): a reader sees the old set or the new one,
 *   never a mix; `removeFile` and `removeWorkspace` leave nothing of them.
 * - Access is decided in the store's query by the chunk's `access_label` and the caller's
 *   `visible` labels (the one rule of `files/file-access.ts`): a hidden chunk is never returned,
 *   never moves a statistic (document frequencies and average lengths count only the chunks the
 *   caller may see, across the whole workspace — not narrowed by `path_prefix` or `categories` —
 *   so a score never depends on what is hidden), and is only counted in `withheld`.
 * - A file's label, category and path change only when it is indexed again (no route moves a file
 *   or changes its label), so a chunk carries them as they were at its `replaceFile`.
 * - Ties are broken by path (code-point order), then chunk index.
 * - `keyword` returns only the best `limit` candidates by BM25F (`bm25fScore` under the returned
 *   statistics with `CHUNK_FIELDS`), in that ranking's order — score, then the tie-break — each
 *   without its title and text (`ChunkHead`): a 3-term query on 100k chunks has tens of thousands
 *   of candidates, of which the search fuses a hundred and shows ten; `chunks` reads the whole
 *   references of the few it shows. Core's `KeywordScan` (`keyword-scan.ts`) is that ranking.
 * - Another tenant's or workspace's chunks are unreachable.
 */
import { Context, type Effect } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { VisibleLabels, Withheld } from "../files/file-store.js"
import type { FieldedCandidate, FieldedCollectionStats } from "./bm25.js"
import type { ChunkLocator } from "./chunking.js"

/** The keyword index's fields (`bm25.ts`, `CHUNK_FIELDS`). */
export type ChunkField = "title" | "text"

/** What a hit shows of a chunk. */
export interface ChunkRef {
  readonly file_id: string
  readonly chunk_index: number
  readonly path: string
  readonly access_label: string | null
  /** the file's `group/subgroup`, null when unclassified */
  readonly category: string | null
  readonly component: string | null
  readonly locator: ChunkLocator
  readonly title: string
  readonly text: string
}

/** What a keyword candidate names of its chunk: the key, and what the tie-break and access read. */
export type ChunkHead = Pick<ChunkRef, "file_id" | "chunk_index" | "path" | "access_label" | "category">

/** Names a chunk of a workspace. */
export interface ChunkKey {
  readonly file_id: string
  readonly chunk_index: number
}

/** A chunk as the index keeps it. */
export interface IndexedChunk extends ChunkRef {
  /** per field, each analyzed term (`analyzer.ts`) with its frequency */
  readonly terms: Readonly<Record<ChunkField, Readonly<Record<string, number>>>>
  /** per field, its length in analyzed terms */
  readonly length: Readonly<Record<ChunkField, number>>
  /** the embedder's L2-normalized vector, null when the chunk has none */
  readonly vector: Float32Array | null
}

/** What a hit shows of an indexed chunk (its terms, lengths and vector left out). */
export const chunkRefOf = (c: IndexedChunk): ChunkRef => ({
  file_id: c.file_id,
  chunk_index: c.chunk_index,
  path: c.path,
  access_label: c.access_label,
  category: c.category,
  component: c.component,
  locator: c.locator,
  title: c.title,
  text: c.text
})

/** Which chunks a search looks at. */
export interface SearchScope {
  readonly visible: VisibleLabels
  /** a normalized folder prefix (`files/file-path.ts`), matched as a plain string prefix of the path; absent: the whole workspace */
  readonly path_prefix?: string | undefined
  /**
   * categories: an entry with a `/` (`group/subgroup`) matches that category exactly; an entry
   * without one (`group`) matches `group` and every category under `group/` (not `groupie/…`).
   * Unclassified chunks match only when absent; an empty list is as absent (no filter).
   */
  readonly categories?: ReadonlyArray<string> | undefined
}

/**
 * The `categories` rule of a scope: an entry with a `/` is that category exactly; a bare `group`
 * is the group and everything under `group/`; an unclassified chunk is in scope only when no
 * categories are asked (absent or empty).
 */
export const inCategories = (category: string | null, categories: ReadonlyArray<string> | undefined): boolean => {
  if (categories === undefined || categories.length === 0) return true
  if (category === null) return false
  return categories.some((c) => c === category || (!c.includes("/") && category.startsWith(`${c}/`)))
}

export interface KeywordCandidate {
  readonly chunk: ChunkHead
  readonly candidate: FieldedCandidate<ChunkField>
}

export interface KeywordCandidates {
  /** over the chunks the caller may see, for the query's terms */
  readonly stats: FieldedCollectionStats<ChunkField>
  /**
   * the best `limit` visible chunks in scope holding at least one of the terms, by BM25F score
   * (highest first), then path in code-point order, then chunk index; each with its per-field
   * frequencies of the query's terms (zero ones left out) and its field lengths
   */
  readonly candidates: ReadonlyArray<KeywordCandidate>
  /** chunks in scope holding a term, before access filtering (every one, not only the best) */
  readonly seen: number
  /** the hidden ones among them */
  readonly withheld: Withheld
  /** per key of the call's `probe`, whether it names a visible chunk in scope holding a term (among the best or not) */
  readonly probed: ReadonlyArray<boolean>
}

export interface VectorHit {
  readonly chunk: ChunkRef
  /** cosine similarity with the query vector */
  readonly similarity: number
}

export interface VectorHits {
  /** the `k` visible chunks in scope nearest to the vector, nearest first */
  readonly hits: ReadonlyArray<VectorHit>
  /** chunks in scope with a vector, before access filtering */
  readonly seen: number
  /** hidden chunks that would have been among the `k` without access filtering */
  readonly withheld: Withheld
  /** those hidden chunks themselves, nearest first — never shown; the search counts each candidate once by them */
  readonly hidden: ReadonlyArray<ChunkRef>
}

export interface IndexStatus {
  /**
   * whether a file of the workspace was ever indexed (search on a never-indexed workspace is 404):
   * set by any `replaceFile`, even of no chunks; removing files keeps it (their search is then
   * empty, not 404); only `removeWorkspace` clears it
   */
  readonly indexed: boolean
  /** files with at least one chunk, whatever their label */
  readonly files: number
  readonly chunks: number
  /** the embedder named by the latest `replaceFile` that named one (null: none yet); `removeWorkspace` clears it */
  readonly model: string | null
}

export interface SearchIndexService {
  /** Replaces every chunk of the file, atomically; `model` names the embedder of the vectors. */
  readonly replaceFile: (
    tenantId: string,
    workspaceId: string,
    fileId: string,
    chunks: ReadonlyArray<IndexedChunk>,
    model: string | null
  ) => Effect.Effect<void, StorageUnavailable>
  readonly removeFile: (tenantId: string, workspaceId: string, fileId: string) => Effect.Effect<void, StorageUnavailable>
  readonly removeWorkspace: (tenantId: string, workspaceId: string) => Effect.Effect<void, StorageUnavailable>
  readonly status: (tenantId: string, workspaceId: string) => Effect.Effect<IndexStatus, StorageUnavailable>
  /**
   * The best `limit` chunks holding any of `terms` (the query's analyzed terms; a repeated term
   * weighs that many times), the statistics to score them, and whether each `probe` key names a
   * candidate (the search asks it of its dense hits, to count each candidate once).
   */
  readonly keyword: (
    tenantId: string,
    workspaceId: string,
    terms: ReadonlyArray<string>,
    scope: SearchScope,
    limit: number,
    probe?: ReadonlyArray<ChunkKey>
  ) => Effect.Effect<KeywordCandidates, StorageUnavailable>
  /**
   * The references of these chunks (title and text included), in the keys' order: only those the
   * `visible` labels show; a key naming no chunk (its file removed or replaced since) is left out.
   */
  readonly chunks: (
    tenantId: string,
    workspaceId: string,
    keys: ReadonlyArray<ChunkKey>,
    visible: VisibleLabels
  ) => Effect.Effect<ReadonlyArray<ChunkRef>, StorageUnavailable>
  /** The `k` chunks nearest to `vector` (L2-normalized), exact or by an index the suite checks against exact. */
  readonly nearest: (tenantId: string, workspaceId: string, vector: Float32Array, k: number, scope: SearchScope) => Effect.Effect<VectorHits, StorageUnavailable>
}

export class SearchIndex extends Context.Tag("@docket/core/SearchIndex")<SearchIndex, SearchIndexService>() {}
