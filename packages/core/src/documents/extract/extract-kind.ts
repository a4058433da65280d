/** The `extract` job kind (spec 2, "Extract"): data shaped like a schema, and its JSON file. */
import { Schema } from "effect"
import { shapeOf } from "../../jobs/job-kind.js"
import { defineDocumentKind } from "../document-job.js"
import { extractArtifact, flatExtractResult, type StoredExtractResult, v1ExtractResult } from "./extract-result.js"
import { extractWork } from "./extract-work.js"

const StoredExtractResultShape = shapeOf<StoredExtractResult>(Schema.Struct({
  result_type: Schema.Literal("extract"),
  file_name: Schema.String,
  data: Schema.Unknown,
  page_count: Schema.Number,
  sheet_count: Schema.Number
}))

export const extractKind = defineDocumentKind({
  kind: "extract",
  result: StoredExtractResultShape,
  stage: "extracting",
  run: (job) => extractWork(job),
  flatResult: (_job, result, { link }) => flatExtractResult(result, link),
  v1Result: (job, result, { link }) => v1ExtractResult(result, job.units, link),
  artifact: (_job, result, part) => {
    const json = extractArtifact(result, part)
    return json === undefined ? undefined : { body: json, type: "application/json; charset=utf-8" }
  }
})
