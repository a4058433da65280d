/**
 * What ingestion learnt of a file (spec 3, "File metadata", "Folder metadata"): one record per
 * file, replaced whole by each ingestion, read by the metadata routes and the file tools, dropped
 * with the file's derived representations (expiry, delete, workspace teardown).
 *
 * Adapters: storage-memory, storage-pg; both run `fileIngestionStoreSuite` (`testing/`).
 * A record is keyed by tenant, workspace and file: another tenant's or workspace's is not found.
 */
import { Context, type Effect, type Option } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { ContentKind } from "../files/content-kind.js"

export interface IngestedColumn {
  readonly name: string
  readonly data_type: string
}

export interface IngestedComponent {
  readonly kind: "document" | "section" | "sheet" | "table" | "media"
  /** section heading, sheet/tab name, "table 2", or the file name for the whole document */
  readonly name: string
  readonly summary: string | null
  /** the workspace table loaded from it (queryable), else null */
  readonly table_name: string | null
  readonly row_count: number | null
  readonly column_count: number | null
  readonly columns: ReadonlyArray<IngestedColumn>
  /** range in document.md */
  readonly char_start: number
  readonly char_end: number
  readonly page_start: number | null
  readonly page_end: number | null
  readonly readable: boolean
  readonly queryable: boolean
}

export interface IngestedPage {
  readonly page: number
  readonly char_start: number
  readonly char_end: number
}

/** the file's `contentKindOf` when it was ingested */
export type IngestedKind = ContentKind

export interface FileIngestionRecord {
  readonly tenant_id: string
  readonly workspace_id: string
  readonly file_id: string
  /** the file version this record describes */
  readonly version: number
  readonly ingested_hash: string
  readonly ingested_at: number
  readonly kind: IngestedKind
  readonly lane: string
  readonly page_count: number | null
  readonly sheet_names: ReadonlyArray<string>
  readonly duration_ms: number | null
  readonly summary: string | null
  readonly keywords: ReadonlyArray<string>
  /** inner shapes decided by ingestion (spec: not shown); see the README, "Ingestion, reconciliation and retention" */
  readonly documents: ReadonlyArray<unknown>
  readonly sheets: ReadonlyArray<unknown>
  readonly media: ReadonlyArray<unknown>
  readonly extracted_fields: Readonly<Record<string, unknown>>
  /** length of document.md */
  readonly total_chars: number
  readonly pages: ReadonlyArray<IngestedPage>
  readonly components: ReadonlyArray<IngestedComponent>
}

/** The workspace tables a record's components loaded (what a delete or expiry drops). */
export const tableNamesOf = (record: FileIngestionRecord): ReadonlyArray<string> => {
  const names = new Set<string>()
  for (const c of record.components) if (c.table_name !== null) names.add(c.table_name)
  return [...names]
}

export interface FileIngestionStoreService {
  /** keeps `record` as the file's only record (replacing any earlier one) */
  readonly put: (record: FileIngestionRecord) => Effect.Effect<void, StorageUnavailable>
  readonly get: (tenantId: string, workspaceId: string, fileId: string) => Effect.Effect<Option.Option<FileIngestionRecord>, StorageUnavailable>
  /** the record removed (none when the file had none) */
  readonly delete: (tenantId: string, workspaceId: string, fileId: string) => Effect.Effect<Option.Option<FileIngestionRecord>, StorageUnavailable>
  /** teardown: removes every record of the workspace; answers how many */
  readonly deleteWorkspace: (tenantId: string, workspaceId: string) => Effect.Effect<number, StorageUnavailable>
}

export class FileIngestionStore extends Context.Tag("@docket/core/FileIngestionStore")<FileIngestionStore, FileIngestionStoreService>() {}
