/**
 * From parsed cells to a typed, profiled table: header detection, column names and types, typed
 * rows and the column profiles (`distinct_count`, `null_count`, min and max in the column's order).
 *
 * The first row is a header when each of its non-empty cells is text that is not a number, date
 * or boolean, and it is followed by data (a one-row grid is data) in which
 * either some column is typed (not text) or no header cell reappears in its own column. Without a
 * header the columns are `column_1`, `column_2`…
 */
import { cellText, inferColumnType, parseDate, parseNumber, toValue } from "./column-types.js"
import { snakeIdentifier, uniqueIdentifier } from "./table-name.js"
import type { ColumnProfile, ColumnType, ComponentKind, RawCell, TableColumn, TableRow, TableValue, WorkspaceTable } from "./workspace-table.js"

const looksLikeLabel = (cell: RawCell): boolean => {
  const text = cellText(cell)
  if (text === null) return true
  if (typeof cell !== "string") return false
  return parseNumber(text) === null && parseDate(text) === null && !/^(true|false|yes|no)$/i.test(text)
}

/** Whether the first row of `grid` is a header row. */
export const hasHeaderRow = (grid: ReadonlyArray<ReadonlyArray<RawCell>>): boolean => {
  if (grid.length < 2) return false
  const first = grid[0]
  const labels = first.map(cellText)
  if (labels.every((l) => l === null)) return false
  if (!first.every(looksLikeLabel)) return false
  const width = Math.max(...grid.map((r) => r.length))
  const body = grid.slice(1)
  for (let c = 0; c < width; c++) {
    if (inferColumnType(body.map((r) => r[c])) !== "text") return true
  }
  return labels.every((label, c) => label === null || !body.some((r) => cellText(r[c])?.toLowerCase() === label.toLowerCase()))
}

/** Unique SQL-safe column names from header cells (null for a missing header). */
export const columnNames = (headers: ReadonlyArray<string | null>): ReadonlyArray<string> => {
  const taken = new Set<string>()
  return headers.map((h, i) => {
    const name = uniqueIdentifier(h === null ? `column_${i + 1}` : snakeIdentifier(h, "column"), taken)
    taken.add(name)
    return name
  })
}

/** Compares two non-null values of a column type (numbers by value, the rest by their ISO/text forms). */
export const compareValues = (type: ColumnType, a: string, b: string): number => {
  if (type === "integer" || type === "numeric") {
    const d = Number(a) - Number(b)
    return d !== 0 ? Math.sign(d) : a < b ? -1 : a > b ? 1 : 0
  }
  if (type === "boolean") return (a === "true" ? 1 : 0) - (b === "true" ? 1 : 0)
  // text: codepoint order; date and timestamp: ISO forms order by time
  return a < b ? -1 : a > b ? 1 : 0
}

const valueString = (v: TableValue): string | null => (v === null ? null : String(v))

/** The profile of a column's typed values. */
export const profileColumn = (type: ColumnType, values: ReadonlyArray<TableValue>): ColumnProfile => {
  const present = values.map(valueString).filter((v): v is string => v !== null)
  let min: string | null = null
  let max: string | null = null
  for (const v of present) {
    if (min === null || compareValues(type, v, min) < 0) min = v
    if (max === null || compareValues(type, v, max) > 0) max = v
  }
  return { distinct_count: new Set(present).size, null_count: values.length - present.length, min_value: min, max_value: max }
}

export interface TableSource {
  readonly file_id: string
  readonly path: string
  readonly component: string
  readonly component_kind: ComponentKind
  readonly table_name: string
}

export interface BuiltTable {
  readonly descriptor: WorkspaceTable
  readonly rows: ReadonlyArray<TableRow>
}

const encoder = new TextEncoder()
const valueBytes = (v: TableValue) => (v === null ? 0 : encoder.encode(String(v)).length)

/** A typed, profiled table from a grid of parsed cells (rows that are wholly empty are dropped). */
export const buildTable = (source: TableSource, grid: ReadonlyArray<ReadonlyArray<RawCell>>): BuiltTable => {
  const nonEmpty = grid.filter((row) => row.some((c) => cellText(c) !== null))
  const header = hasHeaderRow(nonEmpty)
  const body = header ? nonEmpty.slice(1) : nonEmpty
  const width = Math.max(0, ...nonEmpty.map((r) => r.length))
  // trailing columns with neither header nor data are not columns
  let used = width
  while (used > 0 && (!header || cellText(nonEmpty[0][used - 1]) === null) && body.every((r) => cellText(r[used - 1]) === null)) used--
  const headers = Array.from({ length: used }, (_, c) => (header ? cellText(nonEmpty[0][c]) : null))
  const names = columnNames(headers)
  const types = names.map((_, c) => inferColumnType(body.map((r) => r[c])))
  const rows: Array<TableRow> = body.map((r) => types.map((t, c) => toValue(r[c], t)))
  const columns: Array<TableColumn> = names.map((name, c) => ({
    name,
    data_type: types[c],
    header: headers[c],
    profile: profileColumn(types[c], rows.map((r) => r[c]))
  }))
  const size = rows.reduce((sum, r) => sum + r.reduce<number>((s, v) => s + valueBytes(v), 0), 0)
  return {
    descriptor: { ...source, columns, row_count: rows.length, column_count: columns.length, size_bytes: size },
    rows
  }
}
