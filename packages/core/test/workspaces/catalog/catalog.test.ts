/**
 * The catalog's pure parts (decimals, query problems, cursors, document types) and its ingestion
 * stage on the memory store with the local extractor: a document, a scan without text, a
 * workbook, and a dropped file.
 */
import { describe, expect, it } from "@effect/vitest"
import { MemoryCatalogStore } from "@docket/storage-memory"
import { Effect, Layer, Option } from "effect"
import { documentOfMarkdown } from "../../../src/documents/parse/read-document.js"
import type { ParsedDocument, ParsedSpreadsheet } from "../../../src/documents/parsed-document.js"
import { LocalCatalogExtractorLive } from "../../../src/intelligence/local/local-catalog-extractor.js"
import { catalogQueryProblems, decodeCatalogCursor, encodeCatalogCursor } from "../../../src/workspaces/catalog/catalog-query.js"
import { MAX_CATALOG_CHARS } from "../../../src/workspaces/catalog/catalog-components.js"
import { catalogStage } from "../../../src/workspaces/catalog/catalog-stage.js"
import { CatalogStore } from "../../../src/workspaces/catalog/catalog-store.js"
import { CATALOG_VERSION } from "../../../src/workspaces/catalog/catalog-version.js"
import { documentTypeOf } from "../../../src/workspaces/catalog/document-type.js"
import { compareDecimals } from "../../../src/workspaces/catalog/money.js"
import { CATALOG_FIELDS } from "../../../src/workspaces/catalog/catalog-fields.js"
import type { Taxonomy } from "../../../src/workspaces/domains/domain-definition.js"
import { fileFromNew } from "../../../src/workspaces/files/workspace-file.js"
import type { FileIngestionRecord } from "../../../src/workspaces/ingestion/file-ingestion.js"
import { workspaceFixture } from "@docket/core/testing"

describe("catalog decimals", () => {
  it("compare as numbers, whatever their scale, sign or leading zeros", () => {
    expect(compareDecimals("10000", "9999.99")).toBe(1)
    expect(compareDecimals("1234.5", "1234.50")).toBe(0)
    expect(compareDecimals("-0", "0.00")).toBe(0)
    expect(compareDecimals("-50.5", "-50.49")).toBe(-1)
    expect(compareDecimals("007.1", "7.10")).toBe(0)
    expect(compareDecimals("0.001", "0.01")).toBe(-1)
    expect(compareDecimals("-1", "0.5")).toBe(-1)
  })
})

describe("catalog queries", () => {
  it("refuse unknown fields, ops that do not fit the field, money without a currency, bad limits", () => {
    expect(catalogQueryProblems({ filters: [], limit: 50 })).toEqual([])
    const problems = catalogQueryProblems({
      filters: [
        { field: "colour", op: "equals", value: "red" },
        { field: "total_amount", op: "equals", value: "12" },
        { field: "issuer", op: "date_range", from: "2024-01-01" },
        { field: "total_amount", op: "amount_range", currency: "euro", min: "1,000" },
        { field: "document_date", op: "date_range", from: "01/02/2024" }
      ],
      sort: { field: "amounts", direction: "desc", currency: "EUR" },
      limit: 201
    })
    expect(problems).toEqual([
      "unknown field `colour`",
      "`total_amount` is money: filter it with amount_range",
      "`issuer` is not a date",
      "`euro` is not an ISO 4217 currency code",
      "`1,000` is not a decimal amount",
      "`01/02/2024` is not a YYYY-MM-DD date",
      "`amounts` cannot order rows (a date or money field that is not repeated can)",
      "limit must be 0 to 200"
    ])
    expect(catalogQueryProblems({ filters: [], sort: { field: "total_amount", direction: "asc" }, limit: 5 })).toEqual([
      "ordering by `total_amount` needs the currency to compare in (amounts are never converted)"
    ])
  })

  it("cursors go opaque and back; anything else is none", () => {
    const c = { key: "1234.50", path: "a/b.pdf", file_id: "f", ordinal: 2 }
    expect(Option.getOrThrow(decodeCatalogCursor(encodeCatalogCursor(c)))).toEqual(c)
    expect(Option.getOrThrow(decodeCatalogCursor(encodeCatalogCursor({ ...c, key: null })))).toEqual({ ...c, key: null })
    expect(Option.isNone(decodeCatalogCursor("nope"))).toBe(true)
    expect(Option.isNone(decodeCatalogCursor(Buffer.from(JSON.stringify([1, "p", "f", 0])).toString("base64url")))).toBe(true)
  })
})

const TAXONOMY: Taxonomy = {
  classes: [
    { group: "accounts_payable", subgroup: "invoice", description: "supplier invoices", document_type: "invoice", aliases: [] },
    { group: "legal", subgroup: "contract", description: "contracts", document_type: "contract", aliases: [] }
  ],
  allow_other: true
}

describe("document types", () => {
  it("come from the class of the category; none for an unclassified file or one outside the taxonomy", () => {
    expect(documentTypeOf("legal/contract", TAXONOMY)).toBe("contract")
    expect(documentTypeOf("other/memo", TAXONOMY)).toBeNull()
    expect(documentTypeOf(null, TAXONOMY)).toBeNull()
  })
})

const workspace = workspaceFixture({
  workspace_id: "ws-cat",
  tenant_id: "ten-cat",
  domain_slug: "financial",
  access: { labels: [{ name: "finance", description: "money" }], default_label: "finance" }
})

const fileOf = (fileId: string, path: string, fileType: string) =>
  fileFromNew({
    tenant_id: workspace.tenant_id,
    workspace_id: workspace.workspace_id,
    file_id: fileId,
    path,
    file_type: fileType,
    size_bytes: 10,
    observed_hash: "h",
    blob_key: "k",
    ingestion_status: "ingesting",
    access_label: null,
    labels: {},
    graph_inclusion: "auto",
    at: 0
  } as Parameters<typeof fileFromNew>[0], path.split("/").at(-1)!)

const ingested = (fileId: string, path: string, fileType: string, document: ParsedDocument, category: string | null) =>
  catalogStage.afterFileIngested!({
    workspace,
    file: fileOf(fileId, path, fileType),
    category,
    access_label: "finance",
    taxonomy: TAXONOMY,
    record: {} as FileIngestionRecord,
    document,
    markdown: document.markdown
  })

const all = { visible: "all" as const, filters: [], limit: 50 }

describe("the catalog's ingestion stage", () => {
  it.effect("replaces a file's entries with this ingestion's: a document's cells, its document type, label and version", () =>
    Effect.gen(function*() {
      const store = yield* CatalogStore
      const t = workspace.tenant_id
      const w = workspace.workspace_id
      const doc = documentOfMarkdown("# Invoice\n\nInvoice No: A-17\n\nInvoice date: 2024-05-02\n\nTotal due: USD 950.00\n", "inv.md")
      yield* ingested("f1", "in/inv.md", "text/markdown", doc, "accounts_payable/invoice")
      const page = yield* store.query(t, w, all)
      expect(page.rows).toHaveLength(1)
      const row = page.rows[0]!
      expect(row).toMatchObject({
        file_id: "f1", path: "in/inv.md", component: null, component_kind: "document", page_start: 1, page_end: 1,
        document_type: "invoice", category: "accounts_payable/invoice", access_label: "finance", catalog_version: CATALOG_VERSION
      })
      expect(row.cells.map((c) => c.field)).toEqual(CATALOG_FIELDS.map((f) => f.field).flatMap((f) => (f === "identifiers" || f === "parties" || f === "amounts" ? row.cells.filter((c) => c.field === f).map(() => f) : [f])))
      expect(row.cells.find((c) => c.field === "total_amount")?.value).toEqual({ kind: "money", amount: "950.00", currency: "USD" })
      expect(row.cells.find((c) => c.field === "expiry_date")).toEqual({ field: "expiry_date", status: "not_found", value: null, citation: null })
      // re-ingested as a contract: replaced, not added
      yield* ingested("f1", "in/inv.md", "text/markdown", documentOfMarkdown("Nothing to see.", "inv.md"), "legal/contract")
      const again = yield* store.query(t, w, all)
      expect(again.rows.map((r) => r.document_type)).toEqual(["contract"])
      expect(again.rows[0]!.cells.every((c) => c.status === "not_found")).toBe(true)
      // dropped: gone, and no longer catalogued
      yield* catalogStage.onFileDropped!(t, w, "f1")
      expect((yield* store.query(t, w, all)).total).toBe(0)
      expect(yield* store.uncatalogued(t, w, ["f1"], CATALOG_VERSION)).toEqual(["f1"])
    }).pipe(Effect.provide(Layer.merge(MemoryCatalogStore.layer, LocalCatalogExtractorLive))))

  it.effect("a component read only in part (over MAX_CATALOG_CHARS) says unexamined, not not_found, for what it did not find", () =>
    Effect.gen(function*() {
      const store = yield* CatalogStore
      const long = documentOfMarkdown(`Invoice No: Q-1\n\n${"lorem ipsum ".repeat(Math.ceil(MAX_CATALOG_CHARS / 12) + 10)}`, "long.md")
      yield* ingested("long", "long.md", "text/markdown", long, null)
      const row = (yield* store.query(workspace.tenant_id, workspace.workspace_id, all)).rows.find((r) => r.file_id === "long")!
      expect(row.cells.find((c) => c.field === "identifiers")).toMatchObject({ status: "found", value: { value: "Q-1" } })
      expect(row.cells.find((c) => c.field === "due_date")?.status).toBe("unexamined")
      expect(row.cells.filter((c) => c.status === "not_found")).toEqual([])
    }).pipe(Effect.provide(Layer.merge(MemoryCatalogStore.layer, LocalCatalogExtractorLive))))

  it.effect("a scan without text is a media row with every field unexamined; a workbook gives a row per sheet", () =>
    Effect.gen(function*() {
      const store = yield* CatalogStore
      const t = workspace.tenant_id
      const w = workspace.workspace_id
      yield* ingested("img", "scan.png", "image/png", documentOfMarkdown("", "scan.png"), null)
      const sheet = (name: string, markdown: string) => ({ sheet_name: name, max_row: 2, max_col: 2, cells: [], markdown, char_count: markdown.length })
      const book: ParsedSpreadsheet = {
        kind: "spreadsheet", file_name: "book.xlsx", format: "xlsx", markdown: "", text: "", char_count: 0, chunks: [], metadata: {}, warnings: [],
        sheets: [sheet("Summary", "| Invoice No | Total |\n|---|---|\n| 881 | EUR 10.00 |"), sheet("Empty", "")]
      }
      yield* ingested("xl", "book.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", book, null)
      const rows = (yield* store.query(t, w, all)).rows
      expect(rows.map((r) => [r.path, r.component, r.component_kind, r.page_start])).toEqual([
        ["book.xlsx", "Summary", "sheet", null],
        ["book.xlsx", "Empty", "sheet", null],
        ["scan.png", null, "media", 1]
      ])
      expect(rows[2]!.cells.every((c) => c.status === "unexamined" && c.value === null)).toBe(true)
      expect(rows[0]!.cells.find((c) => c.field === "identifiers")).toMatchObject({ status: "found", value: { scheme: "invoice", value: "881" }, citation: { location: { kind: "sheet", page: null } } })
      expect(rows[1]!.cells.every((c) => c.status === "not_found")).toBe(true)
    }).pipe(Effect.provide(Layer.merge(MemoryCatalogStore.layer, LocalCatalogExtractorLive))))
})
