/**
 * Item tables: an array of objects read from a table of the document. A header row naming at
 * least two of the item's properties starts a table; the rows below whose cells (matched to the
 * header's columns by horizontal position, a row's cells in their order, one per heading, ragged
 * values to their nearest headings: `columns.ts`) give typed values for at least half of the
 * columns are items, until a row that is not (a "Total" line); balance lines ("Balance brought
 * forward") are skipped, and so are carried-forward lines, and section headings and subtotal lines
 * that items follow (`items.ts`); quantity, unit price and amount that disagree are put in the
 * order the arithmetic fits, a till's "2 @ 3.50" gives them where no column does (its name may
 * stand on the line above), and a "Price" column the sum below shows to hold the lines' totals is
 * the amount; an unnamed first column of dates or numbers leaves the item's name to the next one;
 * a wrapped description's lines (up to three, also at the next page's head) are joined to its item,
 * a heading-like line after it starts the next section instead, a bracketed remark with a label in it
 * ("(Runtime: 98 min)") is skipped, and so is a labelled detail under an item's name ("Art.-Nr.: 4711",
 * "Zeitraum: 01.10.–31.10.") when an item follows it; the table's foot ends it: a subtotal (a
 * section's sum only in a table of sections or at a page's foot), a row with no money under items
 * that have it, or one restating their sum (`table-foot.ts`); a later table restating a run of items already read (a form
 * printed again, a second view of the lines) adds none (`restated-items.ts`); without a table, lines "name: count x price = amount" are the items;
 * separate money-in and money-out columns give a signed amount, which a running balance beside them
 * corrects where the columns' reading does not follow it (`running-balance.ts`); a header set over
 * the value columns only ("Hours | Rate | Cost") has the names in the blank column left of it; a
 * line of dashes charges nothing and is skipped; the table goes on across page
 * breaks (a repeated header is skipped) and into the next batch (which sees the page before it as
 * context).
 *
 * A cell's text is typed as its column's property by the caller's `typed` (the scalar reading's).
 */
import type { ArrayNode, ObjectNode, ScalarNode } from "../../../documents/schema/extract-schema.js"
import { type LayoutCell, type LayoutRow, textOfRow } from "../../../documents/layout/layout.js"
import { stem } from "../../../decision/evaluator/local/text.js"
import { terms } from "../text-features.js"
import { columnOfCell, columnsOfRow, joinedHeader, splitAtHeadings } from "./columns.js"
import { has, isCurrencyField, isDateField, MIN_LABEL_SCORE } from "./fields.js"
import { byArithmetic, goesOnAfter, isCarriedRow, withCountAtPrice, isHeadingAfterItem, isItemDetail, isSectionRow, isSubtotalRow, itemHeading, itemLineOf, withLineTotals } from "./items.js"
import { fieldWords, labelScore, labelTerms, looksLikeLabel, sameWord } from "./labels.js"
import { restatesItems } from "./restated-items.js"
import { lacksMoney, restatesSum } from "./table-foot.js"
import { byRunningBalance, type PrintedBalance, printedBalance } from "./running-balance.js"
import { isMostlyNumber, moneyIn } from "./values.js"
import { toEnglish } from "./vocabulary.js"

/** What the item tables need of the document and of the scalar reading. */
export interface TableContext {
  readonly rows: ReadonlyArray<LayoutRow>
  /** subtotal lines inside item tables (more items follow them): a section's sum, no value of the document's */
  readonly betweenItems: Set<LayoutRow>
  /** a cell's text as the property's type, or undefined */
  readonly typed: (node: ScalarNode, name: string, raw: string) => string | number | boolean | null | undefined
}
type Context = TableContext

const TAX_TERM = stem("tax")
const DATE_TERM = stem("date")
const NUMBER_TERM = stem("number")

const STOP_ROW = /^(sub[- ]?total|total|tax|vat|gst|balance|amount due|grand total|net total|net|notes?|thank you|payment)\b/i

interface Column {
  readonly name: string
  readonly node: ScalarNode
  readonly cell: LayoutCell
  /** a money-in (+1) or money-out (-1) column feeding a signed amount property */
  readonly sign?: 1 | -1 | undefined
  /** a column headed by the list's own name over its amounts: rows with nothing in it belong to another list */
  readonly list?: true
  /** every cell of the header row, those naming nothing of the items included: they bound the columns' spans */
  readonly headings?: ReadonlyArray<LayoutCell>
  /** the items' schema */
  readonly items?: ObjectNode
}

const MONEY_OUT = /^(debits?|withdrawals?|paid out|money out|out|payments?|charges?|dr|spent)$/i
const MONEY_IN = /^(credits?|deposits?|paid in|money in|in|receipts?|cr|received)$/i
/** a cell that says "nothing here" */
const NOTHING = /^\s*[-–—]+\s*$/
/** rows of a statement table that carry a balance, not a transaction */
const BALANCE_ROW = /\b(balance (brought |carried )?forward|opening balance|closing balance|previous balance|starting balance|ending balance)\b/i

/** An item's name: its first plain text property (not a date, currency or enum), the one a table's first column holds. */
const nameProperty = (scalars: ObjectNode["properties"], taken: ReadonlySet<string>) =>
  scalars.find((p) => {
    const s = p.schema as ScalarNode
    return !taken.has(p.name) && s.type === "string" && s.enum === null && !isDateField(s, p.name) && !isCurrencyField(s, p.name)
  })

/**
 * The header's columns: each cell naming a distinct scalar property of the items. A cell naming
 * the list itself ("Earnings" over earning names, "Deductions" beside them) heads the item's name
 * column, and its group runs to the next cell that names nothing of the item: two lists printed
 * side by side in one table are read apart. Without such a cell, an unnamed first column ("Section",
 * "Charge") is the item's name when other cells name two of its values. Each column keeps the
 * header row's cells, whose edges bound where a cell placed by position belongs (`layout/columns.ts`).
 */
const headerColumns = (items: ObjectNode, parents: ReadonlyArray<string>, row: LayoutRow): Array<Column> =>
  namedColumns(items, parents, row).map((c) => ({ ...c, headings: row.cells, items }))

const namedColumns = (items: ObjectNode, parents: ReadonlyArray<string>, row: LayoutRow): Array<Column> => {
  const scalars = items.properties.filter((p) => p.schema.type !== "object" && p.schema.type !== "array")
  const words = new Map(scalars.map((p) => [p.name, fieldWords(p.name, p.schema.title, parents, p.schema.description)]))
  const listName = parents[parents.length - 1]
  const listWords = listName === undefined ? null : fieldWords(listName, null, parents.slice(0, -1), null)
  // a cell naming a tax ("VAT rate", "Taux TVA", "MwSt.") heads a tax breakdown's column, not an item's property
  const taxCell = (text: string) => labelTerms(text).includes(TAX_TERM)
  const namesTax = (p: (typeof scalars)[number]) => [...words.get(p.name)!.weights.entries()].some(([t, w]) => w >= 1 && sameWord(t, TAX_TERM))
  const propertyScore = (text: string) => Math.max(0, ...scalars.map((p) => labelScore(words.get(p.name)!, text)))
  // the cell naming the list best ("Payments" rather than "Pay element" for earnings), the first on ties
  let anchor = -1
  let anchorScore = MIN_LABEL_SCORE - 1e-9
  if (listWords !== null) {
    row.cells.forEach((c, i) => {
      const score = looksLikeLabel(c.text) ? labelScore(listWords, c.text) : 0
      if (score > anchorScore + 1e-9 && score > propertyScore(c.text)) {
        anchor = i
        anchorScore = score
      }
    })
  }
  let cells = row.cells
  if (anchor >= 0) {
    let end = anchor + 1
    while (end < row.cells.length && propertyScore(row.cells[end]!.text) >= MIN_LABEL_SCORE) end++
    cells = row.cells.slice(anchor, end)
    // the list's name alone over a column of amounts ("Pay element | Payments | Deductions"): the
    // column holds the items' amounts, the table's first column their names
    const first = row.cells[0]!
    const amount = scalars.find((p) => p.schema.type === "number")
    const name = nameProperty(scalars, new Set())
    if (cells.length === 1 && anchor > 0 && amount !== undefined && name !== undefined && looksLikeLabel(first.text) && !/\d/.test(first.text)) {
      return [
        { name: name.name, node: name.schema as ScalarNode, cell: first },
        { name: amount.name, node: amount.schema as ScalarNode, cell: row.cells[anchor]!, list: true }
      ]
    }
  }
  const taken = new Set<string>()
  const columns: Array<Column> = []
  // each property to the heading naming it best ("Description" rather than "Item" beside it, a
  // heading with the property's own word first on ties), each heading to one property
  const pairs: Array<{ readonly cell: LayoutCell; readonly at: number; readonly name: string; readonly score: number; readonly own: boolean }> = []
  cells.forEach((cell, at) => {
    if (!looksLikeLabel(cell.text)) return
    const heading = itemHeading(cell.text)
    const ts = labelTerms(heading)
    for (const p of scalars) {
      if (taxCell(heading) && !namesTax(p)) continue
      const score = labelScore(words.get(p.name)!, heading)
      if (score > MIN_LABEL_SCORE) pairs.push({ cell, at, name: p.name, score, own: terms(p.name.replace(/_/g, " ")).some((t) => ts.includes(t)) })
    }
  })
  pairs.sort((a, b) => b.score - a.score || Number(b.own) - Number(a.own) || a.at - b.at)
  const headed = new Set<LayoutCell>()
  for (const pair of pairs) {
    if (taken.has(pair.name) || headed.has(pair.cell)) continue
    taken.add(pair.name)
    headed.add(pair.cell)
    columns.push({ name: pair.name, node: scalars.find((p) => p.name === pair.name)!.schema as ScalarNode, cell: pair.cell })
  }
  // a line's amount headed by its basis alone ("Net" beside "VAT" and "Gross"): the amount before tax
  const lineAmount = scalars.find((p) => !taken.has(p.name) && p.schema.type === "number" && has(p.name, "amount", "total", "sum", "value"))
  const netCell = cells.find((c) => !headed.has(c) && /^(?:net|net (?:amount|value|total|price)|line net)$/i.test(toEnglish(c.text).replace(/[^\p{L}\s]/gu, "").trim()))
  if (lineAmount !== undefined && netCell !== undefined && columns.length >= 2) {
    taken.add(lineAmount.name)
    columns.push({ name: lineAmount.name, node: lineAmount.schema as ScalarNode, cell: netCell })
  }
  columns.sort((a, b) => cells.indexOf(a.cell) - cells.indexOf(b.cell))
  // the item's name column: the cell naming the list, or an unnamed first column beside named ones
  // (past a first column of dates or numbers: "Date | Activity | Qty", "# | Item & Description")
  const namesDateOrNumber = (text: string) => labelTerms(text).some((t) => sameWord(t, DATE_TERM) || sameWord(t, NUMBER_TERM)) || /^\W*(?:pos|lp|nr|no)\W*$/i.test(text)
  const lead = anchor < 0 && cells[0] !== undefined && namesDateOrNumber(cells[0].text) && !columns.some((c) => c.cell === cells[0]) ? 1 : 0
  const first = cells[lead]
  const name = nameProperty(scalars, taken)
  // (without the list's name, two named values are needed: one named cell beside a label is a form's row, not a header)
  if (name !== undefined && first !== undefined && columns.length >= (anchor >= 0 ? 1 : 2) && !columns.some((c) => c.cell === first) && looksLikeLabel(first.text) && !/\d/.test(first.text)) {
    taken.add(name.name)
    columns.unshift({ name: name.name, node: name.schema as ScalarNode, cell: first })
  }
  // separate money-in and money-out columns give a signed amount when no column names it
  const amount = scalars.find((p) => !taken.has(p.name) && p.schema.type === "number" && has(p.name, "amount", "value", "sum"))
  if (amount !== undefined) {
    for (const cell of cells) {
      const text = cell.text.trim().replace(/[:()£$€]/g, "").trim()
      const sign = MONEY_OUT.test(text) ? -1 : MONEY_IN.test(text) ? 1 : undefined
      if (sign !== undefined && !columns.some((c) => c.cell === cell)) columns.push({ name: amount.name, node: amount.schema as ScalarNode, cell, sign })
    }
  }
  return columns
}

/**
 * A header with no heading over the items' names ("Hours | Rate | Cost" set over the value columns
 * only, the names' column left blank): when the first row below starts with words left of every
 * heading, that blank column holds the item's name, from the row's left to the first heading.
 */
const withUnheadedNames = (columns: Array<Column>, items: ObjectNode, first: LayoutRow | undefined): Array<Column> => {
  const scalars = items.properties.filter((p) => p.schema.type !== "object" && p.schema.type !== "array")
  const name = nameProperty(scalars, new Set(columns.map((c) => c.name)))
  const headings = columns[0]?.headings ?? columns.map((c) => c.cell)
  const left = Math.min(...headings.map((h) => h.x0))
  const lead = first?.cells[0]
  if (name === undefined || first === undefined || lead === undefined || columns.some((c) => c.node.type === "string" && c.node.enum === null && !isDateField(c.node, c.name))) return columns
  if (lead.x1 >= left || isMostlyNumber(lead.text) || !/\p{L}{2}/u.test(lead.text) || STOP_ROW.test(toEnglish(lead.text.trim()))) return columns
  const gap = first.ordinal === true ? 0.1 : 1e-3
  const cell: LayoutCell = { text: "", x0: Math.min(0, lead.x0), x1: left - gap, items: [], ref: null }
  const all = [cell, ...headings]
  return [{ name: name.name, node: name.schema as ScalarNode, cell, headings: all, items }, ...columns.map((c) => ({ ...c, headings: all }))]
}

const columnOf = (columns: ReadonlyArray<Column>, cell: LayoutCell, row: LayoutRow): Column | undefined =>
  columnOfCell(columns, cell, row.ordinal !== true, columns[0]?.headings)

/** The row as an item of the table, or undefined when it is not one. */
/** The row as an item of the table, `"skip"` for a balance line inside it, or undefined when the table has ended. */
const tableItem = (columns: ReadonlyArray<Column>, row: LayoutRow, ctx: Context, atPageEdge = false): Record<string, unknown> | "skip" | undefined => {
  if (row.cells.length === 0 || STOP_ROW.test(toEnglish(row.cells[0]!.text.trim()))) return undefined
  if (row.cells.some((c) => BALANCE_ROW.test(c.text)) || isCarriedRow(row, atPageEdge)) return "skip"
  // runs drawn close together under two headings are two cells
  if (row.positioned && columns[0]?.headings !== undefined) row = { ...row, cells: splitAtHeadings(row.cells, columns[0].headings) }
  // a row of the same table with nothing under the list's own column is another list's line
  const list = columns.find((c) => c.list === true)
  // cells placed by position are read together, in their order (`layout/columns.ts`)
  const placed = row.ordinal === true ? undefined : columnsOfRow(columns, row.cells, columns[0]?.headings)
  const columnOfThis = (cell: LayoutCell) => (placed === undefined ? columnOf(columns, cell, row) : placed.get(cell))
  if (list !== undefined && !row.cells.some((c) => columnOfThis(c) === list)) return row.cells.length >= 2 ? "skip" : undefined
  const item: Record<string, unknown> = {}
  let filled = 0
  for (const cell of row.cells) {
    const column = columnOfThis(cell)
    if (column === undefined || (column.sign === undefined && column.name in item)) continue
    const value = ctx.typed(column.node, column.name, cell.text)
    if (value === undefined) continue
    if (column.sign !== undefined) {
      if (typeof value !== "number") continue
      const before = item[column.name]
      item[column.name] = (typeof before === "number" ? before : 0) + column.sign * Math.abs(value)
      if (before === undefined) filled++
      continue
    }
    item[column.name] = value
    filled++
  }
  const distinct = new Set(columns.map((c) => c.name)).size
  if (filled < Math.max(2, Math.ceil(distinct / 2))) {
    // a line whose values are all dashes ("Mechanical Labor | - | - | -") charges nothing: no item, the table goes on
    const dashes = row.cells.filter((c) => NOTHING.test(c.text)).length
    return filled >= 1 && dashes >= 2 && filled + dashes >= Math.max(2, Math.ceil(distinct / 2)) ? "skip" : undefined
  }
  const items = columns[0]?.items
  return items === undefined ? item : byArithmetic(withCountAtPrice(item, row, numberProperties(items)), row, itemNumberNames(columns, items))
}

/** the item's number properties for a quantity, a unit price and an amount, by their names */
const numberProperties = (items: ObjectNode) => {
  const numeric = items.properties.filter((p) => p.schema.type === "number").map((p) => p.name)
  const named = (test: (name: string) => boolean) => numeric.find((n) => test(n))
  const quantity = named((n) => has(n, "quantity", "qty", "hours", "units"))
  const unitPrice = named((n) => has(n, "price", "rate") && n !== quantity)
  const amount = named((n) => n !== quantity && n !== unitPrice && has(n, "amount", "total", "sum", "value"))
  return { quantity, unitPrice, amount }
}

/**
 * Items written as lines of text where no table holds them ("- Toner: 6 x £115.60 = £693.60"):
 * each line whose count times price is its amount (`layout/items.ts`), a total's line excepted.
 */
export const textLineItems = (items: ObjectNode, ctx: Context): Array<Record<string, unknown>> => {
  const { quantity, unitPrice, amount } = numberProperties(items)
  const scalars = items.properties.filter((p) => p.schema.type !== "object" && p.schema.type !== "array")
  const name = nameProperty(scalars, new Set())
  if (quantity === undefined || unitPrice === undefined || amount === undefined || name === undefined) return []
  return ctx.rows.flatMap((row) => {
    const line = row.context ? null : itemLineOf(textOfRow(row))
    if (line === null || STOP_ROW.test(toEnglish(line.description))) return []
    return [{ [name.name]: line.description, [quantity]: line.quantity, [unitPrice]: line.unitPrice, [amount]: line.amount }]
  })
}

/**
 * The item's properties for a quantity, a unit price and an amount, when it has all three and the
 * header names two of them at least (the third heading may be one no vocabulary knows: "Each",
 * "Ext.", "G-Preis"); none for a table that only lists amounts (a statement, a payslip).
 */
const itemNumberNames = (columns: ReadonlyArray<Column>, items: ObjectNode) => {
  const { quantity, unitPrice, amount } = numberProperties(items)
  if (quantity === undefined || unitPrice === undefined || amount === undefined) return {}
  const column = (n: string) => columns.find((c) => c.name === n && c.sign === undefined && c.list !== true)
  const headed = [quantity, unitPrice, amount].filter((n) => column(n) !== undefined)
  if (headed.length < 2) return {}
  const q = column(quantity)
  const p = column(unitPrice)
  return { quantity, unitPrice, amount, ...(q !== undefined && p !== undefined ? { quantityFirst: q.cell.x0 < p.cell.x0 } : {}) }
}

/**
 * A line of an item's wrapped description: one cell, in the column of the item's name (a text
 * property), no total and no label, placed as the table's rows are (a paragraph after a parsed
 * table's rows is set in character columns, not the table's column numbers: it is no line of a
 * cell); the text it adds to the item above.
 */
const continuationOf = (columns: ReadonlyArray<Column>, row: LayoutRow, header: LayoutRow, labelled = false): Continuation | undefined => {
  if (row.cells.length !== 1 || (row.ordinal === true) !== (header.ordinal === true)) return undefined
  const cell = row.cells[0]!
  const text = cell.text.trim()
  if (STOP_ROW.test(toEnglish(text))) return undefined
  const detail = !labelled && isItemDetail(text)
  if (!detail && (/[:：]/.test(text) !== labelled || isMostlyNumber(text))) return undefined
  const column = columnOf(columns, cell, row)
  if (column === undefined || column.sign !== undefined || column.node.type !== "string" || column.node.enum !== null || isDateField(column.node, column.name) || isCurrencyField(column.node, column.name)) return undefined
  return { column, text, ...(detail ? { detail: true as const } : {}) }
}

/** a line under an item's name: more of its description, or a detail of it (`isItemDetail`) that is not joined to it */
interface Continuation {
  readonly column: Column
  readonly text: string
  readonly detail?: true
}

/** the row without a leading position's number ("1", "12.") set apart from its text: what is left may be a name's line */
const withoutPosition = (row: LayoutRow): LayoutRow =>
  row.cells.length === 2 && /^\d{1,3}\.?$/.test(row.cells[0]!.text.trim()) ? { ...row, cells: [row.cells[1]!] } : row

/** The first row after a page's repeated header (its headings on one line or two) starting at row `k`; `k` when none. */
const afterRepeatedHeader = (items: ObjectNode, parents: ReadonlyArray<string>, rows: ReadonlyArray<LayoutRow>, k: number): number => {
  const here = joinedHeader(rows[k]!, undefined, rows[k + 1], looksLikeLabel)
  if (headerColumns(items, parents, here.row).length >= 2) return k + 1 + here.after
  if (rows[k + 1] === undefined || rows[k + 1]!.page !== rows[k]!.page) return k
  const below = joinedHeader(rows[k + 1]!, rows[k], rows[k + 2], looksLikeLabel)
  return below.row !== rows[k + 1] && headerColumns(items, parents, below.row).length >= 2 ? k + 2 + below.after : k
}

const isItem = (item: Record<string, unknown> | "skip" | undefined): boolean => item !== undefined && item !== "skip"

/**
 * Whether a full item comes next, from row `k` on: past a section's heading, a carried-forward
 * line and a page's repeated header (a few rows at most). Full: three of its values at least (all
 * when fewer), so a totals block's next line ("Sales tax (7%)  $579.02") is none.
 */
const itemFollows = (columns: ReadonlyArray<Column>, rows: ReadonlyArray<LayoutRow>, k: number, ctx: Context): boolean => {
  const full = Math.min(3, new Set(columns.map((c) => c.name)).size)
  for (let j = k; j < rows.length && j < k + 4; j++) {
    const item = tableItem(columns, rows[j]!, ctx, true)
    // (or two items at least, one after the other: a section of lines with only a name and an amount)
    if (item !== undefined && item !== "skip") return Object.keys(item).length >= full || isItem(tableItem(columns, rows[j + 1] ?? { ...rows[j]!, cells: [] }, ctx, true))
    // (past an item's detail too: "Art.-Nr.: 4711" under its name)
    if (item === "skip" || isSectionRow(rows[j]!) || (rows[j]!.cells.length === 1 && isItemDetail(rows[j]!.cells[0]!.text))) continue
    // a page's repeated header: its cells overlap the columns' headings, in their words
    if (rows[j]!.page !== rows[k - 1]?.page && rows[j]!.cells.length >= 2 && rows[j]!.cells.every((c) => !/\d/.test(c.text))) continue
    return false
  }
  return false
}

export const tableValues = (node: ArrayNode & { readonly items: ObjectNode }, name: string, parents: ReadonlyArray<string>, ctx: Context) => {
  const out: Array<Record<string, unknown>> = []
  const rows = ctx.rows
  const used = new Set<number>()
  for (let ri = 0; ri < rows.length; ri++) {
    // a heading set on two lines is one ("Unit" over "Price")
    const header = joinedHeader(rows[ri]!, rows[ri - 1], rows[ri + 1], looksLikeLabel)
    let columns = headerColumns(node.items, [...parents, name], header.row)
    if (columns.length < 2) continue
    let k = ri + 1 + header.after
    columns = withUnheadedNames(columns, node.items, rows[k])
    let page = rows[ri]!.page
    let lastWasItem = false
    let sectionSums = false
    // a section's heading read inside the table: its subtotals are sections' sums, not the table's foot
    let sectioned = false
    const numbers = numberProperties(node.items)
    const start = out.length
    // a statement's running balance, read beside its money-in and money-out columns (`running-balance.ts`)
    const signed = columns.find((c) => c.sign !== undefined)
    const balanceHeading = signed === undefined ? undefined : columns[0]?.headings?.find((h) => /^(?:running\s+)?balance\b/i.test(h.text.trim()) && !columns.some((c) => c.cell === h))
    const balances = new Map<Record<string, unknown>, PrintedBalance | undefined>()
    let opening: PrintedBalance | undefined
    const balanceOf = (row: LayoutRow): PrintedBalance | undefined => {
      if (balanceHeading === undefined) return undefined
      const headings = columns[0]!.headings!.map((cell) => ({ cell }))
      const cell = row.cells.find((c) => columnOfCell(headings, c, row.ordinal !== true, columns[0]!.headings)?.cell === balanceHeading)
      return cell === undefined ? undefined : printedBalance(cell.text)
    }
    // the item's name column: a wrapped line or a section's heading is read against its text
    const described = () => {
      const column = columns.find((c) => c.node.type === "string" && c.node.enum === null && c.sign === undefined)
      const text = column === undefined ? undefined : out[out.length - 1]?.[column.name]
      return typeof text === "string" ? text : undefined
    }
    /** the wrapped description's lines from row `from` on (at most three, on its page, up to a section's heading that items follow), and the row after them */
    const wrapped = (from: number) => {
      const lines: Array<Continuation> = []
      let j = from
      for (; j < rows.length && j < from + 3 && rows[j]!.page === rows[from]!.page; j++) {
        if (j > from && isHeadingAfterItem(rows[j]!, undefined) && itemFollows(columns, rows, j + 1, ctx)) break
        const more = continuationOf(columns, rows[j]!, rows[ri]!)
        if (more === undefined) break
        lines.push(more)
      }
      const after = rows[j]
      // (the next section's heading is the table going on too)
      // (past a detail's line only to the next item: a labelled line before the totals may be the document's own)
      const detail = lines.some((l) => l.detail === true)
      const goesOn = after !== undefined && after.page === rows[from]!.page &&
        (detail ? isItem(tableItem(columns, after, ctx)) :
          tableItem(columns, after, ctx) !== undefined || (after.cells.length > 0 && STOP_ROW.test(toEnglish(after.cells[0]!.text.trim()))) ||
          (j > from && isHeadingAfterItem(after, undefined) && itemFollows(columns, rows, j + 1, ctx)))
      return { lines, next: j, goesOn }
    }
    const join = (lines: ReadonlyArray<Continuation>) => {
      const last = out[out.length - 1]!
      for (const { column, text, detail } of lines) {
        if (detail === true) continue
        const before = last[column.name]
        last[column.name] = typeof before === "string" ? `${before} ${text}` : text
      }
    }
    while (k < rows.length) {
      const row = rows[k]!
      if (row.page !== page) {
        // a page break: the table goes on when the new page's first rows fit the columns (a repeated header is skipped)
        const first = afterRepeatedHeader(node.items, [...parents, name], rows, k)
        if (first >= rows.length) break
        if (tableItem(columns, rows[first]!, ctx, true) === undefined) {
          // the last item's description wrapped onto the new page's head, the table going on below it
          const more = lastWasItem && out.length > start && !isHeadingAfterItem(rows[first]!, described()) ? wrapped(first) : undefined
          if (more === undefined || more.lines.length === 0 || !more.goesOn) break
          join(more.lines)
          for (let u = first; u < more.next; u++) used.add(u)
          page = rows[first]!.page
          k = more.next
          continue
        }
        page = row.page
        k = first
        lastWasItem = false
        continue
      }
      const atPageEdge = k === ri + 1 || rows[k - 1]!.page !== row.page || rows[k + 1]?.page !== row.page
      const item = tableItem(columns, row, ctx, atPageEdge)
      if (item === undefined) {
        // a name on a line of its own over an item without one (a till's "Croissant" over "2 @ 3.50  7.00"), or over
        // an item whose name's cell holds only a detail ("1  Webhosting L" over "Zeitraum: 01.01.–31.01.  1  9,90  9,90");
        // the name's line may lead with its position's number (a detail, "SKU: 4711", names no item; a labelled name going
        // on, "Labour: installation and", is no detail, and a line in lower case after an item is that item's wrapped line)
        const line = continuationOf(columns, withoutPosition(row), rows[ri]!)
        const name = line?.detail === true ? undefined : line
        const under = name !== undefined && rows[k + 1]?.page === page ? tableItem(columns, rows[k + 1]!, ctx) : undefined
        const own = under !== undefined && under !== "skip" && name !== undefined ? under[name.column.name] : undefined
        if (name !== undefined && under !== undefined && under !== "skip" && (own === undefined || (typeof own === "string" && isItemDetail(own) && !goesOnAfter(own) && (!lastWasItem || /^[\p{Lu}\d]/u.test(name.text)))) && Object.keys(under).length >= (own === undefined ? 2 : 3)) {
          if (!rows[k + 1]!.context) out.push({ ...under, [name.column.name]: name.text })
          used.add(k)
          used.add(k + 1)
          lastWasItem = true
          k += 2
          continue
        }
        // a subtotal line or a section's heading inside the table: skipped when items follow it
        // (right after an item only a line reading as a heading: a wrapped description's line joins the item)
        // (a subtotal is a section's only in a table of sections or at a page's foot: else it is the table's foot, and a
        // line after it, a shipping charge printed like an item, is none of the lines it sums)
        const subtotal = isSubtotalRow(row) && (sectioned || sectionSums || rows[k + 1]?.page !== page || (rows[k + 1] !== undefined && isSectionRow(rows[k + 1]!)))
        if ((subtotal || (isSectionRow(row) && (!lastWasItem || isHeadingAfterItem(row, described())))) && itemFollows(columns, rows, k + 1, ctx)) {
          if (!subtotal) sectioned = true
          if (subtotal) {
            ctx.betweenItems.add(row)
            sectionSums = true
          }
          used.add(k)
          lastWasItem = false
          k++
          continue
        }
        // a remark in brackets under an item, in its name's column, with a label in it ("(Runtime: 98 min); Matinee"):
        // the item's detail, not its name's next line; the table goes on when an item follows it
        // (an unbracketed "Serial no: 4411" is a detail read with the wrapped lines below, `isItemDetail`)
        const next = rows[k + 1]
        const remark = /^[([]/.test(row.cells[0]?.text.trim() ?? "") ? continuationOf(columns, row, rows[ri]!, true) : undefined
        if (lastWasItem && remark !== undefined && next?.page === page && isItem(tableItem(columns, next, ctx))) {
          used.add(k)
          k++
          continue
        }
        // wrapped description lines (at most three) belong to the item above when the table goes on
        // after them, or ends there with a total
        const { lines, next: j, goesOn } = wrapped(k)
        if (out.length === start || lines.length === 0 || !goesOn || !used.has(k - 1) || !lastWasItem) {
          // a table whose sections each close with a subtotal closes its last one so too: that line is the section's
          if (sectionSums && isSubtotalRow(row)) ctx.betweenItems.add(row)
          break
        }
        join(lines)
        for (let u = k; u < j; u++) used.add(u)
        k = j
        continue
      }
      // a row breaking the shape the items above have set: the table's total restated, or a line with no money
      // (a reference's number, a detail drawn as two cells), passed over between items and the table's end after them
      if (isItem(item) && !row.context) {
        const earlier = out.slice(start)
        if (restatesSum(item as Record<string, unknown>, earlier, numbers)) break
        if (lacksMoney(item as Record<string, unknown>, earlier, numbers)) {
          if (!itemFollows(columns, rows, k + 1, ctx)) break
          used.add(k)
          k++
          continue
        }
      }
      lastWasItem = item !== "skip"
      if (item === "skip" && out.length === start && row.cells.some((c) => BALANCE_ROW.test(c.text))) opening = balanceOf(row)
      if (item !== "skip" && !used.has(k) && !row.context) {
        out.push(item)
        balances.set(item, balanceOf(row))
      }
      used.add(k)
      k++
    }
    if (signed !== undefined && balanceHeading !== undefined && out.length > start) {
      const lines = out.slice(start)
      const amounts = byRunningBalance(lines.map((i) => ({ amount: typeof i[signed.name] === "number" ? (i[signed.name] as number) : undefined, balance: balances.get(i) })), opening)
      lines.forEach((i, n) => {
        if (amounts[n] !== undefined) i[signed.name] = amounts[n]
      })
    }
    // a "Price" column that holds the lines' totals: told by the sum printed below the table
    const { quantity, unitPrice, amount } = numberProperties(node.items)
    if (out.length > start && quantity !== undefined && unitPrice !== undefined && amount !== undefined && !columns.some((c) => c.name === amount)) {
      const sums = rows.slice(k, k + 6).flatMap((r) => moneyIn(textOfRow(r)).map((m) => Number(m.amount)))
      out.splice(start, out.length - start, ...withLineTotals(out.slice(start), { quantity, unitPrice, amount }, sums))
    }
    // a form printed again, or a second view of the same lines: its items are read already (`restated-items.ts`)
    const itemName = nameProperty(node.items.properties.filter((p) => p.schema.type !== "object" && p.schema.type !== "array"), new Set())?.name
    if (start > 0 && restatesItems(out.slice(0, start), out.slice(start), itemName)) out.splice(start)
    ri = Math.max(ri, k - 1)
  }
  return out
}

