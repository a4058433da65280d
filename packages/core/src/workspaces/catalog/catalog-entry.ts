/**
 * One catalog row (spec 3, "Filtered-search result", `rows`): a component of a file — the whole
 * document, a sheet, a media file — with a cell per field (one per value of a repeated field).
 *
 * Cell status (spec 3): `found` with a value and a citation; `not_found` when the component was
 * examined and the field is absent (a usable filter: "invoices without a due date");
 * `ambiguous` when present but not normalizable (money without a currency: the value is the text
 * as printed, the citation where); `unexamined` when the component could not be read.
 */
import type { CatalogFieldName } from "./catalog-fields.js"

/** Money as printed, never converted: `amount` a plain decimal (`-1234.50`), `currency` ISO 4217. */
export interface MoneyValue {
  readonly kind: "money"
  readonly amount: string
  readonly currency: string
}

export type CellValue =
  | { readonly kind: "date"; readonly date: string }
  | { readonly kind: "party"; readonly name: string }
  | { readonly kind: "identifier"; readonly scheme: string; readonly value: string }
  | MoneyValue
  /** what an ambiguous cell read, as printed */
  | { readonly kind: "text"; readonly text: string }

export interface Citation {
  /** `page_region` on a page of a document; `sheet` for a tab of a spreadsheet (page null) */
  readonly location: { readonly kind: "page_region" | "sheet"; readonly page: number | null }
  /** the line the value was read from */
  readonly source_text: string
}

export type CellStatus = "found" | "not_found" | "ambiguous" | "unexamined"

export const CELL_STATUSES: ReadonlyArray<CellStatus> = ["found", "not_found", "ambiguous", "unexamined"]

export interface CatalogCell {
  readonly field: CatalogFieldName
  readonly status: CellStatus
  /** null when `not_found` or `unexamined` */
  readonly value: CellValue | null
  /** null when `not_found` or `unexamined` */
  readonly citation: Citation | null
}

export type ComponentKind = "document" | "sheet" | "media"

/** What the extraction gives for one component (the store adds the file's facts). */
export interface CatalogComponent {
  /** null for a whole document; a sheet's tab name */
  readonly component: string | null
  readonly component_kind: ComponentKind
  readonly page_start: number | null
  readonly page_end: number | null
  /** every field of `CATALOG_FIELDS` at least once, in its order */
  readonly cells: ReadonlyArray<CatalogCell>
}

export interface CatalogEntry extends CatalogComponent {
  readonly file_id: string
  /** the component's place in its file (0-based): the row's tie-break after the path */
  readonly ordinal: number
  readonly path: string
  /** the taxonomy's `document_type` of the file's category, null when unclassified */
  readonly document_type: string | null
  readonly category: string | null
  readonly access_label: string | null
  readonly catalog_version: number
}

/** What a file's ingestion hands the store: its facts and its components' cells. */
export interface CatalogFile {
  readonly file_id: string
  readonly path: string
  readonly document_type: string | null
  readonly category: string | null
  readonly access_label: string | null
  readonly catalog_version: number
  readonly components: ReadonlyArray<CatalogComponent>
}

export const entriesOf = (f: CatalogFile): ReadonlyArray<CatalogEntry> =>
  f.components.map((c, ordinal) => ({
    ...c,
    file_id: f.file_id,
    ordinal,
    path: f.path,
    document_type: f.document_type,
    category: f.category,
    access_label: f.access_label,
    catalog_version: f.catalog_version
  }))
