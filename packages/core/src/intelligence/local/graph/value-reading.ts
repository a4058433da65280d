/**
 * Values the graph names as nodes of their own (spec 3 ontology tier 3): amounts with their
 * currency, dates and identifiers, each with where it is printed and a canonical name, so the same
 * value printed two ways in two files is one node ("£12,500.00" and "GBP 12,500" → `GBP 12,500`;
 * "3 March 2024" and "03/03/2024" → `2024-03-03`).
 *
 * Only amounts printed with a currency are read (a bare number is a quantity as often as money);
 * identifiers only after a word naming their scheme ("Company No.", "Invoice number", "VAT
 * Reg."), or an IBAN whose check digits hold.
 */
import { dateSpans, dayOrderOf, moneyIn } from "../layout/values.js"

export interface ValueSpan {
  /** canonical name of the node */
  readonly name: string
  /** as printed */
  readonly printed: string
  readonly start: number
  readonly end: number
}

export interface IdentifierSpan extends ValueSpan {
  /** lower snake case: `registration_number`, `vat_number`, `invoice_number`, `iban`, … */
  readonly scheme: string
  /** where the scheme's label begins (the subject is read before it) */
  readonly labelStart: number
}

const MULTIPLIERS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^\s*(?:bn|billion)\b/i, 1e9],
  [/^\s*(?:m|mn|million)\b/i, 1e6],
  [/^\s*(?:k|thousand)\b/i, 1e3]
]

const grouped = (decimal: string): string => {
  const negative = decimal.startsWith("-")
  const [whole, fraction] = decimal.replace(/^-/, "").split(".")
  const w = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  // "12,500.00" and "12,500" are one amount
  const f = fraction !== undefined && !/^0+$/.test(fraction) ? `.${fraction.padEnd(2, "0")}` : ""
  return `${negative ? "-" : ""}${w}${f}`
}

/** Amounts with a currency, line by line. */
export const amountsIn = (text: string): Array<ValueSpan> => {
  const order = dayOrderOf(text)
  const out: Array<ValueSpan> = []
  let lineStart = 0
  for (const line of text.split("\n")) {
    let cursor = 0
    if (/\d/.test(line) && /[$€£¥₹]|\b[A-Z]{3}\b|dollars|euros|pounds/.test(line)) {
      for (const m of moneyIn(line, order)) {
        const at = line.indexOf(m.text, cursor)
        if (at < 0) continue
        cursor = at + m.text.length
        if (m.currency === null) continue
        let amount = m.amount
        let end = at + m.text.length
        for (const [re, factor] of MULTIPLIERS) {
          const x = re.exec(line.slice(end))
          if (x !== null) {
            amount = String(Math.round(Number(amount) * factor))
            end += x[0].length
            break
          }
        }
        if (Number(amount) === 0) continue
        out.push({ name: `${m.currency} ${grouped(amount)}`, printed: line.slice(at, end), start: lineStart + at, end: lineStart + end })
      }
    }
    lineStart += line.length + 1
  }
  return out
}

/** Dates as `YYYY-MM-DD`. */
export const datesIn = (text: string): Array<ValueSpan> =>
  dateSpans(text, dayOrderOf(text)).map((d) => ({ name: d.date, printed: text.slice(d.start, d.end), start: d.start, end: d.end }))

const NUMBER_MARK = String.raw`(?:\s*(?:no\.?|number|num\.?|#|n°|nº|ref\.?|reference))?\s*[:.#]?\s*`
const SCHEMES: ReadonlyArray<readonly [string, RegExp]> = [
  ["registration_number", new RegExp(String.raw`\b(?:company|registration|registered|reg\.|incorporation|crn|companies house)(?:\s+(?:in\s+[A-Z][a-z]+(?:\s+and\s+[A-Z][a-z]+)?\s+(?:under\s+)?)?)${NUMBER_MARK}([A-Z]{0,2}\d{6,10})\b`, "gi")],
  ["vat_number", new RegExp(String.raw`\b(?:VAT|tax)(?:\s+reg(?:istration|\.)?)?(?:\s+id)?${NUMBER_MARK}([A-Z]{2}\s?\d[\d ]{6,13}\d)\b`, "gi")],
  ["invoice_number", new RegExp(String.raw`\binvoice${NUMBER_MARK}([A-Z0-9][A-Z0-9\-/]*\d[A-Z0-9\-/]*)`, "gi")],
  ["purchase_order_number", new RegExp(String.raw`\b(?:purchase order|P\.?O\.?)${NUMBER_MARK}([A-Z0-9][A-Z0-9\-/]*\d[A-Z0-9\-/]*)`, "g")],
  ["contract_number", new RegExp(String.raw`\b(?:contract|agreement)\s*(?:no\.?|number|ref\.?|reference|#)\s*[:.]?\s*([A-Z0-9][A-Z0-9\-/]*\d[A-Z0-9\-/]*)`, "gi")],
  ["policy_number", new RegExp(String.raw`\bpolicy\s*(?:no\.?|number|#)\s*[:.]?\s*([A-Z0-9][A-Z0-9\-/]*\d[A-Z0-9\-/]*)`, "gi")],
  ["account_number", new RegExp(String.raw`\baccount\s*(?:no\.?|number|#)\s*[:.]?\s*(\d[\d\- ]{4,16}\d)\b`, "gi")],
  ["reference", new RegExp(String.raw`\b(?:our|your)\s+ref(?:erence)?\.?\s*[:.]?\s*([A-Z0-9][A-Z0-9\-/]*\d[A-Z0-9\-/]*)`, "gi")]
]

const IBAN = /\b([A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?)\b/g

/** An IBAN's check (ISO 13616 mod 97): keeps random codes from being read as one. */
const ibanHolds = (raw: string): boolean => {
  const s = raw.replace(/ /g, "")
  if (s.length < 15 || s.length > 34) return false
  const moved = (s.slice(4) + s.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
  let r = 0
  for (const ch of moved) r = (r * 10 + Number(ch)) % 97
  return r === 1
}

export const identifiersIn = (text: string): Array<IdentifierSpan> => {
  const out: Array<IdentifierSpan> = []
  const taken = (s: number, e: number) => out.some((o) => s < o.end && o.start < e)
  for (const [scheme, re] of SCHEMES) {
    for (const m of text.matchAll(re)) {
      const value = m[1]!.trim()
      const start = m.index + m[0].lastIndexOf(m[1]!)
      const end = start + m[1]!.trimEnd().length
      // a date or a year is no identifier
      if (/^\d{4}$/.test(value) || /^\d{1,2}[-/]\d{1,2}[-/]\d{2,4}$/.test(value) || taken(start, end)) continue
      out.push({ scheme, name: value, printed: value, start, end, labelStart: m.index })
    }
  }
  for (const m of text.matchAll(IBAN)) {
    const start = m.index
    if (!ibanHolds(m[1]!) || taken(start, start + m[1]!.length)) continue
    out.push({ scheme: "iban", name: m[1]!.replace(/ /g, ""), printed: m[1]!, start, end: start + m[1]!.length, labelStart: start })
  }
  return out.sort((a, b) => a.start - b.start)
}
