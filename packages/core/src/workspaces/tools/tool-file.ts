/**
 * The file a tool addresses (spec 3, "File tools": "These address uploaded files only"):
 *
 * - `path` is an uploaded file's normalized path; anything that is not a path is 422 naming the rule.
 * - A path under the reserved `_derived/` segment is an output of an uploaded file `P`: 422
 *   `invalid_request` naming `P` (only when the caller may see `P`; else naming nothing).
 * - No such file, or one the caller may not see, is 404 `file_not_found` (indistinguishable).
 * - `read-file` and `qa-file` need what ingestion made of the file: its status `ingested` (or
 *   `stale`: the last ingestion's outputs are still there, of the previous version) and its
 *   `FileIngestionRecord`; otherwise 409 `file_not_ingested`.
 *
 * Visibility: a workspace that declares no labels filters nothing; otherwise the caller sees the
 * files whose label its key is granted, and files without a label.
 */
import { Effect, Either, Option } from "effect"
import { InvalidInput } from "../../api/errors.js"
import { WorkspaceFileNotFound } from "../files/file-errors.js"
import { isDerivedPath, normalizeFilePath } from "../files/file-path.js"
import { isVisible, type VisibleLabels, WorkspaceFileStore } from "../files/file-store.js"
import type { WorkspaceFile } from "../files/workspace-file.js"
import { type FileIngestionRecord, FileIngestionStore } from "../ingestion/file-ingestion.js"
import { DerivedPathRefused, FileNotIngested } from "./tool-errors.js"

/** Which uploaded file a `_derived/…` path belongs to, if the caller may see it. */
const uploadedFileOfDerived = (tenantId: string, workspaceId: string, path: string, visible: VisibleLabels) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    const output = yield* store.findOutputByPath(tenantId, workspaceId, path)
    if (Option.isSome(output)) return isVisible(output.value.file.access_label, visible) ? output.value.file.path : null
    // an output that does not exist (yet): the longest prefix of what follows `_derived/` that is a file
    const rest = path.split("/").slice(1)
    for (let n = rest.length - 1; n >= 1; n--) {
      const file = yield* store.getByPath(tenantId, workspaceId, rest.slice(0, n).join("/"))
      if (Option.isSome(file)) return isVisible(file.value.access_label, visible) ? file.value.path : null
    }
    return null
  })

/** The visible uploaded file at `rawPath` (see the module comment for the refusals). */
export const toolFile = (tenantId: string, workspaceId: string, rawPath: string, visible: VisibleLabels) =>
  Effect.gen(function*() {
    const normalized = normalizeFilePath(rawPath)
    if (Either.isLeft(normalized)) return yield* new InvalidInput({ errors: [{ field: "path", message: normalized.left.message }] })
    const path = normalized.right
    // `_derived` itself is the reserved folder too
    if (isDerivedPath(`${path}/`)) {
      return yield* new DerivedPathRefused({ path, uploaded_path: yield* uploadedFileOfDerived(tenantId, workspaceId, path, visible) })
    }
    const file = yield* (yield* WorkspaceFileStore).getByPath(tenantId, workspaceId, path)
    if (Option.isNone(file) || !isVisible(file.value.access_label, visible)) return yield* new WorkspaceFileNotFound({ file: path })
    return file.value
  })

export interface IngestedToolFile {
  readonly file: WorkspaceFile
  readonly record: FileIngestionRecord
}

/** A visible uploaded file with what its last ingestion learnt (`read-file`, `qa-file`). */
export const ingestedToolFile = (tenantId: string, workspaceId: string, rawPath: string, visible: VisibleLabels) =>
  Effect.gen(function*() {
    const file = yield* toolFile(tenantId, workspaceId, rawPath, visible)
    const notIngested = new FileNotIngested({ path: file.path, file_id: file.file_id, ingestion_status: file.ingestion_status })
    if (file.ingestion_status !== "ingested" && file.ingestion_status !== "stale") return yield* notIngested
    const record = yield* (yield* FileIngestionStore).get(tenantId, workspaceId, file.file_id)
    if (Option.isNone(record)) return yield* notIngested
    return { file, record: record.value } satisfies IngestedToolFile
  })
