/**
 * The storage port of the cap of concurrent sync waits per tenant (spec 2, "Limits": 4 by
 * default; at the cap a sync call degrades to 202, not an error). Instances sharing a store share
 * the cap. A wait holds a place until it ends (`release`) or until its `expiresAt` — so a place
 * held by an instance that died frees itself once the longest wait it could have been is over.
 * Adapters implement it (storage-memory, storage-pg).
 */
import { Context, type Effect } from "effect"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"


export interface SyncWaitHold {
  readonly tenantId: string
  /** unique per wait: what `release` names */
  readonly waitId: string
  /** the tenant's cap of concurrent sync waits */
  readonly cap: number
  /** the service clock, epoch ms */
  readonly now: number
  /** when the place frees itself if never released (service clock, epoch ms) */
  readonly expiresAt: number
}

export interface SyncWaitStoreService {
  /**
   * Takes a place for the wait when the tenant holds fewer than `cap` places not expired at `now`;
   * false at the cap (nothing is recorded then). Atomic across the instances sharing the store.
   */
  readonly acquire: (hold: SyncWaitHold) => Effect.Effect<boolean, StorageUnavailable>
  /** Frees the wait's place (nothing when it is unknown or already freed). */
  readonly release: (waitId: string) => Effect.Effect<void, StorageUnavailable>
}

export class SyncWaitStore extends Context.Tag("@docket/core/SyncWaitStore")<SyncWaitStore, SyncWaitStoreService>() {}
