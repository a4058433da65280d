/**
 * Who sees which file (spec 3, "Access labels"): a workspace that declares no labels filters
 * nothing; otherwise a caller sees the files whose label its key is granted (and files with no
 * label). A file the caller may not see is `file_not_found` on every route — indistinguishable
 * from none.
 */
import { Effect, Option } from "effect"
import type { Workspace } from "../workspace/workspace.js"
import { WorkspaceFileNotFound } from "./file-errors.js"
import { isVisible, type VisibleLabels, WorkspaceFileStore } from "./file-store.js"

/**
 * What a caller may see in a workspace (every route, tool and list asks this one rule): a
 * workspace that declares no labels filters nothing; otherwise the key sees the files of the
 * labels it is granted and the unlabelled ones — a key granted nothing sees no labelled file.
 */
export const visibleLabelsOf = (w: Workspace, grants: ReadonlyArray<string>): VisibleLabels => (w.access.labels.length === 0 ? "all" : grants)

/** ids are UUIDs: anything else names no file (and never reaches a store) */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isId = (id: string) => UUID.test(id)

/** The file, when it exists in the workspace and the caller may see it; else 404 `file_not_found`. */
export const visibleFile = (w: Workspace, fileId: string, visible: VisibleLabels) =>
  Effect.gen(function*() {
    if (!isId(fileId)) return yield* new WorkspaceFileNotFound({ file: fileId })
    const found = yield* Effect.flatMap(WorkspaceFileStore, (s) => s.get(w.tenant_id, w.workspace_id, fileId))
    if (Option.isNone(found) || !isVisible(found.value.access_label, visible)) return yield* new WorkspaceFileNotFound({ file: fileId })
    return found.value
  })
