/**
 * Injected faults of the harness (`PUT /_admin/faults`): the state, and the decorators that apply
 * it. A fault disturbs a port, so it lives in a layer around that port (`decorateWithFaults`),
 * never in a use case; a new fault is a field here plus a decorator beside the port it disturbs.
 */
import { Context, Duration, Effect, Layer, MutableRef } from "effect"

export interface FaultState {
  /** the limiter store answers as if it could not be reached */
  readonly limiter_store_unreachable: boolean
  /** the model takes this long (on the service clock) before answering */
  readonly model_delay_ms: number
  /** the model service fails */
  readonly model_error: boolean
}

export const noFaults: FaultState = { limiter_store_unreachable: false, model_delay_ms: 0, model_error: false }

export interface FaultsService {
  readonly get: Effect.Effect<FaultState>
  readonly update: (f: (state: FaultState) => FaultState) => Effect.Effect<FaultState>
  /** the faults in force, read synchronously: a decorator checks them on every call */
  readonly unsafeCurrent: () => FaultState
}

export class Faults extends Context.Tag("@docket/core/Faults")<Faults, FaultsService>() {}

export const makeFaults = (initial: FaultState = noFaults): FaultsService => {
  const state = MutableRef.make(initial)
  return {
    get: Effect.sync(() => MutableRef.get(state)),
    update: (f) => Effect.sync(() => MutableRef.updateAndGet(state, f)),
    unsafeCurrent: () => MutableRef.get(state)
  }
}

export const FaultsLive: Layer.Layer<Faults> = Layer.sync(Faults, () => makeFaults())

export const currentFaults: Effect.Effect<FaultState, never, Faults> = Effect.flatMap(Faults, (f) => f.get)

/**
 * A layer that replaces the service of `tag` (taken from its input) by `decorate(service,
 * faults)`: provide it over the layer of the port (`Layer.provideMerge(decorator, ports)`).
 */
export const decorateWithFaults = <I, S>(
  tag: Context.Tag<I, S>,
  decorate: (service: S, faults: FaultsService) => S
): Layer.Layer<I, never, I | Faults> => Layer.effect(tag, Effect.zipWith(tag, Faults, decorate))

/**
 * One call to a model under the model faults: handed through as it is when neither is set (an
 * immediate effect stays immediate); else delayed by `model_delay_ms` on the service clock, then
 * failed with `failure()` instead of calling the model when `model_error` is set.
 */
export const modelCall = <A, E, R>(
  faults: FaultsService,
  failure: () => E,
  call: () => Effect.Effect<A, E, R>
): Effect.Effect<A, E, R> => {
  const { model_delay_ms, model_error } = faults.unsafeCurrent()
  if (model_delay_ms === 0 && !model_error) return call()
  const answer = model_error ? Effect.suspend(() => Effect.fail(failure())) : Effect.suspend(call)
  return model_delay_ms > 0 ? Effect.zipRight(Effect.sleep(Duration.millis(model_delay_ms)), answer) : answer
}
