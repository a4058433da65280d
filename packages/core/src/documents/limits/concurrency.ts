/**
 * Concurrent jobs (spec 2, "Limits": 10 pending + running by default, 429): a new job is refused
 * while the tenant has that many jobs queued or running. Counted from the job store, so every
 * instance sharing it sees the same jobs; two creates racing for the last slot may both pass.
 */
import { Effect } from "effect"
import { ConcurrencyLimitReached, ServiceUnavailable } from "../http/api-errors.js"
import { JobStore } from "../jobs/job-store.js"
import type { Tenant } from "../tenants/tenant.js"

export const activeJobCount = (tenantId: string) =>
  Effect.flatMap(JobStore, (s) => s.list({ tenantId, statuses: ["queued", "running"], limit: 1 })).pipe(
    Effect.map((page) => page.total),
    Effect.catchAll(() => new ServiceUnavailable({ message: "storage unavailable; retry shortly" }))
  )

export const checkConcurrency = (tenant: Tenant) =>
  Effect.flatMap(activeJobCount(tenant.tenant_id), (active) =>
    active >= tenant.concurrent_jobs ? Effect.fail(new ConcurrencyLimitReached({ limit: tenant.concurrent_jobs })) : Effect.void)
