/**
 * The `file-metadata` file tool (spec 3, "File tools"): one uploaded file's shape — kind, status,
 * size, pages, tabs, characters, the primary segment's summary and the components ingestion found
 * (`FileIngestionRecord`); before ingestion the counts are null and there are no components.
 * `ingestion_error` appears on failed files only.
 */
import { Option } from "effect"
import type { FileIngestionRecord } from "../ingestion/file-ingestion.js"
import { contentKindOf } from "./content-kind.js"
import type { FileOutput, WorkspaceFile } from "./workspace-file.js"

export const fileMetadataTool = (file: WorkspaceFile, record: Option.Option<FileIngestionRecord>, outputs: ReadonlyArray<FileOutput>) => {
  const r = Option.getOrUndefined(record)
  const markdown = outputs.find((o) => o.path.endsWith("/document.md") && o.blob_key !== null)
  const primary = r?.components[0]
  return {
    path: file.path,
    file_id: file.file_id,
    kind: contentKindOf(file.path, file.file_type),
    ingestion_status: file.ingestion_status,
    size_bytes: file.size_bytes,
    page_count: r?.page_count ?? file.page_count,
    tab_count: r === undefined ? null : r.sheet_names.length > 0 ? r.sheet_names.length : null,
    total_chars: r?.total_chars ?? null,
    // the derived markdown's size when there is one, else the characters as bytes (approximate)
    total_approx_bytes: markdown?.size_bytes ?? r?.total_chars ?? null,
    summary: primary?.summary ?? r?.summary ?? null,
    ...(file.ingestion_status === "failed" ? { ingestion_error: file.ingestion_error } : {}),
    components: (r?.components ?? []).map((c) => ({
      kind: c.kind,
      name: c.name,
      summary: c.summary,
      table_name: c.table_name,
      row_count: c.row_count,
      column_count: c.column_count,
      char_count: Math.max(0, c.char_end - c.char_start),
      readable: c.readable,
      queryable: c.queryable,
      columns: c.columns.map((col) => ({ name: col.name, data_type: col.data_type }))
    }))
  }
}
