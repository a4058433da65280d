/**
 * The local catalog extractor: offline, deterministic rules over a component's text, line by line
 * (markdown table rows read as cells separated by " | "). Each value cites its page and line.
 *
 * - Dates (`layout/values.ts`: ISO, numeric day-first or month-first by the document's own dates,
 *   "March 14, 2026", "14 Mar 2026"): each date takes the field its label names — the words
 *   printed before it on its line since the previous date — `due_date` ("due", "payment date",
 *   "pay by"), `expiry_date` ("expires", "expiration", "termination", "end date", "valid until"),
 *   `effective_date` ("effective", "commencement", "start date", "inception", "valid from"),
 *   `document_date` ("invoice date", "issue date", "dated", "date"); a row of dates under a row of
 *   labels ("Invoice Date: Due Date:" over "03/20/2023 04/04/2023") takes them in order; in a period ("Period: A – B",
 *   "from A to B") the first starts and the second ends. The first of each wins. A document
 *   (not a sheet) with no labelled document date takes the first unlabelled date of its first page.
 * - Money: `total_amount` from the line naming the total ("grand total", "amount due", "balance
 *   due", then a plain "total" that is no subtotal, tax or net total; the last such line), its
 *   last amount (or the number alone on the next line); `amounts`: every other amount printed with
 *   its own currency symbol or code (a line's other numbers are quantities, rates or codes). A currency is the symbol or code next to the amount, else one the line names, else
 *   the document's only currency (all its printed currencies agree, or "Currency: EUR"). An amount
 *   with none is `ambiguous` (the printed text as value), never guessed.
 * - Parties: `recipient` after "Bill to", "Sold to", "Invoice to", "Customer:", "Client:",
 *   "Buyer:", "To:", "Attn:"; `issuer` after "From:", "Seller:", "Vendor:", "Supplier:", "Sold
 *   by", "Issued by" (the name on the label's line, else on the next); else a document's issuer is
 *   the first company name (a phrase ending in a legal suffix: Inc, LLC, Ltd, GmbH, S.A., B.V.…)
 *   of its first 12 lines, else the one it names most often, never the recipient. `parties`: issuer,
 *   recipient, the two names of "between A and B", and every company name, distinct.
 * - Identifiers: a number after a scheme word and a number mark or separator ("Invoice No. 123",
 *   "Policy #P-77", "Order: 5531", "Account | 0042", "Facture N° 2022089083"), or right after the
 *   word when it is a code more than a number ("Invoice INV/2023/03/0008"), holding a digit and
 *   not a date; the scheme is the word's normalized name (`invoice`, `purchase_order`, `order`,
 *   `contract`, `policy`, `claim`, `account`, `customer`, `quote`, `receipt`, `reference`,
 *   `tax_id`); an IBAN without its spaces (`iban`).
 *
 * Limits: labels must be printed on the value's line (or, for totals and parties, the line above);
 * a company without a legal suffix is found only after a party label or in "between A and B";
 * numbers grouped by plain spaces are read whole only with a currency after them ("1 250,00 €"); "$" is read as USD.
 */
import { Effect, Layer } from "effect"
import type { CatalogCell, Citation, MoneyValue } from "../../workspaces/catalog/catalog-entry.js"
import type { CatalogFieldName } from "../../workspaces/catalog/catalog-fields.js"
import { type CatalogExtractInput, CatalogExtractor, type CatalogPageText } from "../catalog-extractor.js"
import { BETWEEN, COMPANY, COMPANY_IN_TEXT, partyName } from "./layout/parties.js"
import { currencyOf, CURRENCY_CODES, dateOf, dateSpans, type DayOrder, dayOrderOf, isMostlyNumber, type MoneyMention, moneyIn } from "./layout/values.js"

interface Line {
  readonly page: number | null
  /** what the rules read */
  readonly text: string
  /** what the citation quotes: the line as printed (`text`, but for a record table's row) */
  readonly source: string
  /** index in the component's lines */
  readonly index: number
}

const MAX_SOURCE_TEXT = 300
const MAX_REPEATED = 20

/** a markdown line as text: heading marks, emphasis and table pipes out, cells joined by " | " */
const lineText = (raw: string): string =>
  raw.replace(/^\s*#{1,6}\s+/, "").replace(/\*\*|__/g, "").replace(/^\s*\|/, "").replace(/\|\s*$/, "").split("|").map((c) => c.trim()).filter((c) => c !== "")
    .join(" | ").replace(/\s+/g, " ").trim()

const cellsOfRow = (raw: string): Array<string> | null =>
  /^\s*\|.*\|\s*$/.test(raw) ? raw.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim()) : null

/**
 * The component's lines. A markdown table of one header row and one data row is a record
 * ("| Invoice No | Total |" over "| 881 | EUR 10.00 |"): its data row is read as "label: value"
 * cells, so the labels apply; a longer table is rows of data, read as printed.
 */
const linesOf = (pages: ReadonlyArray<CatalogPageText>): Array<Line> => {
  const out: Array<Line> = []
  for (const p of pages) {
    const raws = p.text.split(/\r?\n/)
    for (const [i, raw] of raws.entries()) {
      if (/^[\s|:\-+]*$/.test(raw)) continue
      const source = lineText(raw)
      if (source === "") continue
      let text = source
      const header = i >= 2 && /^[\s|:\-+]*$/.test(raws[i - 1]!) ? cellsOfRow(raws[i - 2]!) : null
      const row = cellsOfRow(raw)
      const last = i + 1 >= raws.length || cellsOfRow(raws[i + 1]!) === null
      if (header !== null && row !== null && last && header.length === row.length) {
        text = row.map((c, k) => (header[k] === "" || c === "" ? c : `${header[k]}: ${c}`)).filter((c) => c !== "").join(" | ")
      }
      out.push({ page: p.page, text, source, index: out.length })
    }
  }
  return out
}

const citationOf = (line: Line): Citation => ({
  location: { kind: line.page === null ? "sheet" : "page_region", page: line.page },
  source_text: line.source.length <= MAX_SOURCE_TEXT ? line.source : `${line.source.slice(0, MAX_SOURCE_TEXT - 1)}…`
})

const found = (field: CatalogFieldName, value: CatalogCell["value"], line: Line): CatalogCell => ({ field, status: "found", value, citation: citationOf(line) })

// ---- dates

type DateField = "document_date" | "due_date" | "effective_date" | "expiry_date"

/** the label words of each date field, most specific first */
const DATE_LABELS: ReadonlyArray<readonly [DateField, RegExp]> = [
  ["due_date", /\b(?:due|payment\s+date|pay\s+by|payable\s+(?:by|on|before))\b/i],
  ["expiry_date", /\b(?:expir\w*|terminat\w*|end\s+date|ends?\s+on|valid\s+(?:until|through|thru|to)|until|maturity|renewal\s+date)\b/i],
  ["effective_date", /\b(?:effective|commenc\w*|start\s+date|starts?\s+on|inception|begin\w*|valid\s+from)\b/i],
  ["document_date", /\b(?:invoice\s+date|date\s+of\s+(?:issue|invoice)|issue\s+date|issued|dated|statement\s+date|order\s+date|date|rechnungsdatum|factuurdatum|datum|data\s+wystawienia)\b/i]
]
const PERIOD = /\b(?:period|term|coverage|from)\b/i
const RANGE_JOIN = /^\s*(?:-|–|—|to|through|thru|until|till)\s*$/i

interface DatesFound {
  readonly byField: Map<DateField, { date: string; line: Line }>
  readonly firstUnlabelled: { date: string; line: Line } | null
}

/** the date labels of a header line ("Invoice Date: Due Date: Reference:"), left to right */
const headerLabels = (line: Line | undefined): Array<DateField> => {
  if (line === undefined || dateSpans(line.text).length > 0) return []
  const found: Array<{ at: number; end: number; field: DateField }> = []
  for (const [field, re] of DATE_LABELS) {
    for (const m of line.text.matchAll(new RegExp(re.source, "gi"))) {
      // a longer label already covering this place ("Due Date" over "Date") wins
      if (!found.some((f) => m.index < f.end && f.at < m.index + m[0].length)) found.push({ at: m.index, end: m.index + m[0].length, field })
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.field)
}

const readDates = (lines: ReadonlyArray<Line>, order: DayOrder): DatesFound => {
  const byField = new Map<DateField, { date: string; line: Line }>()
  let firstUnlabelled: { date: string; line: Line } | null = null
  const set = (f: DateField, date: string, line: Line) => {
    if (!byField.has(f)) byField.set(f, { date, line })
  }
  for (const line of lines) {
    const spans = dateSpans(line.text, order)
    // a row of dates under a row of their labels: each takes the label above it, in order
    const above = spans.length > 0 && line.index > 0 && lines[line.index - 1]!.page === line.page ? headerLabels(lines[line.index - 1]) : []
    if (spans.length > 0 && above.length >= spans.length && dateSpans(line.text.slice(0, spans[0]!.start)).length === 0 && !DATE_LABELS.some(([, re]) => re.test(line.text))) {
      for (const [i, span] of spans.entries()) set(above[i]!, span.date, line)
      continue
    }
    let previous: { field: DateField | null; end: number } = { field: null, end: 0 }
    for (const [i, span] of spans.entries()) {
      const label = line.text.slice(previous.end, span.start)
      let field = DATE_LABELS.find(([, re]) => re.test(label))?.[0] ?? null
      // "Period: A – B", "from A to B": the second date of a range ends what the first started
      if (i > 0 && RANGE_JOIN.test(label)) field = previous.field === "effective_date" || previous.field === null ? "expiry_date" : previous.field
      else if (field === null && spans.length >= 2 && i === 0 && PERIOD.test(label)) field = "effective_date"
      if (field === null && i > 0 && RANGE_JOIN.test(label)) field = "expiry_date"
      if (field !== null) set(field, span.date, line)
      else if (firstUnlabelled === null) firstUnlabelled = { date: span.date, line }
      previous = { field, end: span.end }
    }
  }
  return { byField, firstUnlabelled }
}

// ---- money

/** each line's money mentions, read once */
const mentionsOf = (order: DayOrder) => {
  const cache = new Map<Line, Array<MoneyMention>>()
  return (line: Line): Array<MoneyMention> => {
    let m = cache.get(line)
    if (m === undefined) cache.set(line, (m = moneyIn(line.text, order)))
    return m
  }
}

const TOTAL_LABELS: ReadonlyArray<readonly [number, RegExp]> = [
  [3, /\b(?:grand\s+total|total\s+amount\s+due|amount\s+due|balance\s+due|total\s+due|amount\s+payable|total\s+payable|invoice\s+total|total\s+(?:incl\.?|including|inc\.)\b|total\s+amount)/i],
  [2, /\b(?:total|totaal|gesamtbetrag|rechnungsbetrag)\b/i]
]
const NOT_TOTAL = /\b(?:sub\s*-?\s*total|total\s+(?:tax|vat|gst|excl\w*|net|before|hours|qty|quantity|items?|pages?|units?|weight|discount)|net\s+total|tax\s+total)\b/i

/** the currency of every amount of the document whose own is not printed: the one it declares, or the only one it prints */
const documentCurrency = (lines: ReadonlyArray<Line>, mentions: (l: Line) => Array<MoneyMention>): string | null => {
  for (const l of lines) {
    const m = /\b(?:currency|all\s+amounts\s+(?:are\s+)?in|amounts\s+in)\b\W*([A-Z]{3})\b/i.exec(l.text)
    if (m !== null && CURRENCY_CODES.has(m[1]!.toUpperCase())) return m[1]!.toUpperCase()
  }
  const seen = new Set<string>()
  for (const l of lines) for (const m of mentions(l)) if (m.currency !== null) seen.add(m.currency)
  return seen.size === 1 ? [...seen][0]! : null
}

/** a line's own currency (a code or symbol anywhere on it), when it names one only */
const lineCurrency = (text: string): string | null => currencyOf(text.replace(/\d[\d.,]*/g, " "))

interface Money {
  readonly mention: MoneyMention
  readonly currency: string | null
  readonly line: Line
}

const readTotal = (lines: ReadonlyArray<Line>, order: DayOrder, docCurrency: string | null): Money | null => {
  let best: { priority: number; money: Money } | null = null
  for (const line of lines) {
    const label = TOTAL_LABELS.find(([, re]) => re.test(line.text))
    if (label === undefined || NOT_TOTAL.test(line.text.replace(TOTAL_LABELS[0]![1], ""))) continue
    const [priority, re] = label
    const after = line.text.slice(re.exec(line.text)!.index)
    let mentions = moneyIn(after, order)
    let at = line
    if (mentions.length === 0) {
      const next = lines[line.index + 1]
      if (next === undefined || next.page !== line.page || !isMostlyNumber(next.text)) continue
      mentions = moneyIn(next.text, order)
      at = next
    }
    const mention = mentions[mentions.length - 1]
    if (mention === undefined) continue
    const money: Money = { mention, currency: mention.currency ?? lineCurrency(at.text) ?? lineCurrency(line.text) ?? docCurrency, line: at }
    if (best === null || priority >= best.priority) best = { priority, money }
  }
  return best?.money ?? null
}

const moneyValue = (amount: string, currency: string): MoneyValue => ({ kind: "money", amount, currency })

// ---- parties

const RECIPIENT = /^(?:bill(?:ed)?\s+to|sold\s+to|invoice\s+to|ship\s+to|customer(?:\s+name)?|client(?:\s+name)?|buyer|to|attn)\s*(?::|\|)\s*(.*)$|^(?:bill(?:ed)?\s+to|sold\s+to|invoice\s+to)\s+(.*)$/i
const ISSUER = /^(?:from|seller|vendor|supplier|sold\s+by|issued\s+by|merchant|payee|company(?:\s+name)?)\s*(?::|\|)\s*(.*)$|^(?:issued|sold)\s+by\s+(.*)$/i
const LEADING_WORDS = /^(?:(?:invoice|bill|receipt|statement|from|to|seller|vendor|customer|client)\s+)+/i

/** a line that is no party's name: a label, a total, terms */
const NOT_A_NAME = /:|\b(?:total|amount|balance|due|date|invoice|terms|page)\b/i

/** a label with nothing after it ("Address:", "Ship To:"): the name is on the next line */
const LABEL_ONLY = /^[\p{L} .]{1,30}:(?:\s*[\p{L} .]{1,30}:)*\s*$/u

/**
 * a party name as printed: a company name in it (legal suffix) if any; else the first cell,
 * before an address, a contact detail, or a run of capitals printed beside it ("Vivelabs TOTAL DUE")
 */
const nameOf = (text: string): string | null => {
  const company = companiesIn(text)[0]
  if (company !== undefined) return company
  let first = text.replace(/^attn\s*:\s*/i, "").split(" | ")[0]!.split(/,\s*(?=\d)|\s+(?=\S+@\S+)|\s+-\s+/)[0]!
  if (/\p{Ll}/u.test(first)) first = first.split(/\s+(?=\p{Lu}{2,}\s+\p{Lu}{2,})/u)[0]!
  const name = partyName(first).replace(/[,;:.]+$/, "").trim()
  return /\p{L}/u.test(name) && name.split(/\s+/).length <= 10 && name.length <= 120 ? name : null
}

const labelledParty = (lines: ReadonlyArray<Line>, re: RegExp): { name: string; line: Line } | null => {
  for (const line of lines) {
    const m = re.exec(line.text)
    if (m === null) continue
    const rest = (m[1] ?? m[2] ?? "").trim()
    if (rest !== "" && !LABEL_ONLY.test(rest)) {
      const name = nameOf(rest)
      if (name !== null) return { name, line }
      continue
    }
    const next = lines[line.index + 1]
    // the next line names the party unless it is itself a label, a date or an amount line
    if (next !== undefined && next.page === line.page && !NOT_A_NAME.test(next.text) && dateSpans(next.text).length === 0 && moneyIn(next.text).every((m) => m.currency === null)) {
      const name = nameOf(next.text)
      if (name !== null) return { name, line: next }
    }
  }
  return null
}

function companiesIn(text: string): Array<string> {
  const out: Array<string> = []
  for (const cell of text.split(" | ")) {
    for (const m of cell.matchAll(COMPANY_IN_TEXT)) {
      const name = `${m[1]!}${m[2]!}${m[0].endsWith(".") && !m[2]!.endsWith(".") ? "." : ""}`.replace(LEADING_WORDS, "").replace(/\s+/g, " ").trim()
      if (COMPANY.test(name) && name.split(/\s+/).length >= 2) out.push(name)
    }
  }
  return out
}

/**
 * a document's issuer when no label names it: the first company name of its first lines, else the
 * company it names most often (the first on ties) — never the recipient
 */
const letterhead = (lines: ReadonlyArray<Line>, recipient: string | null): { name: string; line: Line } | null => {
  const counts: Array<{ name: string; line: Line; count: number }> = []
  for (const line of lines) {
    for (const name of companiesIn(line.text)) {
      if (recipient !== null && sameParty(name, recipient)) continue
      if (line.index < 12) return { name, line }
      const seen = counts.find((c) => sameParty(c.name, name))
      if (seen !== undefined) seen.count++
      else counts.push({ name, line, count: 1 })
    }
  }
  const best = counts.reduce<(typeof counts)[number] | null>((b, c) => (b === null || c.count > b.count ? c : b), null)
  return best === null ? null : { name: best.name, line: best.line }
}

function sameParty(a: string, b: string): boolean {
  return a.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "") === b.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "")
}

// ---- identifiers

const ID_SCHEMES: ReadonlyArray<readonly [string, string]> = [
  ["purchase_order", "purchase\\s+order|p\\.?\\s?o\\."],
  ["invoice", "invoice|inv|facture|rechnung(?:snummer)?|factuur(?:nummer)?|faktura|factura|fattura"],
  ["order", "order(?:nummer)?|bestellnummer"],
  ["contract", "contract|agreement"],
  ["policy", "policy"],
  ["claim", "claim"],
  ["account", "account|acct|a/c"],
  ["customer", "customer|client"],
  ["quote", "quote|quotation|estimate"],
  ["receipt", "receipt"],
  ["reference", "reference|ref"],
  ["tax_id", "vat(?:\\s+reg(?:istration)?)?|tax\\s+id|tin|ein"]
]
const MARK = "no|nr|n°|nº|num|number|nummer|#|id|code"
/** an IBAN, printed in groups ("FR76 1010 7002 …"), kept without its spaces */
const IBAN = /\bIBAN\b\s*[:#|]?\s*([A-Z]{2}\d{2}(?:\s?[A-Z0-9]{1,5}){2,8})\b/gi
const ID_RE = new RegExp(
  `\\b(${ID_SCHEMES.map(([, s]) => `(?:${s})`).join("|")})(?![\\p{L}_])\\.?\\s*(?:(?:${MARK})(?![\\p{L}\\p{N}])\\.?|#)?\\s*(:|\\||#)?\\s*#?([A-Z0-9][A-Z0-9\\-/._]{0,40}[A-Z0-9]|[0-9])`,
  "giu"
)

const SCHEME_WORDS: ReadonlyArray<readonly [string, RegExp]> = ID_SCHEMES.map(([scheme, source]) => [scheme, new RegExp(`^(?:${source})$`, "i")])
/** what precedes a marked number: a number mark or a separator */
const MARKED = new RegExp(`(?:${MARK})\\.?\\s*(?::|\\||#)?\\s*#?$|[:|#]\\s*#?$`, "i")

const schemeOf = (word: string): string => SCHEME_WORDS.find(([, re]) => re.test(word.trim()))?.[0] ?? "reference"

interface Identifier {
  readonly scheme: string
  readonly value: string
  readonly line: Line
}

/** the first `MAX_REPEATED` distinct identifiers, in document order */
const readIdentifiers = (lines: ReadonlyArray<Line>): Array<Identifier> => {
  const out: Array<Identifier> = []
  for (const line of lines) {
    if (out.length >= MAX_REPEATED) break
    for (const m of line.text.matchAll(ID_RE)) {
      const marked = MARKED.test(m[0].slice(0, m[0].length - m[3]!.length))
      const value = m[3]!.replace(/[._/-]+$/, "")
      // unmarked ("Invoice INV/2023/03/0008"): only a code that is more than a number
      const code = value.length >= 4 && /\p{L}|[-/_]/u.test(value)
      if ((!marked && !code) || !/\d/.test(value) || dateOf(value) !== null) continue
      const scheme = schemeOf(m[1]!)
      if (!out.some((x) => x.scheme === scheme && x.value === value)) out.push({ scheme, value, line })
    }
    for (const m of line.text.matchAll(IBAN)) {
      const value = m[1]!.replace(/\s+/g, "").toUpperCase()
      if (!out.some((x) => x.scheme === "iban" && x.value === value)) out.push({ scheme: "iban", value, line })
    }
  }
  return out
}

// ---- the whole

/** What the rules read from one component: its found and ambiguous cells (the caller adds `not_found`). */
export const extractCatalogLocally = (input: CatalogExtractInput): Array<CatalogCell> => {
  const lines = linesOf(input.pages)
  if (lines.length === 0) return []
  const order = dayOrderOf(lines.map((l) => l.text).join("\n"))
  const isDocument = input.component_kind !== "sheet"
  const cells: Array<CatalogCell> = []

  const dates = readDates(lines, order)
  const documentDate = dates.byField.get("document_date") ??
    (isDocument && dates.firstUnlabelled !== null && dates.firstUnlabelled.line.page === lines[0]!.page ? dates.firstUnlabelled : undefined)
  if (documentDate !== undefined) cells.push(found("document_date", { kind: "date", date: documentDate.date }, documentDate.line))
  for (const f of ["due_date", "effective_date", "expiry_date"] as const) {
    const d = dates.byField.get(f)
    if (d !== undefined) cells.push(found(f, { kind: "date", date: d.date }, d.line))
  }

  const recipient = labelledParty(lines, RECIPIENT)
  let issuer = labelledParty(lines, ISSUER)
  if (issuer === null && isDocument) issuer = letterhead(lines, recipient?.name ?? null)
  if (issuer !== null) cells.push(found("issuer", { kind: "party", name: issuer.name }, issuer.line))
  if (recipient !== null) cells.push(found("recipient", { kind: "party", name: recipient.name }, recipient.line))
  const parties: Array<{ name: string; line: Line }> = []
  const addParty = (name: string, line: Line) => {
    if (name !== "" && parties.length < MAX_REPEATED && !parties.some((p) => sameParty(p.name, name))) parties.push({ name, line })
  }
  if (issuer !== null) addParty(issuer.name, issuer.line)
  if (recipient !== null) addParty(recipient.name, recipient.line)
  for (const line of lines) {
    const m = BETWEEN.exec(line.text)
    if (m === null) continue
    for (const raw of [m[1]!, m[2]!]) {
      const name = nameOf(raw)
      if (name !== null) addParty(name, line)
    }
    break
  }
  for (const line of lines) for (const name of companiesIn(line.text)) addParty(name, line)
  for (const p of parties) cells.push(found("parties", { kind: "party", name: p.name }, p.line))

  for (const id of readIdentifiers(lines).slice(0, MAX_REPEATED)) {
    cells.push(found("identifiers", { kind: "identifier", scheme: id.scheme, value: id.value }, id.line))
  }

  const mentions = mentionsOf(order)
  const docCurrency = documentCurrency(lines, mentions)
  const total = readTotal(lines, order, docCurrency)
  if (total !== null) {
    cells.push(
      total.currency === null
        ? { field: "total_amount", status: "ambiguous", value: { kind: "text", text: total.mention.text }, citation: citationOf(total.line) }
        : found("total_amount", moneyValue(total.mention.amount, total.currency), total.line)
    )
  }
  const amounts: Array<{ value: MoneyValue; line: Line }> = []
  for (const line of lines) {
    for (const m of mentions(line)) {
      // only amounts printed with their currency: a line's other numbers are quantities, rates, codes
      const currency = m.currency
      if (currency === null) continue
      if (total !== null && total.line === line && total.mention.amount === m.amount) continue
      if (amounts.length >= MAX_REPEATED || amounts.some((a) => a.value.amount === m.amount && a.value.currency === currency)) continue
      amounts.push({ value: moneyValue(m.amount, currency), line })
    }
  }
  for (const a of amounts) cells.push(found("amounts", a.value, a.line))
  return cells
}

export const LocalCatalogExtractorLive = Layer.succeed(CatalogExtractor, {
  extract: (input) => Effect.sync(() => extractCatalogLocally(input))
})
