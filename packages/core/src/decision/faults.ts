/**
 * The harness's faults around the decision ports they disturb: the limiter store answers as if
 * unreachable (`limiter_store_unreachable`), the model is slow or fails (`model_delay_ms`,
 * `model_error`). Without a fault each decorator hands the call to the port as it is, so an
 * immediate effect stays immediate.
 */
import { Effect, Layer } from "effect"
import { decorateWithFaults, modelCall } from "../kernel/faults.js"
import { Evaluator, ModelFailed } from "./evaluator/evaluator.js"
import { LimiterStore } from "./limiter/limiter-store.js"
import { StorageUnavailable } from "../kernel/storage-unavailable.js"

export const limiterStoreFaults = decorateWithFaults(LimiterStore, (store, faults) => ({
  ...store,
  acquire: (request) =>
    faults.unsafeCurrent().limiter_store_unreachable
      ? Effect.fail(new StorageUnavailable({ store: "LimiterStore", cause: "injected fault: limiter_store_unreachable" }))
      : store.acquire(request)
}))

export const evaluatorFaults = decorateWithFaults(Evaluator, (evaluator, faults) => ({
  ...evaluator,
  // the delay runs on the service clock, inside the use case's upstream wait
  evaluate: (input) => modelCall(faults, () => new ModelFailed({ cause: "injected fault: model_error" }), () => evaluator.evaluate(input))
}))

/** Every decorator of the decision service's ports. */
export const decisionFaults = Layer.mergeAll(limiterStoreFaults, evaluatorFaults)
