/**
 * The storage port of the requests-per-minute limit: one atomic check-and-count on a sliding
 * window. Adapters implement it (storage-memory); instances sharing a store share the limit.
 */
import { Context, type Effect } from "effect"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"


export interface RateHit {
  /** who is counted (a tenant id) */
  readonly key: string
  /** requests admitted per window */
  readonly limit: number
  readonly windowMs: number
  /** the service clock, epoch ms */
  readonly now: number
}

export type RateOutcome =
  | { readonly admitted: true }
  /** ms until the oldest counted request leaves the window */
  | { readonly admitted: false; readonly retryAfterMs: number }

export interface RequestRateStoreService {
  /**
   * Admits and counts the request when fewer than `limit` requests were admitted in
   * (now - windowMs, now]; a refused request is not counted.
   */
  readonly hit: (request: RateHit) => Effect.Effect<RateOutcome, StorageUnavailable>
}

export class RequestRateStore extends Context.Tag("@docket/core/RequestRateStore")<RequestRateStore, RequestRateStoreService>() {}
