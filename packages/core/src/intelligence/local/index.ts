/**
 * The local intelligence engine: offline, deterministic implementations of every port (same input,
 * same output). See each file for what it does and does not do.
 */
import { Layer } from "effect"
import type { Embedder } from "../embedder.js"
import { LocalAnswererLive } from "./local-answerer.js"
import { LocalCatalogExtractorLive } from "./local-catalog-extractor.js"
import { LocalClassifierLive } from "./local-classifier.js"
import { LocalDomainGeneratorLive } from "./local-domain-generator.js"
import { LocalEmbedderLive } from "./local-embedder.js"
import { LocalExtractorLive } from "./local-extractor.js"
import { LocalFilteredQueryWriterLive } from "./local-filtered-query-writer.js"
import { LocalGraphExtractorLive } from "./graph/local-graph-extractor.js"
import { LocalGrounderLive } from "./local-grounder.js"
import { LocalTableQuestionWriterLive } from "./local-table-question-writer.js"
import { LocalSearchAgentLive } from "./local-search-agent.js"

export { answerLocally, chooseAnswer, LocalAnswererLive, makeLocalAnswerer, readPassages } from "./local-answerer.js"
export { extractCatalogLocally, LocalCatalogExtractorLive } from "./local-catalog-extractor.js"
export { classifyLocally, LocalClassifierLive, segmentLocally } from "./local-classifier.js"
export { generateDomainLocally, LocalDomainGeneratorLive, namedDocumentKinds } from "./local-domain-generator.js"
export { ASSUMED_CURRENCY, LocalFilteredQueryWriterLive, periodOf, writeFilteredQuery } from "./local-filtered-query-writer.js"
export { extractLocally, LOCAL_EXTRACT_BATCH_PAGES, LocalExtractorLive } from "./local-extractor.js"
export { locateLocally, LocalGrounderLive } from "./local-grounder.js"
export { extractGraphLocally, LocalGraphExtractorLive } from "./graph/local-graph-extractor.js"
export { LocalTableQuestionWriterLive, tableAnswerSentence, writeTableQuestion } from "./local-table-question-writer.js"
export { decompose, LOCAL_SEARCH_AGENT_MODEL, LOCAL_TIER_BUDGETS, LocalSearchAgentLive, localSearchAgent, localSearchAgentLayer, planLocally, readQuery } from "./local-search-agent.js"
export { embedLocally, LOCAL_EMBEDDING_DIMENSIONS, LOCAL_EMBEDDING_MODEL, LocalEmbedderLive } from "./local-embedder.js"

/**
 * The local engine with `embedder` as its `Embedder`: the search index embeds with it and the
 * answerer weighs question against sentences with the same one.
 */
export const localIntelligenceWith = <E, R>(embedder: Layer.Layer<Embedder, E, R>) =>
  Layer.provideMerge(
    Layer.mergeAll(LocalClassifierLive, LocalExtractorLive, LocalGrounderLive, LocalAnswererLive, LocalDomainGeneratorLive,
      LocalTableQuestionWriterLive, LocalCatalogExtractorLive, LocalSearchAgentLive, LocalFilteredQueryWriterLive, LocalGraphExtractorLive),
    embedder
  )

/** The local engine with its feature-hashing embedder (no model). */
export const LocalIntelligenceLive = localIntelligenceWith(LocalEmbedderLive)
