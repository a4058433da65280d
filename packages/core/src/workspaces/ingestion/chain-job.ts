/**
 * Chaining a job after an ingestion (`stages.ts`, `afterIngestion`): the knowledge graph's
 * auto-build and the ledger trigger. One chain per ingestion job — also when that job is run again
 * (the idempotency key names it) — and one job of the kind per workspace at a time: while one is
 * queued or running, its id is the answer (it reads the workspace when it runs).
 */
import { Effect } from "effect"
import { createJob } from "../../jobs/create-job.js"
import type { JobKind } from "../../jobs/job.js"
import type { JobEventLog } from "../../jobs/job-event-log.js"
import type { JobKinds } from "../../jobs/job-kinds.js"
import type { JobQueue } from "../../jobs/job-queue.js"
import { JobStore, SoleJobActive } from "../../jobs/job-store.js"
import type { Ids } from "../../kernel/ids.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"
import type { IngestionSummary } from "./stages.js"

/** what chaining a job needs */
export type Chaining = Ids | JobKinds | JobStore | JobEventLog | JobQueue

/** the chained job's id: a new one, or the job of `kind` already queued or running for the workspace */
export const chainSoleJob = (s: IngestionSummary, kind: JobKind, input: unknown) =>
  Effect.gen(function*() {
    const store = yield* JobStore
    return yield* createJob(
      {
        tenantId: s.workspace.tenant_id,
        kind,
        input,
        workspaceId: s.workspace.workspace_id,
        force: false,
        idempotencyKey: `${kind}-after:${s.job.job_id}`,
        requestId: s.job.request_id,
        payloadRetentionMs: workspaceJobRetentionMs(s.workspace)
      },
      (job) => store.insertWithin(job, Number.MAX_SAFE_INTEGER, { sole: true })
    ).pipe(
      Effect.map((stored) => stored.job.job_id),
      Effect.catchIf((e): e is SoleJobActive => e instanceof SoleJobActive, (e) => Effect.succeed(e.jobId))
    )
  })
