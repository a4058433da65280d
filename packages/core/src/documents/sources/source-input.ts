/**
 * The file an operation works on, as each form names it (spec 2, "File reference"): the flat
 * `file` (`source_url`, `file_name`) and the v1 `source` (`{type: "upload", upload_id}` or
 * `{type: "url", url, file_name}`). Handles are checked to be the caller's (404 otherwise), URLs
 * by `urlSource` (403 for a bucket that is not the caller's), and the file name's extension
 * against the operation's list.
 */
import { Effect, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import type { DocumentJobInput } from "../document-job.js"
import { urlSource } from "./source-url.js"
import type { DocumentOperation } from "../supported-extensions.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { HANDLE_PREFIX } from "../uploads/upload.js"
import { invalid } from "../../api/errors.js"
import { UUID } from "../../api/inputs.js"
import { checkExtension, FileName } from "../file-name.js"
import { uploadOf } from "../job-access.js"

type FileInput = Pick<DocumentJobInput, "source" | "file_name">

/** `file` of a flat body: `{source_url, file_name?}`. */
export const FlatFile = Schema.Struct({
  source_url: Schema.String.pipe(fieldMessage("is required and must be a string")).annotations({
    description: "svc://file/<file_id> (an upload handle), s3://bucket/key or https://…"
  }),
  file_name: Schema.optional(FileName)
}).pipe(fieldMessage({ invalid: "must be an object with source_url", missing: "is required" }))

const SourceType = <T extends string>(type: T) => Schema.Literal(type).pipe(fieldMessage("must be upload or url"))

/** `source` of a v1 body: an upload, or a URL with the file's name. */
export const V1Source = Schema.Union(
  Schema.Struct({
    type: SourceType("upload"),
    upload_id: Schema.String.pipe(Schema.pattern(UUID), fieldMessage("must be the file_id of an upload"))
  }),
  Schema.Struct({
    type: SourceType("url"),
    url: Schema.String.pipe(fieldMessage("must be an https:// or s3:// URL")),
    file_name: FileName
  })
).pipe(fieldMessage({ invalid: "must be an object with type", missing: "is required" }))

/** The file a flat `file` names, checked to be the caller's and of the operation's extensions. */
export const flatFileInput = (caller: Caller, file: typeof FlatFile.Type, operation: DocumentOperation) =>
  Effect.gen(function*() {
    const sourceUrl = file.source_url
    if (!sourceUrl.startsWith(HANDLE_PREFIX)) {
      if (file.file_name === undefined && /^(https|s3):\/\//.test(sourceUrl)) {
        return yield* invalid("file.file_name", "is required for s3:// and https:// sources")
      }
      const source = yield* urlSource(caller, "file.source_url", sourceUrl)
      if (file.file_name === undefined) return yield* invalid("file.file_name", "is required for s3:// and https:// sources")
      yield* checkExtension("file.file_name", file.file_name, operation)
      return { source, file_name: file.file_name } satisfies FileInput
    }
    const fileId = sourceUrl.slice(HANDLE_PREFIX.length)
    if (!UUID.test(fileId)) {
      return yield* invalid("file.source_url", "must be svc://file/<file_id> (an upload handle), s3://… or https://…")
    }
    const upload = yield* uploadOf(caller, fileId)
    const fileName = file.file_name ?? upload.file_name
    yield* checkExtension(file.file_name === undefined ? "file.source_url" : "file.file_name", fileName, operation)
    return { source: { type: "upload", file_id: upload.file_id }, file_name: fileName } satisfies FileInput
  })

/** The file a v1 `source` names. */
export const v1SourceInput = (caller: Caller, source: typeof V1Source.Type, operation: DocumentOperation) =>
  Effect.gen(function*() {
    if (source.type === "upload") {
      const upload = yield* uploadOf(caller, source.upload_id)
      yield* checkExtension("source.upload_id", upload.file_name, operation)
      return { source: { type: "upload", file_id: upload.file_id }, file_name: upload.file_name } satisfies FileInput
    }
    const url = yield* urlSource(caller, "source.url", source.url)
    yield* checkExtension("source.file_name", source.file_name, operation)
    return { source: url, file_name: source.file_name } satisfies FileInput
  })
