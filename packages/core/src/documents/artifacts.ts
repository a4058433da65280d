/**
 * What a signed artifact link names (`/artifacts/{job_id}/{part}`): the markdown behind a result's
 * `markdown_url` (parse: the document or a sheet; categorize: a segment or a sheet), the JSON
 * behind `json_url` (extract) or the PNG of a ground match's crop (part `crop-<ref>`). Past the
 * job's `payload_expires_at` every artifact is 410 `result_expired` (and a ground job's crops are
 * deleted).
 */
import { Clock, Effect, Option } from "effect"
import { ResourceNotFound, storageUnavailable } from "../api/errors.js"
import { ResultExpired } from "../jobs/errors.js"
import type { Job } from "../jobs/job.js"
import { JobStore } from "../jobs/job-store.js"
import { categorizeArtifact, type StoredCategorizeResult } from "./categorize/categorize-result.js"
import { extractArtifact, type StoredExtractResult } from "./extract/extract-result.js"
import { cropOf, deleteExpiredCrops } from "./ground/ground-crops.js"
import type { StoredParseResult } from "./parse/parse-result.js"

export type Artifact =
  | { readonly type: "text"; readonly body: string; readonly contentType: string }
  | { readonly type: "crop"; readonly png: Uint8Array; readonly ref: string }

const parseArtifact = (result: StoredParseResult, part: string): string | undefined => {
  if (part === "document") return result.kind === "document" ? result.markdown : undefined
  const m = /^sheet-(\d+)$/.exec(part)
  return m === null ? undefined : result.sheets[Number(m[1])]?.markdown
}

const markdownOf = (job: Job, part: string): string | undefined => {
  if (job.result === null) return undefined
  switch (job.kind) {
    case "parse":
      return parseArtifact(job.result as StoredParseResult, part)
    case "categorize":
    case "classify":
      return categorizeArtifact(job.result as StoredCategorizeResult, part)
    default:
      return undefined
  }
}

/** The markdown behind a link of the job's result, by kind. */
const textOf = (job: Job, part: string): Artifact | undefined => {
  if (job.kind === "extract" && job.result !== null) {
    const json = extractArtifact(job.result as StoredExtractResult, part)
    return json === undefined ? undefined : { type: "text", body: json, contentType: "application/json; charset=utf-8" }
  }
  const markdown = markdownOf(job, part)
  return markdown === undefined ? undefined : { type: "text", body: markdown, contentType: "text/markdown; charset=utf-8" }
}

/** The artifact `part` of job `jobId`, whose link has been checked (the link is the credential). */
export const artifactOf = (jobId: string, part: string) =>
  Effect.gen(function*() {
    const job = yield* Effect.flatMap(JobStore, (s) => s.get(jobId)).pipe(Effect.mapError(() => storageUnavailable()))
    if (Option.isSome(job) && (yield* Clock.currentTimeMillis) >= job.value.payload_expires_at) {
      yield* deleteExpiredCrops(job.value)
      return yield* new ResultExpired({ jobId })
    }
    const crop = /^crop-([0-9a-f]{1,64})$/.exec(part)
    if (crop !== null) {
      if (Option.isNone(job)) return yield* new ResourceNotFound({ resource: "file", id: `${jobId}/${part}` })
      return { type: "crop", png: yield* cropOf(job.value, crop[1]!), ref: crop[1]! } satisfies Artifact
    }
    const artifact = Option.isSome(job) ? textOf(job.value, part) : undefined
    if (artifact === undefined) return yield* new ResourceNotFound({ resource: "file", id: `${jobId}/${part}` })
    return artifact
  })
