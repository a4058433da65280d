/** Injected faults of the harness (`PUT /_admin/faults`). */
import { Context, Effect, Layer, Ref } from "effect"

export interface FaultState {
  /** the limiter store answers as if it could not be reached */
  readonly limiter_store_unreachable: boolean
  /** the model takes this long (on the service clock) before answering */
  readonly model_delay_ms: number
  /** the model service fails */
  readonly model_error: boolean
}

export const noFaults: FaultState = { limiter_store_unreachable: false, model_delay_ms: 0, model_error: false }

export class Faults extends Context.Tag("@docket/core/Faults")<Faults, Ref.Ref<FaultState>>() {}

export const FaultsLive: Layer.Layer<Faults> = Layer.effect(Faults, Ref.make(noFaults))

export const currentFaults: Effect.Effect<FaultState, never, Faults> = Effect.flatMap(Faults, Ref.get)
