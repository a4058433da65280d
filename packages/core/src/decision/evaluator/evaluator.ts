/**
 * The Evaluator port: the model work behind POST /v1/systemone. The default implementation is
 * the local, offline, deterministic evaluator in `local/`.
 */
import { Context, Data, Effect, Layer } from "effect"
import type { ModelSpec } from "../models.js"
import type { Answers, Questions } from "../question.js"
import { evaluateLocally } from "./local/index.js"

/** The model service failed to answer. */
export class ModelFailed extends Data.TaggedError("ModelFailed")<{ readonly cause?: unknown }> {}

export interface EvaluatorService {
  /**
   * True when the evaluator answers synchronously with no I/O (the local evaluator): the upstream
   * model wait cannot run out, so no timer is set for it unless a model delay is injected.
   */
  readonly instant?: boolean | undefined
  readonly evaluate: (input: {
    readonly model: ModelSpec
    readonly state: unknown
    readonly questions: Questions
  }) => Effect.Effect<Answers, ModelFailed>
}

export class Evaluator extends Context.Tag("@docket/core/Evaluator")<Evaluator, EvaluatorService>() {}

/** The local evaluator (same answers for every model version). */
export const LocalEvaluatorLive: Layer.Layer<Evaluator> = Layer.succeed(Evaluator, {
  instant: true,
  evaluate: ({ questions, state }) =>
    Effect.try({ try: () => evaluateLocally(state, questions), catch: (cause) => new ModelFailed({ cause }) })
})
