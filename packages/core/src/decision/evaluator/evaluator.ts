/**
 * The Evaluator port: the model work behind POST /v1/systemone. The default implementation is
 * the local, offline, deterministic evaluator in `local/`.
 */
import { Context, Data, Effect, Layer } from "effect"
import type { ModelSpec } from "../models.js"
import type { Answers, Questions } from "../question.js"
import { evaluateLocally } from "./local/index.js"
import * as Immediate from "../../kernel/immediate.js"

/** The model service failed to answer. */
export class ModelFailed extends Data.TaggedError("ModelFailed")<{ readonly cause?: unknown }> {}

export interface EvaluatorService {
  readonly evaluate: (input: {
    readonly model: ModelSpec
    readonly state: unknown
    readonly questions: Questions
  }) => Effect.Effect<Answers, ModelFailed>
}

export class Evaluator extends Context.Tag("@docket/core/Evaluator")<Evaluator, EvaluatorService>() {}

/**
 * The local evaluator (same answers for every model version). It answers synchronously with no
 * I/O, so its effects are marked immediate: the upstream model wait cannot run out, and the use
 * case sets no timer for it.
 */
export const LocalEvaluatorLive: Layer.Layer<Evaluator> = Layer.succeed(Evaluator, {
  evaluate: ({ questions, state }) =>
    Immediate.mark(Effect.try({ try: () => evaluateLocally(state, questions), catch: (cause) => new ModelFailed({ cause }) }))
})
