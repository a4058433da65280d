/**
 * Reading a workspace upload request (spec 3, `POST /v1/workspaces/{id}/files` and
 * `PUT …/files/{file_id}`), below the routes:
 *
 * - multipart: a `file` part, streamed into the blob store as it arrives (pulled by the store, so
 *   one body chunk is held at a time), hashed (SHA-256) on the way, at most `maxUploadBytes`
 *   (`Settings`, 200 MiB by default: the server maximum) — past it 413 `file_too_large` and
 *   nothing is kept; and a `metadata` part holding JSON, gathered up to `METADATA_MAX_BYTES`
 *   (64 KiB) — past it 422 naming `metadata`, and nothing more of it is held. Parts may come in
 *   any order; any other part is an unknown field (422).
 * - JSON (`decodeJsonUpload`): `source` {`type: "url"`, `url`, `file_name`} instead of a file
 *   part; the route applies the document service's URL and bucket rules (`urlSource`) and the
 *   `file_upload` job downloads the file.
 *
 * The metadata is decoded with Effect Schema; every refusal names its field (`path`,
 * `labels.<key>`…). `labels` are stored verbatim: at most `MAX_LABELS` (64), keys 1 to
 * `MAX_LABEL_KEY_CHARS` (128) characters, values at most `MAX_LABEL_VALUE_CHARS` (1024).
 * `access_label` is an extension (DESIGN.md): the route checks it names a declared label.
 */
import { Effect, Either, Option } from "effect"
import { Schema } from "effect"
import { createHash } from "node:crypto"
import { type FieldError, InvalidInput } from "../../api/errors.js"
import { decodeFields } from "../../api/decode.js"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import { receiveMultipartFile } from "../../documents/uploads/multipart-file.js"
import { Settings } from "../../kernel/config.js"
import { Ids } from "../../kernel/ids.js"
import { concatChunks, type DocketRequest } from "../../platform/request.js"
import { type FileReplaceInput, type FileUploadInput, stagedBlobKey } from "./file-kinds.js"
import { normalizeUploadPath } from "./file-path.js"
import { mediaTypeOf } from "./media-type.js"
import { GRAPH_INCLUSIONS, type GraphInclusion } from "./workspace-file.js"

export const METADATA_MAX_BYTES = 64 * 1024
export const MAX_LABELS = 64
export const MAX_LABEL_KEY_CHARS = 128
export const MAX_LABEL_VALUE_CHARS = 1024
/** room for part headers and boundaries on top of the file and metadata caps */
const MULTIPART_OVERHEAD = 1024 * 1024

const Labels = Schema.Record({ key: Schema.String, value: Schema.String })
const GraphInclusionSchema = Schema.Literal(...GRAPH_INCLUSIONS)
const OnConflict = Schema.Literal("reject", "new_version")

const UploadFields = {
  path: Schema.String,
  labels: Schema.optional(Labels),
  graph_inclusion: Schema.optional(GraphInclusionSchema),
  on_conflict: Schema.optional(OnConflict),
  access_label: Schema.optional(Schema.String)
}
const UploadMetadata = Schema.Struct(UploadFields)
const ReplaceMetadata = Schema.Struct({ labels: Schema.optional(Labels), graph_inclusion: Schema.optional(GraphInclusionSchema) })
const JsonUpload = Schema.Struct({
  ...UploadFields,
  source: Schema.Struct({ type: Schema.Literal("url"), url: Schema.String, file_name: Schema.String })
})

/** What an upload asks for, checked and normalized. */
export interface UploadRequest {
  /** normalized (`normalizeFilePath`) */
  readonly path: string
  /** null: not sent */
  readonly labels: Readonly<Record<string, string>> | null
  readonly graph_inclusion: GraphInclusion
  readonly on_conflict: "reject" | "new_version"
  readonly access_label: string | null
}

/** What a replace asks for (`labels` null: unchanged, `{}`: cleared; `graph_inclusion` null: unchanged). */
export interface ReplaceRequest {
  readonly labels: Readonly<Record<string, string>> | null
  readonly graph_inclusion: GraphInclusion | null
}

/** Bytes received into the blob store, under a key of their own. */
export interface StagedUpload {
  readonly staged_blob_key: string
  /** hex SHA-256 */
  readonly observed_hash: string
  readonly size_bytes: number
  readonly file_type: string
}

const labelErrors = (labels: Readonly<Record<string, string>> | undefined, field: string): Array<FieldError> => {
  if (labels === undefined) return []
  const errors: Array<FieldError> = []
  const keys = Object.keys(labels)
  if (keys.length > MAX_LABELS) errors.push({ field, message: `must have at most ${MAX_LABELS} labels` })
  for (const key of keys.slice(0, MAX_LABELS + 1)) {
    if (key.length === 0 || key.length > MAX_LABEL_KEY_CHARS) {
      errors.push({ field: `${field}.${key}`, message: `a label name must be 1 to ${MAX_LABEL_KEY_CHARS} characters` })
    } else if (labels[key].length > MAX_LABEL_VALUE_CHARS) {
      errors.push({ field: `${field}.${key}`, message: `a label value must be at most ${MAX_LABEL_VALUE_CHARS} characters` })
    }
  }
  return errors
}

const uploadRequestOf = (
  m: { readonly path: string; readonly labels?: Readonly<Record<string, string>> | undefined; readonly graph_inclusion?: GraphInclusion | undefined; readonly on_conflict?: "reject" | "new_version" | undefined; readonly access_label?: string | undefined },
  prefix: string
): Either.Either<UploadRequest, Array<FieldError>> => {
  const errors: Array<FieldError> = []
  const path = normalizeUploadPath(m.path)
  if (Either.isLeft(path)) errors.push({ field: `${prefix}path`, message: path.left.message })
  errors.push(...labelErrors(m.labels, `${prefix}labels`))
  if (m.access_label !== undefined && m.access_label.length === 0) errors.push({ field: `${prefix}access_label`, message: "must name a declared access label" })
  if (errors.length > 0 || Either.isLeft(path)) return Either.left(errors)
  return Either.right({
    path: path.right,
    labels: m.labels ?? null,
    graph_inclusion: m.graph_inclusion ?? "auto",
    on_conflict: m.on_conflict ?? "reject",
    access_label: m.access_label ?? null
  })
}

/** The metadata of a multipart upload (the JSON of its `metadata` part), checked. */
export const decodeUploadMetadata = (json: unknown): Either.Either<UploadRequest, Array<FieldError>> =>
  Either.flatMap(decodeFields(UploadMetadata, json, ["metadata"]), (m) => uploadRequestOf(m, "metadata."))

/** The metadata of a replace; no part at all is `{}` (nothing changes but the bytes). */
export const decodeReplaceMetadata = (json: unknown): Either.Either<ReplaceRequest, Array<FieldError>> =>
  Either.flatMap(decodeFields(ReplaceMetadata, json, ["metadata"]), (m) => {
    const errors = labelErrors(m.labels, "metadata.labels")
    return errors.length > 0 ? Either.left(errors) : Either.right({ labels: m.labels ?? null, graph_inclusion: m.graph_inclusion ?? null })
  })

/** A JSON upload body: the upload and its URL source (whose URL rules the route applies). */
export const decodeJsonUpload = (
  body: unknown
): Either.Either<{ readonly upload: UploadRequest; readonly source: { readonly url: string; readonly file_name: string } }, Array<FieldError>> =>
  Either.flatMap(decodeFields(JsonUpload, body), (b) => {
    const upload = uploadRequestOf(b, "")
    const nameErrors = b.source.file_name.length === 0 || b.source.file_name.length > 255 || /[/\\\u0000]/.test(b.source.file_name)
      ? [{ field: "source.file_name", message: "must be 1 to 255 characters with no `/`, `\\` or NUL" }]
      : []
    if (Either.isLeft(upload)) return Either.left([...upload.left, ...nameErrors])
    return nameErrors.length > 0 ? Either.left(nameErrors) : Either.right({ upload: upload.right, source: { url: b.source.url, file_name: b.source.file_name } })
  })

/**
 * Receives a multipart body: the `file` part into the blob store (under `stagedBlobKey`), the
 * `metadata` part gathered (capped); `accept` checks the metadata before the upload is kept (a
 * refusal deletes the staged blob).
 */
const receiveMultipart = <A>(
  request: DocketRequest,
  workspaceId: string,
  accept: (metadata: Option.Option<Uint8Array>) => Either.Either<A, Array<FieldError>>
) =>
  Effect.gen(function*() {
    const { maxUploadBytes } = yield* Settings
    const key = stagedBlobKey(workspaceId, (yield* Ids).uuid())
    const metadata: Array<Uint8Array> = []
    let metadataParts = 0
    let metadataSize = 0
    let metadataTooLarge = false
    const hash = createHash("sha256")
    const received = yield* receiveMultipartFile({
      request,
      blobKey: key,
      maxFileBytes: maxUploadBytes,
      overheadBytes: METADATA_MAX_BYTES + MULTIPART_OVERHEAD,
      maxParts: 16,
      notMultipartMessage: "the body must be multipart/form-data with a `file` part and a `metadata` part",
      onFileChunk: (chunk) => hash.update(chunk),
      otherPart: (info) => {
        if (info.name !== "metadata") return undefined
        metadataParts++
        return (chunk) => {
          if (metadataParts > 1 || metadataTooLarge) return
          metadataSize += chunk.byteLength
          if (metadataSize > METADATA_MAX_BYTES) {
            // nothing more of it is held
            metadataTooLarge = true
            metadata.length = 0
            return
          }
          metadata.push(chunk.slice())
        }
      },
      problems: () => [
        ...(metadataParts > 1 ? [{ field: "metadata", message: "only one `metadata` part is allowed" }] : []),
        ...(metadataTooLarge ? [{ field: "metadata", message: `must be at most ${METADATA_MAX_BYTES} bytes` }] : [])
      ]
    })
    const metadataBytes = metadataParts === 0 ? Option.none() : Option.some(concatChunks(metadata, metadataSize))
    const accepted = accept(metadataBytes)
    if (Either.isLeft(accepted)) {
      yield* Effect.ignore((yield* BlobStore).delete(key))
      return yield* new InvalidInput({ errors: accepted.left })
    }
    const staged: StagedUpload = { staged_blob_key: key, observed_hash: hash.digest("hex"), size_bytes: received.size, file_type: "" }
    return { staged, accepted: accepted.right, declaredType: received.declaredType }
  })

/** the JSON of the metadata part, or the refusal naming `metadata` */
const metadataJson = (bytes: Option.Option<Uint8Array>, required: boolean): Either.Either<unknown, Array<FieldError>> => {
  if (Option.isNone(bytes)) {
    return required ? Either.left([{ field: "metadata", message: "a multipart part named `metadata` holding JSON is required" }]) : Either.right({})
  }
  try {
    return Either.right(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes.value)) as unknown)
  } catch {
    return Either.left([{ field: "metadata", message: "must be a JSON object (UTF-8)" }])
  }
}

/** `POST …/files` as multipart: the staged bytes and the checked upload. */
export const readMultipartUpload = (request: DocketRequest, workspaceId: string) =>
  Effect.map(
    receiveMultipart(request, workspaceId, (bytes) => Either.flatMap(metadataJson(bytes, true), decodeUploadMetadata)),
    ({ accepted, declaredType, staged }) => ({
      staged: { ...staged, file_type: mediaTypeOf(accepted.path, declaredType) },
      upload: accepted
    })
  )

/** `PUT …/files/{file_id}`: the staged bytes and what else changes; `fileName` types the bytes when the part declares no type. */
export const readMultipartReplace = (request: DocketRequest, workspaceId: string, fileName: string) =>
  Effect.map(
    receiveMultipart(request, workspaceId, (bytes) => Either.flatMap(metadataJson(bytes, false), decodeReplaceMetadata)),
    ({ accepted, declaredType, staged }) => ({
      staged: { ...staged, file_type: mediaTypeOf(fileName, declaredType) },
      replace: accepted
    })
  )

/** The `file_upload` job input of a read upload (multipart: its staged bytes; JSON: its URL). */
export const uploadJobInput = (
  workspaceId: string,
  source: StagedUpload | { readonly url: string; readonly file_name: string },
  upload: UploadRequest,
  /** the workspace's default label for a file uploaded without an explicit one (null: none) */
  defaultLabel: string | null = null
): FileUploadInput => ({
  workspace_id: workspaceId,
  source: "staged_blob_key" in source ? { type: "staged", ...source } : { type: "url", url: source.url, file_name: source.file_name },
  path: upload.path,
  labels: upload.labels,
  graph_inclusion: upload.graph_inclusion,
  on_conflict: upload.on_conflict,
  access_label: upload.access_label,
  default_label: upload.access_label === null ? defaultLabel : null
})

/** The `file_replace` job input of a read replace. */
export const replaceJobInput = (workspaceId: string, fileId: string, staged: StagedUpload, replace: ReplaceRequest): FileReplaceInput => ({
  workspace_id: workspaceId,
  file_id: fileId,
  ...staged,
  labels: replace.labels,
  graph_inclusion: replace.graph_inclusion
})
