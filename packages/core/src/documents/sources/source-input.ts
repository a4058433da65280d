/**
 * The file an operation works on, as each form names it (spec 2, "File reference"): the flat
 * `file` (`source_url`, `file_name`) and the v1 `source` (`{type: "upload", upload_id}` or
 * `{type: "url", url, file_name}`). Handles are checked to be the caller's (404 otherwise), URLs
 * by `urlSource` (403 for a bucket that is not the caller's), and the file name's extension
 * against the operation's list.
 */
import { Effect } from "effect"
import type { JobInput } from "../../jobs/job.js"
import { urlSource } from "./source-url.js"
import type { DocumentOperation } from "../supported-extensions.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { HANDLE_PREFIX } from "../uploads/upload.js"
import { type FieldError, invalid } from "../../api/errors.js"
import { failIfAny, isObject, unknownFields, UUID } from "../../api/inputs.js"
import { checkExtension, fileNameError } from "../file-name.js"
import { uploadOf } from "../job-access.js"

type FileInput = Pick<JobInput, "source" | "file_name">

/** `file` of a flat body: `{source_url, file_name?}`. */
export const flatFileInput = (caller: Caller, file: unknown, operation: DocumentOperation) =>
  Effect.gen(function*() {
    if (!isObject(file)) return yield* invalid("file", file === undefined ? "is required" : "must be an object with source_url")
    const errors: Array<FieldError> = unknownFields(file, ["source_url", "file_name"], "file.")
    const url = file.source_url
    if (typeof url !== "string") errors.push({ field: "file.source_url", message: "is required and must be a string" })
    if (file.file_name !== undefined) {
      const e = fileNameError("file.file_name", file.file_name)
      if (e !== undefined) errors.push(e)
    }
    yield* failIfAny(errors)
    const sourceUrl = url as string
    if (!sourceUrl.startsWith(HANDLE_PREFIX)) {
      if (file.file_name === undefined && /^(https|s3):\/\//.test(sourceUrl)) {
        return yield* invalid("file.file_name", "is required for s3:// and https:// sources")
      }
      const source = yield* urlSource(caller, "file.source_url", sourceUrl)
      if (file.file_name === undefined) return yield* invalid("file.file_name", "is required for s3:// and https:// sources")
      yield* checkExtension("file.file_name", file.file_name as string, operation)
      return { source, file_name: file.file_name as string } satisfies FileInput
    }
    const fileId = sourceUrl.slice(HANDLE_PREFIX.length)
    if (!UUID.test(fileId)) {
      return yield* invalid("file.source_url", "must be svc://file/<file_id> (an upload handle), s3://… or https://…")
    }
    const upload = yield* uploadOf(caller, fileId)
    const fileName = (file.file_name as string | undefined) ?? upload.file_name
    yield* checkExtension(file.file_name === undefined ? "file.source_url" : "file.file_name", fileName, operation)
    return { source: { type: "upload", file_id: upload.file_id }, file_name: fileName } satisfies FileInput
  })

/** `source` of a v1 body. */
export const v1SourceInput = (caller: Caller, source: unknown, operation: DocumentOperation) =>
  Effect.gen(function*() {
    if (!isObject(source)) return yield* invalid("source", source === undefined ? "is required" : "must be an object with type")
    if (source.type === "upload") {
      const errors = unknownFields(source, ["type", "upload_id"], "source.")
      if (typeof source.upload_id !== "string" || !UUID.test(source.upload_id)) {
        errors.push({ field: "source.upload_id", message: "must be the file_id of an upload" })
      }
      yield* failIfAny(errors)
      const upload = yield* uploadOf(caller, source.upload_id as string)
      yield* checkExtension("source.upload_id", upload.file_name, operation)
      return { source: { type: "upload", file_id: upload.file_id }, file_name: upload.file_name } satisfies FileInput
    }
    if (source.type === "url") {
      const errors = unknownFields(source, ["type", "url", "file_name"], "source.")
      if (typeof source.url !== "string") errors.push({ field: "source.url", message: "must be an https:// or s3:// URL" })
      const e = fileNameError("source.file_name", source.file_name)
      if (e !== undefined) errors.push(e)
      yield* failIfAny(errors)
      const url = yield* urlSource(caller, "source.url", source.url as string)
      yield* checkExtension("source.file_name", source.file_name as string, operation)
      return { source: url, file_name: source.file_name as string } satisfies FileInput
    }
    return yield* invalid("source.type", "must be upload or url")
  })
