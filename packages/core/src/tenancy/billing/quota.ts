/**
 * Included credits (spec 2, "Limits": 50,000 by default): once the tenant's charged units reach
 * its included credits and paid usage is not enabled, new jobs are refused with 402
 * `quota_exceeded` and nothing is charged. Uploads, reads and cancels still work. A job accepted
 * before the credits ran out is charged in full when it finishes (usage may pass the included
 * credits by what the last jobs cost).
 */
import { Effect } from "effect"
import { QuotaExceeded } from "../errors.js"
import { storageUnavailable } from "../../api/errors.js"
import type { Tenant } from "../tenants/tenant.js"
import { UsageStore } from "./usage-store.js"

export const checkQuota = (tenant: Tenant) =>
  Effect.gen(function*() {
    if (tenant.paid_usage) return
    const used = yield* Effect.flatMap(UsageStore, (s) => s.unitsUsed(tenant.tenant_id)).pipe(
      Effect.mapError(() => storageUnavailable("usage storage"))
    )
    if (used >= tenant.credits) return yield* new QuotaExceeded({ credits: tenant.credits, used })
  })
