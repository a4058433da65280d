/**
 * The jobs of a decision account on the one job store: they are stored under the tenant
 * `decision:<account_id>` (no document-service tenant has such an id) and are of the
 * `document_questions` kind. Another account's job, or a job of another kind, is 404 — never its
 * data. A succeeded job read past its `payload_expires_at` has its result deleted (as the document
 * service's jobs: the job stays, `result_state: "expired"`).
 */
import { Clock, Effect, Option } from "effect"
import { type JobQuery, JobStore } from "../../jobs/job-store.js"
import { isTerminal, type Job, type JobStatus } from "../../jobs/job.js"
import { applyJobEvent, interruptWork } from "../../jobs/job-runtime.js"
import { onPayloadExpiredBestEffort } from "../../jobs/job-retention.js"
import type { DocumentJob } from "../../documents/document-job.js"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import { blobKeyOf, UploadStore } from "../../documents/uploads/upload.js"
import { NotFound, storeUnavailable } from "../errors.js"
import { DOCUMENT_QUESTIONS_KIND } from "./document-questions-kind.js"

export const tenantOfAccount = (accountId: string) => `decision:${accountId}`

const noSuchJob = (jobId: string) => new NotFound({ message: `no job ${jobId} for this account` })

export const accountJobOf = (accountId: string, jobId: string) =>
  Effect.gen(function*() {
    const store = yield* JobStore
    const found = yield* store.get(jobId).pipe(Effect.catchTag("StorageUnavailable", storeUnavailable))
    if (Option.isNone(found) || found.value.tenant_id !== tenantOfAccount(accountId) || found.value.kind !== DOCUMENT_QUESTIONS_KIND) {
      return yield* noSuchJob(jobId)
    }
    const job = found.value as DocumentJob
    const now = yield* Clock.currentTimeMillis
    if (job.result === null || now < job.payload_expires_at) return job
    yield* onPayloadExpiredBestEffort(job)
    const expired = yield* applyJobEvent(job.job_id, { type: "expire", at: now }).pipe(Effect.catchTag("StorageUnavailable", storeUnavailable))
    return (Option.isSome(expired) ? expired.value.job : job) as DocumentJob
  })

export interface AccountJobsQuery {
  readonly statuses: ReadonlyArray<JobStatus>
  readonly cursor: string | undefined
  readonly limit: number
}

/** A page of the account's jobs, newest first; an unknown cursor is `CursorNotFound`. */
export const accountJobsPage = (accountId: string, query: AccountJobsQuery) =>
  Effect.flatMap(JobStore, (s) =>
    s.list({
      tenantId: tenantOfAccount(accountId),
      kinds: [DOCUMENT_QUESTIONS_KIND],
      statuses: query.statuses,
      cursor: query.cursor,
      limit: query.limit
    } satisfies JobQuery)).pipe(Effect.catchTag("StorageUnavailable", storeUnavailable))

/**
 * Deletes a job of the account: a queued or running job is cancelled first (its work stops), then
 * the job goes from the store, and the file a multipart create stored with it (best effort: the
 * upload's retention deletes it otherwise).
 */
export const deleteAccountJob = (accountId: string, jobId: string) =>
  Effect.gen(function*() {
    const job = yield* accountJobOf(accountId, jobId)
    const now = yield* Clock.currentTimeMillis
    if (!isTerminal(job.status)) {
      const cancelled = yield* applyJobEvent(job.job_id, { type: "cancel", at: now, reason: "deleted" }).pipe(
        Effect.catchTag("StorageUnavailable", storeUnavailable)
      )
      if (Option.isSome(cancelled) && cancelled.value.changed) yield* interruptWork(job.job_id)
    }
    const removed = yield* Effect.flatMap(JobStore, (s) => s.remove(job.job_id)).pipe(Effect.catchTag("StorageUnavailable", storeUnavailable))
    if (!removed) return yield* noSuchJob(jobId)
    if (job.input.source.type === "upload") yield* deleteStoredFile(job.input.source.file_id)
    return job satisfies Job
  })

const deleteStoredFile = (fileId: string) =>
  Effect.gen(function*() {
    yield* Effect.flatMap(BlobStore, (b) => b.delete(blobKeyOf(fileId)))
    yield* Effect.flatMap(UploadStore, (u) => u.markBlobDeleted(fileId))
  }).pipe(Effect.ignore)
