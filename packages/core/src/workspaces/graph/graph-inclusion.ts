/**
 * Which files a knowledge-graph build reads (spec 3, "Workspace" `knowledge_graph`, "Files"
 * `graph_inclusion`): an ingested file (or a stale one, whose ingested representations are still
 * there) whose `graph_inclusion` is `include`, or `auto` and neither under one of the policy's
 * `exclude_path_prefixes` nor in one of its `exclude_categories` (a `group` excludes its every
 * `group/subgroup`); `exclude` never enters.
 */
import { Effect } from "effect"
import { WorkspaceFileStore } from "../files/file-store.js"
import type { WorkspaceFile } from "../files/workspace-file.js"
import type { KnowledgeGraphPolicy } from "../workspace/workspace.js"

const underPrefix = (path: string, prefix: string) => {
  const p = prefix.replace(/^\/+/, "")
  return p === "" || path.startsWith(p)
}

const inCategory = (category: string | null, excluded: string) =>
  category !== null && (category === excluded || category.startsWith(`${excluded}/`))

export const hasGraphableContent = (f: WorkspaceFile) =>
  (f.ingestion_status === "ingested" || f.ingestion_status === "stale") && f.ingested_hash !== null

export const entersGraph = (f: WorkspaceFile, policy: KnowledgeGraphPolicy): boolean => {
  if (!hasGraphableContent(f) || f.graph_inclusion === "exclude") return false
  if (f.graph_inclusion === "include") return true
  if (policy.exclude_path_prefixes.some((p) => underPrefix(f.path, p))) return false
  return !policy.exclude_categories.some((c) => inCategory(f.category, c))
}

/** Every file of the workspace (whatever its label) that `keep` accepts, in path order, read a page at a time. */
export const workspaceFilesWhere = (tenantId: string, workspaceId: string, keep: (f: WorkspaceFile) => boolean) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    const out: Array<WorkspaceFile> = []
    let after: string | undefined
    for (;;) {
      const page = yield* store.list(tenantId, workspaceId, {
        visible: "all",
        order: "path",
        limit: 1000,
        after: after === undefined ? undefined : { order: "path", path: after }
      })
      for (const f of page.items) if (keep(f)) out.push(f)
      if (page.next_cursor === null || page.next_cursor.order !== "path") return out
      after = page.next_cursor.path
    }
  })

/** whether any file of the workspace is ingested (a build needs one: 422 otherwise) */
export const holdsIngestedFile = (tenantId: string, workspaceId: string) =>
  Effect.map(
    Effect.flatMap(WorkspaceFileStore, (s) => s.list(tenantId, workspaceId, { visible: "all", order: "path", limit: 1, ingestion_status: ["ingested"] })),
    (page) => page.total > 0
  )
