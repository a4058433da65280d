/**
 * The graph-extraction port of the intelligence engine (spec 3, "Knowledge graph"): the entities
 * and relations of one ingested file, typed by the workspace's ontology, each with where it was
 * read (`workspaces/graph/file-graph.ts`).
 *
 * What an implementation answers: entity types and relation types the ontology declares (a
 * relation only between types its edge type allows); mentions inside the text given, with the
 * quote read there; nothing it did not read (no entity from world knowledge). Same input, same
 * output for the local engine.
 *
 * Implementations: the local one (`local/graph/`: NLP, layout and pattern reading) and the
 * model-backed one (`@docket/intelligence-openai`: JSON-schema extraction).
 */
import { Context, type Effect } from "effect"
import type { Ontology } from "../workspaces/domains/domain-definition.js"
import type { FileGraph } from "../workspaces/graph/file-graph.js"
import type { EngineFailed } from "./engine-error.js"

export interface GraphExtractPage {
  readonly page: number
  /** `[char_start, char_end)` of `markdown` */
  readonly char_start: number
  readonly char_end: number
}

export interface GraphExtractComponent {
  readonly kind: "document" | "section" | "sheet" | "table" | "media"
  /** the sheet (tab) name, section heading, … */
  readonly name: string
  readonly char_start: number
  readonly char_end: number
}

export interface GraphExtractInput {
  /** the file's workspace path (a hint: `contracts/2024/msa-acme.pdf`) */
  readonly path: string
  /** the file's `group/subgroup`, null when unclassified */
  readonly category: string | null
  readonly ontology: Ontology
  /** the file's document.md (a bounded prefix of a huge file) */
  readonly markdown: string
  readonly pages: ReadonlyArray<GraphExtractPage>
  readonly components: ReadonlyArray<GraphExtractComponent>
}

export interface GraphExtractorService {
  readonly extract: (input: GraphExtractInput) => Effect.Effect<FileGraph, EngineFailed>
}

export class GraphExtractor extends Context.Tag("@docket/core/GraphExtractor")<GraphExtractor, GraphExtractorService>() {}
