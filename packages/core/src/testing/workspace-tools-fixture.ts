/**
 * Files as ingestion leaves them, set up through the ports (the file store, the blob store, the
 * `FileIngestionStore`, the SQL engine) for the file-tool HTTP suite: an uploaded source, its
 * `_derived/P/document.md`, its record (pages, components), its tables, and status `ingested`.
 */
import { Clock, Effect, Stream } from "effect"
import { createHash, randomUUID } from "node:crypto"
import { BlobStore } from "../documents/uploads/blob-store.js"
import { WorkspaceFileStore } from "../workspaces/files/file-store.js"
import type { FileIngestionRecord, IngestedComponent } from "../workspaces/ingestion/file-ingestion.js"
import { FileIngestionStore } from "../workspaces/ingestion/file-ingestion.js"
import { buildTable } from "../workspaces/tables/table-profile.js"
import { WorkspaceSql } from "../workspaces/tables/sql-engine.js"
import type { RawCell } from "../workspaces/tables/workspace-table.js"
import { documentPathOf } from "../workspaces/tools/document-text.js"
import type { DocketServices } from "../docket.js"
import { jsonResponse } from "../platform/response.js"
import { route, type Route } from "../platform/router.js"

export interface FixtureSection {
  readonly name: string
  readonly text: string
  /** 1-based page the section is on (a document with pages), else omitted */
  readonly page?: number
}

export interface FixtureFile {
  readonly path: string
  readonly file_type: string
  readonly access_label?: string | null
  /** false: uploaded only (`discovered`) */
  readonly ingested?: boolean
  readonly kind?: "document" | "table"
  /** the document's sections in order; pages when they carry `page` */
  readonly sections?: ReadonlyArray<FixtureSection>
  /** a sheet or CSV: its grid (first row the header) and the table name */
  readonly table?: { readonly name: string; readonly component: string; readonly grid: ReadonlyArray<ReadonlyArray<RawCell>> }
}

const encoder = new TextEncoder()
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

const putBlob = (bytes: Uint8Array) =>
  Effect.gen(function*() {
    const key = `fixture/${randomUUID()}`
    yield* (yield* BlobStore).put(key, Stream.make(bytes), bytes.length + 1)
    return key
  })

const component = (c: Partial<IngestedComponent> & Pick<IngestedComponent, "kind" | "name" | "char_start" | "char_end">): IngestedComponent => ({
  summary: null,
  table_name: null,
  row_count: null,
  column_count: null,
  columns: [],
  page_start: null,
  page_end: null,
  readable: true,
  queryable: false,
  ...c
})

/** Uploads `spec` into the workspace and, unless `ingested` is false, leaves it as ingestion would. */
export const seedToolFile = (tenantId: string, workspaceId: string, spec: FixtureFile) =>
  Effect.gen(function*() {
    const files = yield* WorkspaceFileStore
    const at = yield* Clock.currentTimeMillis
    // the markdown of the whole file, with the ranges of its pages and components
    let markdown = ""
    const components: Array<IngestedComponent> = []
    const pages = new Map<number, { start: number; end: number }>()
    for (const s of spec.sections ?? []) {
      const start = markdown.length
      markdown += `## ${s.name}\n\n${s.text}\n\n`
      components.push(component({ kind: "section", name: s.name, char_start: start, char_end: markdown.length, page_start: s.page ?? null, page_end: s.page ?? null }))
      if (s.page !== undefined) {
        const p = pages.get(s.page)
        pages.set(s.page, { start: p?.start ?? start, end: markdown.length })
      }
    }
    let tableRows: ReturnType<typeof buildTable> | undefined
    if (spec.table !== undefined) {
      const start = markdown.length
      const [header, ...rows] = spec.table.grid
      markdown += `| ${header!.map(String).join(" | ")} |\n|${header!.map(() => "---").join("|")}|\n`
      for (const r of rows) markdown += `| ${r.map((c) => (c === null || c === undefined ? "" : String(c))).join(" | ")} |\n`
      const file_id_placeholder = "pending"
      tableRows = buildTable({ file_id: file_id_placeholder, path: spec.path, component: spec.table.component, component_kind: "csv", table_name: spec.table.name }, spec.table.grid)
      components.push(component({
        kind: "sheet",
        name: spec.table.component,
        char_start: start,
        char_end: markdown.length,
        table_name: spec.table.name,
        row_count: tableRows.descriptor.row_count,
        column_count: tableRows.descriptor.column_count,
        columns: tableRows.descriptor.columns.map((c) => ({ name: c.name, data_type: c.data_type })),
        queryable: true
      }))
    }
    const source = encoder.encode(`source bytes of ${spec.path}\n${markdown}`)
    const sourceKey = yield* putBlob(source)
    const file = yield* files.create({
      tenant_id: tenantId,
      workspace_id: workspaceId,
      file_id: randomUUID(),
      path: spec.path,
      file_type: spec.file_type,
      size_bytes: source.length,
      observed_hash: sha(source),
      blob_key: sourceKey,
      labels: {},
      graph_inclusion: "auto",
      access_label: spec.access_label ?? null,
      ingestion_status: "discovered",
      at
    })
    if (spec.ingested === false) return file
    const doc = encoder.encode(markdown)
    const docKey = yield* putBlob(doc)
    yield* files.replaceOutputs(tenantId, workspaceId, file.file_id, [
      { output_id: randomUUID(), kind: "derived_file", path: documentPathOf(spec.path), blob_key: docKey, size_bytes: doc.length, media_type: "text/markdown", members: [] }
    ], at)
    components.unshift(component({ kind: "document", name: spec.path.split("/").pop()!, char_start: 0, char_end: markdown.length, page_start: pages.size > 0 ? 1 : null, page_end: pages.size > 0 ? pages.size : null }))
    if (tableRows !== undefined) {
      const descriptor = { ...tableRows.descriptor, file_id: file.file_id }
      yield* (yield* WorkspaceSql).loadTable(tenantId, workspaceId, descriptor, tableRows.rows)
    }
    const record: FileIngestionRecord = {
      tenant_id: tenantId,
      workspace_id: workspaceId,
      file_id: file.file_id,
      version: file.version,
      ingested_hash: file.observed_hash,
      ingested_at: at,
      kind: spec.kind ?? (spec.table !== undefined ? "table" : "document"),
      lane: spec.table !== undefined ? "table" : "document",
      page_count: pages.size > 0 ? pages.size : null,
      sheet_names: spec.table !== undefined ? [spec.table.component] : [],
      duration_ms: null,
      summary: null,
      keywords: [],
      documents: [],
      sheets: [],
      media: [],
      extracted_fields: {},
      total_chars: markdown.length,
      pages: [...pages.entries()].sort(([a], [b]) => a - b).map(([page, r]) => ({ page, char_start: r.start, char_end: r.end })),
      components
    }
    yield* (yield* FileIngestionStore).put(record)
    return yield* files.update(tenantId, workspaceId, file.file_id, { ingestion_status: "ingested", ingested_hash: file.observed_hash, ingested_at: at }, at)
  })

/**
 * Routes a test server adds (`routes` of makeDocket) so that a suite in another process can set
 * files up and read the engine's table names: `POST /_test/tools/seed` `{tenant_id, workspace_id,
 * file}` and `POST /_test/tools/tables` `{tenant_id, workspace_id}`. Never for a real server.
 */
export const workspaceToolsTestRoutes: ReadonlyArray<Route<DocketServices>> = [
  route("POST", "/_test/tools/seed", (request) =>
    Effect.gen(function*() {
      const body = JSON.parse(new TextDecoder().decode(yield* request.body.read(8 * 1024 * 1024))) as { tenant_id: string; workspace_id: string; file: FixtureFile }
      yield* seedToolFile(body.tenant_id, body.workspace_id, body.file)
      return jsonResponse(200, { seeded: true })
    }).pipe(Effect.catchAllCause((cause) => Effect.succeed(jsonResponse(500, { error: String(cause) }))))),
  route("POST", "/_test/tools/tables", (request) =>
    Effect.gen(function*() {
      const body = JSON.parse(new TextDecoder().decode(yield* request.body.read(1024 * 1024))) as { tenant_id: string; workspace_id: string }
      const tables = yield* (yield* WorkspaceSql).listTables(body.tenant_id, body.workspace_id)
      return jsonResponse(200, tables.map((t) => t.table_name))
    }).pipe(Effect.catchAllCause((cause) => Effect.succeed(jsonResponse(500, { error: String(cause) })))))
]
