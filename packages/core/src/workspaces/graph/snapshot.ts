/**
 * A workspace's knowledge graph as one build published it (spec 3, "Knowledge graph"): the files'
 * graphs merged — one node per entity across files (`entity-resolution.ts`), one edge per related
 * pair and type — under a `snapshot_id` that changes on every build. Node ids are stable across
 * builds (derived from the workspace, the type and the resolved name), so a caller may keep one.
 *
 * Evidence names the file by id; what a caller sees is decided when it reads, by the files' current
 * access labels (`graph-access.ts`): a fact or edge whose file is hidden is withheld, a node whose
 * every source is hidden is withheld and counted.
 */

/** Where the graph read something (spec 3, "Evidence" without the search-only fields). */
export interface GraphEvidence {
  readonly file_id: string
  readonly path: string
  readonly page: number | null
  readonly component: string | null
  readonly char_start: number
  readonly char_end: number
  readonly quote: string
}

export interface GraphFact {
  readonly predicate: string
  readonly value: string
  readonly evidence: GraphEvidence
}

export interface GraphNode {
  readonly node_id: string
  readonly node_type: string
  readonly title: string
  /** the other names the files use for it */
  readonly aliases: ReadonlyArray<string>
  readonly facts: ReadonlyArray<GraphFact>
  /** where it is named (at most `MAX_NODE_MENTIONS`, files in path order) */
  readonly mentions: ReadonlyArray<GraphEvidence>
  /** every file that names it, in path order */
  readonly source_file_ids: ReadonlyArray<string>
}

export const MAX_NODE_MENTIONS = 20

export interface GraphEdge {
  readonly edge_id: string
  readonly edge_type: string
  readonly from_node_id: string
  readonly to_node_id: string
  /** every statement of the relation (at most `MAX_EDGE_EVIDENCE`) */
  readonly evidence: ReadonlyArray<GraphEvidence>
}

export const MAX_EDGE_EVIDENCE = 20

/** What a build publishes. */
export interface GraphContent {
  readonly nodes: ReadonlyArray<GraphNode>
  readonly edges: ReadonlyArray<GraphEdge>
}

/**
 * The names of the snapshot's central nodes (tiers 1 and 2 of the ontology: parties, places,
 * documents, contracts, …) embedded by the workspace's `Embedder` when the build ran, so kg-search
 * matches by meaning as well as by words: `data` holds one `dimensions`-long float32 vector per id
 * of `node_ids`, little-endian, base64.
 */
export interface NodeVectors {
  readonly model: string
  readonly dimensions: number
  readonly node_ids: ReadonlyArray<string>
  readonly data: string
}

export interface GraphSnapshot extends GraphContent {
  readonly snapshot_id: string
  /** epoch ms on the service clock */
  readonly built_at: number
  /** the files whose graphs the snapshot merged */
  readonly file_ids: ReadonlyArray<string>
  /** absent in a snapshot built without an embedder's vectors */
  readonly vectors?: NodeVectors | undefined
}
