/**
 * The `ground` job kind (spec 2, "Ground"): where each item is found in the file, with previews.
 * Its previews are kept as blobs outside the result: its retention hook deletes them once the
 * payload has expired (the sweeper, and a late read of the job, its links or its crops).
 */
import { Schema } from "effect"
import { shapeOf } from "../../jobs/job-kind.js"
import { defineDocumentKind } from "../document-job.js"
import { deleteCrops } from "./ground-crops.js"
import { flatGroundResult, type StoredGroundResult, v1GroundResult } from "./ground-result.js"
import { groundWork } from "./ground-work.js"

const StoredGroundResultShape = shapeOf<StoredGroundResult>(Schema.Struct({
  result_type: Schema.Literal("ground"),
  file_name: Schema.String,
  results: Schema.Array(Schema.Struct({ matches: Schema.Array(Schema.Unknown) })),
  total_items_found: Schema.Number,
  total_items_requested: Schema.Number
}))

export const groundKind = defineDocumentKind({
  kind: "ground",
  result: StoredGroundResultShape,
  stage: "grounding",
  run: (job) => groundWork(job),
  flatResult: (_job, result, { link }) => flatGroundResult(result, link),
  v1Result: (job, result, { origin }) => v1GroundResult(result, job.units, origin, job.job_id),
  onPayloadExpired: deleteCrops
})
