/**
 * A Docket instance with what the distribution ships: in-memory storage unless told otherwise,
 * `@docket/formats` for reading documents, and the local engine or an OpenAI-compatible one. It
 * runs on Node and on Bun alike (serve it with `@docket/adapter-node` or `@docket/adapter-bun`).
 */
import { type DocketOptions, Intelligence, makeDocket, type Docket, type StoragePorts } from "@docket/core"
import * as Encoder from "@docket/encoder"
import * as Formats from "@docket/formats"
import { OpenAiIntelligence, type OpenAiConfig } from "@docket/intelligence-openai"
import * as MemoryStorage from "@docket/storage-memory"
import { Layer } from "effect"

/**
 * The engine of the document operations and of the decision evaluator: the local, deterministic
 * one, or a model behind an OpenAI-compatible endpoint (`@docket/intelligence-openai`).
 */
export type EngineOption = "local" | { readonly openai: OpenAiConfig }

export interface CreateDocketOptions extends Omit<DocketOptions<unknown>, "storage"> {
  /** storage ports; in memory by default */
  readonly storage?: Layer.Layer<StoragePorts, unknown> | undefined
  /** `"local"` by default; `intelligence` and `evaluator`, when given, win over it */
  readonly engine?: EngineOption | undefined
}

/**
 * The local engine as the distribution ships it: core's local ports, with `@docket/encoder`'s
 * pretrained sentence encoder (USE-lite, in worker threads started on first use) as the embedder
 * that search indexes and queries with, and that the answerer weighs questions against sentences with.
 */
export const localIntelligence: Layer.Layer<Intelligence.IntelligencePorts> = Intelligence.LocalIntelligence.localIntelligenceWith(Encoder.layer)

/**
 * In-memory storage, `@docket/formats`' worker-pool parser, page renderer (ground previews) and PDF
 * page extractor (split's part files), and the local engine (with the sentence encoder) unless told otherwise.
 */
export const createDocket = (options: CreateDocketOptions = {}): Docket => {
  const { engine, ...rest } = options
  const openai = engine === undefined || engine === "local" ? undefined : engine.openai
  return makeDocket({
    ...rest,
    storage: options.storage ?? MemoryStorage.layer,
    parser: options.parser ?? Formats.layer,
    renderer: options.renderer ?? Formats.rendererLayer,
    pageExtractor: options.pageExtractor ?? Formats.pageExtractorLayer,
    intelligence: options.intelligence ?? (openai === undefined ? localIntelligence : OpenAiIntelligence.layer(openai)),
    evaluator: options.evaluator ?? (openai === undefined ? undefined : OpenAiIntelligence.evaluatorLayer(openai))
  })
}
