/**
 * How one memory storage layer empties all its stores: each store built inside it registers how
 * to clear its state, and the layer's `StorageAdmin.reset` runs them all. A store built alone (its
 * own `layer`, in a test) registers nowhere.
 */
import { Kernel } from "@docket/core"
import { Context, Effect, Layer, Option } from "effect"

export class MemoryResets extends Context.Tag("@docket/storage-memory/MemoryResets")<MemoryResets, Set<() => void>>() {}

/** A store's service with how to clear its state (which stays out of the port). */
export type Clearable<S> = S & { readonly clear: () => void }

/** A fresh store on every run, its `clear` registered with the enclosing storage layer, if any. */
export const memoryStore = <S>(build: () => Clearable<S>): Effect.Effect<S> =>
  Effect.flatMap(Effect.serviceOption(MemoryResets), (resets) =>
    Effect.sync(() => {
      const { clear, ...service } = build()
      if (Option.isSome(resets)) resets.value.add(clear)
      return service as unknown as S
    }))

export const resetsLayer: Layer.Layer<MemoryResets> = Layer.sync(MemoryResets, () => new Set())

/** Clears every store registered in this layer's `MemoryResets`. */
export const storageAdminLayer: Layer.Layer<Kernel.StorageAdmin, never, MemoryResets> = Layer.effect(
  Kernel.StorageAdmin,
  Effect.map(MemoryResets, (resets) => ({ reset: Effect.sync(() => resets.forEach((clear) => clear())) }))
)
