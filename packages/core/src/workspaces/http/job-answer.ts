/**
 * How every job-creating route of the workspace service answers (spec 3, "Conventions": 202 with
 * the Job, `wait_seconds` 0–300, `Idempotency-Key`; 200 with the finished job when it finished
 * within the wait): one place, used by `DELETE /v1/workspaces/{id}` and the file routes.
 */
import { Effect, Option, Schema } from "effect"
import type { ApiContext } from "../../api/handler.js"
import { docsJson } from "../../api/envelope.js"
import { IdempotencyKey, queryNumber, withDefault } from "../../api/schemas.js"
import { waitForJob } from "../../documents/job-access.js"
import { renderV1Job } from "../../documents/render-job.js"
import { isTerminal, type Job } from "../../jobs/job.js"
import { IdempotencyConflict } from "../../jobs/errors.js"
import { JobStore } from "../../jobs/job-store.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { storeDown } from "./store-errors.js"

export const WaitQuery = { wait_seconds: withDefault(queryNumber(0, 300), 0) }

export const IDEMPOTENCY_HEADER = { name: "Idempotency-Key", description: "a replay with the same key returns the same job", schema: IdempotencyKey }

export const idempotencyKeyOf = (headers: Readonly<Record<string, unknown>>) => (headers["Idempotency-Key"] as string | undefined) ?? null

/**
 * The job an earlier request with this key created: a replay answers it before anything else is
 * read or checked (the workspace may be gone since, a body need not be read again). A key that
 * created a job of another kind or workspace, or (with `same`) for another request, is 409
 * `idempotency_key_reused`.
 */
export const replayedJob = (
  tenantId: string,
  key: string | null,
  kind: string,
  workspaceId: string,
  same?: (input: any) => boolean
) =>
  Effect.gen(function*() {
    if (key === null) return Option.none<Job>()
    const found = yield* Effect.flatMap(JobStore, (s) => s.findByIdempotencyKey(tenantId, key)).pipe(storeDown)
    if (Option.isNone(found)) return found
    const job = found.value
    if (job.kind !== kind || job.workspace_id !== workspaceId || (same !== undefined && !same(job.input))) {
      return yield* new IdempotencyConflict({ jobId: job.job_id })
    }
    return found
  })

/** The job's answer: 202 while it runs, 200 once finished (waiting up to `waitSeconds` for it). */
export const jobAnswer = (ctx: ApiContext, caller: Caller, job: Job, waitSeconds: number) =>
  Effect.gen(function*() {
    const settled = waitSeconds > 0 && !isTerminal(job.status) ? (yield* waitForJob(caller, job, waitSeconds * 1000)) ?? job : job
    return docsJson(isTerminal(settled.status) ? 200 : 202, yield* renderV1Job(ctx, settled), ctx.requestId)
  })


export const WaitQuerySchema = Schema.Struct(WaitQuery)
