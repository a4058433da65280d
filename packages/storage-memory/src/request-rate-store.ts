/** The requests-per-minute window in memory: the admitted request times per key, pruned on each hit. */
import { Tenancy } from "@docket/core"
import { Effect, Layer } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

const makeRequestRateStore = (): Clearable<Tenancy.RequestRateStoreService> => {
  const hits = new Map<string, Array<number>>()
  return {
    hit: ({ key, limit, windowMs, now }) =>
      Effect.sync(() => {
        const times = (hits.get(key) ?? []).filter((t) => t > now - windowMs)
        if (times.length >= limit) {
          hits.set(key, times)
          // with a limit of 0 nothing is ever admitted: come back after a window
          return { admitted: false as const, retryAfterMs: limit <= 0 ? windowMs : times[times.length - limit] + windowMs - now }
        }
        times.push(now)
        hits.set(key, times)
        return { admitted: true as const }
      }),
    clear: () => hits.clear()
  }
}

export const make: Effect.Effect<Tenancy.RequestRateStoreService> = memoryStore(makeRequestRateStore)

export const layer: Layer.Layer<Tenancy.RequestRateStore> = Layer.effect(Tenancy.RequestRateStore, make)
