/**
 * Decision-service accounts: tier, credit, custom limits, unpaid invoice (spec 1, "Account tier",
 * "Rate limits per account"). Created and changed through the control plane.
 */
export type Tier = "free" | "paid"

export interface CustomLimits {
  /** skips the account RPM and in-flight checks (still counts against the shared pools) */
  readonly unlimited: boolean
  /** own requests per minute; null keeps the tier value */
  readonly rpm: number | null
  /** own in-flight limit; null keeps the tier value */
  readonly in_flight: number | null
}

export interface Account {
  readonly account_id: string
  readonly tier: Tier
  /** credit units; one unit per billed input token. May go below zero by the last request's cost. */
  readonly credit: number
  readonly custom_limits: CustomLimits
  readonly unpaid_invoice: boolean
}

export const DEFAULT_CREDIT = 1_000_000

export const noCustomLimits: CustomLimits = { unlimited: false, rpm: null, in_flight: null }

export interface AccountPatch {
  readonly tier?: Tier | undefined
  readonly credit?: number | undefined
  readonly custom_limits?: Partial<CustomLimits> | undefined
  readonly unpaid_invoice?: boolean | undefined
}

export const applyPatch = (account: Account, patch: AccountPatch): Account => ({
  ...account,
  tier: patch.tier ?? account.tier,
  credit: patch.credit ?? account.credit,
  unpaid_invoice: patch.unpaid_invoice ?? account.unpaid_invoice,
  custom_limits: patch.custom_limits === undefined
    ? account.custom_limits
    : {
      unlimited: patch.custom_limits.unlimited ?? account.custom_limits.unlimited,
      rpm: patch.custom_limits.rpm === undefined ? account.custom_limits.rpm : patch.custom_limits.rpm,
      in_flight: patch.custom_limits.in_flight === undefined ? account.custom_limits.in_flight : patch.custom_limits.in_flight
    }
})
