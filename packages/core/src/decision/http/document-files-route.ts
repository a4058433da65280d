/**
 * `GET /v1/documents/jobs/{id}/files/{name}`: the files of a succeeded job — `document.md` (the
 * parsed document) and `answers.json` (`{answers, model, usage}`) — whole or one byte range
 * (`Range`, `If-Range` on the file's `ETag`; 206, or 416 with `Content-Range: bytes *\/size`).
 * Downloads need the key but no credit and are not counted on the routes' RPM counter (spec 1,
 * "Limits"). A job that has not succeeded, or whose files have expired with its payload, has no
 * files (404, the message says which).
 */
import { Effect } from "effect"
import type { DocketRequest } from "../../platform/request.js"
import { rangedBytes } from "../../platform/ranged-bytes.js"
import { NotFound, RangeNotSatisfiable } from "../errors.js"
import { accountJobOf } from "../documents/account-jobs.js"
import { DOCUMENT_FILES, type DocumentFileName, type DocumentQuestionsResult } from "../documents/document-questions-kind.js"
import { documentsCaller } from "../documents/documents-caller.js"

const encoder = new TextEncoder()

export const documentJobFile = (request: DocketRequest, requestId: string, jobId: string, name: string) =>
  Effect.gen(function*() {
    const account = yield* documentsCaller(request.header("authorization"), { counted: false })
    const job = yield* accountJobOf(account.account_id, jobId)
    if (!Object.hasOwn(DOCUMENT_FILES, name)) {
      return yield* new NotFound({ message: `a job has the files ${Object.keys(DOCUMENT_FILES).join(" and ")}, not ${name}` })
    }
    if (job.status !== "succeeded") {
      return yield* new NotFound({ message: `job ${job.job_id} is ${job.status}: its files exist once it has succeeded` })
    }
    if (job.result === null) return yield* new NotFound({ message: `the files of job ${job.job_id} have expired with its payload` })
    const file = DOCUMENT_FILES[name as DocumentFileName]
    const bytes = encoder.encode(file.body(job.result as DocumentQuestionsResult))
    const served = rangedBytes(request, bytes, {
      contentType: file.type,
      // a job's files never change
      etag: `"${job.job_id}-${name}"`,
      headers: {
        "cache-control": "private, max-age=3600",
        "content-disposition": `attachment; filename="${name}"`,
        "x-request-id": requestId,
        "x-sdk-request-id": requestId
      }
    })
    return served._tag === "Response" ? served.response : yield* new RangeNotSatisfiable({ size: served.size })
  })
