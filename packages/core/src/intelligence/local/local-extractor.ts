/**
 * The local, schema-guided extractor: offline and deterministic. It reads the batch as rows of
 * cells (`documents/layout/layout.ts`) and fills the schema property by property:
 *
 * - Scalars: candidates are labelled values — "Label: value" inside a cell, a label cell and the
 *   cell on its right, a label closing its row and the cell on its left ("46,68 € | Total TTC"), a
 *   label alone in its row and the cell below it (a column heading over several values weighs
 *   less: it is a table's), "Label value" in one cell for typed fields, or "value Label" in a line
 *   of its own; "(Label: value)" after a document's title is the document's own ("Estimate (ID: …)"),
 *   and of two labels joined by a slash ("Order / Rev:") the first names the value. Labels in
 *   French, German, Dutch, Polish, Spanish and Italian are read in English (`layout/vocabulary.ts`).
 *   A label is scored against the field's words (`layout/labels.ts`: name and title; parents,
 *   description, generic words, range ends and units weaker; a small vocabulary of equivalent
 *   business words); the value must read as the field's type (`layout/values.ts`: amounts with
 *   any separators and signs, integers, booleans, enums; a string field that speaks of a date
 *   becomes `YYYY-MM-DD` — the second date of a range for end-like fields —, of a currency an ISO
 *   code; long texts only for free-text fields, else the phrase after the field's words). The
 *   best candidate scoring at least `MIN_LABEL_SCORE` wins, the earliest on ties. A seller-like
 *   field (vendor, merchant, supplier…) or a buyer-like one takes, before any label, the block a
 *   party's label opens ("Bill to", "Sold by": `layout/blocks.ts`), and no labelled value that is
 *   not a name. Without a candidate: an
 *   enum takes the value the document names first (title first), a currency field the document's
 *   most frequent currency, a plain "date" field the first date, a seller-like field the
 *   letterhead's or a footer's legal line's name, a buyer-like field the address block that is not
 *   the seller's, and
 *   numbers, dates and short phrases are read from a sentence that uses the field's words
 *   ("continues for 12 months", "three (3) years" → 36 for a months field, "governed by the laws
 *   of the State of New York"), an amount after the name's head word ("the total premium payable
 *   … is £1,434.81" for `annual_premium`), and values from clauses (`layout/clauses.ts`): a party
 *   by the role a defined term gives it (`… Co. (the "Insured")`), the agent of the field's verb
 *   ("issued by …"), a start or end field from a period ("runs from … to …") or a verb ("begins on …"). "From" and "To"
 *   alone label a period's ends.
 * - Arrays of objects: item tables, read by `layout/item-tables.ts` (a cell's value typed as a
 *   scalar's is here).
 * - Arrays of scalars: for parties, the names in "between A and B"; else the short lines under a
 *   label naming the array.
 * - Nested objects: the same, with the parent's name as weaker label words.
 *
 * Limits: it reads printed labels, tables and a few sentence patterns, not meaning; values with no
 * label, header or pattern are not found; one value per scalar (the first best); no arithmetic
 * beyond signing amounts.
 */
import { Effect, Layer } from "effect"
import type { ArrayNode, CompiledExtractSchema, ObjectNode, ScalarNode, SchemaNode } from "../../documents/schema/extract-schema.js"
import { type ExtractInput, type ExtractionContent, FieldExtractor } from "../extractor.js"
import { BETWEEN, COMPANY, LEADING, partyName } from "./layout/parties.js"
import { definedTerms, eventDates, passiveAgents, periodsIn } from "./layout/clauses.js"
import { fieldWords, type FieldWords, firstOfSlashed, labelScore, labelTerms, looksLikeLabel, namesDocument, sameWord } from "./layout/labels.js"
import { type Layout, type LayoutCell, layoutOf, type LayoutRow, overlapsHorizontally, textOfRow } from "../../documents/layout/layout.js"
import {
  booleanOf, currencyMentions, currencyOf, CURRENCY_CODES, dateOf, datesOf, type DayOrder, dayOrderOf, enumOf, integerOf, isIban, isMostlyNumber, maskDateRanges, maskDates, moneyIn, numberOf, withOcrIbanCheckDigits
} from "./layout/values.js"
import { isPartyName, type Parties, partiesOf } from "./layout/blocks.js"
import { has, isCurrencyField, isDateField, MIN_LABEL_SCORE } from "./layout/fields.js"
import { type TableContext, tableValues, textLineItems } from "./layout/item-tables.js"
import { stem } from "../../decision/evaluator/local/text.js"
import { identifierWords, terms, words } from "./text-features.js"
import { toEnglish } from "./layout/vocabulary.js"
import { withPaymentKinds } from "./layout/payments.js"

export { MIN_LABEL_SCORE }
const BELOW_ROWS = 3

interface Context {
  readonly layout: Layout
  readonly rows: ReadonlyArray<LayoutRow>
  readonly order: DayOrder
  readonly text: string
  /** the sentences of the batch in reading order, read once (`sentencesOf`) */
  readonly sentences: ReadonlyArray<string>
  /** subtotal lines inside item tables (more items follow them): a section's sum, no value of the document's */
  readonly betweenItems: Set<LayoutRow>
}

const describes = (node: SchemaNode, name: string) => `${name} ${node.title ?? ""} ${node.description ?? ""}`
const isTemporalField = (node: SchemaNode, name: string) =>
  has(`${name} ${node.title ?? ""}`, "start", "end", "begin", "until", "since", "expiry", "expiration", "effective", "period", "from", "through")

const END_WORDS = ["end", "to", "until", "closing", "last", "final", "through", "expiry", "expiration", "termination"] as const
const START_WORDS = ["start", "begin", "from", "since", "effective", "commencement", "inception", "opening", "first"] as const
/** whether the name or title uses one of the words, stop words included ("valid_until", "date_from") */
const usesWord = (node: SchemaNode, name: string, ws: ReadonlyArray<string>) => {
  const own = identifierWords(`${name} ${node.title ?? ""}`).map((w) => stem(w))
  return ws.some((w) => own.includes(stem(w)))
}
const isEndField = (node: SchemaNode, name: string) => usesWord(node, name, END_WORDS)
const PERIOD_WORDS = new Set([...END_WORDS, ...START_WORDS, "period", "term", "valid", "validity"].map((w) => stem(w)))
/** whether a label speaks of a period or one of its ends ("Start date", "Valid until", "Période"), not of a date alone */
const namesAPeriod = (label: string) => identifierWords(toEnglish(label)).some((w) => PERIOD_WORDS.has(stem(w)))
const isStartField = (node: SchemaNode, name: string) => usesWord(node, name, START_WORDS)

/** a value with two dates is a range: an end-like field ("…_end", "to", "until", "closing") takes the second */
const dateInRange = (node: SchemaNode, name: string, text: string, order: DayOrder): string | null => {
  const dates = datesOf(text, order)
  if (dates.length < 2) return dates[0] ?? null
  return isEndField(node, name) ? dates[1]! : dates[0]!
}

const isFreeTextField = (node: SchemaNode, name: string) =>
  has(`${name} ${node.title ?? ""}`, "description", "note", "notes", "comment", "summary", "address", "remark", "details", "text", "message", "purpose", "scope", "clause")
const SELLER = ["vendor", "seller", "supplier", "merchant", "issuer", "company", "store", "payee"]
const isSellerField = (name: string) => has(name, ...SELLER)
const isBuyerField = (name: string) => has(name, "customer", "client", "buyer", "purchaser", "recipient", "consignee", "billed", "holder")

/** a clause's or list's number before its heading ("6.", "3)", "(a)", "§ 4", "IV."), not a value */
const NUMBERING = /^(?:§\s*)?\(?(?:\d{1,3}(?:\.\d{1,3})*|[a-z]|[ivxlc]{1,5})[.)]?\)?$/i

const isIdentifierField = (name: string) => has(name, "number", "no", "nr", "id", "ref", "reference")

/** a numbering word before an identifier, apart from it ("No. 12", "# 12", "n°12"; "ID4432" is an identifier whole) */
const NUMBERING_WORD = /^(?:(?:no|nr|id|ref|num|number|nummer|numéro|numero|número|numer)(?:[.:]\s*|\s+)|n[°º]\s*|#\s*)(?=\S*\d)/i
/**
 * An identifier as printed after its label: a numbering word before it set aside ("No. 2231"), and
 * the words after it that are no part of it ("R-2231 dated 3 March 2027", "2027-118 vom 03.03.2027"):
 * it ends before the first lower-case word or parenthesis after its first token with a digit. Null
 * when it holds no digit (a word there is the next label).
 */
const identifierOf = (text: string): string | null => {
  const tokens = withOcrIbanCheckDigits(text).replace(NUMBERING_WORD, "").split(/\s+/).filter((t) => t !== "")
  const first = tokens.findIndex((t) => /\d/.test(t))
  // at most a short capital prefix before it ("F 1234/12", "INV 0042"): "TVA intracom. FR56…" is another label's value
  if (first < 0 || first > 1 || (first === 1 && !/^\p{Lu}{1,4}$/u.test(tokens[0]!))) return null
  const end = tokens.findIndex((t, i) => i > first && (/^\p{Ll}{2,}/u.test(t) || /^[(\[]/.test(t)))
  return tokens.slice(0, end < 0 ? tokens.length : end).join(" ")
}

/** a field counting things ("quantity", "hours", "nights"), whose number is no amount of money */
const isCountField = (name: string) => has(name, "quantity", "qty", "count", "number", "hours", "units", "days", "nights", "shows", "pieces", "items", "pages")
const isAmountField = (node: ScalarNode, name: string) => node.type === "number" && !isRateField(name) && !isCountField(name)
/** a small integer with no currency, separator or decimals: a count, not an amount */
const BARE_COUNT = /^\d{1,4}$/
/** a number that reads as money: with a currency (sign or code) or two decimals */
const looksLikeMoney = (text: string): boolean => {
  const t = clean(text)
  if (!/\d/.test(t) || PERCENT.test(t)) return false
  return /\p{Sc}/u.test(t) || t.split(/\s+/).some((w) => CURRENCY_CODES.has(w)) || /\d[.,]\d{2}(?!\d)/.test(t)
}

const isRateField = (name: string) => has(name, "rate", "percent", "percentage", "pct", "ratio", "share")
const PERCENT = /[-+]?\d+(?:[.,]\d+)?\s?%/
const ONLY_PERCENT = new RegExp(`^${PERCENT.source}$`)
/** the text without its percentages, or null when nothing else in it is a number */
const withoutPercentages = (text: string): string | null => {
  if (!PERCENT.test(text)) return text
  const rest = text.replace(new RegExp(PERCENT.source, "g"), " ")
  return /\d/.test(rest) ? rest : null
}

/** two capitals glued to digits at a word's start, as VAT numbers and IBANs begin ("GB265…", "DE12 5001…") */
const COUNTRY_PREFIXED = /(?<![\p{L}\p{N}])\p{Lu}{2}\d{2,}/u

/** the text without a leading separator (":", or a dash followed by a space: "- value") and trailing punctuation */
const clean = (text: string) => text.trim().replace(/^(?:[:：]|[-–—](?=\s))\s*/, "").replace(/[\s:;,]+$/, "")

/** The value of a cell text as the node's type, or undefined. */
const typed = (node: ScalarNode, name: string, raw: string, ctx: Context): string | number | boolean | null | undefined => {
  const text = clean(raw)
  if (text === "") return undefined
  switch (node.type) {
    case "number": {
      if (!isMostlyNumber(text) && text.length > 24) return undefined
      // a country-prefixed identifier (a VAT number "GB265 8991 52", an IBAN) is no amount: its digits follow two capitals
      if (!isMostlyNumber(text) && COUNTRY_PREFIXED.test(text)) return undefined
      // a percentage is a rate, not an amount: "8 %" is none, "VAT 8 % 1.335,38" is the amount after it
      // and a date's digits are no amount: "Total due on March 3, 2027  $4.11" is 4.11
      const amount = isRateField(name) ? text : withoutPercentages(isDateField(node, name) ? text : maskDates(text, ctx.order))
      if (amount === null) return undefined
      const n = numberOf(amount)
      if (n === null) return undefined
      return node.enum === null || node.enum.includes(n) ? n : undefined
    }
    case "integer": {
      const m = /^\(?-?[$€£¥]?\s?[\d.,'’\s]+\)?(?:\s+\p{L}+){0,2}$/u.exec(text)
      if (m === null) return undefined
      const n = integerOf(text)
      if (n === null) return undefined
      return node.enum === null || node.enum.includes(n) ? n : undefined
    }
    case "boolean":
      return booleanOf(text) ?? undefined
    case "null":
      return undefined
    case "string": {
      if (node.enum !== null) return enumOf(text, node.enum.filter((e): e is string => typeof e === "string"))
      if (isCurrencyField(node, name)) return currencyOf(text) ?? undefined
      if (isDateField(node, name)) return dateInRange(node, name, text, ctx.order) ?? undefined
      // a time-like field (`period_start`, `valid_until`) holding dates takes them normalised
      if (isTemporalField(node, name) && datesOf(text, ctx.order).length > 0) return dateInRange(node, name, text, ctx.order) ?? undefined
      if (isFreeTextField(node, name)) return text.length <= 2000 ? text : undefined
      // an identifier (`invoice_number`, `account_no`) holds a digit: a word there is the next label
      if (isIdentifierField(name)) {
        const id = identifierOf(text)
        if (id === null) return undefined
        // a bank account's number (an IBAN whose check digits hold) is only an account field's value
        if (!has(name, "iban", "account", "bank") && isIban(id)) return undefined
        return id
      }
      // a short value; in a sentence, the phrase after the field's words ("… the laws of England and Wales, …")
      if (text.split(/\s+/).length <= 12) return text
      return phraseAfter(text, fieldWords(name, node.title, [], null)) ?? undefined
    }
  }
}

interface Candidate {
  readonly value: string | number | boolean | null
  readonly score: number
  readonly order: number
  /** the label the value was read under */
  readonly label: string
}

const LABEL_VALUE = /^(.{1,48}?)\s*[:：]\s*(.+)$/
/** rows under a heading looked at to tell a table's column (two values or more) from a form's one value */
const HEADED_ROWS = 6

/** The first cell below `cell` (within a few rows, same page or sheet) that overlaps it horizontally. */
const cellBelow = (rows: ReadonlyArray<LayoutRow>, ri: number, cell: LayoutCell): LayoutCell | undefined => {
  const row = rows[ri]!
  for (let k = ri + 1; k < rows.length && k <= ri + BELOW_ROWS; k++) {
    const next = rows[k]!
    if (next.page !== row.page || next.sheet !== row.sheet) return undefined
    const below = next.cells.find((c) => overlapsHorizontally(c, cell))
    if (below !== undefined) return below
  }
  return undefined
}

/**
 * A row of capitalised labels and nothing else ("SUPPLIER  CUSTOMER  BILL NO."): a form that sets
 * its labels above their values, so each label's value is below it, not in the cell to its right.
 */
const isStackedLabelRow = (row: LayoutRow): boolean =>
  row.cells.length >= 2 && row.cells.every((c) => looksLikeLabel(c.text) && !/\d/.test(c.text) && /\p{Lu}/u.test(c.text) && c.text === c.text.toUpperCase())

/**
 * A row of labels over a row of values ("Invoice No.   Date   Due date" over "677/2025   22 July
 * 2026   5 August 2026"): every cell of the row a label without a digit, the row right below (the
 * next line of plain text, or the next positioned row) with as many cells, most of them holding a
 * digit, and a blank line or a gap after it (a table's header has more rows right below). Each
 * label's value is below it, not in the next label's cell.
 */
const isLabelRowOverValues = (rows: ReadonlyArray<LayoutRow>, ri: number): boolean => {
  const row = rows[ri]!
  const next = rows[ri + 1]
  if (next === undefined || row.cells.length < 2 || next.page !== row.page || next.sheet !== row.sheet || next.cells.length !== row.cells.length) return false
  if (!row.positioned && row.sheet === null && next.top - row.top > 1) return false
  if (!row.cells.every((c) => looksLikeLabel(c.text.replace(/[:：]\s*$/, "")) && !/\d/.test(c.text))) return false
  if (next.cells.filter((c) => /\d/.test(c.text)).length * 2 <= next.cells.length) return false
  // a tax named over a rate ("VAT rate | Base | Amount" over "21 % | 463,74 | 97,39") is a tax breakdown's one-row table: its amount is the tax's, not a form's total
  if (row.cells.some((c) => labelTerms(c.text).some((t) => sameWord(t, TAX_TERM))) && next.cells.some((c) => PERCENT.test(c.text))) return false
  // one row of values, then a blank line or a gap: a table's header has more rows right below it
  const after = rows[ri + 2]
  if (after === undefined || after.page !== next.page || after.sheet !== next.sheet) return true
  return after.positioned ? after.top - (next.top + next.height) > 0.6 * Math.max(next.height, after.height) : after.top - next.top > 1
}

/**
 * How many consecutive rows below `cell` have a cell in its column (a row of stacked labels starts
 * another field). Below a row of labels set over their values, a blank line in plain text ends the
 * column: the values are that one row, what follows the blank is another block. Elsewhere a blank
 * line ends nothing (HTML and DOCX text puts one between all its blocks).
 */
const columnDepth = (rows: ReadonlyArray<LayoutRow>, ri: number, cell: LayoutCell, stacked: boolean): number => {
  let depth = 0
  for (let k = ri + 1; k < rows.length && rows[k]!.page === rows[ri]!.page && rows[k]!.sheet === rows[ri]!.sheet; k++) {
    if (!rows[k]!.cells.some((c) => overlapsHorizontally(c, cell)) || (isStackedLabelRow(rows[ri]!) && isStackedLabelRow(rows[k]!))) break
    if (stacked && !rows[k]!.positioned && rows[k]!.sheet === null && rows[k]!.top - rows[k - 1]!.top > 1) break
    depth++
  }
  return depth
}

/** "From" and "To" alone label the two ends of a period ("Statement period" above them, or nothing) */
const PERIOD_START_LABEL = /^(?:from|since|start(?:ing)?)$/i
const PERIOD_END_LABEL = /^(?:to|until|till|through|end(?:ing)?)$/i
const periodEndLabelScore = (node: ScalarNode, name: string, label: string): number => {
  if (node.type !== "string" || !(isDateField(node, name) || isTemporalField(node, name))) return 0
  const word = label.trim().replace(/[:：]$/, "").trim()
  if (isEndField(node, name)) return PERIOD_END_LABEL.test(word) ? 0.6 : 0
  return isStartField(node, name) && PERIOD_START_LABEL.test(word) ? 0.6 : 0
}

const labelledCandidates = (node: ScalarNode, name: string, fw: FieldWords, ctx: Context): Array<Candidate> => {
  const out: Array<Candidate> = []
  const wholeScore = (label: string) => Math.max(labelScore(fw, label), periodEndLabelScore(node, name, label))
  // two labels joined by a slash ("Order / Rev") name the value by the first, when it scores better
  const firstNames = (label: string) => {
    const first = firstOfSlashed(label)
    return first !== null && wholeScore(first) > wholeScore(label)
  }
  const scoreOf = (label: string) => {
    const first = firstOfSlashed(label)
    return Math.max(wholeScore(label), first === null ? 0 : wholeScore(first))
  }
  let order = 0
  /** a value under a label scoring `score`, found in a way weighing `weight` (beside 1, below 0.9) */
  const push = (raw: string, score: number, label: string, weight = 1) => {
    order++
    if (score < MIN_LABEL_SCORE) return
    // the first of two slashed labels takes the first of two slashed values ("12/01/24 / 12/10/24")
    const value = typed(node, name, firstNames(label) ? raw.split(/\s+\/\s+/)[0]! : raw, ctx)
    if (value !== undefined) out.push({ value, score: score * weight, order, label })
  }
  ctx.rows.forEach((row, ri) => {
    if (row.context || ctx.betweenItems.has(row)) return
    const stacked = isStackedLabelRow(row) || isLabelRowOverValues(ctx.rows, ri)
    row.cells.forEach((cell, ci) => {
      const inline = LABEL_VALUE.exec(cell.text)
      if (inline !== null) push(inline[2]!, scoreOf(inline[1]!), inline[1]!)
      // "Preliminary Estimate (ID: EST-1008)": a label and value in parentheses; after a document's
      // title they are the document's own ("ID"), after anything else that thing's ("Customer ID")
      for (const m of cell.text.matchAll(/([^()]*)\(\s*([^():：]{1,24}?)\s*[:：]\s*([^()]+?)\s*\)/g)) {
        const before = m[1]!.trim()
        const label = before === "" || namesDocument(before) ? m[2]! : `${before} ${m[2]!}`
        push(m[3]!, scoreOf(label), label)
      }
      const label = cell.text.replace(/[:：]\s*$/, "")
      if (!looksLikeLabel(label)) return
      const score = scoreOf(label)
      if (score < MIN_LABEL_SCORE) return
      const right = stacked ? undefined : row.cells[ci + 1]
      const found = out.length
      let beside = right
      if (right !== undefined) {
        // "Totals | 48 | $12,500.00": beside a bare count, the money-looking number further on is the amount
        const money = isAmountField(node, name) && BARE_COUNT.test(clean(right.text)) ? row.cells.slice(ci + 2).find((c) => looksLikeMoney(c.text)) : undefined
        if (money !== undefined) push(money.text, score, label, 0.99)
        push(right.text, score, label, money !== undefined ? 0.9 : 1)
        // "Sales Tax | 10.20% | 278.46": a rate between a label and its amount is the amount's, not the value
        const after = row.cells[ci + 2]
        if (after !== undefined && node.type === "number" && !isRateField(name) && ONLY_PERCENT.test(clean(right.text))) push(after.text, score, label, 0.98)
      } else {
        // a label closing its row after its value ("46,68 € | Total TTC", "R473484 | Invoice no."):
        // the cell on its left, when that cell is no label of the field itself; its value is not below it
        const left = stacked || ci === 0 ? undefined : row.cells[ci - 1]
        if (left !== undefined && !/[:：]\s*$/.test(cell.text) && !/[:：]\s*$/.test(left.text) && !NUMBERING.test(left.text.trim()) && labelScore(fw, left.text) < MIN_LABEL_SCORE) {
          push(left.text, score, label, 0.92)
          beside = left
        }
      }
      // a label in a column of facts beside other blocks ("Jonas Pfeiffer | Datum | Rosenthal GmbH"
      // over "… | 14.11.2026 | …"): when the cell beside it holds no value of the field's kind, the value
      // is under it; not in a table's heading, where the cell beside heads a column of values of that kind too
      const besideHeads = (c: LayoutCell) => {
        let values = 0
        for (let k = ri + 1; k < ctx.rows.length && k <= ri + HEADED_ROWS && ctx.rows[k]!.page === row.page && ctx.rows[k]!.sheet === row.sheet; k++) {
          const under = ctx.rows[k]!.cells.find((u) => overlapsHorizontally(u, c))
          if (under !== undefined && typed(node, name, under.text, ctx) !== undefined) values++
        }
        return values >= 2
      }
      if (out.length === found && (beside === undefined || !besideHeads(beside))) {
        const below = cellBelow(ctx.rows, ri, cell)
        // a column heading over several values is a table's, not one value's label; a label alone
        // in its row over one value alone in the next is a pair ("<dt>Total</dt><dd>12,00</dd>")
        const paired = below !== undefined && row.cells.length === 1 && !/\d/.test(label) && ctx.rows[ri + 1]?.cells.length === 1 && ctx.rows[ri + 1]!.cells[0] === below
        // a cell below that is "Label: value" itself holds its own label's value ("Billing period" over "From: …")
        const labelled = below !== undefined && /\p{L}/u.test(LABEL_VALUE.exec(below.text)?.[1] ?? "")
        // under a label whose neighbour held no value, a number is taken only from a cell that is mostly that number (not OCR noise)
        const noise = below !== undefined && beside !== undefined && (node.type === "number" || node.type === "integer") && !isMostlyNumber(below.text)
        if (below !== undefined && !labelled && !noise) push(below.text, score, label, paired || columnDepth(ctx.rows, ri, cell, stacked) < 2 ? 0.9 : 0.45)
      }
      // a label and its value in one cell without a colon: "Total 1,694.00", "Date 2026-03-01"
    })
    // "Label value" as one cell: try every split before a typed value
    row.cells.forEach((cell, ci) => {
      if (LABEL_VALUE.test(cell.text)) return
      const ws = cell.text.split(/\s+/)
      if (node.type === "number" || node.type === "integer") {
        amountAfterLabel(cell.text, row.cells[ci + 1], scoreOf, push, ctx.order)
      } else {
        for (let k = 1; k < ws.length && k <= 5; k++) {
          const label = ws.slice(0, k).join(" ")
          const score = scoreOf(label)
          if (score < MIN_LABEL_SCORE) continue
          // a name's value runs on into the sentence; an identifier's ends where `identifierOf` ends it
          if (node.type === "string" && !isDateField(node, name) && !isCurrencyField(node, name) && node.enum === null && !isIdentifierField(name)) continue
          push(ws.slice(k).join(" "), score, label, 0.95)
          break
        }
      }
      // "value Label" as one cell, the label last ("1.598,38 EUR Rechnungsbetrag", "R473484 Rechnungsnr.")
      if (row.cells.length === 1 && ws.length <= 10) valueThenLabel(node, name, fw, ws, push)
    })
  })
  return out
}

/**
 * An amount after its label in one cell ("Total VAT 100.00", "Tax 15% $ 16.94"): the label is every
 * word before the first one holding a digit or a currency sign ("Total VAT", not "Total" with "VAT
 * 100.00" for its value), a date's digits not counted. A label that carries a date and no amount
 * ("Total due on March 3, 2027") has its amount in the next cell.
 */
const amountAfterLabel = (
  text: string, right: LayoutCell | undefined, scoreOf: (label: string) => number,
  push: (raw: string, score: number, label: string, weight?: number) => void, order: DayOrder
) => {
  const masked = maskDates(text, order)
  const ws = masked.split(/\s+/).filter((w) => w !== "")
  const v = ws.findIndex((w) => /\d/.test(w) || /^[-−(]?\p{Sc}/u.test(w) || CURRENCY_CODES.has(w.replace(/^\(|\)$/g, "")))
  const label = (v < 0 ? ws : ws.slice(0, v)).join(" ")
  if (label === "" || (v < 0 ? ws.length : v) > 6) return
  const score = scoreOf(label)
  if (score < MIN_LABEL_SCORE) return
  if (v >= 0) push(ws.slice(v).join(" "), score, label, 0.95)
  else if (masked !== text && right !== undefined) push(right.text, score, label, 0.9)
}

/**
 * A value printed before its label in one cell: the label is the cell's last one to four words,
 * scoring well for the field; a number or date must be all of the rest, a text field's value a
 * short run of words with no label of the field in it (a name, or an identifier holding a digit).
 */
const valueThenLabel = (node: ScalarNode, name: string, fw: FieldWords, ws: ReadonlyArray<string>, push: (raw: string, score: number, label: string, weight?: number) => void) => {
  // the label: the last words scoring best whose rest reads as a value, the fewest on ties
  // ("18,00 € Total TTC": "Total TTC"; "Meblex Nowak Sp. j. Sprzedawca": "Sprzedawca")
  let found: { readonly rest: string; readonly score: number; readonly label: string } | undefined
  for (let n = 1; n <= Math.min(4, ws.length - 1); n++) {
    const label = ws.slice(ws.length - n).join(" ")
    if (!looksLikeLabel(label) || /\d/.test(label.replace(new RegExp(PERCENT.source, "g"), ""))) continue
    const score = labelScore(fw, label)
    if (score < MIN_LABEL_SCORE || (found !== undefined && score <= found.score + 1e-9)) continue
    const rest = ws.slice(0, ws.length - n).join(" ")
    if (readsAsValueBeforeLabel(node, name, fw, rest, score)) found = { rest, score, label }
  }
  if (found !== undefined) push(found.rest, found.score, found.label, 0.85)
}

/** Whether the words before a label are its value: all of a number or date, or a short name or identifier. */
const readsAsValueBeforeLabel = (node: ScalarNode, name: string, fw: FieldWords, rest: string, score: number): boolean => {
  if (NUMBERING.test(rest)) return false
  if (node.type === "number" || node.type === "integer") return isMostlyNumber(rest)
  if (node.type !== "string") return true
  if (isDateField(node, name)) return dateOf(rest, "day-first") !== null
  if (node.enum !== null || isCurrencyField(node, name)) return true
  // an identifier (one token holding a digit) or a name: no function words in it ("THANK YOU" is none)
  const restWords = rest.split(/\s+/)
  const text = restWords.length === 1 ? /\d/.test(rest) : restWords.length <= 6 && !/\d/.test(rest) && !/[.!?]$/.test(rest) &&
    terms(rest).length === words(rest).filter((w) => /^\p{L}{2,}/u.test(w)).length
  return text && score >= 0.7 && labelScore(fw, rest) < MIN_LABEL_SCORE
}

const best = (cs: ReadonlyArray<Candidate>): Candidate | undefined =>
  cs.reduce<Candidate | undefined>((b, c) => (b === undefined || c.score > b.score + 1e-9 ? c : b), undefined)

const companyNames = (ctx: Context): Array<string> =>
  ctx.rows.filter((r) => !r.context).flatMap((r) => r.cells.map((c) => clean(c.text))).filter((t) => COMPANY.test(t) && t.split(/\s+/).length <= 8)

/** the currency the document prints most (codes and symbols), else the one its words name ("All amounts in US dollars") */
const documentCurrency = (ctx: Context): string | null => {
  const counts = new Map<string, number>()
  for (const iso of currencyMentions(ctx.text)) counts.set(iso, (counts.get(iso) ?? 0) + 1)
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? currencyOf(ctx.text)
}


/** The phrase after the last of the field's words in a sentence, up to punctuation, without leading articles and prepositions. */
const phraseAfter = (sentence: string, fw: FieldWords): string | undefined => {
  const strong = [...fw.weights.entries()].filter(([, w]) => w >= 1).map(([t]) => t)
  const phrases: Array<string | undefined> = []
  for (const m of sentence.matchAll(/\p{L}+/gu)) {
    if (!terms(m[0]).some((t) => strong.includes(t))) continue
    const phrase = sentence.slice(m.index + m[0].length).split(/[.;,()"“”]/)[0]!.trimStart().replace(LEADING, "").trim()
    phrases.push(phrase !== "" && phrase.split(/\s+/).length <= 8 ? phrase : undefined)
  }
  // a name after one of the field's words ("the laws of the State of Delaware, without regard to its
  // conflict of laws principles"), else the phrase after the last of them, if any
  return phrases.find((p) => p !== undefined && /^\p{Lu}/u.test(p)) ?? phrases.at(-1)
}

const UNIT_DAYS: ReadonlyArray<readonly [RegExp, number]> = [[/^days?$/i, 1], [/^weeks?$/i, 7], [/^months?$/i, 30.4375], [/^years?$/i, 365.25]]
const unitOf = (word: string): number | undefined => UNIT_DAYS.find(([re]) => re.test(word))?.[1]

/**
 * A number with its unit word ("36 months", "three (3) years"), converted to the field's unit when
 * both name one. A field with a unit (`term_months`) takes only a number printed with a unit: a
 * register number or a count of users in the same sentence is none.
 */
const numberInSentence = (sentence: string, fieldName: string): number | undefined => {
  const fieldUnit = fieldName.split(/[_\s]+/).map(unitOf).find((u) => u !== undefined)
  for (const m of sentence.matchAll(/(\d[\d,.]*)\)?\s*(\p{L}+)?/gu)) {
    // digits joined by a hyphen to more digits ("Tax ID: EIN 37-1863686"), or glued to letters that are no currency
    // ("VAT GB993 6668 52", "Reference: RE20261177", "INV-54839"), are an identifier: the number the words point at is none
    if (/^-\d/.test(sentence.slice(m.index! + m[1]!.length))) return undefined
    const glued = /(\p{L}+)[-/]?$/u.exec(sentence.slice(0, m.index!))?.[1]
    if (glued !== undefined && !CURRENCY_CODES.has(glued.toUpperCase()) && currencyOf(glued) === null) return undefined
    const n = numberOf(m[1]!)
    if (n === null) continue
    const valueUnit = m[2] === undefined ? undefined : unitOf(m[2])
    if (fieldUnit === undefined) return n
    if (valueUnit === undefined) continue
    return fieldUnit !== valueUnit ? Math.round((n * valueUnit) / fieldUnit) : n
  }
  return undefined
}

const wordCount = (text: string) => text.split(/\s+/).filter((w) => w !== "").length

/**
 * The rows' text in reading order. Text set in two newspaper columns comes out of the layout as
 * rows of two cells, a left line and a right line side by side; a run of such rows (at least
 * three, both cells starting where the run's first row's cells start, the first row's both cells
 * prose) is read down the left column, then down the right one, so its sentences stay whole.
 */
const readingOrder = (ctx: Omit<Context, "sentences">): Array<string> => {
  const rows = ctx.rows.filter((r) => !r.context)
  const out: Array<string> = []
  for (let i = 0; i < rows.length;) {
    const first = rows[i]!
    const [l, r] = first.cells
    const prose = first.positioned && first.cells.length === 2 && l !== undefined && r !== undefined && wordCount(l.text) >= 4 && wordCount(r.text) >= 4
    if (!prose) {
      out.push(textOfRow(first))
      i++
      continue
    }
    const tolerance = 0.02 * (ctx.layout.pageSizes.get(first.page)?.width ?? 600)
    const left: Array<string> = []
    const right: Array<string> = []
    let j = i
    for (; j < rows.length; j++) {
      const row = rows[j]!
      if (row.page !== first.page || !row.positioned || row.cells.length === 0 || row.cells.length > 2) break
      const ls = row.cells.filter((c) => Math.abs(c.x0 - l.x0) <= tolerance && c.x1 < r.x0)
      const rs = row.cells.filter((c) => Math.abs(c.x0 - r.x0) <= tolerance)
      if (ls.length + rs.length !== row.cells.length) break
      left.push(...ls.map((c) => c.text))
      right.push(...rs.map((c) => c.text))
    }
    if (j - i >= 3) {
      out.push(...left, ...right)
      i = j
    } else {
      out.push(textOfRow(first))
      i++
    }
  }
  return out
}

/** The sentences of the batch (lines joined in reading order: a sentence may run over several). */
const sentencesOf = (ctx: Omit<Context, "sentences">): Array<string> =>
  readingOrder(ctx).join(" ").replace(/\s+/g, " ").split(SENTENCE_BREAK)

/** a stop and a capital or digit after it, not an abbreviation's stop ("Invoice no. R-2231 dated …") */
const SENTENCE_BREAK = /(?<=[.;!?])(?<!\b(?:[Nn]o|NO|[Nn]r|NR|[Nn]os|vs|[Dd]r|[Mm]rs?|[Mm]s|[Aa]rt|[Rr]ef|[Tt]el|[Ff]ig|approx|[Dd]ept|pp?|para|[Ss]ec|e\.g|i\.e)\.)\s+(?=["“(]?[\p{Lu}\d])/u

const NUMBER_WORDS = new Set(["number", "no", "id", "ref", "reference", "code"].map((w) => stem(w)))

/**
 * An identifier named in running text: the token after the field's own word ("under policy
 * PL-9378970", "quoting invoice no. 2026/0444"), when it holds a digit. Only for identifier fields
 * (`policy_number`, `order_id`).
 */
const identifierInSentence = (name: string, ctx: Context): string | null => {
  const own = terms(name.replace(/_/g, " "))
  const kinds = own.filter((t) => !NUMBER_WORDS.has(t))
  if (kinds.length === 0 || kinds.length === own.length) return null
  for (const sentence of ctx.sentences) {
    const tokens = sentence.split(/\s+/)
    for (let i = 0; i + 1 < tokens.length; i++) {
      const english = terms(toEnglish(tokens[i]!))
      if (!english.some((t) => kinds.includes(t))) continue
      let j = i + 1
      while (j < tokens.length && /^(no\.?|nr\.?|number|#|n°|nº|n\.º?|ref\.?|num\.?|nummer|numer|numero|número|numéro)[:.]?$/i.test(tokens[j]!)) j++
      const token = (tokens[j] ?? "").replace(/[.,;:)"”]+$/, "")
      if (/\d/.test(token) && /^[\p{L}\d][\p{L}\d/_.-]*$/u.test(token) && token.length >= 3) return token
    }
  }
  return null
}

/** a label of the day a copy was printed or generated ("Print Date", "Printed on", "Generated:"): its date is no date of the document's */
const PRINTED = /\b(?:print(?:ed)?|generated|run|exported|downloaded)(?:\s+(?:date|on|at))?\s*[:：]?\s*/gi
/** The text with the date right after a print label blanked ("Print Date 12/15/2024 14:30:22"), its other dates kept. */
const blankPrintDates = (text: string, order: DayOrder): string => {
  const out = [...text]
  for (const m of text.matchAll(PRINTED)) {
    const from = m.index + m[0].length
    const tail = text.slice(from, from + 40)
    const masked = maskDates(tail, order)
    // the date must follow the label at once: "Print Date 12/15/2024", not a date further on
    if (masked[0] !== " " || tail[0] === " ") continue
    let end = 0
    while (end < tail.length && masked[end] === " " && tail[end] !== " ") end++
    while (end < tail.length && masked[end] === " ") end++
    for (let i = from; i < from + end; i++) out[i] = " "
  }
  return out.join("")
}
/** the dates of a text other than a print date, or its print date when that is all there is */
const documentDateIn = (node: ScalarNode, name: string, text: string, order: DayOrder): string | null => {
  const unprinted = blankPrintDates(text, order)
  // a field of one date (not a period's end) takes a date stated alone before a period's ("Booking dates: … - …")
  const single = isStartField(node, name) || isEndField(node, name) ? null : dateInRange(node, name, maskDateRanges(unprinted, order), order)
  return single ?? dateInRange(node, name, unprinted, order) ?? dateInRange(node, name, text, order)
}

/** A value read from a sentence that uses the field's words. */
const sentenceValue = (node: ScalarNode, name: string, fw: FieldWords, ctx: Context): string | number | null => {
  const strong = [...fw.weights.entries()].filter(([, w]) => w >= 1).map(([t]) => t)
  if (strong.length === 0) return null
  if (node.type === "string" && node.enum === null && !isDateField(node, name) && !isCurrencyField(node, name)) {
    const id = identifierInSentence(name, ctx)
    if (id !== null) return id
  }
  const head = terms(name.replace(/_/g, " ")).at(-1)
  for (const sentence of ctx.sentences) {
    const ts = terms(sentence)
    const hits = strong.filter((t) => ts.includes(t))
    if (hits.length < Math.min(strong.length, 2) && !(strong.length === 1 && hits.length === 1)) {
      // the name's head word and an amount in a currency: "The total premium payable … is £1,434.81"
      // is the `annual_premium` even without "annual"
      if (node.type === "number" && head !== undefined && ts.includes(head)) {
        // the amount after the head word: a table's amounts before it are other fields'
        const at = [...sentence.matchAll(/\p{L}+/gu)].find((m) => terms(m[0]).includes(head))?.index ?? 0
        const money = moneyIn(sentence.slice(at), ctx.order).find((m) => m.currency !== null)
        if (money !== undefined) return Number(money.amount)
      }
      continue
    }
    if (node.type === "number" || node.type === "integer") {
      // the number after the field's first word, else the sentence's first ("30 days' notice"); a
      // date's digits are none ("Total due on March 3, 2027: $4.11")
      // nor is a percentage an amount's: "Sales Tax 10.20% 278.46" is 278.46 (a rate field takes it)
      const undated = maskDates(sentence, ctx.order)
      const masked = isRateField(name) ? undated : undated.replace(new RegExp(PERCENT.source, "g"), (m) => " ".repeat(m.length))
      const at = [...masked.matchAll(/\p{L}+/gu)].find((m) => terms(m[0]).some((t) => hits.includes(t)))?.index ?? 0
      const n = numberInSentence(masked.slice(at), name) ?? numberInSentence(masked, name)
      if (n !== undefined && (node.type === "number" || Number.isInteger(n))) return n
      continue
    }
    if (node.type !== "string" || node.enum !== null) continue
    if (isDateField(node, name)) {
      const d = documentDateIn(node, name, sentence, ctx.order)
      if (d !== null) return d
      continue
    }
    if (isCurrencyField(node, name)) continue
    const phrase = phraseAfter(sentence, fw)
    if (phrase !== undefined) return phrase
  }
  return null
}

/** The field's words as written (lower case, singular): its name's and title's, and its description's. */
const wordForms = (node: SchemaNode, name: string) => {
  const forms = (text: string) => new Set(identifierWords(text).map((w) => w.replace(/s$/, "")))
  return { own: forms(`${name} ${node.title ?? ""}`), described: forms(node.description ?? "") }
}

/**
 * A value read from a clause (`layout/clauses.ts`) when no label names the field: a start or end
 * field takes that end of the period whose sentence shares most of the field's words (the first
 * period on ties, or when none shares any); a name field takes the party a defined term gives a
 * role the field names ("(the "Insured")" for "Name of the insured or policyholder"), else the
 * agent of a verb the field uses ("issued by …" for "Insurance company that issues the policy").
 */
const clauseValue = (node: ScalarNode, name: string, fw: FieldWords, ctx: Context): string | null => {
  if (node.type !== "string" || node.enum !== null || isCurrencyField(node, name)) return null
  const sentences = ctx.sentences
  if (isDateField(node, name) || isTemporalField(node, name)) {
    const end = isEndField(node, name)
    if (!end && !isStartField(node, name)) return null
    let found: { readonly value: string; readonly score: number } | undefined
    for (const sentence of sentences) {
      const period = periodsIn(sentence, ctx.order)[0]
      const event = eventDates(sentence, ctx.order).find((e) => e.kind === (end ? "end" : "start"))
      const value = period !== undefined ? (end ? period.end : period.start) : event?.date
      if (value === undefined) continue
      const ts = new Set(terms(sentence))
      let score = 0
      for (const [t, w] of fw.weights) if (ts.has(t)) score += w
      if (found === undefined || score > found.score) found = { value, score }
    }
    return found?.value ?? null
  }
  if (isIdentifierField(name) || isFreeTextField(node, name)) return null
  const { own, described } = wordForms(node, name)
  const roleScore = (role: string) => {
    const ws = words(role).map((w) => w.replace(/s$/, ""))
    if (ws.every((w) => own.has(w))) return 1
    return ws.every((w) => own.has(w) || described.has(w)) ? 0.6 : 0
  }
  // the field does what the verb says ("issues", "grants"); one "billed" or "paid" undergoes it, so
  // the agent of "billed by" is someone else
  const verbs = new Set([...own, ...described].filter((w) => !/ed$/.test(w)).map((w) => stem(w)))
  let found: { readonly value: string; readonly score: number } | undefined
  const offer = (value: string, score: number) => {
    if (score > 0 && (found === undefined || score > found.score)) found = { value, score }
  }
  for (const sentence of sentences) {
    for (const term of definedTerms(sentence)) offer(term.name, roleScore(term.role))
    for (const agent of passiveAgents(sentence)) offer(agent.name, verbs.has(agent.verb) ? 0.5 : 0)
  }
  return found?.value ?? null
}

/** The enum value the document names first, its head (title) before the rest. */
const enumInText = (node: ScalarNode, ctx: Context): string | number | boolean | null => {
  const values = (node.enum ?? []).filter((e): e is string => typeof e === "string")
  // in English words, so a payment "en espèces" or "mit Kreditkarte" names the enum's value, and
  // with a card's or wallet's kind after its brand ("DEBIT MASTERCARD" names `debit_card`)
  const rows = ctx.rows.filter((r) => !r.context).map((r) => withPaymentKinds(toEnglish(textOfRow(r))))
  for (const text of [rows.slice(0, 3).join(" "), rows.join(" ")]) {
    const found = enumOf(text, values)
    if (found !== undefined) return found
  }
  return null
}

/** the kinds of a sales tax levied side by side on one bill (India's central and state GST, Canada's GST and PST or QST) */
const TAX_KINDS = ["cgst", "sgst", "utgst", "igst", "gst", "hst", "pst", "qst"] as const
const taxKindOf = (label: string) => {
  const kinds = TAX_KINDS.filter((k) => new RegExp(`\\b${k}\\b`, "i").test(label))
  return kinds.length === 1 ? kinds[0] : undefined
}
/**
 * A tax printed as its components ("CGST 9% 18.00" and "SGST 9% 18.00"): when the best label names
 * one kind and others of the same bill name other kinds, the tax is their sum — the first amount of
 * each kind. Undefined when the best label names no kind (a "Total tax" line says it whole).
 */
const taxOfComponents = (candidates: ReadonlyArray<Candidate>, found: Candidate): number | undefined => {
  if (taxKindOf(found.label) === undefined) return undefined
  const byKind = new Map<string, number>()
  for (const c of [...candidates].sort((a, b) => a.order - b.order)) {
    const kind = taxKindOf(c.label)
    if (kind !== undefined && typeof c.value === "number" && c.score >= found.score - 0.15 && !byKind.has(kind)) byKind.set(kind, c.value)
  }
  if (byKind.size < 2) return undefined
  return Math.round([...byKind.values()].reduce((a, b) => a + b, 0) * 100) / 100
}

/** Whether the field asks for nothing but "the date" (a receipt's date, a letter's date). */
const isPlainDate = (name: string) => terms(name.replace(/_/g, " ")).every((t) => t === stem("date"))

const partiesCache = new WeakMap<Context, Parties>()
const parties = (ctx: Context): Parties => {
  let p = partiesCache.get(ctx)
  if (p === undefined) partiesCache.set(ctx, (p = partiesOf(ctx.rows.filter((r) => !r.context), ctx.text, companyNames(ctx))))
  return p
}

const scalarValue = (node: ScalarNode, name: string, parents: ReadonlyArray<string>, ctx: Context) => {
  const fw = fieldWords(name, node.title, parents, node.description)
  const named = node.type === "string" && node.enum === null && !isDateField(node, name) && !isCurrencyField(node, name) && !isIdentifierField(name)
  const party = !named ? null : isSellerField(name) ? "seller" : isBuyerField(name) ? "buyer" : null
  // a block a party's label opens ("Bill to", "Sold by") names it surer than a label's neighbouring cell
  const labelledParty = party === "seller" ? parties(ctx).labelledSeller : party === "buyer" ? parties(ctx).labelledBuyer : null
  if (labelledParty !== null) return labelledParty
  // a party's name is a name: not a number, an e-mail or a label ("Code client : 25722")
  const candidates = labelledCandidates(node, name, fw, ctx)
  const found = best(party === null ? candidates : candidates.filter((c) => typeof c.value !== "string" || isPartyName(c.value)))
  if (found !== undefined) {
    if (node.type === "number") {
      const split = taxOfComponents(candidates, found)
      if (split !== undefined) return split
    }
    // a start or end field labelled by a date word alone ("Date:", "Dated") takes the end a clause
    // writes ("commences on …", "from … to …"): the bare date is the document's, not its period's
    if (isDateField(node, name) && (isStartField(node, name) || isEndField(node, name)) && !namesAPeriod(found.label)) {
      const clause = clauseValue(node, name, fw, ctx)
      if (clause !== null) return clause
    }
    return found.value
  }
  if (node.type === "string" && node.enum !== null) return enumInText(node, ctx)
  if (node.type === "string" && isCurrencyField(node, name)) return documentCurrency(ctx)
  if (node.type === "string" && isPlainDate(name)) {
    // a print date only when the document prints no other
    const texts = ctx.rows.filter((r) => !r.context).map((r) => textOfRow(r))
    const first = texts.map((t) => dateOf(blankPrintDates(t, ctx.order), ctx.order)).find((d) => d !== null) ?? texts.map((t) => dateOf(t, ctx.order)).find((d) => d !== null)
    if (first !== undefined) return first
  }
  // a defined term or an agent names the party surer than the letterhead or an address block
  if (party === "seller") return clauseValue(node, name, fw, ctx) ?? parties(ctx).seller
  if (party === "buyer") {
    const block = clauseValue(node, name, fw, ctx) ?? parties(ctx).buyer
    if (block !== null) return block
  }
  // a sentence using the field's own words is surer of a date than a period it may not be about;
  // a defined term or an agent is surer of a name than the phrase after the field's words
  if (isDateField(node, name) || isTemporalField(node, name)) return sentenceValue(node, name, fw, ctx) ?? clauseValue(node, name, fw, ctx)
  return clauseValue(node, name, fw, ctx) ?? sentenceValue(node, name, fw, ctx)
}

const TAX_TERM = stem("tax")

/** the item tables' view of the context: its rows, and cells typed as scalars are */
const tablesOf = (ctx: Context): TableContext => ({ rows: ctx.rows, betweenItems: ctx.betweenItems, typed: (node, name, raw) => signedInTable(typed(node, name, raw, ctx), node, raw) })

/** a table cell's leading minus set apart from its amount ("- € 25,00", a discount's line) is its sign, not a dash before a value */
const signedInTable = (value: ReturnType<typeof typed>, node: ScalarNode, raw: string): ReturnType<typeof typed> =>
  node.type === "number" && typeof value === "number" && value > 0 && /^\s*[-−]\s+(?:[$€£¥₹]|[A-Z]{3})?\s*\d/.test(raw) ? -value : value

const listValues = (node: ArrayNode, name: string, parents: ReadonlyArray<string>, ctx: Context): Array<unknown> => {
  const items = node.items
  if (items.type === "object" || items.type === "array") return []
  const fw = fieldWords(name, node.title, parents, node.description)
  const out: Array<unknown> = []
  if (has(name, "party", "parties") && items.type === "string") {
    const m = BETWEEN.exec(ctx.sentences.join(" "))
    if (m !== null) return [partyName(m[1]!), partyName(m[2]!)].filter((p) => p !== "")
  }
  // lines under a label naming the array
  for (let ri = 0; ri < ctx.rows.length && out.length === 0; ri++) {
    const row = ctx.rows[ri]!
    if (row.context || row.cells.length !== 1 || !looksLikeLabel(row.cells[0]!.text) || labelScore(fw, row.cells[0]!.text.replace(/:$/, "")) < MIN_LABEL_SCORE) continue
    for (let k = ri + 1; k < ctx.rows.length; k++) {
      const next = ctx.rows[k]!
      const text = textOfRow(next).replace(/^\s*(?:[-•*]|\d+[.)])\s*/, "")
      if (next.page !== row.page || text.trim() === "" || (looksLikeLabel(text) && text.trim().endsWith(":"))) break
      const value = typed(items, name, text, ctx)
      if (value === undefined || text.split(/\s+/).length > 10) break
      out.push(value)
    }
  }
  return out
}

const objectValue = (node: ObjectNode, parents: ReadonlyArray<string>, ctx: Context): Record<string, unknown> => {
  const out: Record<string, unknown> = {}
  for (const p of node.properties) {
    const s = p.schema
    let value: unknown
    if (s.type === "object") value = objectValue(s, [...parents, p.name], ctx)
    else if (s.type === "array") {
      if (s.items.type === "object") {
        const table = tableValues(s as ArrayNode & { readonly items: ObjectNode }, p.name, parents, tablesOf(ctx))
        value = table.length > 0 ? table : textLineItems(s.items, tablesOf(ctx))
      } else value = listValues(s, p.name, parents, ctx)
    } else value = scalarValue(s, p.name, parents, ctx)
    Object.defineProperty(out, p.name, { value, enumerable: true, writable: true, configurable: true })
  }
  return out
}

/** a batch read once (layout, sentences), for reading values of several schemas from it */
export interface ReadBatch {
  readonly values: (schema: CompiledExtractSchema) => Record<string, unknown>
}

export const readBatch = (content: ExtractionContent): ReadBatch => {
  const layout = layoutOf(content)
  const text = content.markdown
  const read = { layout, rows: layout.rows, order: dayOrderOf(text), text }
  const sentences = sentencesOf({ ...read, betweenItems: new Set<LayoutRow>() })
  return {
    values: (schema) => {
      const ctx: Context = { ...read, sentences, betweenItems: new Set<LayoutRow>() }
      // the item tables first: their subtotal lines are no values of the document's scalars
      for (const p of schema.root.properties) {
        if (p.schema.type === "array" && p.schema.items.type === "object") tableValues(p.schema as ArrayNode & { readonly items: ObjectNode }, p.name, [], tablesOf(ctx))
      }
      return objectValue(schema.root, [], ctx)
    }
  }
}

export const extractLocally = (input: ExtractInput): Record<string, unknown> => readBatch(input.content).values(input.schema)

/** pages per batch: the local extractor is linear in the text, so batches only bound memory */
export const LOCAL_EXTRACT_BATCH_PAGES = 50

export const LocalExtractorLive: Layer.Layer<FieldExtractor> = Layer.succeed(FieldExtractor, {
  batchPages: LOCAL_EXTRACT_BATCH_PAGES,
  extract: (input) => Effect.sync(() => extractLocally(input))
})
