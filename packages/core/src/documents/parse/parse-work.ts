/**
 * The work of a parse job: the uploaded bytes through the `DocumentParser` port. Parse failures
 * become the job's error (`unsupported_file_type`, `corrupt_file`, `encrypted_file`,
 * `file_too_complex`); reading the file (`readJobSource`) fails it with `upload_expired`,
 * `file_not_found` or `download_failed`.
 */
import { Clock, Effect } from "effect"
import { DocumentParser } from "../document-parser.js"
import type { ParseFailure } from "../errors.js"
import type { Job, JobError } from "../jobs/job.js"
import { readJobSource } from "../sources/read-source.js"
import { parseUnits, storedParseResult } from "./parse-result.js"

const jobError = (code: string, message: string, retryable = false): JobError => ({ code, message, retryable })

const parseFailure = (e: ParseFailure): JobError => {
  switch (e._tag) {
    case "UnsupportedFileType":
      return jobError("unsupported_file_type", e.message)
    case "CorruptFile":
      return jobError("corrupt_file", e.message)
    case "EncryptedFile":
      return jobError("encrypted_file", e.message)
    case "FileTooComplex":
      return jobError("file_too_complex", e.message)
  }
}

export const parseWork = (job: Job) =>
  Effect.gen(function*() {
    const parser = yield* DocumentParser
    const startedAt = yield* Clock.currentTimeMillis
    const bytes = yield* readJobSource(job)
    const parsed = yield* parser.parse({ bytes, fileName: job.input.file_name }).pipe(Effect.mapError(parseFailure))
    const result = storedParseResult(parsed, (yield* Clock.currentTimeMillis) - startedAt)
    return { result, units: parseUnits(result) }
  })
