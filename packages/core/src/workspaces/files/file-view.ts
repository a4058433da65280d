/**
 * A file as the API shows it (spec 3, "File"; the fields of a version entry and an output entry):
 * the spec's fields only, times as ISO 8601. Detail adds `download_url`, `preview_url` and
 * `download_url_expires_at` at the route, which signs them.
 */
import type { ArtifactLinks } from "./artifact-links.js"
import { encodeFileCursor, type FilePage, type Withheld } from "./file-store.js"
import type { FileOutput, FileVersion, WorkspaceFile } from "./workspace-file.js"

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export interface FileView {
  readonly file_id: string
  readonly workspace_id: string
  readonly path: string
  readonly file_name: string
  readonly file_type: string
  readonly size_bytes: number
  readonly observed_hash: string
  readonly ingested_hash: string | null
  readonly ingestion_status: string
  readonly ingested_at: string | null
  readonly version: number
  readonly category: string | null
  readonly access_label: string | null
  readonly labels: Readonly<Record<string, string>>
  readonly created_at: string
  readonly updated_at: string
}

export const fileView = (f: WorkspaceFile): FileView => ({
  file_id: f.file_id,
  workspace_id: f.workspace_id,
  path: f.path,
  file_name: f.file_name,
  file_type: f.file_type,
  size_bytes: f.size_bytes,
  observed_hash: f.observed_hash,
  ingested_hash: f.ingested_hash,
  ingestion_status: f.ingestion_status,
  ingested_at: iso(f.ingested_at),
  version: f.version,
  category: f.category,
  access_label: f.access_label,
  labels: f.labels,
  created_at: iso(f.created_at)!,
  updated_at: iso(f.updated_at)!
})

/** `GET …/files/{file_id}`: the file with signed links to its bytes. */
export const fileDetailView = (f: WorkspaceFile, links: ArtifactLinks) => ({ ...fileView(f), ...links })

export type FileDetailView = ReturnType<typeof fileDetailView>

export const versionView = (v: FileVersion) => ({
  version: v.version,
  observed_hash: v.observed_hash,
  ingested_hash: v.ingested_hash,
  ingested_at: iso(v.ingested_at),
  size_bytes: v.size_bytes,
  created_at: iso(v.created_at)!,
  replaced_at: iso(v.replaced_at),
  is_current: v.is_current
})

export const outputView = (o: FileOutput) => ({
  output_id: o.output_id,
  kind: o.kind,
  path: o.path,
  generation: o.generation,
  created_at: iso(o.created_at)!
})

/** Spec 3, "Coverage block", from what a store query withheld. */
export const coverageOf = (withheld: Withheld) => ({
  restricted_candidates: withheld.count,
  labels_required: withheld.labels
})

/** `GET …/files`: the page, its opaque cursor, the exact visible total and the coverage. */
export const filePageView = (page: FilePage) => ({
  items: page.items.map(fileView),
  next_cursor: page.next_cursor === null ? null : encodeFileCursor(page.next_cursor),
  total_count: page.total,
  coverage: coverageOf(page.withheld)
})

export type FilePageView = ReturnType<typeof filePageView>
