/** Intelligence: the engine ports (answerer, classifier, embedder, extractor, grounder) and the local engines. */
export * from "./answerer.js"
export * from "./classifier.js"
export * from "./embedder.js"
export * from "./engine-error.js"
export * from "./extractor.js"
export * from "./grounder.js"
export * from "./intelligence-ports.js"
export * as LocalIntelligence from "./local/index.js"
