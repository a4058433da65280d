/**
 * The limiter store port: one atomic check-and-update of account RPM, account in-flight, fleet
 * pool and free pool (spec 1, "Check order, in one atomic step"), and the release of a slot by
 * its own id. Adapters implement it; `admission.ts` holds the decision they all share.
 */
import { Context, type Effect } from "effect"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"


export interface AdmissionRequest {
  readonly accountId: string
  /** a fresh id for the slot this admission would hold */
  readonly slotId: string
  /** null skips the account RPM check (unlimited) */
  readonly rpm: number | null
  /** null skips the account in-flight check (unlimited) */
  readonly inFlight: number | null
  /** e.g. `dm-v1.5:fast` */
  readonly fleet: string
  /** the account is on the free tier, so the request also takes a slot of the free pool */
  readonly freeTier: boolean
  /** the service clock, ms */
  readonly now: number
}

export type AdmissionResult =
  | { readonly _tag: "Admitted"; readonly slotId: string }
  | { readonly _tag: "RpmExceeded"; readonly retryAfterMs: number }
  | { readonly _tag: "InFlightExceeded" }
  | { readonly _tag: "PoolFull"; readonly pool: "fleet" | "free" }

export interface PoolSizes {
  /** `"<model>:<fast|long>"` -> in-flight capacity */
  readonly fleets: Readonly<Record<string, number>>
  /** in-flight capacity shared by all free accounts */
  readonly free: number
}

export const DEFAULT_POOL_SIZES: PoolSizes = {
  fleets: { "dm-v1.0:fast": 256, "dm-v1.0:long": 64, "dm-v1.5:fast": 256, "dm-v1.5:long": 64 },
  free: 128
}

export interface LimiterStoreService {
  readonly acquire: (request: AdmissionRequest) => Effect.Effect<AdmissionResult, StorageUnavailable>
  /**
   * frees the slot if it is still held; a release after a reclaim frees nothing. A store in
   * process memory returns `Immediate.sync(…)`: a request then frees its slot when its response
   * has been sent without running an effect for it (on a small request, the fiber that would run
   * the release costs more than the release itself).
   */
  readonly release: (slotId: string) => Effect.Effect<void, StorageUnavailable>
  readonly getPools: Effect.Effect<PoolSizes, StorageUnavailable>
  /** merges the given sizes into the current ones */
  readonly setPools: (sizes: { readonly fleets?: Readonly<Record<string, number>>; readonly free?: number }) => Effect.Effect<PoolSizes, StorageUnavailable>
}

export class LimiterStore extends Context.Tag("@docket/core/LimiterStore")<LimiterStore, LimiterStoreService>() {}
