/**
 * The stored crops of a ground job's previews (blob keys `ground-crops/<job_id>/<ref>`, the refs
 * named by the result's matches), and their deletion when the job's payload expires — lazily when
 * an expired job is read (`http/job-access.ts`, the crop routes) and by the retention sweeper.
 */
import { Effect } from "effect"
import type { Job } from "../../jobs/job.js"
import { BlobStore } from "../uploads/blob-store.js"
import { cropKey, type StoredGroundResult } from "./ground-result.js"

/** The crop references of a ground result. */
export const cropRefsOf = (result: StoredGroundResult): ReadonlySet<string> => {
  const refs = new Set<string>()
  for (const item of result.results) for (const m of item.matches) if (m.crop_ref !== undefined) refs.add(m.crop_ref)
  return refs
}

export const isCropJob = (job: Job) => job.kind === "ground" && job.status === "succeeded"

/**
 * Deletes the crops of a job whose payload has expired, while its result still names them (best
 * effort: a failure leaves them to the next read).
 */
export const deleteExpiredCrops = (job: Job) =>
  isCropJob(job) && job.result !== null
    ? Effect.flatMap(BlobStore, (blobs) =>
      Effect.forEach(cropRefsOf(job.result as StoredGroundResult), (ref) => Effect.ignore(blobs.delete(cropKey(job.job_id, ref))), {
        discard: true
      }))
    : Effect.void

