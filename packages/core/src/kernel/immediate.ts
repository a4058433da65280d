/**
 * Effects known to complete at once, with no I/O and no timer: a store in process memory, the
 * local evaluator. A caller may then skip what it would set up around a slow call — the timer of
 * an upstream wait, the fiber that runs a release — which on a small request costs more than the
 * work itself. The knowledge travels with the effect a service returns, not as a member of the
 * port: a wrapper that returns another effect (a fault decorator injecting a delay) simply loses it.
 */
import { Effect } from "effect"

/** the effects marked immediate, with the synchronous work of those made by `sync` */
const marked = new WeakMap<object, (() => unknown) | null>()

/** `Effect.sync(f)`, marked immediate; `syncWorkOf` gives `f` back. */
export const sync = <A>(f: () => A): Effect.Effect<A> => {
  const effect = Effect.sync(f)
  marked.set(effect, f)
  return effect
}

/** Marks an effect that completes at once (its work runs without waiting on anything). */
export const mark = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
  marked.set(effect, null)
  return effect
}

export const isImmediate = (effect: Effect.Effect<unknown, unknown, unknown>): boolean => marked.has(effect)

/** The synchronous work of an effect made by `sync`, to run without an effect. */
export const syncWorkOf = (effect: Effect.Effect<unknown, unknown, unknown>): (() => unknown) | undefined =>
  marked.get(effect) ?? undefined
