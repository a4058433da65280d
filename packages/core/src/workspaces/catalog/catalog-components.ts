/**
 * A parsed file's catalog components and their cells (spec 3, "Filtered-search result"): a
 * spreadsheet gives one component per sheet (named by its tab, no pages); any other file one
 * component for the whole document (no name, pages 1 to its page count), `media` when it is an
 * image, audio or video. The `CatalogExtractor` reads each; a component without text (a scan OCR
 * could not read, a recording) is not read: every field `unexamined`.
 *
 * The extractor reads at most `MAX_CATALOG_CHARS` of a component (a huge sheet's first rows):
 * a field it did not find in a component read only in part is `unexamined`, not `not_found`.
 *
 * `settleCells` puts what the extractor answered into the catalog's shape: fields in
 * `CATALOG_FIELDS` order, one cell for a field that is not repeated, `not_found` (or `absent`)
 * for a field it left out, unknown fields and malformed values dropped.
 */
import { Effect } from "effect"
import type { ParsedDocument } from "../../documents/parsed-document.js"
import { CatalogExtractor } from "../../intelligence/catalog-extractor.js"
import type { ContentKind } from "../files/content-kind.js"
import type { CatalogCell, CatalogComponent, ComponentKind } from "./catalog-entry.js"
import { CATALOG_FIELDS, type CatalogField } from "./catalog-fields.js"
import { isIsoDate } from "./catalog-query.js"
import { isCurrencyCode, isDecimal } from "./money.js"

const fits = (field: CatalogField, cell: CatalogCell): boolean => {
  if (cell.status === "not_found" || cell.status === "unexamined") return true
  const v = cell.value
  if (v === null || cell.citation === null) return false
  if (cell.status === "ambiguous") return true
  switch (field.kind) {
    case "date":
      return v.kind === "date" && isIsoDate(v.date)
    case "party":
      return v.kind === "party" && v.name.trim() !== ""
    case "identifier":
      return v.kind === "identifier" && v.value.trim() !== ""
    case "money":
      return v.kind === "money" && isDecimal(v.amount) && isCurrencyCode(v.currency)
  }
}

export const MAX_CATALOG_CHARS = 1_000_000

export const settleCells = (cells: ReadonlyArray<CatalogCell>, absent: "not_found" | "unexamined" = "not_found"): ReadonlyArray<CatalogCell> =>
  CATALOG_FIELDS.flatMap((field): Array<CatalogCell> => {
    const own = cells.filter((c) => c.field === field.field && fits(field, c))
    const values = own.filter((c) => c.status === "found" || c.status === "ambiguous")
    if (values.length > 0) return field.repeated ? values : [values[0]!]
    const unexamined = own.find((c) => c.status === "unexamined")
    return [{ field: field.field, status: unexamined === undefined ? absent : "unexamined", value: null, citation: null }]
  })

const unexamined = (): ReadonlyArray<CatalogCell> =>
  CATALOG_FIELDS.map((f) => ({ field: f.field, status: "unexamined", value: null, citation: null }))

export const catalogComponentsOf = (doc: ParsedDocument, kind: ContentKind) =>
  Effect.gen(function*() {
    const extractor = yield* CatalogExtractor
    if (doc.kind === "spreadsheet") {
      return yield* Effect.forEach(doc.sheets, (sheet) =>
        Effect.map(
          extractor.extract({ component_kind: "sheet", pages: [{ page: null, text: sheet.markdown.slice(0, MAX_CATALOG_CHARS) }] }),
          (cells): CatalogComponent => ({
            component: sheet.sheet_name,
            component_kind: "sheet",
            page_start: null,
            page_end: null,
            cells: settleCells(cells, sheet.markdown.length > MAX_CATALOG_CHARS ? "unexamined" : "not_found")
          })
        ))
    }
    const componentKind: ComponentKind = kind === "media" ? "media" : "document"
    const pageCount = Math.max(doc.page_count, 1)
    const whole = { component: null, component_kind: componentKind, page_start: 1, page_end: pageCount }
    if (doc.text.trim() === "") return [{ ...whole, cells: unexamined() }]
    const all = doc.pages.length > 0 ? doc.pages.map((p) => ({ page: p.page_number, text: p.text })) : [{ page: 1, text: doc.text }]
    // the first pages up to the bound (a page is cut at it)
    const pages: Array<{ page: number; text: string }> = []
    let room = MAX_CATALOG_CHARS
    for (const p of all) {
      if (room <= 0) break
      pages.push(p.text.length <= room ? p : { ...p, text: p.text.slice(0, room) })
      room -= p.text.length
    }
    const cells = yield* extractor.extract({ component_kind: componentKind, pages })
    return [{ ...whole, cells: settleCells(cells, room < 0 ? "unexamined" : "not_found") }]
  })
