/** A store that cannot be reached is 503 `upstream_unavailable` (retry shortly), on every route. */
import { Effect } from "effect"
import { type ServiceUnavailable, storageUnavailable } from "../../api/errors.js"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"

export const storeDown = <A, E, R>(
  self: Effect.Effect<A, E | StorageUnavailable, R>
): Effect.Effect<A, Exclude<E, StorageUnavailable> | ServiceUnavailable, R> =>
  Effect.catchIf(
    self,
    (e): e is StorageUnavailable => (e as { _tag?: string })._tag === "StorageUnavailable",
    () => Effect.fail(storageUnavailable())
  ) as Effect.Effect<A, Exclude<E, StorageUnavailable> | ServiceUnavailable, R>
