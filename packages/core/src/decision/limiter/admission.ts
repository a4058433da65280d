/**
 * The admission decision, shared by every limiter store: given the live counters, in the order
 * account RPM, account in-flight, fleet pool, free pool. Counters change only if all pass, and
 * refusals are not recorded (the store applies the result).
 */
import type { AdmissionRequest, AdmissionResult, PoolSizes } from "./limiter-store.js"
import { MIN_RPM_RETRY_MS, WINDOW_MS } from "./limits.js"

export interface LiveCounters {
  /** admissions of the account with time > now - WINDOW_MS */
  readonly admissionsInWindow: number
  /** admission time of the oldest admission still in the window */
  readonly oldestAdmissionInWindow: number | undefined
  /** the account's slots with admission time > now - SLOT_LEASE_MS */
  readonly accountSlots: number
  readonly fleetSlots: number
  readonly freeSlots: number
}

/** A fleet with no configured size gets this capacity. */
export const DEFAULT_FLEET_SIZE = 64

export const fleetSize = (pools: PoolSizes, fleet: string): number => pools.fleets[fleet] ?? DEFAULT_FLEET_SIZE

export const decideAdmission = (req: AdmissionRequest, pools: PoolSizes, c: LiveCounters): AdmissionResult => {
  if (req.rpm !== null && c.admissionsInWindow >= req.rpm) {
    const oldest = c.oldestAdmissionInWindow ?? req.now
    return { _tag: "RpmExceeded", retryAfterMs: Math.max(MIN_RPM_RETRY_MS, oldest + WINDOW_MS - req.now) }
  }
  if (req.inFlight !== null && c.accountSlots >= req.inFlight) return { _tag: "InFlightExceeded" }
  if (c.fleetSlots >= fleetSize(pools, req.fleet)) return { _tag: "PoolFull", pool: "fleet" }
  if (req.freeTier && c.freeSlots >= pools.free) return { _tag: "PoolFull", pool: "free" }
  return { _tag: "Admitted", slotId: req.slotId }
}
