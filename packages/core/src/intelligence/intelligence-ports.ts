/**
 * The intelligence engine as one set of ports: what `docketLayer` needs besides the decision
 * `Evaluator`. The local engine (`local/index.ts`) is the default; `@docket/intelligence-openai`
 * provides the model-backed one.
 */
import type { QuestionAnswerer } from "./answerer.js"
import type { CatalogExtractor } from "./catalog-extractor.js"
import type { DocumentClassifier } from "./classifier.js"
import type { DomainGenerator } from "./domain-generator.js"
import type { Embedder } from "./embedder.js"
import type { FieldExtractor } from "./extractor.js"
import type { FilteredQueryWriter } from "./filtered-query-writer.js"
import type { GraphExtractor } from "./graph-extractor.js"
import type { Grounder } from "./grounder.js"
import type { TableQuestionWriter } from "./table-question-writer.js"
import type { SearchAgent } from "./search-agent.js"

export type IntelligencePorts = DocumentClassifier | FieldExtractor | Grounder | Embedder | QuestionAnswerer | DomainGenerator | TableQuestionWriter
  | CatalogExtractor | SearchAgent | FilteredQueryWriter | GraphExtractor
