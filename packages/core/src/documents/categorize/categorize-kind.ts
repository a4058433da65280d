/**
 * The `categorize` and `classify` job kinds (spec 2, "Categorize"): one work, two names — flat
 * `/categorize` and the v1 alias create `categorize` jobs, v1 `/v1/classify` creates `classify`
 * jobs, whose v1 result is typed after the kind.
 */
import { Schema } from "effect"
import { shapeOf } from "../../jobs/job-kind.js"
import { defineDocumentKind } from "../document-job.js"
import { categorizeArtifact, flatCategorizeResult, type StoredCategorizeResult, v1CategorizeResult } from "./categorize-result.js"
import { categorizeWork } from "./categorize-work.js"

const StoredCategorizeResultShape = shapeOf<StoredCategorizeResult>(Schema.Struct({
  result_type: Schema.Literal("categorize"),
  file_name: Schema.String,
  page_count: Schema.Number,
  sheet_count: Schema.Number,
  items: Schema.Array(Schema.Unknown)
}))

const categorizeKindNamed = (kind: "categorize" | "classify") =>
  defineDocumentKind({
    kind,
    result: StoredCategorizeResultShape,
    stage: "classifying",
    run: (job) => categorizeWork(job),
    flatResult: (_job, result, { link }) => flatCategorizeResult(result, link),
    v1Result: (job, result, { link }) => v1CategorizeResult(result, kind, job.units, link),
    artifact: (_job, result, part) => {
      const markdown = categorizeArtifact(result, part)
      return markdown === undefined ? undefined : { body: markdown, type: "text/markdown; charset=utf-8" }
    }
  })

export const categorizeKind = categorizeKindNamed("categorize")
export const classifyKind = categorizeKindNamed("classify")
