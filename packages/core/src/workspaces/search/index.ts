/** Search (spec 3): the analyzer, chunking, BM25F scoring, hybrid fusion and the search index port. */
export * from "./analyzer.js"
export * from "./bm25.js"
export * from "./chunking.js"
export * from "./fusion.js"
export * from "./search-index.js"
