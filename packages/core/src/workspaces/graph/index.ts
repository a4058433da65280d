/** The knowledge graph (spec 3): what extraction reads per file, the published snapshot, and the store port. */
export * from "./file-graph.js"
export * from "./snapshot.js"
export { type FileGraphRecord, KnowledgeGraphStore, type KnowledgeGraphStoreService, type SnapshotHead } from "./graph-store.js"
