/**
 * The stored crops of a ground job's previews (blob keys `ground-crops/<job_id>/<ref>`, the refs
 * named by the result's matches), and their deletion when the job's payload expires: ground's
 * retention hook (`ground-kind.ts`), which the sweeper and a late read of the job call.
 */
import { Clock, Effect, Either, Option } from "effect"
import { ResourceNotFound, storageUnavailable } from "../../api/errors.js"
import { ResultExpired } from "../../jobs/errors.js"
import { onPayloadExpiredBestEffort } from "../../jobs/job-retention.js"
import type { Job } from "../../jobs/job.js"
import { JobStore } from "../../jobs/job-store.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { BlobStore } from "../uploads/blob-store.js"
import { cropKey, type StoredGroundResult } from "./ground-result.js"

/** The crop references of a ground result. */
export const cropRefsOf = (result: StoredGroundResult): ReadonlySet<string> => {
  const refs = new Set<string>()
  for (const item of result.results) for (const m of item.matches) if (m.crop_ref !== undefined) refs.add(m.crop_ref)
  return refs
}

/** A job whose result may name crops. */
export const isCropJob = (job: Job) => job.kind === "ground" && job.status === "succeeded"

/**
 * Deletes the crops a job's result names (while it still names them): the blobs deleted; fails
 * after trying every crop when one could not be deleted (it is left to the next attempt).
 */
export const deleteCrops = (job: Job) =>
  isCropJob(job) && job.result !== null
    ? Effect.flatMap(BlobStore, (blobs) =>
      Effect.flatMap(
        Effect.forEach(cropRefsOf(job.result as StoredGroundResult), (ref) => Effect.either(blobs.delete(cropKey(job.job_id, ref)))),
        (results) => {
          const failed = results.find(Either.isLeft)
          return failed === undefined ? Effect.succeed(results.length) : Effect.fail(failed.left)
        }
      ))
    : Effect.succeed(0)

/** The PNG of crop `ref` of a succeeded ground job (404 `file` when it is not one of its crops). */
export const cropOf = (job: Job, ref: string) =>
  Effect.gen(function*() {
    const notFound = new ResourceNotFound({ resource: "file", id: ref })
    if (!isCropJob(job) || job.result === null || !cropRefsOf(job.result as StoredGroundResult).has(ref)) return yield* notFound
    const png = yield* Effect.flatMap(BlobStore, (blobs) => blobs.get(cropKey(job.job_id, ref))).pipe(Effect.mapError(() => storageUnavailable()))
    if (Option.isNone(png)) return yield* notFound
    return png.value
  })

/**
 * Crop `ref` of the caller's job `jobId`: another tenant's or an unknown job is 404 `job`; past
 * the job's `payload_expires_at` the crops are deleted with the result (410 `result_expired`).
 */
export const groundCropOf = (caller: Caller, jobId: string, ref: string) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(JobStore, (s) => s.get(jobId)).pipe(Effect.mapError(() => storageUnavailable()))
    if (Option.isNone(found) || found.value.tenant_id !== caller.tenant.tenant_id) {
      return yield* new ResourceNotFound({ resource: "job", id: jobId })
    }
    const job = found.value
    if (isCropJob(job) && (yield* Clock.currentTimeMillis) >= job.payload_expires_at) {
      yield* onPayloadExpiredBestEffort(job)
      return yield* new ResultExpired({ jobId })
    }
    return yield* cropOf(job, ref)
  })
