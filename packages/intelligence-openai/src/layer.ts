/**
 * The layers of the model-backed engine. `layer(config)` provides the intelligence ports,
 * `evaluatorLayer(config)` the decision `Evaluator`, both on `FetchHttpClient`; the `…WithClient`
 * forms take the `HttpClient` from their context instead (a host's own client, a test double).
 * `layerConfig` / `evaluatorLayerConfig` read `DOCKET_AI_*` (see `config.ts`).
 */
import { Decision, Intelligence } from "@docket/core"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import type * as HttpClient from "@effect/platform/HttpClient"
import { type ConfigError, Context, Effect, Layer } from "effect"
import { makeAnswerer } from "./answerer.js"
import { makeCatalogExtractor } from "./catalog-extractor.js"
import { makeClassifier } from "./classifier.js"
import { makeDomainGenerator } from "./domain-generator.js"
import { config as envConfig, type OpenAiConfig, resolveConfig } from "./config.js"
import { makeEmbedder } from "./embedder.js"
import { makeEvaluator } from "./evaluator.js"
import { makeExtractor } from "./extractor.js"
import { makeFilteredQueryWriter } from "./filtered-query-writer.js"
import { makeGraphExtractor } from "./graph-extractor.js"
import { makeGrounder } from "./grounder.js"
import { makeClient } from "./internal/client.js"
import { makeTableQuestionWriter } from "./table-question-writer.js"
import { makeSearchAgent } from "./search-agent.js"

/** Every intelligence port this engine provides. */
export type OpenAiIntelligencePorts = Intelligence.DocumentClassifier | Intelligence.FieldExtractor | Intelligence.Grounder | Intelligence.Embedder | Intelligence.QuestionAnswerer
  | Intelligence.DomainGenerator | Intelligence.TableQuestionWriter | Intelligence.CatalogExtractor | Intelligence.SearchAgent
  | Intelligence.FilteredQueryWriter | Intelligence.GraphExtractor

export const layerWithClient = (config: OpenAiConfig): Layer.Layer<OpenAiIntelligencePorts, never, HttpClient.HttpClient> =>
  Layer.effectContext(
    Effect.map(makeClient(resolveConfig(config)), (client) =>
      Context.make(Intelligence.DocumentClassifier, makeClassifier(client)).pipe(
        Context.add(Intelligence.FieldExtractor, makeExtractor(client)),
        Context.add(Intelligence.Grounder, makeGrounder(client)),
        Context.add(Intelligence.Embedder, makeEmbedder(client)),
        Context.add(Intelligence.QuestionAnswerer, makeAnswerer(client)),
        Context.add(Intelligence.DomainGenerator, makeDomainGenerator(client)),
        Context.add(Intelligence.TableQuestionWriter, makeTableQuestionWriter(client)),
        Context.add(Intelligence.CatalogExtractor, makeCatalogExtractor(client)),
        Context.add(Intelligence.SearchAgent, makeSearchAgent(client)),
        Context.add(Intelligence.FilteredQueryWriter, makeFilteredQueryWriter(client)),
        Context.add(Intelligence.GraphExtractor, makeGraphExtractor(client))
      ))
  )

export const evaluatorLayerWithClient = (config: OpenAiConfig): Layer.Layer<Decision.Evaluator, never, HttpClient.HttpClient> =>
  Layer.effect(Decision.Evaluator, Effect.map(makeClient(resolveConfig(config)), makeEvaluator))

/** The intelligence ports on `config`'s endpoint (through `fetch`). */
export const layer = (config: OpenAiConfig): Layer.Layer<OpenAiIntelligencePorts> =>
  Layer.provide(layerWithClient(config), FetchHttpClient.layer)

/** The decision evaluator on `config`'s endpoint (through `fetch`). */
export const evaluatorLayer = (config: OpenAiConfig): Layer.Layer<Decision.Evaluator> =>
  Layer.provide(evaluatorLayerWithClient(config), FetchHttpClient.layer)

/** `layer` configured from `DOCKET_AI_*`. */
export const layerConfig: Layer.Layer<OpenAiIntelligencePorts, ConfigError.ConfigError> = Layer.unwrapEffect(Effect.map(envConfig, layer))

/** `evaluatorLayer` configured from `DOCKET_AI_*`. */
export const evaluatorLayerConfig: Layer.Layer<Decision.Evaluator, ConfigError.ConfigError> = Layer.unwrapEffect(Effect.map(envConfig, evaluatorLayer))

export { envConfig as config }
export type { OpenAiConfig }
