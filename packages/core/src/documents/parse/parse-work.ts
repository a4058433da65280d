/**
 * The work of a parse job: the file through the `DocumentParser` port (`read-document.ts`). Parse
 * failures become the job's error (`unsupported_file_type`, `corrupt_file`, `encrypted_file`,
 * `file_too_complex`); reading the file fails it with `upload_expired`, `file_not_found` or
 * `download_failed`.
 */
import { Clock, Effect } from "effect"
import type { DocumentJob } from "../document-job.js"
import { parseUnits, storedParseResult } from "./parse-result.js"
import { parseJobFile } from "./read-document.js"

export const parseWork = (job: DocumentJob) =>
  Effect.gen(function*() {
    const startedAt = yield* Clock.currentTimeMillis
    const parsed = yield* parseJobFile(job)
    const result = storedParseResult(parsed, (yield* Clock.currentTimeMillis) - startedAt)
    return { result, units: parseUnits(result) }
  })
