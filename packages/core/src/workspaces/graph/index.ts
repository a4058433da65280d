/** The knowledge graph (spec 3): what extraction reads per file, the published snapshot, and the store port. */
export * from "./file-graph.js"
export * from "./snapshot.js"
export { type FileGraphRecord, KnowledgeGraphStore, type KnowledgeGraphStoreService, type SnapshotHead } from "./graph-store.js"
export { mergeFileGraphs } from "./entity-resolution.js"
export { entersGraph } from "./graph-inclusion.js"
export { KgBuildInProgress, KgNotBuilt } from "./errors.js"
export { KG_BUILD, kgBuildKind, type KgBuildResult, MAX_GRAPH_CHARS } from "./kg-build-kind.js"
export { CACHED_GRAPH_ITEMS, currentGraph, KnowledgeGraphCache, KnowledgeGraphCacheLive, type LoadedGraph, loadGraph, makeKnowledgeGraphCache } from "./loaded-graph.js"
