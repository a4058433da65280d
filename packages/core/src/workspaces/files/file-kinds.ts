/**
 * The job kinds of workspace files (spec 3, "Files"): `file_upload`, `file_replace` and
 * `file_delete`. The route has already streamed the bytes into the blob store under a key of
 * their own (`stagedBlobKey`) and hashed them; the work decides what they become. A staged blob
 * becomes the version's blob as is (no copy); a staged blob that becomes nothing (deduplicated,
 * refused) is deleted.
 *
 * Each work is safe to run again (a worker that died mid-job): a file whose current blob is the
 * job's own staged blob is the job's own earlier run, answered as it would have been.
 */
import { Clock, Effect, Option, Schedule, Schema, Stream } from "effect"
import { createHash } from "node:crypto"
import { readSourceUrl } from "../../documents/sources/read-source.js"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import { StorageUnavailable as StorageUnavailableError, type StorageUnavailable } from "../../kernel/storage-unavailable.js"
import { dropIngestedState } from "../ingestion/drop-file.js"
import { Ids } from "../../kernel/ids.js"
import { defineJobKind, shapeOf } from "../../jobs/job-kind.js"
import type { JobError } from "../../jobs/job.js"
import { WorkspaceFileStore } from "./file-store.js"
import { type FileView, fileView } from "./file-view.js"
import { mediaTypeOf } from "./media-type.js"
import { GRAPH_INCLUSIONS, type WorkspaceFile, workspaceBlobPrefix } from "./workspace-file.js"

/** Where an upload's bytes are staged (and then kept, as the version's blob). */
export const stagedBlobKey = (workspaceId: string, id: string) => `${workspaceBlobPrefix(workspaceId)}files/${id}`

const Labels = Schema.Record({ key: Schema.String, value: Schema.String })
const GraphInclusion = Schema.Literal(...GRAPH_INCLUSIONS)

/** The staged bytes of an upload or a replace. */
const StagedBytes = {
  staged_blob_key: Schema.String,
  observed_hash: Schema.String,
  size_bytes: Schema.Number,
  file_type: Schema.String
}

/** Where an upload's bytes are: staged by a multipart request, or at a URL the work downloads. */
const UploadSource = Schema.Union(
  Schema.Struct({ type: Schema.Literal("staged"), ...StagedBytes }),
  Schema.Struct({ type: Schema.Literal("url"), url: Schema.String, file_name: Schema.String })
)

export const FileUploadInput = Schema.Struct({
  workspace_id: Schema.String,
  source: UploadSource,
  /** normalized (`normalizeFilePath`) */
  path: Schema.String,
  /** null: not sent (a new file gets none; a new version keeps the file's) */
  labels: Schema.NullOr(Labels),
  graph_inclusion: GraphInclusion,
  on_conflict: Schema.Literal("reject", "new_version"),
  /** a declared label named in the metadata (checked by the route), else null */
  access_label: Schema.NullOr(Schema.String),
  /**
   * the label a file without an explicit one gets at upload (the workspace's `default_label`, so it
   * is never visible to every caller before ingestion decides); ingestion may reclassify it
   */
  default_label: Schema.optional(Schema.NullOr(Schema.String))
})
export type FileUploadInput = typeof FileUploadInput.Type

export const FileReplaceInput = Schema.Struct({
  workspace_id: Schema.String,
  file_id: Schema.String,
  ...StagedBytes,
  /** null: unchanged; `{}`: cleared */
  labels: Schema.NullOr(Labels),
  /** null: unchanged */
  graph_inclusion: Schema.NullOr(GraphInclusion)
})
export type FileReplaceInput = typeof FileReplaceInput.Type

export const FileDeleteInput = Schema.Struct({ workspace_id: Schema.String, file_id: Schema.String })
export type FileDeleteInput = typeof FileDeleteInput.Type

export interface FileUploadResult {
  readonly result_type: "file_upload"
  readonly file: FileView
  readonly deduplicated: boolean
}

export interface FileReplaceResult {
  readonly result_type: "file_replace"
  readonly file: FileView
  /** the bytes were those of the current version: no new version (labels and graph inclusion still apply) */
  readonly deduplicated: boolean
}

export interface FileDeleteResult {
  readonly result_type: "file_delete"
  readonly file_id: string
  readonly path: string
  /** the file's versions, outputs and members' blobs deleted */
  readonly blobs_deleted: number
}

const storageError = (_: StorageUnavailable): JobError => ({
  code: "overloaded",
  message: "storage was unavailable; retry with the same idempotency key",
  retryable: true
})

const fileNotFound = (fileId: string): JobError => ({ code: "file_not_found", message: `file ${fileId} not found`, retryable: false })

/** deletes blobs, retrying a few times (a blob left behind is only wasted space, never visible) */
const deleteBlobs = (keys: ReadonlyArray<string>) =>
  Effect.flatMap(BlobStore, (blobs) =>
    Effect.forEach(keys, (key) => blobs.delete(key).pipe(Effect.retry(Schedule.recurs(3))), { concurrency: 4, discard: true }))

/**
 * Downloads a URL source (the document service's reader: `https://` within its time bounds,
 * `s3://` from the tenant's objects, at most `maxUploadBytes`; `download_failed` otherwise) into
 * the blob store under `key`, hashed.
 */
const download = (_workspaceId: string, key: string, url: string, fileName: string, path: string) =>
  Effect.gen(function*() {
    const bytes = yield* readSourceUrl(url)
    const blobs = yield* BlobStore
    const size = yield* blobs.put(key, Stream.make(bytes), bytes.byteLength).pipe(
      Effect.catchTag("BlobTooLarge", () => Effect.dieMessage("a blob of known size was over its own size"))
    )
    return {
      type: "staged" as const,
      staged_blob_key: key,
      observed_hash: createHash("sha256").update(bytes).digest("hex"),
      size_bytes: size,
      file_type: mediaTypeOf(fileName, undefined) === "application/octet-stream" ? mediaTypeOf(path, undefined) : mediaTypeOf(fileName, undefined)
    }
  })

export const fileUploadKind = defineJobKind({
  kind: "file_upload",
  input: FileUploadInput,
  result: shapeOf<FileUploadResult>(Schema.Struct({ result_type: Schema.Literal("file_upload"), file: Schema.Object, deduplicated: Schema.Boolean })),
  stage: "registering",
  run: (job) =>
    Effect.gen(function*() {
      const store = yield* WorkspaceFileStore
      const input = job.input
      const t = job.tenant_id
      const w = input.workspace_id
      const now = yield* Clock.currentTimeMillis
      const done = (file: WorkspaceFile, deduplicated: boolean) =>
        ({ result: { result_type: "file_upload" as const, file: fileView(file), deduplicated }, units: 0 })

      let existing = yield* store.getByPath(t, w, input.path)
      // a URL is downloaded under a key of the job's own, so a second run finds its first run's file
      const stagedKey = input.source.type === "staged" ? input.source.staged_blob_key : stagedBlobKey(w, job.job_id)
      if (Option.isSome(existing) && existing.value.blob_key === stagedKey) return done(existing.value, false)
      const source = input.source.type === "staged" ? input.source : yield* download(w, stagedKey, input.source.url, input.source.file_name, input.path)
      if (Option.isNone(existing)) {
        const created = yield* Effect.either(store.create({
          tenant_id: t,
          workspace_id: w,
          file_id: (yield* Ids).uuid(),
          path: input.path,
          file_type: source.file_type,
          size_bytes: source.size_bytes,
          observed_hash: source.observed_hash,
          blob_key: source.staged_blob_key,
          labels: input.labels ?? {},
          graph_inclusion: input.graph_inclusion,
          access_label: input.access_label ?? input.default_label ?? null,
          access_label_explicit: input.access_label !== null,
          ingestion_status: "discovered",
          at: now
        }))
        if (created._tag === "Right") return done(created.right, false)
        if (created.left._tag === "StorageUnavailable") return yield* Effect.fail(created.left)
      }
      // a file is at the path (found, or created meanwhile by a racing upload)
      if (Option.isNone(existing)) existing = yield* store.getByPath(t, w, input.path)
      if (Option.isNone(existing)) return yield* Effect.fail<JobError>({ code: "path_conflict", message: "the file at the path changed during the upload; retry", retryable: true })
      const file = existing.value
      if (file.blob_key === source.staged_blob_key) return done(file, false) // this job's own earlier run
      if (file.observed_hash === source.observed_hash) {
        yield* deleteBlobs([source.staged_blob_key])
        return done(file, true)
      }
      if (input.on_conflict === "reject") {
        yield* deleteBlobs([source.staged_blob_key])
        return yield* Effect.fail<JobError>({
          code: "path_conflict",
          message: `a file already exists at path ${input.path}; upload with on_conflict "new_version" to add a version`,
          retryable: false
        })
      }
      const next = yield* store.addVersion(t, w, file.file_id, {
        file_type: source.file_type,
        size_bytes: source.size_bytes,
        observed_hash: source.observed_hash,
        blob_key: source.staged_blob_key,
        labels: input.labels ?? undefined,
        graph_inclusion: input.graph_inclusion,
        at: now
      })
      return done(next, false)
    }).pipe(
      Effect.catchTags({
        StorageUnavailable: (e) => Effect.fail(storageError(e)),
        // deleted between the read and the version: as if the path were free a moment later — retry
        WorkspaceFileNotFound: () => Effect.fail<JobError>({ code: "path_conflict", message: "the file at the path changed during the upload; retry", retryable: true }),
        FileStateChanged: () => Effect.fail<JobError>({ code: "path_conflict", message: "the file at the path changed during the upload; retry", retryable: true })
      })
    )
})

export const fileReplaceKind = defineJobKind({
  kind: "file_replace",
  input: FileReplaceInput,
  result: shapeOf<FileReplaceResult>(Schema.Struct({ result_type: Schema.Literal("file_replace"), file: Schema.Object, deduplicated: Schema.Boolean })),
  stage: "registering",
  run: (job) =>
    Effect.gen(function*() {
      const store = yield* WorkspaceFileStore
      const input = job.input
      const t = job.tenant_id
      const w = input.workspace_id
      const now = yield* Clock.currentTimeMillis
      const done = (file: WorkspaceFile, deduplicated: boolean) =>
        ({ result: { result_type: "file_replace" as const, file: fileView(file), deduplicated }, units: 0 })
      const found = yield* store.get(t, w, input.file_id)
      if (Option.isNone(found)) {
        yield* deleteBlobs([input.staged_blob_key])
        return yield* Effect.fail(fileNotFound(input.file_id))
      }
      const file = found.value
      if (file.blob_key === input.staged_blob_key) return done(file, false)
      if (file.observed_hash === input.observed_hash) {
        yield* deleteBlobs([input.staged_blob_key])
        const patched = input.labels === null && input.graph_inclusion === null
          ? file
          : yield* store.update(t, w, file.file_id, {
            ...(input.labels === null ? {} : { labels: input.labels }),
            ...(input.graph_inclusion === null ? {} : { graph_inclusion: input.graph_inclusion })
          }, now)
        return done(patched, true)
      }
      const next = yield* store.addVersion(t, w, file.file_id, {
        file_type: input.file_type,
        size_bytes: input.size_bytes,
        observed_hash: input.observed_hash,
        blob_key: input.staged_blob_key,
        labels: input.labels ?? undefined,
        graph_inclusion: input.graph_inclusion ?? undefined,
        at: now
      })
      return done(next, false)
    }).pipe(
      Effect.catchTags({
        StorageUnavailable: (e) => Effect.fail(storageError(e)),
        WorkspaceFileNotFound: (e) => Effect.fail(fileNotFound(e.file)),
        FileStateChanged: () => Effect.fail<JobError>({ code: "conflict", message: "the file changed during the replace; retry", retryable: true })
      })
    )
})

export const fileDeleteKind = defineJobKind({
  kind: "file_delete",
  input: FileDeleteInput,
  result: shapeOf<FileDeleteResult>(Schema.Struct({ result_type: Schema.Literal("file_delete"), file_id: Schema.String, path: Schema.String, blobs_deleted: Schema.Number })),
  stage: "deleting",
  run: (job) =>
    Effect.gen(function*() {
      const store = yield* WorkspaceFileStore
      // what ingestion made of it first (record, tables, stages' entries): a run that dies between finds the file again
      yield* dropIngestedState(job.tenant_id, job.input.workspace_id, job.input.file_id).pipe(
        Effect.mapError(() => storageError(new StorageUnavailableError({ store: "ingestion" })))
      )
      const deleted = yield* store.delete(job.tenant_id, job.input.workspace_id, job.input.file_id)
      if (Option.isNone(deleted)) return yield* Effect.fail(fileNotFound(job.input.file_id))
      yield* deleteBlobs(deleted.value.blob_keys)
      return {
        result: { result_type: "file_delete" as const, file_id: deleted.value.file.file_id, path: deleted.value.file.path, blobs_deleted: deleted.value.blob_keys.length },
        units: 0
      }
    }).pipe(Effect.catchTag("StorageUnavailable", (e) => Effect.fail(storageError(e))))
})

/** The file kinds, for the workspace context's list of job kinds. */
export const fileJobKinds = [fileUploadKind, fileReplaceKind, fileDeleteKind] as const
