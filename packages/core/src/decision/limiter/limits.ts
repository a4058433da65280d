/**
 * Account limits (spec 1, "Rate limits per account"): tier values, custom limits, and the
 * constants of the algorithm.
 */
import type { Account, Tier } from "../account.js"

export const WINDOW_MS = 60_000
/** a leaked in-flight slot is reclaimed this long after admission */
export const SLOT_LEASE_MS = 90_000
export const IN_FLIGHT_RETRY_MS = 1_000
export const MIN_RPM_RETRY_MS = 1_000
export const OVERLOADED_RETRY_MS = 2_000

export const TIER_LIMITS: Readonly<Record<Tier, { readonly rpm: number; readonly inFlight: number }>> = {
  free: { rpm: 120, inFlight: 8 },
  paid: { rpm: 600, inFlight: 16 }
}

export interface EffectiveLimits {
  /** null = unlimited (skip the check) */
  readonly rpm: number | null
  readonly inFlight: number | null
}

/** Custom limits override the tier value they set; unlimited skips both account checks. */
export const effectiveLimits = (account: Account): EffectiveLimits => {
  if (account.custom_limits.unlimited) return { rpm: null, inFlight: null }
  const tier = TIER_LIMITS[account.tier]
  return {
    rpm: account.custom_limits.rpm ?? tier.rpm,
    inFlight: account.custom_limits.in_flight ?? tier.inFlight
  }
}
