/**
 * The `folder-metadata` file tool (spec 3, "File tools"): what a directory of uploaded files holds,
 * for the caller's access labels.
 *
 * - The directory's files are read from the store page by page in path order, filtered there by
 *   the caller's labels and by `category`, `ingestion_status`, `kind` (`contentKindOf`) and
 *   `name_contains`, so counts and `coverage` are exact. At most `FOLDER_SCAN_MAX` files are read: a larger directory is 422,
 *   asking for a narrower `directory` or filter.
 * - `overall_files`, `categories`, `ingestion_summary` and `subdirectories` count the whole matching
 *   tree under the directory; `file_entries` lists the directory's own files, or the whole tree
 *   when `recursive`, path-sorted from `start_after`, at most `page_size` (`files_truncated`).
 * - `hint`, on an unfiltered call that matches nothing, names the nearest ancestor holding files the
 *   caller may see (hidden files never count); keys that would be null are omitted.
 */
import { Effect, Option } from "effect"
import { type ContentKind, contentKindOf } from "./content-kind.js"
import { compareCodePoints, type VisibleLabels, type Withheld, WorkspaceFileStore } from "./file-store.js"
import { coverageOf } from "./file-view.js"
import { INGESTION_STATUSES, type IngestionStatus, type WorkspaceFile } from "./workspace-file.js"

export const FOLDER_SCAN_MAX = 50_000
export const TOP_CATEGORIES_MAX = 5

export interface FolderQuery {
  /** normalized folder prefix ending in `/`, or `""` for the root */
  readonly directory: string
  readonly recursive: boolean
  readonly category?: string | undefined
  readonly ingestion_status?: IngestionStatus | undefined
  readonly kind?: ContentKind | undefined
  readonly name_contains?: string | undefined
  readonly page_size: number
  readonly start_after?: string | undefined
  /** a narrowing filter was sent (the hint is only for unfiltered calls) */
  readonly filtered: boolean
}

const SCAN_PAGE = 1000

/** every visible file under the folder matching the store's filters, and what was withheld */
export const scanFolder = (tenantId: string, workspaceId: string, visible: VisibleLabels, q: Pick<FolderQuery, "directory" | "category" | "ingestion_status" | "kind" | "name_contains">) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    const files: Array<WorkspaceFile> = []
    let withheld: Withheld = { count: 0, labels: [] }
    let after: { readonly order: "path"; readonly path: string } | undefined
    for (;;) {
      const page = yield* store.list(tenantId, workspaceId, {
        visible,
        order: "path",
        limit: SCAN_PAGE,
        after,
        path_prefix: q.directory === "" ? undefined : q.directory,
        ingestion_status: q.ingestion_status === undefined ? undefined : [q.ingestion_status],
        category: q.category,
        name_contains: q.name_contains,
        kind: q.kind
      })
      withheld = page.withheld
      if (page.total > FOLDER_SCAN_MAX) return Option.none()
      files.push(...page.items)
      if (page.next_cursor === null || page.next_cursor.order !== "path") return Option.some({ files, withheld })
      after = page.next_cursor
    }
  })

const countsBy = <A>(items: ReadonlyArray<A>, key: (a: A) => string | null) => {
  const counts = new Map<string, number>()
  for (const item of items) {
    const k = key(item)
    if (k !== null) counts.set(k, (counts.get(k) ?? 0) + 1)
  }
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || compareCodePoints(a.name, b.name))
}

const iso = (ms: number) => new Date(ms).toISOString()

/** the nearest ancestor of `directory` (itself excluded) holding a file the caller sees */
const nearestAncestor = (tenantId: string, workspaceId: string, visible: VisibleLabels, directory: string) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    const segments = directory.split("/").filter((s) => s.length > 0)
    for (let n = segments.length - 1; n >= 0; n--) {
      const prefix = n === 0 ? "" : `${segments.slice(0, n).join("/")}/`
      const page = yield* store.list(tenantId, workspaceId, { visible, order: "path", limit: 1, path_prefix: prefix === "" ? undefined : prefix })
      if (page.total > 0) return Option.some(prefix === "" ? "/" : prefix)
    }
    return Option.none<string>()
  })

export const folderMetadata = (tenantId: string, workspaceId: string, visible: VisibleLabels, q: FolderQuery) =>
  Effect.gen(function*() {
    const scanned = yield* scanFolder(tenantId, workspaceId, visible, q)
    if (Option.isNone(scanned)) return Option.none()
    const files = scanned.value.files

    const relative = (f: WorkspaceFile) => f.path.slice(q.directory.length)
    const direct = files.filter((f) => !relative(f).includes("/"))
    const listed = (q.recursive ? files : direct).filter((f) => q.start_after === undefined || compareCodePoints(f.path, q.start_after) > 0)
    const entries = listed.slice(0, q.page_size)

    const bySubdirectory = new Map<string, Array<WorkspaceFile>>()
    for (const f of files) {
      const rel = relative(f)
      const slash = rel.indexOf("/")
      if (slash < 0) continue
      const name = rel.slice(0, slash)
      const list = bySubdirectory.get(name) ?? []
      list.push(f)
      bySubdirectory.set(name, list)
    }
    const summary = Object.fromEntries(INGESTION_STATUSES.map((s) => [s, 0])) as Record<IngestionStatus, number>
    for (const f of files) summary[f.ingestion_status]++

    const hint = files.length === 0 && !q.filtered
      ? yield* Effect.map(nearestAncestor(tenantId, workspaceId, visible, q.directory), Option.match({
        onNone: () => "no files you can see in this workspace",
        onSome: (a) => `no files you can see under ${q.directory === "" ? "/" : q.directory}; the nearest folder holding files is ${a}`
      }))
      : undefined

    const view = {
      directory: q.directory === "" ? "/" : q.directory,
      overall_files: files.length,
      categories: countsBy(files, (f) => f.category),
      subdirectories: [...bySubdirectory].sort(([a], [b]) => compareCodePoints(a, b)).map(([name, inside]) => ({
        name,
        overall_files: inside.length,
        top_categories: countsBy(inside, (f) => f.category).slice(0, TOP_CATEGORIES_MAX),
        failed_files: inside.filter((f) => f.ingestion_status === "failed").length
      })),
      ingestion_summary: summary,
      files_truncated: listed.length > entries.length,
      file_entries: entries.map((f) => ({
        path: f.path,
        ingestion_status: f.ingestion_status,
        size_bytes: f.size_bytes,
        uploaded_at: iso(f.created_at),
        ...(f.category === null ? {} : { category: f.category }),
        kind: contentKindOf(f.path, f.file_type)
      })),
      coverage: coverageOf(scanned.value.withheld),
      ...(hint === undefined ? {} : { hint })
    }
    // the matched files (for `include_tables`: the tables of these files)
    return Option.some({ view, file_ids: files.map((f) => f.file_id) })
  })
