/**
 * Matching a field of a schema to the labels a document prints ("Invoice No.", "Amount Due",
 * "Bill To"). A field's words come from its property name (split at `_` and camel case), its
 * title, its parents' names (weaker) and its description (weakest); both sides are stemmed and
 * expanded with a small, general business vocabulary of equivalent words (`EQUIVALENTS`: "no" and
 * "#" for number, "qty" for quantity, "vat" for tax…). The score is the weighted share of the
 * field's words the label has, lowered by the share of label words the field does not have; a
 * label printed in another European language is read in English first (`vocabulary.ts`). A
 * description that names the field another way ("Deductible or excess for …", "Limit of liability
 * or sum insured") gives an alternative name, scored like the field's own: the user's own synonym.
 */
import { stem } from "../../../decision/evaluator/local/text.js"
import { identifierWords, terms, words } from "../text-features.js"
import { toEnglish } from "./vocabulary.js"

/** Groups of words that name the same thing on business documents. */
const EQUIVALENTS: ReadonlyArray<string> = [
  "number no # num nr id ref reference",
  "total grand amount extended cost payable",
  "vendor seller supplier merchant issuer company from store shop restaurant",
  "customer client buyer purchaser bill sold recipient consignee",
  "quantity qty hours hrs units",
  "price rate cost",
  "description item details service product particulars transaction narrative",
  "tax vat gst cgst sgst igst utgst hst pst qst",
  "account acct a/c iban",
  "opening beginning starting previous old",
  "closing ending final new",
  "currency ccy",
  "telephone phone tel",
  "email e-mail mail",
  "date dated",
  "method type",
  "holder name owner",
  "law jurisdiction",
  "effective commencement start",
  "term duration",
  "party parties",
  "employee staff worker",
  "employer company",
  "gross before",
  "earning payment",
  "net after subtotal",
  // a PO is an order: "Order No." on a purchase order is its PO number
  "po order"
]

const expansion = new Map<string, Set<string>>()
for (const group of EQUIVALENTS) {
  const stems = group.split(/\s+/).map((w) => stem(w))
  for (const s of stems) {
    let set = expansion.get(s)
    if (set === undefined) expansion.set(s, (set = new Set([s])))
    for (const o of stems) set.add(o)
  }
}

/**
 * Set phrases of business documents that name a field by other words: a balance "brought
 * forward" (or a "balance forward") is the opening one and "carried forward" the closing one;
 * what is left "to pay" is the total; a "Bill number" or "Bill date" is the invoice's (a bill is
 * an invoice, though "Bill to" names the customer); an amount "before VAT" or "excl. tax" is the
 * subtotal; a direct debit is taken, and a bill settled, on the day payment is due.
 */
const PHRASES: ReadonlyArray<readonly [RegExp, ReadonlyArray<string>]> = [
  // "Balance Forward" (the balance carried into the period) opens a statement, as "Brought forward" does
  [/\bbrought\s+forward\b|\bb\/f\b|\bbalance\s+forward\b/i, ["opening", "balance"]],
  [/\bcarried\s+forward\b|\bc\/f\b/i, ["closing", "balance"]],
  [/\b(?:left\s+)?to\s+pay\b(?!\s+(?:before|by|until|on)\b)/i, ["total"]],
  [/\bpay(?:able|ment)?\s+(?:before|by|until)\b/i, ["due", "date"]],
  [/\bbill\s+(?:no\b|nr\b|number|#|date|ref)/i, ["invoice"]],
  [/\b(?:before|excl(?:uding|\.)?|ex\.?|net\s+of|without)\s+(?:vat|tax|gst)\b/i, ["subtotal"]],
  // "Total with VAT", "Total paid with tax": the amount the tax is in, as "incl. VAT" says
  [/\bwith\s+(?:vat|tax|gst)\b/i, ["including"]],
  [/\bsub[-\s]total\b/i, ["subtotal"]],
  // a bare "Sum" under the lines is their sum, before the tax and the total that follow it
  [/^\s*sum\s*[:：]?\s*$/i, ["subtotal"]],
  // "Untaxed amount", "Taxable value": the amount tax is charged on
  [/\buntaxed\b|\btaxable\s+(?:value|amount|base)\b/i, ["subtotal"]],
  // what is still owed on a bill is its total ("Balance due", "Balance payable")
  [/\bbalance\s+(?:due|payable|owing|to\s+pay)\b/i, ["total"]],
  [/\bdirect\s+debit\s+(?:on|date)\b/i, ["due", "date"]],
  // "Due:" alone (or "Due on", "Due by") beside a date is the due date, not any date
  [/^\s*due(?:\s+(?:on|by))?\s*[:：]?\s*$/i, ["date"]],
  // "Issued" or "Issued on" alone over a date names the date of issue, as "Date issued" does
  [/^\s*issued(?:\s+on)?\s*[:：]?\s*$/i, ["date"]],
  // the day a bill is to be settled is the day its payment is due
  [/\bsettlement\s+date\b|\bdate\s+of\s+settlement\b/i, ["due", "date"]],
  // an IBAN is an account's number (but no other number: "iban" is not among the number's words)
  [/\biban\b/i, ["account", "number"]],
  // "To:" alone over an address is the recipient's
  [/^\s*to\s*[:：]?\s*$/i, ["customer"]]
]

/** the words of the set phrases a text uses ("IBAN" → account number, "brought forward" → opening balance) */
export const phraseTerms = (english: string): Array<string> =>
  PHRASES.flatMap(([re, named]) => (re.test(english) ? named.map((w) => stem(w)) : []))

const TAX = stem("tax")
const NUMBER = stem("number")
const AMOUNT = stem("amount")

/**
 * Stemmed words of a label, read in English (`vocabulary.ts`: "Rechnungsnummer" is "invoice
 * number"), with "#" and "no." kept as the word for number, and the words of a set phrase it uses.
 * A tax's amount ("Tax amount", "Montant TVA", "Btw-bedrag") names the tax, not a total.
 */
export const labelTerms = (label: string): Array<string> => {
  const english = toEnglish(label)
  let out = terms(english)
  if (/#|\bno\b\.?|\bnr\b\.?/i.test(english)) out.push(stem("number"))
  out.push(...phraseTerms(english))
  if (out.includes(TAX) && out.includes(AMOUNT)) out = out.filter((t) => t !== AMOUNT)
  return out
}

/** words that mark an amount before tax ("Net", "Subtotal", "HT", "excl. VAT"): such a label does not name a total */
const NET: ReadonlySet<string> = new Set(["net", "subtotal", "sub", "excluding"].map(stem))
const TOTAL = stem("total")
/** amounts that make up a document's total: "total" before one of them qualifies it */
const PART_AMOUNTS: ReadonlySet<string> = new Set(["tax", "vat", "gst", "discount", "shipping", "freight", "fee", "charge", "deduction", "earning", "interest"].map(stem))
const INCLUDING = stem("including")

export interface FieldWords {
  /** stemmed word → weight */
  readonly weights: ReadonlyMap<string, number>
  readonly total: number
  /** the field named another way by its description; a label may match either */
  readonly alternatives?: ReadonlyArray<FieldWords>
}

/**
 * The other name a description gives the field: "Deductible or excess for the coverage" names
 * `deductible` also "excess"; the part before "or" must use one of the field's own words, so an
 * "or" elsewhere in a sentence is not read as a synonym.
 */
const ALTERNATIVE = /^([^,.;:()]*?)\s+or\s+([^,.;:()]+?)(?=\s+(?:for|of|as|in|on|to|from|at|per|with|by|that|which|paid|charged)\b|[,.;:()]|$)/i
export const alternativeName = (name: string, title: string | null, description: string | null): string | null => {
  if (description === null) return null
  const m = ALTERNATIVE.exec(description.trim())
  if (m === null) return null
  const own = terms(`${name.replace(/_/g, " ")} ${title ?? ""}`).filter((t) => !GENERIC.has(t))
  const before = terms(m[1]!)
  const alternative = m[2]!.trim()
  if (!own.some((t) => before.some((b) => matches(t, b))) || words(alternative).length > 4) return null
  return alternative
}

/**
 * Weak words of a field name, like a parent's words: those that only say it holds a name or a
 * text, the ends of a range (`period_start` is named by "Period"), and units (`term_months` by
 * "Term").
 */
const GENERIC: ReadonlySet<string> = new Set(
  ["name", "amount", "text", "info", "value", "detail", "unit", "start", "end", "begin", "until", "month", "months", "year", "years", "week", "weeks", "hour", "hours", "minute", "minutes"].map(stem)
)

export const fieldWords = (name: string, title: string | null, parents: ReadonlyArray<string>, description: string | null, withAlternatives = true): FieldWords => {
  const weights = new Map<string, number>()
  const add = (text: string, w: number) => {
    const ts = terms(text.replace(/_/g, " "))
    const specific = ts.filter((t) => !GENERIC.has(t))
    for (const t of ts) {
      const weight = w >= 1 && GENERIC.has(t) && specific.length > 0 ? 0.5 : w
      weights.set(t, Math.max(weights.get(t) ?? 0, weight))
    }
  }
  if (description !== null) add(description, 0.3)
  for (const p of parents) add(p, 0.6)
  if (title !== null) add(title, 1)
  // an item's field repeating its list's name ("invoices[].invoice_date") is named by its other
  // words: the column "Date" of an invoice register is the invoice's date
  const parentTerms = new Set(parents.flatMap((p) => terms(p.replace(/_/g, " "))))
  const own = terms(name.replace(/_/g, " "))
  if (own.some((t) => parentTerms.has(t)) && own.some((t) => !parentTerms.has(t) && !GENERIC.has(t))) {
    add(identifierWords(name).filter((w) => !terms(w).some((t) => parentTerms.has(t))).join(" "), 1)
    for (const t of own.filter((t) => parentTerms.has(t))) weights.set(t, Math.max(weights.get(t) ?? 0, 0.6))
  } else add(name, 1)
  // "total_tax_amount", "total_discount": the total of another amount is that amount, not the document's total
  if ((weights.get(TOTAL) ?? 0) >= 1 && own.some((t) => PART_AMOUNTS.has(t))) weights.set(TOTAL, 0.5)
  let total = 0
  for (const w of weights.values()) total += w
  const alternative = withAlternatives ? alternativeName(name, title, description) : null
  return alternative === null ? { weights, total } : { weights, total, alternatives: [fieldWords(alternative, null, parents, description, false)] }
}

const matches = (fieldTerm: string, labelTerm: string) =>
  fieldTerm === labelTerm || (expansion.get(fieldTerm)?.has(labelTerm) ?? false)

/** the same word, or words the business vocabulary treats as the same ("bill" and "customer") */
export const sameWord = matches

/**
 * 0 to 1: how well a printed label names the field — the share of the field's own words (name,
 * title) the label has, lowered by the share of label words the field does not know, plus up to
 * 0.2 for its weaker words (parents, description, generic words like "name").
 */
export const labelScore = (field: FieldWords, label: string): number =>
  Math.max(ownLabelScore(field, label), ...(field.alternatives ?? []).map((a) => ownLabelScore(a, label)))

/** words a label may add without naming anything else: a "Document date" on an invoice is its date */
const NEUTRAL: ReadonlySet<string> = new Set(["document"].map(stem))

/** words that mark another than the main one ("Alt Order #", "Secondary ID"): such a label names another value of the kind */
const SECONDARY: ReadonlySet<string> = new Set(["alt", "alternate", "alternative", "secondary"].map(stem))

const strongWords = (field: FieldWords) => [...field.weights.entries()].filter(([, w]) => w >= 1).map(([t]) => t)

const ownLabelScore = (field: FieldWords, label: string): number => {
  const ls = labelTerms(label).filter((l) => !NEUTRAL.has(l) || field.weights.has(l))
  if (ls.length === 0 || field.total === 0) return 0
  let strongTotal = 0
  let strongMatched = 0
  let weakTotal = 0
  let weakMatched = 0
  for (const [t, w] of field.weights) {
    const hit = ls.some((l) => matches(t, l))
    if (w >= 1) {
      strongTotal += w
      if (hit) strongMatched += w
    } else {
      weakTotal += w
      if (hit) weakMatched += w
    }
  }
  if (strongMatched === 0) return 0
  const known = [...field.weights.keys()]
  const unmatchedLabel = ls.filter((l) => !known.some((t) => matches(t, l))).length / ls.length
  const bonus = weakTotal === 0 ? 0 : 0.2 * (weakMatched / weakTotal)
  const score = Math.min(1, (strongMatched / strongTotal) * (1 - 0.5 * unmatchedLabel) + bonus)
  // a field named a total ("total", "grand_total") is not what a net amount's label names
  const namedTotal = (field.weights.get(TOTAL) ?? 0) >= 1 && ![...field.weights.keys()].some((t) => NET.has(t))
  // a label naming a number of the thing ("Customer No.", "VAT ID") names an identifier, not the thing's name
  const namesNumber = ls.some((l) => matches(NUMBER, l)) && ![...field.weights.keys()].some((t) => matches(NUMBER, t))
  // "Total VAT", "Tax total" name the tax's amount; "Total incl. VAT" the total
  const namesTax = namedTotal && ls.some((l) => matches(TAX, l)) && !ls.includes(INCLUDING) && !strongWords(field).some((t) => matches(TAX, t))
  // and a tax's field is not what "Total incl. VAT", "Total paid with VAT" (the tax is in it) or "Total without VAT"
  // (the amount before it) names
  const taxField = !namedTotal && strongWords(field).some((t) => matches(TAX, t)) && ![...field.weights.keys()].some((t) => NET.has(t))
  const namesTotalWithTax = taxField && ((ls.includes(TOTAL) && ls.includes(INCLUDING)) || ls.some((l) => NET.has(l)))
  const namesAnother = ls.some((l) => SECONDARY.has(l) && !field.weights.has(l))
  return (namedTotal && ls.some((l) => NET.has(l))) || namesNumber || namesTax || namesTotalWithTax || namesAnother ? score * 0.5 : score
}

/** Whether a text looks like a label: short, mostly words, often ending with a colon. */
export const looksLikeLabel = (text: string): boolean => {
  const t = text.trim()
  if (t.length === 0 || t.length > 40) return false
  const ws = words(t)
  return ws.length >= 1 && ws.length <= 5 && ws.filter((w) => /^\p{L}/u.test(w)).length >= Math.ceil(ws.length / 2)
}

/** words naming a kind of business document, the head word of its title ("Preliminary Estimate", "Booking Order") */
const DOCUMENT_KINDS: ReadonlySet<string> = new Set(
  ["invoice", "bill", "estimate", "quote", "quotation", "proforma", "order", "receipt", "statement", "confirmation", "note", "voucher", "ticket",
    "booking", "reservation", "agreement", "contract", "policy", "certificate", "claim", "payslip", "slip", "memo", "report", "form"].map(stem)
)

/** Whether a phrase is a document's title: its last word names a kind of document ("Preliminary Estimate", "Tax invoice"). */
export const namesDocument = (phrase: string): boolean => {
  const ts = terms(toEnglish(phrase))
  return ts.length > 0 && ts.length <= 4 && DOCUMENT_KINDS.has(ts[ts.length - 1]!)
}

/** "Order / Rev", "Original Date / Rev": two labels joined by a slash; the first names the value, or the first of two ("12/01/24 / 12/10/24") */
const SLASHED = /^(.+?)\s+\/\s+\S/

/** the first of two labels joined by a slash, or null */
export const firstOfSlashed = (label: string): string | null => SLASHED.exec(label.trim())?.[1] ?? null
