/**
 * The structured query a filtered search runs on the catalog (spec 3, "Filtered-search rules"),
 * and its semantics as pure functions: which entry matches (`matchesCatalogQuery`), in which order
 * (`compareCatalogEntries`), where a page resumes (`CatalogCursor`). The memory store runs them
 * as they are; the PostgreSQL store translates them to SQL over the same stored keys
 * (`cellKeysOf`); the conformance suite holds both to the same answers.
 *
 * - Filters are ANDed. A value filter matches an entry when some `found` cell of its field
 *   satisfies it (any value of a repeated field); `status` matches when some cell of the field
 *   has that status (`not_found`: "contracts without an expiry date").
 * - Text (`equals`, `contains`) is compared folded (`foldCatalogText`): parties by name,
 *   identifiers by value (and scheme when given), dates by their ISO text.
 * - `amount_range` compares amounts in ONE currency, as decimals; a cell in another currency
 *   never matches (money is never converted; spec 3 rule 5). Bounds are inclusive.
 * - `date_range` bounds are inclusive ISO dates.
 * - Order: the sort field's value (dates as ISO text, money as decimals in the sort's currency),
 *   entries without one last in either direction; then path (code points), file id, ordinal.
 * - `total` and `withheld` count every match regardless of the cursor and the limit; an entry the
 *   caller may not see (its `access_label` not visible; null is visible to all) is never a row
 *   and only counts in `withheld`.
 */
import { Option } from "effect"
import { compareCodePoints, isVisible, type VisibleLabels, type Withheld } from "../files/file-store.js"
import { type CatalogField, catalogFieldOf, isSortable } from "./catalog-fields.js"
import { type CatalogCell, type CatalogEntry, CELL_STATUSES, type CellStatus } from "./catalog-entry.js"
import { compareDecimals, isCurrencyCode, isDecimal } from "./money.js"

export type CatalogFilter =
  | { readonly field: string; readonly op: "equals"; readonly value: string; readonly scheme?: string | undefined }
  | { readonly field: string; readonly op: "contains"; readonly value: string; readonly scheme?: string | undefined }
  | { readonly field: string; readonly op: "date_range"; readonly from?: string | undefined; readonly to?: string | undefined }
  | {
    readonly field: string
    readonly op: "amount_range"
    readonly currency: string
    readonly min?: string | undefined
    readonly max?: string | undefined
  }
  | { readonly field: string; readonly op: "status"; readonly status: CellStatus }

export interface CatalogSort {
  /** a sortable field (`isSortable`: a date or money field that is not repeated) */
  readonly field: string
  readonly direction: "asc" | "desc"
  /** required for a money field: only amounts in this currency order; the others go last */
  readonly currency?: string | undefined
}

/** Where a page resumes: after the row with this sort value (null: one without) and position. */
export interface CatalogCursor {
  readonly key: string | null
  readonly path: string
  readonly file_id: string
  readonly ordinal: number
}

export const MAX_CATALOG_ROWS = 200

export interface CatalogQuery {
  readonly visible: VisibleLabels
  /** a normalized folder prefix, matched as a plain string prefix of the path */
  readonly path_prefix?: string | undefined
  /** the rows' `document_type` is one of these; absent or empty: any (null included) */
  readonly document_types?: ReadonlyArray<string> | undefined
  readonly filters: ReadonlyArray<CatalogFilter>
  readonly sort?: CatalogSort | undefined
  readonly after?: CatalogCursor | undefined
  /** 0 (a count: no rows) to `MAX_CATALOG_ROWS` */
  readonly limit: number
}

export interface CatalogPage {
  readonly rows: ReadonlyArray<CatalogEntry>
  /** after the last row when more follow, else null */
  readonly next_cursor: CatalogCursor | null
  /** every visible match (not only this page) */
  readonly total: number
  readonly withheld: Withheld
}

/** How text is compared: NFKC, lower case, runs of white space as one space, trimmed. */
export const foldCatalogText = (s: string): string => s.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim()

/** a calendar date as `YYYY-MM-DD` (2024-02-30 is none) */
export const isIsoDate = (s: string): boolean => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (m === null) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

/** What a stored cell is matched and ordered by (the PostgreSQL store keeps these columns). */
export interface CellKeys {
  /** folded name, identifier value or ISO date */
  readonly text: string | null
  readonly scheme: string | null
  readonly date: string | null
  readonly amount: string | null
  readonly currency: string | null
}

export const cellKeysOf = (cell: CatalogCell): CellKeys => {
  const v = cell.status === "found" ? cell.value : null
  switch (v?.kind) {
    case "date":
      return { text: v.date, scheme: null, date: v.date, amount: null, currency: null }
    case "party":
      return { text: foldCatalogText(v.name), scheme: null, date: null, amount: null, currency: null }
    case "identifier":
      return { text: foldCatalogText(v.value), scheme: foldCatalogText(v.scheme), date: null, amount: null, currency: null }
    case "money":
      return { text: null, scheme: null, date: null, amount: v.amount, currency: v.currency }
    default:
      return { text: null, scheme: null, date: null, amount: null, currency: null }
  }
}

/** Why a query cannot run (empty: it can); the route answers 422 with these. */
export const catalogQueryProblems = (q: Omit<CatalogQuery, "visible">): ReadonlyArray<string> => {
  const problems: Array<string> = []
  const field = (name: string): CatalogField | undefined => {
    const f = catalogFieldOf(name)
    if (f === undefined) problems.push(`unknown field \`${name}\``)
    return f
  }
  for (const filter of q.filters) {
    const f = field(filter.field)
    if (f === undefined) continue
    switch (filter.op) {
      case "equals":
      case "contains":
        if (f.kind === "money") problems.push(`\`${f.field}\` is money: filter it with amount_range`)
        if (foldCatalogText(filter.value) === "") problems.push(`\`${filter.op}\` on \`${f.field}\` needs a value`)
        if (filter.scheme !== undefined && f.kind !== "identifier") problems.push(`only identifiers have a scheme`)
        break
      case "date_range":
        if (f.kind !== "date") problems.push(`\`${f.field}\` is not a date`)
        for (const d of [filter.from, filter.to]) if (d !== undefined && !isIsoDate(d)) problems.push(`\`${d}\` is not a YYYY-MM-DD date`)
        break
      case "amount_range":
        if (f.kind !== "money") problems.push(`\`${f.field}\` is not money`)
        if (!isCurrencyCode(filter.currency)) problems.push(`\`${filter.currency}\` is not an ISO 4217 currency code`)
        for (const a of [filter.min, filter.max]) if (a !== undefined && !isDecimal(a)) problems.push(`\`${a}\` is not a decimal amount`)
        break
      case "status":
        if (!CELL_STATUSES.includes(filter.status)) problems.push(`\`${String(filter.status)}\` is not a cell status`)
        break
    }
  }
  if (q.sort !== undefined) {
    const f = field(q.sort.field)
    if (f !== undefined && !isSortable(f)) problems.push(`\`${f.field}\` cannot order rows (a date or money field that is not repeated can)`)
    if (f?.kind === "money" && (q.sort.currency === undefined || !isCurrencyCode(q.sort.currency))) {
      problems.push(`ordering by \`${f.field}\` needs the currency to compare in (amounts are never converted)`)
    }
  }
  if (!Number.isInteger(q.limit) || q.limit < 0 || q.limit > MAX_CATALOG_ROWS) problems.push(`limit must be 0 to ${MAX_CATALOG_ROWS}`)
  return problems
}

const matchesCell = (filter: CatalogFilter, cell: CatalogCell): boolean => {
  if (filter.op === "status") return cell.status === filter.status
  if (cell.status !== "found") return false
  const k = cellKeysOf(cell)
  switch (filter.op) {
    case "equals":
    case "contains": {
      if (k.text === null) return false
      if (filter.scheme !== undefined && k.scheme !== foldCatalogText(filter.scheme)) return false
      const needle = foldCatalogText(filter.value)
      return filter.op === "equals" ? k.text === needle : k.text.includes(needle)
    }
    case "date_range":
      return k.date !== null && (filter.from === undefined || k.date >= filter.from) && (filter.to === undefined || k.date <= filter.to)
    case "amount_range":
      return k.amount !== null && k.currency === filter.currency &&
        (filter.min === undefined || compareDecimals(k.amount, filter.min) >= 0) &&
        (filter.max === undefined || compareDecimals(k.amount, filter.max) <= 0)
  }
}

/** Whether the entry matches the query's scope and filters (visibility aside). */
export const matchesCatalogQuery = (e: CatalogEntry, q: Omit<CatalogQuery, "visible" | "limit" | "after">): boolean =>
  (q.path_prefix === undefined || e.path.startsWith(q.path_prefix)) &&
  (q.document_types === undefined || q.document_types.length === 0 || (e.document_type !== null && q.document_types.includes(e.document_type))) &&
  q.filters.every((f) => e.cells.some((c) => c.field === f.field && matchesCell(f, c)))

/** The entry's value for the sort (ISO date or decimal amount in the sort's currency), or null. */
export const sortKeyOf = (e: CatalogEntry, sort: CatalogSort | undefined): string | null => {
  if (sort === undefined) return null
  for (const c of e.cells) {
    if (c.field !== sort.field) continue
    const k = cellKeysOf(c)
    if (k.date !== null) return k.date
    if (k.amount !== null && k.currency === sort.currency) return k.amount
  }
  return null
}

const compareKeys = (a: string, b: string): number => (isDecimal(a) && isDecimal(b) ? compareDecimals(a, b) : compareCodePoints(a, b))

const comparePositions = (a: { path: string; file_id: string; ordinal: number }, b: { path: string; file_id: string; ordinal: number }): number =>
  compareCodePoints(a.path, b.path) || compareCodePoints(a.file_id, b.file_id) || a.ordinal - b.ordinal

/** The rows' order: by the sort value (entries without one last), then path, file id, ordinal. */
const compareCursors = (a: CatalogCursor, b: CatalogCursor, sort: CatalogSort | undefined): number => {
  if (sort !== undefined && a.key !== b.key) {
    if (a.key === null) return 1
    if (b.key === null) return -1
    const c = compareKeys(a.key, b.key)
    if (c !== 0) return sort.direction === "asc" ? c : -c
  }
  return comparePositions(a, b)
}

export const cursorOf = (e: CatalogEntry, sort: CatalogSort | undefined): CatalogCursor => ({
  key: sortKeyOf(e, sort),
  path: e.path,
  file_id: e.file_id,
  ordinal: e.ordinal
})

export const compareCatalogEntries = (a: CatalogEntry, b: CatalogEntry, sort: CatalogSort | undefined): number =>
  compareCursors(cursorOf(a, sort), cursorOf(b, sort), sort)

/** whether the entry comes after the cursor in the query's order */
export const isAfterCursor = (e: CatalogEntry, cursor: CatalogCursor, sort: CatalogSort | undefined): boolean =>
  compareCursors(cursorOf(e, sort), cursor, sort) > 0

/**
 * The page of `entries` (every entry of the workspace, any label) for the query: the reference
 * semantics, run as such by the memory store.
 */
export const runCatalogQuery = (entries: Iterable<CatalogEntry>, q: CatalogQuery): CatalogPage => {
  const visible: Array<CatalogEntry> = []
  const hidden: Array<string | null> = []
  for (const e of entries) {
    if (!matchesCatalogQuery(e, q)) continue
    if (isVisible(e.access_label, q.visible)) visible.push(e)
    else hidden.push(e.access_label)
  }
  visible.sort((a, b) => compareCatalogEntries(a, b, q.sort))
  const after = q.after
  const rest = after === undefined ? visible : visible.filter((e) => isAfterCursor(e, after, q.sort))
  const rows = rest.slice(0, q.limit)
  const more = q.limit > 0 && rest.length > rows.length
  return {
    rows,
    next_cursor: more ? cursorOf(rows[rows.length - 1]!, q.sort) : null,
    total: visible.length,
    withheld: withheldOf(hidden)
  }
}

export const withheldOf = (labels: ReadonlyArray<string | null>): Withheld => ({
  count: labels.length,
  labels: [...new Set(labels.filter((l): l is string => l !== null))].sort(compareCodePoints)
})

/** The opaque form of a cursor (base64url JSON) and back; one that does not decode is none. */
export const encodeCatalogCursor = (c: CatalogCursor): string => Buffer.from(JSON.stringify([c.key, c.path, c.file_id, c.ordinal])).toString("base64url")

export const decodeCatalogCursor = (token: string): Option.Option<CatalogCursor> => {
  try {
    const v: unknown = JSON.parse(Buffer.from(token, "base64url").toString("utf8"))
    if (
      Array.isArray(v) && v.length === 4 && (v[0] === null || typeof v[0] === "string") && typeof v[1] === "string" && typeof v[2] === "string" &&
      Number.isSafeInteger(v[3])
    ) return Option.some({ key: v[0], path: v[1], file_id: v[2], ordinal: v[3] })
  } catch {
    // not base64url JSON
  }
  return Option.none()
}
