/**
 * The stored crops of a ground job's previews (blob keys `ground-crops/<job_id>/<ref>`, the refs
 * named by the result's matches), and their deletion when the job's payload expires: ground's
 * retention hook (`ground-kind.ts`), which the sweeper and a late read of the job call.
 */
import { Effect, Either } from "effect"
import type { Job } from "../../jobs/job.js"
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
