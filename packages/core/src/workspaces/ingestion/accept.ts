/**
 * Accepting an ingestion (spec 3, `POST /v1/workspaces/{id}/ingestions`): the selection resolved
 * to file ids now (so the job works on exactly the files the caller saw), the files that need
 * work moved `queued`, then the job created. `file_ids` naming files that do not exist or that
 * the caller cannot see: 422 naming them. A `path_prefix` selection over more than
 * `MAX_SELECTED_FILES` files: 422 asking for a narrower prefix.
 */
import { Clock, Effect, Option } from "effect"
import { InvalidInput } from "../../api/errors.js"
import { type FileListQuery, type FilePage, isVisible, type VisibleLabels, WorkspaceFileStore } from "../files/file-store.js"
import type { IngestionStatus, WorkspaceFile } from "../files/workspace-file.js"

export const MAX_FILE_IDS = 1000
export const MAX_SELECTED_FILES = 10_000

export type Selection =
  | { readonly type: "file_ids"; readonly file_ids: ReadonlyArray<string> }
  | { readonly type: "path_prefix"; readonly path_prefix: string; readonly stale_only: boolean }

/** whether the job will do work on the file (else its outcome is `skipped_unchanged`, or another job has it) */
export const needsWork = (f: WorkspaceFile, reingestUnchanged: boolean): boolean =>
  f.ingestion_status !== "ingesting" && (reingestUnchanged || !(f.ingestion_status === "ingested" && f.ingested_hash === f.observed_hash))

/** The selected files (path order for a prefix, the caller's order for ids). */
export const resolveSelection = (tenantId: string, workspaceId: string, selection: Selection, visible: VisibleLabels) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    if (selection.type === "file_ids") {
      const ids = [...new Set(selection.file_ids)]
      const files = yield* Effect.forEach(ids, (id) => store.get(tenantId, workspaceId, id), { concurrency: 8 })
      const unknown = ids.filter((_, i) => Option.isNone(files[i]!) || !isVisible(Option.getOrThrow(files[i]!).access_label, visible))
      if (unknown.length > 0) {
        return yield* new InvalidInput({
          errors: [{
            field: "selection.file_ids",
            message: `no file ${unknown.slice(0, 20).join(", ")}${unknown.length > 20 ? ` (and ${unknown.length - 20} more)` : ""} in this workspace; list the workspace's files for their ids`
          }]
        })
      }
      return files.map((f) => Option.getOrThrow(f))
    }
    const out: Array<WorkspaceFile> = []
    const q: FileListQuery = {
      visible,
      order: "path",
      limit: 1000,
      path_prefix: selection.path_prefix,
      ingestion_status: selection.stale_only ? ["stale"] : undefined
    }
    let after: FileListQuery["after"] = undefined
    for (;;) {
      const page: FilePage = yield* store.list(tenantId, workspaceId, { ...q, after })
      out.push(...page.items)
      if (out.length > MAX_SELECTED_FILES) {
        return yield* new InvalidInput({
          errors: [{ field: "selection.path_prefix", message: `the selection holds over ${MAX_SELECTED_FILES} files; ingest a narrower path_prefix at a time` }]
        })
      }
      if (page.next_cursor === null) return out
      after = page.next_cursor
    }
  })

/** Moves the files needing work `queued`; answers those moved with their previous status (to undo). */
export const markQueued = (tenantId: string, workspaceId: string, files: ReadonlyArray<WorkspaceFile>, reingestUnchanged: boolean) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    const at = yield* Clock.currentTimeMillis
    const moved: Array<{ readonly file: WorkspaceFile; readonly was: IngestionStatus }> = []
    for (const f of files) {
      if (!needsWork(f, reingestUnchanged) || f.ingestion_status === "queued") continue
      const r = yield* store.update(tenantId, workspaceId, f.file_id, { ingestion_status: "queued" }, at, { ingestion_status: [f.ingestion_status], version: f.version }).pipe(
        Effect.catchTags({ FileStateChanged: () => Effect.succeed(null), WorkspaceFileNotFound: () => Effect.succeed(null) })
      )
      if (r !== null) moved.push({ file: f, was: f.ingestion_status })
    }
    return moved
  })

/** Puts back the files `markQueued` moved (the job could not be created). */
export const undoQueued = (tenantId: string, workspaceId: string, moved: ReadonlyArray<{ readonly file: WorkspaceFile; readonly was: IngestionStatus }>) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    const at = yield* Clock.currentTimeMillis
    for (const m of moved) {
      yield* store.update(tenantId, workspaceId, m.file.file_id, { ingestion_status: m.was }, at, { ingestion_status: ["queued"], version: m.file.version }).pipe(Effect.ignore)
    }
  })
