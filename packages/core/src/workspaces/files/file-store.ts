/**
 * The port of a workspace's files, their versions and their derived outputs, keyed by tenant and
 * workspace (another tenant's or workspace's file is not found). Adapters: storage-memory,
 * storage-pg; both run `workspaceFileStoreSuite` (`testing/`).
 *
 * Rules every adapter keeps:
 * - A path is unique in its workspace: two creates at one path race safely, one wins and the
 *   other fails with `PathConflict` naming the winner.
 * - A file's versions: adding one makes it current (`version + 1`) and freezes the one it replaces
 *   (`replaced_at`, `is_current` false) in one step; the new status follows `withNextVersion`.
 * - Updates may compare-and-set (`FileExpectation`): of two instances claiming a file
 *   `queued → ingesting`, one gets the file and the other `FileStateChanged`.
 * - Lists filter by the caller's visible labels in the query itself: a file whose `access_label`
 *   is null is visible to everyone; `total` counts only visible matches; `withheld` counts the
 *   matches hidden from the caller and names the labels that would unlock them; paging never
 *   changes either. Nothing is filtered after paging.
 * - Orders are code-point orders (PostgreSQL `COLLATE "C"`), identical in every adapter.
 * - A delete takes the file's versions, outputs and members with it and answers the blob keys
 *   they held (the caller deletes the blobs).
 */
import { Context, type Effect, Option } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { ContentKind } from "./content-kind.js"
import type { FileStateChanged, PathConflict, WorkspaceFileNotFound } from "./file-errors.js"
import type {
  FileExpectation,
  FileOutput,
  FilePatch,
  FileVersion,
  IngestionStatus,
  NewFileVersion,
  NewWorkspaceFile,
  OutputMember,
  WorkspaceFile
} from "./workspace-file.js"

/** `"all"`: the caller sees every file (a workspace without labels, or a key granted all) */
export type VisibleLabels = "all" | ReadonlyArray<string>

export const isVisible = (accessLabel: string | null, visible: VisibleLabels): boolean =>
  accessLabel === null || visible === "all" || visible.includes(accessLabel)

/** Where a page resumes: after this file in the list's order. */
export type FileCursor =
  | { readonly order: "path"; readonly path: string }
  | { readonly order: "created"; readonly created_at: number; readonly file_id: string }

export interface FileFilters {
  /** normalized prefix (`normalizePathPrefix`); `""` is the whole workspace */
  readonly path_prefix?: string | undefined
  readonly ingestion_status?: ReadonlyArray<IngestionStatus> | undefined
  /** exact */
  readonly category?: string | undefined
  /** case-insensitive substring of the path; `%` and `_` are literal */
  readonly name_contains?: string | undefined
  /** `contentKindOf` the file */
  readonly kind?: ContentKind | undefined
}

export interface FileListQuery extends FileFilters {
  readonly visible: VisibleLabels
  /** `path` ascending, or `created` oldest first (ties by `file_id`) */
  readonly order: "path" | "created"
  readonly after?: FileCursor | undefined
  /** 1 to 1000 */
  readonly limit: number
}

/** What the caller was not shown (spec 3, "Coverage block"). */
export interface Withheld {
  readonly count: number
  /** the distinct labels of the withheld files, sorted */
  readonly labels: ReadonlyArray<string>
}

export interface FilePage {
  readonly items: ReadonlyArray<WorkspaceFile>
  /** the cursor after the last item when more follow, else null */
  readonly next_cursor: FileCursor | null
  /** every visible file matching the filters (not only this page) */
  readonly total: number
  readonly withheld: Withheld
}

export interface VersionPage {
  /** newest first */
  readonly items: ReadonlyArray<FileVersion>
  /** the version to resume below, or null */
  readonly next_cursor: number | null
  readonly total: number
}

export interface NewFileOutput {
  readonly output_id: string
  readonly kind: string
  readonly path: string
  readonly blob_key: string | null
  readonly size_bytes: number
  readonly media_type: string
  /** the files of a folder output (at most `MAX_OUTPUT_MEMBERS`) */
  readonly members: ReadonlyArray<OutputMember>
}

/** What a store keeps of a new output: generation `generation` of the outputs of file `fileId`. */
export const storedOutput = (o: NewFileOutput, fileId: string, workspaceId: string, generation: number, at: number): FileOutput => ({
  output_id: o.output_id,
  file_id: fileId,
  workspace_id: workspaceId,
  kind: o.kind,
  path: o.path,
  generation,
  created_at: at,
  blob_key: o.blob_key,
  size_bytes: o.size_bytes,
  media_type: o.media_type,
  member_count: o.members.length
})

export const MAX_OUTPUTS_PER_FILE = 1000
export const MAX_OUTPUT_MEMBERS = 10_000

export interface OutputsReplaced {
  readonly generation: number
  readonly outputs: ReadonlyArray<FileOutput>
  /** the blobs of the outputs (and members) replaced: the caller deletes them */
  readonly replaced_blob_keys: ReadonlyArray<string>
}

export interface MemberPage {
  readonly items: ReadonlyArray<OutputMember>
  readonly total: number
}

export interface DeletedFile {
  readonly file: WorkspaceFile
  /** every blob the file, its versions, outputs and members held (distinct) */
  readonly blob_keys: ReadonlyArray<string>
}

export interface WorkspaceTeardown {
  /** files deleted by this call */
  readonly deleted: number
  readonly blob_keys: ReadonlyArray<string>
  /** files are left: call again */
  readonly more: boolean
}

/** Retention of the workspace (days turned into milliseconds; null: kept forever). */
export interface FileRetention {
  readonly source_ttl_ms: number | null
  readonly derived_ttl_ms: number | null
}

/**
 * When the file's source and its derived representations expire under `retention` (spec 3,
 * "Workspace": `source_ttl_days` anchored at `created_at`, `derived_ttl_days` at `ingested_at`,
 * for a file that has representations: `ingested` or `stale`).
 */
export const expiriesOf = (file: WorkspaceFile, retention: FileRetention): ReadonlyArray<number> => {
  const at: Array<number> = []
  if (retention.source_ttl_ms !== null) at.push(file.created_at + retention.source_ttl_ms)
  const represented = file.ingestion_status === "ingested" || file.ingestion_status === "stale"
  if (retention.derived_ttl_ms !== null && represented && file.ingested_at !== null) at.push(file.ingested_at + retention.derived_ttl_ms)
  return at
}

/** The file part of the workspace stats (spec 3, "Workspace stats"). */
export interface FileStats {
  readonly files_total: number
  /** every status, zero included */
  readonly files_by_ingestion_status: Readonly<Record<IngestionStatus, number>>
  readonly bytes_total: number
  /** `page_count` summed over `ingested` and `stale` files */
  readonly pages_ingested: number
  readonly last_ingestion_at: number | null
  /**
   * the earliest expiry to come: a source at `created_at + source_ttl`, a derived representation
   * of an ingested file at `ingested_at + derived_ttl`; null when nothing expires
   */
  readonly next_expiry_at: number | null
  /** files with an expiry (either) at or before `now + window` */
  readonly files_expiring_within: number
}

export interface WorkspaceFileStoreService {
  /** the file at version 1; `PathConflict` when the path is taken */
  readonly create: (file: NewWorkspaceFile) => Effect.Effect<WorkspaceFile, PathConflict | StorageUnavailable>
  readonly get: (tenantId: string, workspaceId: string, fileId: string) => Effect.Effect<Option.Option<WorkspaceFile>, StorageUnavailable>
  readonly getByPath: (tenantId: string, workspaceId: string, path: string) => Effect.Effect<Option.Option<WorkspaceFile>, StorageUnavailable>
  /** the next version (see `withNextVersion`); `expect` as in `update` */
  readonly addVersion: (
    tenantId: string,
    workspaceId: string,
    fileId: string,
    next: NewFileVersion,
    expect?: FileExpectation
  ) => Effect.Effect<WorkspaceFile, WorkspaceFileNotFound | FileStateChanged | StorageUnavailable>
  /** changes the patched fields (and `updated_at` to `at`) if the file meets `expect` */
  readonly update: (
    tenantId: string,
    workspaceId: string,
    fileId: string,
    patch: FilePatch,
    at: number,
    expect?: FileExpectation
  ) => Effect.Effect<WorkspaceFile, WorkspaceFileNotFound | FileStateChanged | StorageUnavailable>
  /** none when there was no such file */
  readonly delete: (tenantId: string, workspaceId: string, fileId: string) => Effect.Effect<Option.Option<DeletedFile>, StorageUnavailable>
  readonly list: (tenantId: string, workspaceId: string, query: FileListQuery) => Effect.Effect<FilePage, StorageUnavailable>
  /** newest first, resuming below `before` */
  readonly listVersions: (
    tenantId: string,
    workspaceId: string,
    fileId: string,
    page: { readonly before?: number | undefined; readonly limit: number }
  ) => Effect.Effect<Option.Option<VersionPage>, StorageUnavailable>
  /** one version (current or replaced) */
  readonly getVersion: (tenantId: string, workspaceId: string, fileId: string, version: number) => Effect.Effect<Option.Option<FileVersion>, StorageUnavailable>
  /** replaces all the file's outputs at once with the next generation */
  readonly replaceOutputs: (
    tenantId: string,
    workspaceId: string,
    fileId: string,
    outputs: ReadonlyArray<NewFileOutput>,
    at: number
  ) => Effect.Effect<OutputsReplaced, WorkspaceFileNotFound | StorageUnavailable>
  /** the file's current outputs, by path */
  readonly listOutputs: (tenantId: string, workspaceId: string, fileId: string) => Effect.Effect<ReadonlyArray<FileOutput>, StorageUnavailable>
  readonly getOutput: (tenantId: string, workspaceId: string, fileId: string, outputId: string) => Effect.Effect<Option.Option<FileOutput>, StorageUnavailable>
  /** a current output at exactly this path (the artifact route), with its file */
  readonly findOutputByPath: (
    tenantId: string,
    workspaceId: string,
    path: string
  ) => Effect.Effect<Option.Option<{ readonly file: WorkspaceFile; readonly output: FileOutput }>, StorageUnavailable>
  /** a folder output's members in their order, offset paging */
  readonly listOutputMembers: (
    tenantId: string,
    workspaceId: string,
    outputId: string,
    page: { readonly offset: number; readonly limit: number }
  ) => Effect.Effect<MemberPage, StorageUnavailable>
  readonly stats: (
    tenantId: string,
    workspaceId: string,
    retention: FileRetention,
    now: number,
    windowMs: number
  ) => Effect.Effect<FileStats, StorageUnavailable>
  /** whether any file of the tenant (any workspace) has `label` as its access label (deleting the label is refused then) */
  readonly referencesLabel: (tenantId: string, label: string) => Effect.Effect<boolean, StorageUnavailable>
  /** teardown: deletes up to `limit` files of the workspace (with versions, outputs, members) */
  readonly deleteWorkspace: (tenantId: string, workspaceId: string, limit: number) => Effect.Effect<WorkspaceTeardown, StorageUnavailable>
}

export class WorkspaceFileStore extends Context.Tag("@docket/core/WorkspaceFileStore")<WorkspaceFileStore, WorkspaceFileStoreService>() {}

/** Code-point order of two strings (PostgreSQL's `COLLATE "C"` on UTF-8), not UTF-16 unit order. */
export const compareCodePoints = (a: string, b: string): number => {
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i)
    const y = b.charCodeAt(i)
    if (x === y) continue
    // a surrogate (U+D800–DFFF, part of a code point ≥ U+10000) sorts after every BMP character
    const surrogateX = x >= 0xd800 && x <= 0xdfff
    const surrogateY = y >= 0xd800 && y <= 0xdfff
    if (surrogateX !== surrogateY) return surrogateX ? 1 : -1
    return x < y ? -1 : 1
  }
  return a.length - b.length
}

/** How `name_contains` matches: the case-folded needle in the case-folded path (adapters store the fold). */
export const foldCase = (s: string): string => s.toLowerCase()

/** The opaque form of a cursor (base64url JSON) and back; a cursor that does not decode is none. */
export const encodeFileCursor = (cursor: FileCursor): string =>
  Buffer.from(JSON.stringify(cursor.order === "path" ? ["p", cursor.path] : ["c", cursor.created_at, cursor.file_id])).toString("base64url")

export const decodeFileCursor = (token: string): Option.Option<FileCursor> => {
  try {
    const v: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"))
    if (Array.isArray(v) && v[0] === "p" && v.length === 2 && typeof v[1] === "string") return Option.some({ order: "path", path: v[1] })
    if (Array.isArray(v) && v[0] === "c" && v.length === 3 && Number.isSafeInteger(v[1]) && typeof v[2] === "string") {
      return Option.some({ order: "created", created_at: v[1], file_id: v[2] })
    }
  } catch {
    // not base64url JSON
  }
  return Option.none()
}
