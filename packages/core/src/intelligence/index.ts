/** Intelligence: the engine ports (answerer, classifier, embedder, extractor, grounder) and the local engines. */
export { type AnswerInput, type Passage, type QuestionAnswer, QuestionAnswerer, type QuestionAnswererService } from "./answerer.js"
export { type CategoryFit, type Classification, type ClassifyInput, DocumentClassifier, type DocumentClassifierService, type Segment, type SegmentInput, type TaxonomyCategory } from "./classifier.js"
export { Embedder, type EmbedderService } from "./embedder.js"
export { EngineFailed } from "./engine-error.js"
export { type ExtractInput, type ExtractionContent, FieldExtractor, type FieldExtractorService } from "./extractor.js"
export { Grounder, type GrounderService, type GroundHints, type GroundInput, type GroundQuery, type GroundSpan, type GroundUnit } from "./grounder.js"
export { type IntelligencePorts } from "./intelligence-ports.js"
export * as LocalIntelligence from "./local/index.js"
