/**
 * `GET …/files/{file_id}/metadata` (spec 3, "File metadata"): the file, what its last ingestion
 * learnt (`FileIngestionRecord`: null or empty before any), its current outputs, which
 * representations exist, and the last ingestion error.
 *
 * `representations`: `organized_files` — the file has derived outputs; `search_index` — the file's
 * representations are built and current enough to search (`ingested` or `stale`, with an
 * ingestion record); `knowledge_graph` — the file's representations are built and the published
 * graph snapshot merged the file's graph (`inGraph`).
 */
import { Option } from "effect"
import type { FileIngestionRecord } from "../ingestion/file-ingestion.js"
import { fileView, outputView } from "./file-view.js"
import type { FileOutput, WorkspaceFile } from "./workspace-file.js"

export const fileMetadataView = (file: WorkspaceFile, record: Option.Option<FileIngestionRecord>, outputs: ReadonlyArray<FileOutput>, inGraph: boolean) => {
  const r = Option.getOrUndefined(record)
  const represented = r !== undefined && (file.ingestion_status === "ingested" || file.ingestion_status === "stale")
  return {
    file: fileView(file),
    lane: r?.lane ?? file.lane,
    page_count: r?.page_count ?? file.page_count,
    sheet_names: r?.sheet_names ?? [],
    duration_ms: r?.duration_ms ?? null,
    summary: r?.summary ?? null,
    keywords: r?.keywords ?? [],
    documents: r?.documents ?? [],
    sheets: r?.sheets ?? [],
    media: r?.media ?? [],
    extracted_fields: r?.extracted_fields ?? {},
    outputs: outputs.map(outputView),
    representations: { organized_files: outputs.length > 0, search_index: represented, knowledge_graph: represented && inGraph },
    last_error: file.ingestion_error
  }
}

/** The answer of `GET …/files/{file_id}/metadata`. */
export type FileMetadataView = ReturnType<typeof fileMetadataView>
