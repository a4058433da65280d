/**
 * A workspace file, its versions and its derived outputs (spec 3, "File", "File version entry",
 * "Output entry", "Output member"), as the store keeps them: the spec's fields plus what the
 * service needs behind them (the blob under each version, graph inclusion, whether the access
 * label was given explicitly, the last ingestion error, lane, units and page count). Times are
 * epoch milliseconds of the service clock; the HTTP layer renders them as ISO 8601.
 */

/** Spec 3, "Ingestion status values". */
export const INGESTION_STATUSES = ["discovered", "queued", "ingesting", "ingested", "stale", "expired", "failed", "not_required"] as const
export type IngestionStatus = (typeof INGESTION_STATUSES)[number]

export const GRAPH_INCLUSIONS = ["auto", "include", "exclude"] as const
/** whether the file goes into the knowledge graph: `auto` lets the workspace's `knowledge_graph` block decide */
export type GraphInclusion = (typeof GRAPH_INCLUSIONS)[number]

/** The v1 error shape of a failed ingestion (spec 3, "Ingestion result" outcome `error`). */
export interface IngestionError {
  readonly code: string
  readonly message: string
  readonly detail: Record<string, unknown> | null
  readonly retryable: boolean
  readonly request_id: string | null
}

export interface WorkspaceFile {
  readonly tenant_id: string
  readonly workspace_id: string
  readonly file_id: string
  /** normalized workspace-relative path (`file-path.ts`), unique in the workspace */
  readonly path: string
  /** the path's last segment */
  readonly file_name: string
  /** media type */
  readonly file_type: string
  readonly size_bytes: number
  /** hex SHA-256 of the current version's bytes */
  readonly observed_hash: string
  /** the hash last ingested; null until a first ingestion */
  readonly ingested_hash: string | null
  readonly ingestion_status: IngestionStatus
  readonly ingested_at: number | null
  /** the current version, from 1 */
  readonly version: number
  /** `group/subgroup` of the workspace domain's taxonomy, set by ingestion */
  readonly category: string | null
  /** null: visible to every caller */
  readonly access_label: string | null
  /** stored verbatim, keys in the order given */
  readonly labels: Readonly<Record<string, string>>
  readonly created_at: number
  readonly updated_at: number
  // internal
  /** the blob of the current version's bytes */
  readonly blob_key: string
  /** when the current version was added */
  readonly version_created_at: number
  readonly graph_inclusion: GraphInclusion
  /** the access label was named by the uploader: ingestion keeps it instead of classifying */
  readonly access_label_explicit: boolean
  /** the last ingestion's error (status `failed`), else null */
  readonly ingestion_error: IngestionError | null
  /** the ingestion lane chosen for the file type; null until ingested */
  readonly lane: string | null
  /** units the last ingestion counted */
  readonly units: number
  readonly page_count: number | null
}

export interface FileVersion {
  readonly file_id: string
  readonly version: number
  readonly observed_hash: string
  readonly ingested_hash: string | null
  readonly ingested_at: number | null
  readonly size_bytes: number
  readonly file_type: string
  readonly created_at: number
  /** when a later version replaced it; null for the current one */
  readonly replaced_at: number | null
  readonly is_current: boolean
  readonly blob_key: string
}

/** One file of a folder output (spec 3, "Output member"). */
export interface OutputMember {
  readonly path: string
  readonly file_name: string
  readonly size_bytes: number
  readonly media_type: string
  readonly blob_key: string
}

export interface FileOutput {
  readonly output_id: string
  readonly file_id: string
  readonly workspace_id: string
  /** e.g. `derived_file`, `derived_folder` */
  readonly kind: string
  readonly path: string
  /** the generation of the file's outputs it belongs to; a new set of outputs is the next generation */
  readonly generation: number
  readonly created_at: number
  /** the output's bytes; null for a folder output (its members hold the bytes) */
  readonly blob_key: string | null
  readonly size_bytes: number
  readonly media_type: string
  readonly member_count: number
}

/** What a create needs: the file at version 1. */
export interface NewWorkspaceFile {
  readonly tenant_id: string
  readonly workspace_id: string
  readonly file_id: string
  readonly path: string
  readonly file_type: string
  readonly size_bytes: number
  readonly observed_hash: string
  readonly blob_key: string
  readonly labels: Readonly<Record<string, string>>
  readonly graph_inclusion: GraphInclusion
  /** an explicit label from the upload metadata, else null (decided at ingestion) */
  readonly access_label: string | null
  /**
   * whether `access_label` was named by the uploader (default: when it is set); false for the
   * workspace's default label given at upload, which ingestion may reclassify
   */
  readonly access_label_explicit?: boolean | undefined
  /** `discovered` for an upload */
  readonly ingestion_status: IngestionStatus
  readonly at: number
}

/** The bytes of a next version, and what a replace changes with it. */
export interface NewFileVersion {
  readonly file_type: string
  readonly size_bytes: number
  readonly observed_hash: string
  readonly blob_key: string
  /** undefined: unchanged; `{}`: cleared */
  readonly labels?: Readonly<Record<string, string>> | undefined
  readonly graph_inclusion?: GraphInclusion | undefined
  readonly at: number
}

/**
 * The status a file takes with new bytes (spec 3, "States and transitions"): a file that was
 * ingested (or is `stale` or `expired`) and whose new bytes differ from what was ingested becomes
 * `stale` (re-ingest with `stale_only`); the same bytes as ingested bring it back to `ingested`
 * (a revert); any other file is `discovered` again — not searchable until ingested.
 */
export const statusWithNewBytes = (file: WorkspaceFile, observedHash: string): IngestionStatus => {
  const wasIngested = file.ingestion_status === "ingested" || file.ingestion_status === "stale" || file.ingestion_status === "expired"
  if (!wasIngested || file.ingested_hash === null) return "discovered"
  if (file.ingested_hash === observedHash) return file.ingestion_status === "expired" ? "expired" : "ingested"
  return "stale"
}

/** The file once its next version is added (the store applies it under its lock). */
export const withNextVersion = (file: WorkspaceFile, next: NewFileVersion): WorkspaceFile => ({
  ...file,
  file_type: next.file_type,
  size_bytes: next.size_bytes,
  observed_hash: next.observed_hash,
  blob_key: next.blob_key,
  version_created_at: next.at,
  version: file.version + 1,
  ingestion_status: statusWithNewBytes(file, next.observed_hash),
  labels: next.labels ?? file.labels,
  graph_inclusion: next.graph_inclusion ?? file.graph_inclusion,
  updated_at: next.at
})

/** The fields an update may change (`undefined` leaves a field as it is). */
export interface FilePatch {
  readonly ingestion_status?: IngestionStatus
  readonly ingested_hash?: string | null
  readonly ingested_at?: number | null
  readonly ingestion_error?: IngestionError | null
  readonly lane?: string | null
  readonly units?: number
  readonly page_count?: number | null
  readonly category?: string | null
  readonly access_label?: string | null
  readonly access_label_explicit?: boolean
  readonly labels?: Readonly<Record<string, string>>
  readonly graph_inclusion?: GraphInclusion
}

/** What an update requires of the stored file (compare-and-set); unset: anything. */
export interface FileExpectation {
  /** the file's status must be one of these (e.g. claiming `queued → ingesting` once) */
  readonly ingestion_status?: ReadonlyArray<IngestionStatus>
  /** the file must still be at this version (an ingestion of version n never lands on n+1) */
  readonly version?: number
}

export const applyPatch = (file: WorkspaceFile, patch: FilePatch, at: number): WorkspaceFile => {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as FilePatch
  return { ...file, ...defined, updated_at: at }
}

/** Whether the file meets the expectation. */
export const meets = (file: WorkspaceFile, expect: FileExpectation | undefined): boolean =>
  expect === undefined ||
  ((expect.ingestion_status === undefined || expect.ingestion_status.includes(file.ingestion_status)) &&
    (expect.version === undefined || expect.version === file.version))

/** The version entry of a file's current version (the store keeps rows only for replaced ones). */
export const currentVersionOf = (file: WorkspaceFile): FileVersion => ({
  file_id: file.file_id,
  version: file.version,
  observed_hash: file.observed_hash,
  ingested_hash: file.ingested_hash !== null && file.ingested_hash === file.observed_hash ? file.ingested_hash : null,
  ingested_at: file.ingested_hash !== null && file.ingested_hash === file.observed_hash ? file.ingested_at : null,
  size_bytes: file.size_bytes,
  file_type: file.file_type,
  created_at: file.version_created_at,
  replaced_at: null,
  is_current: true,
  blob_key: file.blob_key
})

/** The file as created from its first version. */
export const fileFromNew = (n: NewWorkspaceFile, fileName: string): WorkspaceFile => ({
  tenant_id: n.tenant_id,
  workspace_id: n.workspace_id,
  file_id: n.file_id,
  path: n.path,
  file_name: fileName,
  file_type: n.file_type,
  size_bytes: n.size_bytes,
  observed_hash: n.observed_hash,
  ingested_hash: null,
  ingestion_status: n.ingestion_status,
  ingested_at: null,
  version: 1,
  category: null,
  access_label: n.access_label,
  labels: n.labels,
  created_at: n.at,
  updated_at: n.at,
  blob_key: n.blob_key,
  version_created_at: n.at,
  graph_inclusion: n.graph_inclusion,
  access_label_explicit: n.access_label_explicit ?? n.access_label !== null,
  ingestion_error: null,
  lane: null,
  units: 0,
  page_count: null
})

/** where every blob of a workspace lives (its files' versions, its derived outputs): a teardown sweeps it */
export const workspaceBlobPrefix = (workspaceId: string) => `workspaces/${workspaceId}/`
