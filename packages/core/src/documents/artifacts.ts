/**
 * What a signed artifact link names (`/artifacts/{job_id}/{part}`): the file its job's kind serves
 * for `part` (the markdown behind a `markdown_url`, the JSON behind `json_url`, …) or the PNG of a
 * ground match's crop (part `crop-<ref>`). Past the job's `payload_expires_at` every artifact is
 * 410 `result_expired` (and the kind's retention hook runs: a ground job's crops go).
 */
import { Clock, Effect, Option } from "effect"
import { ResourceNotFound, storageUnavailable } from "../api/errors.js"
import { ResultExpired } from "../jobs/errors.js"
import type { Job } from "../jobs/job.js"
import { JobKinds } from "../jobs/job-kinds.js"
import { onPayloadExpiredBestEffort } from "../jobs/job-retention.js"
import { JobStore } from "../jobs/job-store.js"
import { cropOf } from "./ground/ground-crops.js"

export type Artifact =
  | { readonly type: "text"; readonly body: string; readonly contentType: string }
  | { readonly type: "crop"; readonly png: Uint8Array; readonly ref: string }

/** The file behind a link of the job's result, as its kind serves it. */
const textOf = (job: Job, part: string) =>
  Effect.map(JobKinds, (kinds): Artifact | undefined => {
    const serve = kinds.get(job.kind)?.artifact
    const artifact = serve === undefined || job.result === null ? undefined : serve(job, job.result, part)
    return artifact === undefined ? undefined : { type: "text", body: artifact.body, contentType: artifact.type }
  })

/** The artifact `part` of job `jobId`, whose link has been checked (the link is the credential). */
export const artifactOf = (jobId: string, part: string) =>
  Effect.gen(function*() {
    const job = yield* Effect.flatMap(JobStore, (s) => s.get(jobId)).pipe(Effect.mapError(() => storageUnavailable()))
    if (Option.isSome(job) && (yield* Clock.currentTimeMillis) >= job.value.payload_expires_at) {
      yield* onPayloadExpiredBestEffort(job.value)
      return yield* new ResultExpired({ jobId })
    }
    const crop = /^crop-([0-9a-f]{1,64})$/.exec(part)
    if (crop !== null) {
      if (Option.isNone(job)) return yield* new ResourceNotFound({ resource: "file", id: `${jobId}/${part}` })
      return { type: "crop", png: yield* cropOf(job.value, crop[1]!), ref: crop[1]! } satisfies Artifact
    }
    const artifact = Option.isSome(job) ? yield* textOf(job.value, part) : undefined
    if (artifact === undefined) return yield* new ResourceNotFound({ resource: "file", id: `${jobId}/${part}` })
    return artifact
  })
