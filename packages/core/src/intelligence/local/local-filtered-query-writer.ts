/**
 * The local `FilteredQueryWriter`: a deterministic reading of the question (same question, same
 * query). What it understands:
 * - shape: "how many …", "number of …", "count …" → count; "top 5 …", "the 3 most recent …",
 *   "largest", "latest" … → top N (N 1 without a number; "top N" alone orders by the largest total);
 *   anything else ("list/show/which/all …") → list;
 * - document types: the taxonomy's `document_type` names (underscores as spaces) and aliases,
 *   singular or plural, case-insensitive (all-capital aliases such as "PO" only as written);
 * - the date field: the one the question names (due → `due_date`; expiring/expiry/ending/valid
 *   until → `expiry_date`; effective/commencing/starting → `effective_date`), else `document_date`;
 *   dates "in 2024", "in March 2025", "before March 2025", "after 2023-06-01", "since 2024",
 *   "between 2023 and 2024" (bounds inclusive of the periods named; before/after exclude them);
 * - money: "over/above/more than/at least/exceeding … 10,000 EUR/€/$/GBP/£/CHF/euros/dollars/pounds",
 *   "under/below/less than/at most/up to …", "between 1,000 and 5,000 EUR" on `total_amount`
 *   (bounds inclusive: "over 10,000 EUR" keeps 10,000.00 EUR, and the interpretation says "at
 *   least"); `$` and dollars are USD, as the catalog reads them; never converted;
 * - an amount (or a "largest/smallest") without a currency: a clarification when allowed, else
 *   the currency named elsewhere in the question or its context, else `ASSUMED_CURRENCY` — and
 *   the interpretation says it assumed it;
 * - identifiers "number X", "no. X", "nr X", "#X" (a value with a digit) → `identifiers` equals X;
 * - parties: after "from", "by", "issued by" → `issuer`; "to", "for", "billed to", "addressed to"
 *   → `recipient`; "with", "involving", "between … and …" → `parties` (contains, folded);
 * - "without an expiry date" → `expiry_date` status `not_found` (any date field; "with a due
 *   date" → status `found`).
 * A question in which it recognises nothing (no document type, filter, order, nor a word such
 * as "documents" or "files"): a clarification when allowed, else a list of every row, the
 * interpretation saying so.
 */
import { Effect, Layer } from "effect"
import type { CatalogFilter, CatalogSort } from "../../workspaces/catalog/catalog-query.js"
import { type FilteredQueryPlan, type FilteredQuestion, FilteredQueryWriter, type WrittenQuery } from "../filtered-query-writer.js"

/** the currency assumed when money is asked about and no currency is named anywhere */
export const ASSUMED_CURRENCY = "EUR"

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
const DATE = `(\\d{4}-\\d{2}-\\d{2}|\\d{1,2}(?:st|nd|rd|th)? ${MONTH},? \\d{4}|${MONTH} \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}|${MONTH},? \\d{4}|(?:19|20)\\d{2})`
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20 }

const CURRENCIES: ReadonlyArray<[RegExp, string]> = [
  [/^(?:eur|euros?|€)$/i, "EUR"],
  [/^(?:usd|us\$|\$|dollars?)$/i, "USD"],
  [/^(?:gbp|£|pounds?)$/i, "GBP"],
  [/^(?:chf|francs?)$/i, "CHF"],
  [/^(?:jpy|yen|¥)$/i, "JPY"],
  [/^[A-Z]{3}$/, ""]
]
const CURRENCY = "(?:eur|euros?|€|usd|us\\$|\\$|dollars?|gbp|£|pounds?|chf|francs?|jpy|yen|¥|[A-Z]{3})"
const AMOUNT = "(\\d[\\d,]*(?:\\.\\d+)?)\\s*(k|m|thousand|million)?"

const currencyOf = (token: string | undefined): string | null => {
  if (token === undefined) return null
  for (const [re, code] of CURRENCIES) if (re.test(token.trim())) return code === "" ? token.trim() : code
  return null
}

const amountOf = (digits: string, scale: string | undefined): string => {
  const plain = digits.replace(/,/g, "")
  const [int = "0", frac] = plain.split(".")
  const factor = scale === undefined ? 1n : /^(k|thousand)$/i.test(scale) ? 1000n : 1_000_000n
  if (factor === 1n) return frac === undefined ? int : `${int}.${frac}`
  const cents = BigInt(int + (frac ?? "").padEnd(2, "0").slice(0, 2)) * factor
  const s = cents.toString().padStart(3, "0")
  return `${s.slice(0, -2)}.${s.slice(-2)}`.replace(/\.00$/, "")
}

interface Period {
  readonly start: string
  readonly end: string
}

const pad = (n: number) => String(n).padStart(2, "0")
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate()
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const monthOf = (s: string) => MONTHS.findIndex((m) => m.startsWith(s.toLowerCase().slice(0, 3))) + 1

/** the period a date expression names: a day, a month, a year */
export const periodOf = (text: string): Period | null => {
  const s = text.trim().toLowerCase().replace(/(\d)(st|nd|rd|th)/, "$1").replace(",", "")
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)
  if (m !== null) return { start: s, end: s }
  m = /^(\d{1,2}) ([a-z]+) (\d{4})$/.exec(s)
  if (m !== null) return { start: iso(+m[3]!, monthOf(m[2]!), +m[1]!), end: iso(+m[3]!, monthOf(m[2]!), +m[1]!) }
  m = /^([a-z]+) (\d{1,2}) (\d{4})$/.exec(s)
  if (m !== null) return { start: iso(+m[3]!, monthOf(m[1]!), +m[2]!), end: iso(+m[3]!, monthOf(m[1]!), +m[2]!) }
  m = /^([a-z]+) (\d{4})$/.exec(s)
  if (m !== null) {
    const y = +m[2]!
    const mo = monthOf(m[1]!)
    return { start: iso(y, mo, 1), end: iso(y, mo, lastDay(y, mo)) }
  }
  m = /^(\d{4})$/.exec(s)
  if (m !== null) return { start: `${m[1]}-01-01`, end: `${m[1]}-12-31` }
  return null
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** the question with what was read blanked out (so it is read once), and what was read */
class Reader {
  text: string
  constructor(text: string) {
    this.text = ` ${text.replace(/\s+/g, " ")} `
  }
  /** every match of `re` (global) handed to `f`; a match `f` accepts is blanked */
  take(re: RegExp, f: (m: RegExpExecArray) => boolean) {
    const found: Array<RegExpExecArray> = []
    for (const m of this.text.matchAll(re)) found.push(m as RegExpExecArray)
    for (const m of found) if (f(m)) this.text = this.text.replace(m[0], " | ")
  }
}

const DATE_FIELDS: ReadonlyArray<[RegExp, string]> = [
  [/\bdue\b/i, "due_date"],
  [/\b(?:expir\w*|expire[sd]?|ending|ends|end date|valid until|terminat\w*)\b/i, "expiry_date"],
  [/\b(?:effective|commenc\w*|starting|starts|start date)\b/i, "effective_date"],
  [/\b(?:dated|issued on|issue date|document date|invoice date)\b/i, "document_date"]
]

const PARTY_STOP = new Set([
  "in", "over", "under", "before", "after", "since", "between", "with", "from", "to", "for", "by", "issued", "due", "expiring", "that", "which", "and", "or",
  "number", "no", "above", "below", "more", "less", "at", "during", "of", "on", "where", "whose", "sorted", "ordered", "than", "is", "are", "was", "were",
  "expire", "expires", "effective", "dated", "without", "worth", "totalling", "totaling", "billed", "addressed", "involving", "sent", "the"
])
const NOT_A_PARTY = new Set(["me", "us", "all", "each", "every", "them", "it", "this", "that", "year", "month", "the", "a", "an", "any", "our", "my", "which", "what"])

export const writeFilteredQuery = (input: FilteredQuestion): FilteredQueryPlan => {
  const r = new Reader(input.question)
  const filters: Array<CatalogFilter> = []
  const said: Array<string> = []
  let sort: CatalogSort | null = null
  let shape = "list" as WrittenQuery["shape"]
  let n: number | null = null
  let moneyAsked = false
  let currencyNamed: string | null = null

  // the date field the question names
  const dateField = DATE_FIELDS.find(([re]) => re.test(input.question))?.[1] ?? "document_date"

  // presence of a date: "without an expiry date", "with a due date"
  r.take(/\b(with|without|missing|lacking|no)\s+(?:an?\s+|any\s+)?(expiry|expiration|due|effective|document|end)\s+dates?\b/gi, (m) => {
    const field = { expiry: "expiry_date", expiration: "expiry_date", end: "expiry_date", due: "due_date", effective: "effective_date", document: "document_date" }[m[2]!.toLowerCase()]!
    const without = m[1]!.toLowerCase() !== "with"
    filters.push({ field, op: "status", status: without ? "not_found" : "found" })
    said.push(`${without ? "without" : "with"} a ${field}`)
    return true
  })

  // identifiers
  r.take(/(?:\bnumber|\bno\.?|\bnr\.?|#)\s*:?\s*([A-Za-z0-9][A-Za-z0-9\-/.]*[A-Za-z0-9]|\d)(?=[\s,?!;]|$)/gi, (m) => {
    if (!/\d/.test(m[1]!) || /^number of$/i.test(m[0])) return false
    filters.push({ field: "identifiers", op: "equals", value: m[1]! })
    said.push(`identifier ${m[1]}`)
    return true
  })

  // money
  const moneyFilter: { min?: string; max?: string; currency: string | null } = { currency: null }
  const amountRe = (prefix: string) => new RegExp(`${prefix}\\s*(${CURRENCY})?\\s*${AMOUNT}\\s*(${CURRENCY})?(?=[\\s,?.!;]|$)`, "gi")
  r.take(new RegExp(`\\bbetween\\s*(${CURRENCY})?\\s*${AMOUNT}\\s*(${CURRENCY})?\\s+and\\s*(${CURRENCY})?\\s*${AMOUNT}\\s*(${CURRENCY})?(?=[\\s,?.!;]|$)`, "gi"), (m) => {
    if (periodOf(m[2]!) !== null && m[1] === undefined && m[4] === undefined && m[5] === undefined && m[8] === undefined) return false
    moneyFilter.min = amountOf(m[2]!, m[3])
    moneyFilter.max = amountOf(m[6]!, m[7])
    moneyFilter.currency = currencyOf(m[1] ?? m[4] ?? m[5] ?? m[8])
    moneyAsked = true
    return true
  })
  r.take(amountRe(`\\b(over|above|more than|greater than|exceeding|at least|minimum of|upwards of|under|below|less than|at most|up to|maximum of|no more than)`), (m) => {
    const currency = currencyOf(m[2] ?? m[5])
    const amount = amountOf(m[3]!, m[4])
    // a year after "before/after" is no amount; a bare small number without currency is not money ("over 3 pages")
    if (currency === null && !/[,.]|\d{4,}/.test(m[3]!) && m[4] === undefined) return false
    const lower = /^(over|above|more than|greater than|exceeding|at least|minimum of|upwards of)$/i.test(m[1]!)
    if (lower) moneyFilter.min = amount
    else moneyFilter.max = amount
    if (currency !== null) moneyFilter.currency = currency
    moneyAsked = true
    return true
  })

  // dates
  const dateRange = (from: string | undefined, to: string | undefined, how: string) => {
    filters.push({ field: dateField, op: "date_range", ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) })
    said.push(`${dateField} ${how}`)
  }
  r.take(new RegExp(`\\bbetween ${DATE} and ${DATE}`, "gi"), (m) => {
    const a = periodOf(m[1]!)
    const b = periodOf(m[2]!)
    if (a === null || b === null) return false
    dateRange(a.start, b.end, `from ${a.start} to ${b.end}`)
    return true
  })
  r.take(new RegExp(`\\b(before|until|prior to|after|since|from|in|during|of|for|on)?\\s*${DATE}(?=[\\s,?.!;]|$)`, "gi"), (m) => {
    const p = periodOf(m[2]!)
    if (p === null) return false
    switch (m[1]?.toLowerCase()) {
      case "before":
      case "prior to":
        dateRange(undefined, shift(p.start, -1), `before ${p.start}`)
        break
      case "until":
        dateRange(undefined, p.end, `up to ${p.end}`)
        break
      case "after":
        dateRange(shift(p.end, 1), undefined, `after ${p.end}`)
        break
      case "since":
      case "from":
        dateRange(p.start, undefined, `from ${p.start}`)
        break
      default:
        dateRange(p.start, p.end, p.start === p.end ? `on ${p.start}` : `from ${p.start} to ${p.end}`)
    }
    return true
  })

  // shape and order
  const dateSort = (direction: "asc" | "desc"): CatalogSort => ({ field: dateField, direction })
  const moneySort = (direction: "asc" | "desc"): CatalogSort => {
    moneyAsked = true
    return { field: "total_amount", direction }
  }
  const orderOf = (word: string | undefined): CatalogSort | null => {
    const w = (word ?? "").toLowerCase()
    if (/^(largest|biggest|highest|most expensive|costliest|greatest)$/.test(w)) return moneySort("desc")
    if (/^(smallest|lowest|cheapest|least expensive)$/.test(w)) return moneySort("asc")
    if (/^(latest|most recent|newest|last)$/.test(w)) return dateSort("desc")
    if (/^(oldest|earliest|first)$/.test(w)) return dateSort("asc")
    return null
  }
  const SUPER = "(largest|biggest|highest|most expensive|costliest|greatest|smallest|lowest|cheapest|least expensive|latest|most recent|newest|oldest|earliest)"
  const count = (w: string) => NUMBER_WORDS[w.toLowerCase()] ?? Number(w)
  if (/\b(how many|number of|count)\b/i.test(r.text)) {
    shape = "count"
  } else {
    r.take(new RegExp(`\\b(?:top|the)\\s+(\\d{1,3}|${Object.keys(NUMBER_WORDS).join("|")})\\s+${SUPER}?`, "gi"), (m) => {
      if (!/^top/i.test(m[0]) && m[2] === undefined) return false
      shape = "top"
      n = count(m[1]!)
      sort = orderOf(m[2]) ?? moneySort("desc")
      return true
    })
    if (shape === "list") {
      r.take(new RegExp(`\\b(?:the\\s+)?${SUPER}\\b`, "gi"), (m) => {
        if (shape === "top") return false
        shape = "top"
        n = 1
        sort = orderOf(m[1])
        return true
      })
    }
  }

  // document types
  const types: Array<string> = []
  const names = input.document_types.flatMap((t) => [t.document_type.replace(/_/g, " "), ...t.aliases].map((name) => ({ name, type: t.document_type })))
    .sort((a, b) => b.name.length - a.name.length)
  for (const { name, type } of names) {
    const upper = name.length <= 4 && name === name.toUpperCase()
    const re = new RegExp(`(?<![\\w-])${escape(name)}(?:s|es)?(?![\\w-])`, upper ? "g" : "gi")
    r.take(re, () => {
      if (!types.includes(type)) types.push(type)
      return true
    })
  }

  // parties
  const partyAfter = (words: string, field: string, label: string) =>
    r.take(new RegExp(`\\b(?:${words})\\s+([^|?!;,]+)`, "gi"), (m) => {
      const tokens: Array<string> = []
      for (const tok of m[1]!.trim().split(" ")) {
        if (PARTY_STOP.has(tok.toLowerCase().replace(/[.:]$/, "")) && tokens.length > 0) break
        if (PARTY_STOP.has(tok.toLowerCase())) return false
        tokens.push(tok)
      }
      const name = tokens.join(" ").replace(/[.:'"“”]+$/g, "").replace(/^["“']/, "").trim()
      if (name === "" || tokens.every((t) => NOT_A_PARTY.has(t.toLowerCase()))) return false
      filters.push({ field, op: "contains", value: name })
      said.push(`${label} “${name}”`)
      r.text = r.text.replace(m[0], ` | ${m[1]!.slice(m[1]!.indexOf(tokens[tokens.length - 1]!) + tokens[tokens.length - 1]!.length)}`)
      return false
    })
  r.take(/\b(sorted|ordered|grouped)\s+by\b/gi, () => true)
  partyAfter("issued by|sent by|billed by|from|by", "issuer", "issued by")
  partyAfter("billed to|addressed to|sent to|issued to|to|for", "recipient", "addressed to")
  r.take(/\bbetween\s+([^|?!;,]+?)\s+and\s+([^|?!;,]+)/gi, (m) => {
    for (const name of [m[1]!, m[2]!].map((s) => s.trim())) {
      filters.push({ field: "parties", op: "contains", value: name })
      said.push(`a party “${name}”`)
    }
    return true
  })
  partyAfter("with|involving", "parties", "a party")

  // money, settled: the currency named, else one named elsewhere, else assumed (or asked)
  let assumed = false
  if (moneyAsked) {
    let currency = moneyFilter.currency
    if (currency === null) {
      const named = new RegExp(`(?:^|[\\s(])(${CURRENCY})(?=[\\s,.?!;)]|$)`, "g")
      for (const text of [input.question, input.context ?? ""]) {
        for (const m of text.matchAll(named)) {
          const c = currencyOf(m[1])
          if (c !== null && /^[A-Z]{3}$/.test(c) && (m[1]!.length !== 3 || m[1] === m[1]!.toUpperCase())) {
            currency = c
            break
          }
        }
        if (currency !== null) break
      }
      if (currency === null) {
        if (input.allow_clarification) {
          return { kind: "clarification", question: "Which currency should amounts be compared in? Amounts are never converted, so only amounts in that currency can match or be ranked." }
        }
        currency = ASSUMED_CURRENCY
        assumed = true
      }
    }
    currencyNamed = currency
    if (moneyFilter.min !== undefined || moneyFilter.max !== undefined) {
      filters.push({
        field: "total_amount",
        op: "amount_range",
        currency,
        ...(moneyFilter.min === undefined ? {} : { min: moneyFilter.min }),
        ...(moneyFilter.max === undefined ? {} : { max: moneyFilter.max })
      })
      said.push(`total_amount ${moneyFilter.min === undefined ? "" : `at least ${moneyFilter.min} ${currency}`}${moneyFilter.min !== undefined && moneyFilter.max !== undefined ? " and " : ""}${moneyFilter.max === undefined ? "" : `at most ${moneyFilter.max} ${currency}`}`)
    }
    const s = sort as CatalogSort | null
    if (s !== null && s.field === "total_amount") sort = { ...s, currency }
  }

  const recognised = types.length > 0 || filters.length > 0 || sort !== null || shape !== "list" ||
    /\b(documents?|files?|rows?|everything|anything|items?|records?)\b/i.test(input.question)
  if (!recognised) {
    if (input.allow_clarification) {
      const some = input.document_types.slice(0, 5).map((t) => t.document_type.replace(/_/g, " "))
      return {
        kind: "clarification",
        question: `Which documents do you mean? Name a document type (such as ${some.join(", ") || "invoice"}) or a date, party, amount or number to filter on.`
      }
    }
    return {
      kind: "query",
      query: { shape: "list", n: null, document_types: [], filters: [], sort: null },
      interpretation: `Nothing in the question named a document type, date, party, amount or number the catalog can filter on, so every catalogued row is listed: “${input.question.trim()}”.`
    }
  }

  const what = types.length === 0 ? "documents" : types.map((t) => `${t.replace(/_/g, " ")}s`).join(" or ")
  const finalSort = sort as CatalogSort | null
  const head = shape === "count"
    ? `The number of ${what}`
    : shape === "top"
    ? `The ${n === 1 ? what.replace(/s$/, "").replace(/s or /g, " or ") : `${n} ${what}`} with the ${finalSort!.direction === "desc" ? (finalSort!.field === "total_amount" ? "largest" : "latest") : (finalSort!.field === "total_amount" ? "smallest" : "earliest")} ${finalSort!.field}`
    : `Every ${what.replace(/s$/, "").replace(/s or /g, " or ")}`
  const money = currencyNamed === null
    ? ""
    : ` Amounts are compared in ${currencyNamed} only and never converted: amounts in other currencies do not match${shape === "top" ? " and rank last" : ""}${assumed ? ` (no currency was named, so ${currencyNamed} is assumed)` : ""}.`
  return {
    kind: "query",
    query: { shape, n, document_types: types, filters, sort: finalSort },
    interpretation: `${head}${said.length === 0 ? "" : ` where ${said.join(" and ")}`}.${money}`
  }
}

export const LocalFilteredQueryWriterLive = Layer.succeed(FilteredQueryWriter, {
  write: (input) => Effect.sync(() => writeFilteredQuery(input))
})
