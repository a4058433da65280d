/**
 * What the metadata route and the file-metadata tool show of an ingested file: the record's
 * fields, its components, outputs and representations; the failed file's error.
 */
import { describe, expect, it } from "@effect/vitest"
import { Workspaces } from "@docket/core"
import { Option } from "effect"

const file = (over: Partial<Workspaces.Files.WorkspaceFile> = {}): Workspaces.Files.WorkspaceFile => ({
  ...Workspaces.Files.fileFromNew({
    tenant_id: "t", workspace_id: "w", file_id: "f", path: "books/ledger.xlsx", file_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    size_bytes: 2048, observed_hash: "h", blob_key: "b", labels: {}, graph_inclusion: "auto", access_label: null, ingestion_status: "discovered", at: 0
  }, "ledger.xlsx"),
  ...over
})

const record: Workspaces.Ingestion.FileIngestionRecord = {
  tenant_id: "t", workspace_id: "w", file_id: "f", version: 1, ingested_hash: "h", ingested_at: 5, kind: "table", lane: "spreadsheet",
  page_count: null, sheet_names: ["Jan", "Feb"], duration_ms: null, summary: "A ledger", keywords: ["ledger"], documents: [], sheets: [{ name: "Jan" }],
  media: [], extracted_fields: { company: "Acme" }, total_chars: 300, pages: [],
  components: [
    { kind: "sheet", name: "Jan", summary: "January", table_name: "ledger_jan", row_count: 10, column_count: 2, columns: [{ name: "amount", data_type: "numeric" }], char_start: 0, char_end: 120, page_start: null, page_end: null, readable: true, queryable: true },
    { kind: "sheet", name: "Feb", summary: null, table_name: null, row_count: null, column_count: null, columns: [], char_start: 120, char_end: 300, page_start: null, page_end: null, readable: true, queryable: false }
  ]
}

const output: Workspaces.Files.FileOutput = {
  output_id: "o", file_id: "f", workspace_id: "w", kind: "derived_file", path: "_derived/books/ledger.xlsx/document.md", generation: 1, created_at: 5,
  blob_key: "ob", size_bytes: 321, media_type: "text/markdown", member_count: 0
}

describe("file metadata views", () => {
  it("the metadata route shows the record, the outputs and the representations of an ingested file", () => {
    const ingested = file({ ingestion_status: "ingested", ingested_hash: "h", ingested_at: 5, lane: "spreadsheet" })
    const m = Workspaces.Files.fileMetadataView(ingested, Option.some(record), [output], false)
    expect(m).toMatchObject({
      lane: "spreadsheet", sheet_names: ["Jan", "Feb"], summary: "A ledger", keywords: ["ledger"], sheets: [{ name: "Jan" }], extracted_fields: { company: "Acme" },
      outputs: [{ output_id: "o", kind: "derived_file", path: "_derived/books/ledger.xlsx/document.md", generation: 1 }],
      representations: { organized_files: true, search_index: true, knowledge_graph: false },
      last_error: null
    })
    // in the graph once a published snapshot merged it
    expect(Workspaces.Files.fileMetadataView(ingested, Option.some(record), [output], true).representations.knowledge_graph).toBe(true)
    const stale = Workspaces.Files.fileMetadataView(file({ ingestion_status: "expired" }), Option.some(record), [], true)
    expect(stale.representations).toEqual({ organized_files: false, search_index: false, knowledge_graph: false })
  })

  it("file-metadata: kind, tabs, characters, the primary summary and components with char counts; ingestion_error only on failed files", () => {
    const r = Workspaces.Files.fileMetadataTool(file({ ingestion_status: "ingested" }), Option.some(record), [output])
    expect(r).toEqual({
      path: "books/ledger.xlsx", file_id: "f", kind: "table", ingestion_status: "ingested", size_bytes: 2048, page_count: null, tab_count: 2,
      total_chars: 300, total_approx_bytes: 321, summary: "January",
      components: [
        { kind: "sheet", name: "Jan", summary: "January", table_name: "ledger_jan", row_count: 10, column_count: 2, char_count: 120, readable: true, queryable: true, columns: [{ name: "amount", data_type: "numeric" }] },
        { kind: "sheet", name: "Feb", summary: null, table_name: null, row_count: null, column_count: null, char_count: 180, readable: true, queryable: false, columns: [] }
      ]
    })
    const error = { code: "corrupt_file", message: "damaged", detail: null, retryable: false, request_id: null }
    const failed = Workspaces.Files.fileMetadataTool(file({ ingestion_status: "failed", ingestion_error: error }), Option.none(), [])
    expect(failed).toMatchObject({ kind: "table", ingestion_status: "failed", ingestion_error: error, components: [], total_chars: null })
  })
})
