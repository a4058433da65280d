/**
 * The harness's model faults around the intelligence ports: `model_delay_ms` delays every engine
 * call on the service clock, `model_error` fails it with the port's `EngineFailed`, as a failing
 * model endpoint does (the document job then ends `upstream_unavailable`, retryable). Without a
 * fault each decorator hands the call to the port as it is.
 */
import { type Effect, Layer } from "effect"
import { decorateWithFaults, type FaultsService, modelCall } from "../kernel/faults.js"
import { QuestionAnswerer } from "./answerer.js"
import { DocumentClassifier } from "./classifier.js"
import { DomainGenerator } from "./domain-generator.js"
import { Embedder } from "./embedder.js"
import { EngineFailed } from "./engine-error.js"
import { FieldExtractor } from "./extractor.js"
import { FilteredQueryWriter } from "./filtered-query-writer.js"
import { GraphExtractor } from "./graph-extractor.js"
import { Grounder } from "./grounder.js"
import { TableQuestionWriter } from "./table-question-writer.js"
import { SearchAgent } from "./search-agent.js"

/** `call` under the model faults, failing as the engine's `operation` (the names the engines use). */
const engineCall = <A, R>(faults: FaultsService, operation: string, call: () => Effect.Effect<A, EngineFailed, R>) =>
  modelCall(faults, () => new EngineFailed({ operation, message: "injected fault: model_error" }), call)

export const classifierFaults = decorateWithFaults(DocumentClassifier, (classifier, faults) => ({
  ...classifier,
  classify: (input) => engineCall(faults, "classify", () => classifier.classify(input)),
  segment: (input) => engineCall(faults, "classify", () => classifier.segment(input))
}))

export const extractorFaults = decorateWithFaults(FieldExtractor, (extractor, faults) => ({
  ...extractor,
  extract: (input) => engineCall(faults, "extract", () => extractor.extract(input))
}))

export const grounderFaults = decorateWithFaults(Grounder, (grounder, faults) => ({
  ...grounder,
  locate: (input) => engineCall(faults, "ground", () => grounder.locate(input))
}))

export const embedderFaults = decorateWithFaults(Embedder, (embedder, faults) => ({
  ...embedder,
  embed: (texts) => engineCall(faults, "embed", () => embedder.embed(texts))
}))

export const answererFaults = decorateWithFaults(QuestionAnswerer, (answerer, faults) => ({
  ...answerer,
  answer: (input) => engineCall(faults, "answer", () => answerer.answer(input))
}))

export const domainGeneratorFaults = decorateWithFaults(DomainGenerator, (generator, faults) => ({
  ...generator,
  generate: (input) => engineCall(faults, "generate_domain", () => generator.generate(input))
}))

export const tableQuestionWriterFaults = decorateWithFaults(TableQuestionWriter, (writer, faults) => ({
  ...writer,
  write: (input) => engineCall(faults, "query_tables", () => writer.write(input)),
  answerSentence: (question, sql, result) => engineCall(faults, "query_tables", () => writer.answerSentence(question, sql, result))
}))

export const searchAgentFaults = decorateWithFaults(SearchAgent, (agent, faults) => ({
  ...agent,
  next: (state) => engineCall(faults, "search_agent", () => agent.next(state))
}))

export const filteredQueryWriterFaults = decorateWithFaults(FilteredQueryWriter, (writer, faults) => ({
  ...writer,
  write: (input) => engineCall(faults, "filtered_query", () => writer.write(input))
}))

export const graphExtractorFaults = decorateWithFaults(GraphExtractor, (extractor, faults) => ({
  ...extractor,
  extract: (input) => engineCall(faults, "extract_graph", () => extractor.extract(input))
}))

/** Every decorator of the intelligence engine's ports. */
export const intelligenceFaults = Layer.mergeAll(classifierFaults, extractorFaults, grounderFaults, embedderFaults, answererFaults, domainGeneratorFaults, tableQuestionWriterFaults, searchAgentFaults, filteredQueryWriterFaults, graphExtractorFaults)
