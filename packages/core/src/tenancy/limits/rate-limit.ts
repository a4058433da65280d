/**
 * Requests per minute (spec 2, "Limits": 60 by default, 429 with `Retry-After`): a sliding window
 * of 60 s on the service clock, counted per tenant (both forms, every key of the tenant). Job
 * reads (GET /jobs, GET /jobs/{id} and their v1 forms) are never counted; everything else an
 * authenticated caller sends is, uploads and idempotent replays included.
 */
import { Clock, Effect } from "effect"
import { RequestRateLimited } from "../errors.js"
import { storageUnavailable } from "../../api/errors.js"
import type { Tenant } from "../tenants/tenant.js"
import { RequestRateStore } from "./request-rate-store.js"

export const RATE_WINDOW_MS = 60_000

export const checkRequestRate = (tenant: Tenant) =>
  Effect.gen(function*() {
    const store = yield* RequestRateStore
    const now = yield* Clock.currentTimeMillis
    const outcome = yield* store.hit({ key: tenant.tenant_id, limit: tenant.rpm, windowMs: RATE_WINDOW_MS, now }).pipe(
      Effect.mapError(() => storageUnavailable("limiter storage"))
    )
    if (!outcome.admitted) {
      return yield* new RequestRateLimited({ limit: tenant.rpm, retryAfterSeconds: Math.max(1, Math.ceil(outcome.retryAfterMs / 1000)) })
    }
  })
