/**
 * The RPM counter of the `/v1/documents/*` routes (spec 1, "Limits"): a sliding window of
 * 60,000 ms per account at the account's tier or custom RPM (unlimited skips it), separate from
 * evaluation's counter, with no in-flight limit. It lives in the request-rate store under its own
 * key namespace, so it is exact across the instances sharing a PostgreSQL database as every
 * other counter is. A refused request is not recorded.
 */
import { Clock, Effect } from "effect"
import { RequestRateStore } from "../../tenancy/limits/request-rate-store.js"
import type { Account } from "../account.js"
import { DocumentsRateLimited, Overloaded } from "../errors.js"
import { effectiveLimits, MIN_RPM_RETRY_MS, OVERLOADED_RETRY_MS, WINDOW_MS } from "../limiter/limits.js"

/** The counter's key: its own namespace (docs tenant ids are `tnt_…`, so none collides). */
export const documentsRateKey = (accountId: string) => `decision-documents:${accountId}`

export const countDocumentsRequest = (account: Account) =>
  Effect.gen(function*() {
    const { rpm } = effectiveLimits(account)
    if (rpm === null) return
    const store = yield* RequestRateStore
    const now = yield* Clock.currentTimeMillis
    const outcome = yield* store.hit({ key: documentsRateKey(account.account_id), limit: rpm, windowMs: WINDOW_MS, now }).pipe(
      Effect.mapError(() => new Overloaded({ reason: "limiter_unavailable", retryAfterMs: OVERLOADED_RETRY_MS }))
    )
    if (!outcome.admitted) return yield* new DocumentsRateLimited({ retryAfterMs: Math.max(MIN_RPM_RETRY_MS, outcome.retryAfterMs) })
  })
