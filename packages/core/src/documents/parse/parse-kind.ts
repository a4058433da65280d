/** The `parse` job kind (spec 2, "Parse"): a file read into markdown, text, blocks and chunks. */
import { Schema } from "effect"
import { shapeOf } from "../../jobs/job-kind.js"
import { defineDocumentKind } from "../document-job.js"
import { flatParseResult, parseArtifact, type StoredParseResult, v1ParseResult } from "./parse-result.js"
import { parseWork } from "./parse-work.js"

export const StoredParseResultShape = shapeOf<StoredParseResult>(Schema.Struct({
  file_name: Schema.String,
  kind: Schema.Literal("document", "spreadsheet"),
  page_count: Schema.Number,
  markdown: Schema.String,
  sheets: Schema.Array(Schema.Unknown)
}))

export const parseKind = defineDocumentKind({
  kind: "parse",
  result: StoredParseResultShape,
  stage: "parsing",
  run: (job) => parseWork(job),
  flatResult: (_job, result, { link }) => flatParseResult(result, link),
  v1Result: (job, result) => v1ParseResult(result, job.units),
  artifact: (_job, result, part) => {
    const markdown = parseArtifact(result, part)
    return markdown === undefined ? undefined : { body: markdown, type: "text/markdown; charset=utf-8" }
  }
})
