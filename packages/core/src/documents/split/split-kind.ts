/** The `split` job kind (spec 2, v1 `/v1/split`): the file as consecutive parts, each a new upload. No flat form. */
import { Schema } from "effect"
import { shapeOf } from "../../jobs/job-kind.js"
import { defineDocumentKind } from "../document-job.js"
import { type StoredSplitResult, v1SplitResult } from "./split-result.js"
import { splitWork } from "./split-work.js"

const StoredSplitResultShape = shapeOf<StoredSplitResult>(Schema.Struct({
  result_type: Schema.Literal("split"),
  file_name: Schema.String,
  page_count: Schema.Number,
  parts: Schema.Array(Schema.Unknown)
}))

export const splitKind = defineDocumentKind({
  kind: "split",
  result: StoredSplitResultShape,
  stage: "splitting",
  run: (job) => splitWork(job),
  v1Result: (job, result) => v1SplitResult(result, job.units)
})
