/**
 * What a document calls itself. Its title ("Preliminary Estimate", "BOOKING ORDER", "Payment
 * Receipt") is a short capitalised line near the top, alone or before a number or parenthesis
 * ("Preliminary Estimate (ID: EST-1008)"), or the capital run opening a line ("BOOKING ORDER Print
 * Date 12/15/2024"); a label ("Order Date: …", "Bill to") or a company's name ("… Ltd") is none.
 * A document that says it has been paid ("Amount paid", "Paid in full", "Cash tendered") and
 * nothing about a payment still due calls itself a receipt, whatever else it says.
 *
 * A category is named by its key's words and the words of its description's opening phrase, up
 * to its first preposition ("A price quotation, estimate or proposal offered before a sale",
 * "A buyer's order to a supplier"): the kinds of document it is, not what they contain.
 */
import { COMPANY } from "./layout/parties.js"
import { toEnglish } from "./layout/vocabulary.js"
import { terms } from "./text-features.js"

/** lines at the top where a title is printed (a letterhead's name and address may come first) */
export const TITLE_LINES = 8
const TITLE_MAX_WORDS = 5
/** words a title phrase may hold in lower case ("Statement of Account", "Terms and Conditions") */
const JOINING = new Set(["of", "and", "for", "&", "de", "du", "der", "van"])
/** the end of a description's opening phrase: what a document is stops where what it is of, for or between begins */
const PREPOSITION = /\b(?:of|from|to|for|between|at|by|with|in|on|before|after|about|under|asking|already|that|which)\b|[:;]/i

/** the title phrase of one line, or null when the line is no title */
export const titlePhraseOf = (rawLine: string): string | null => {
  // a tab or a wide gap parts a label from its value ("Payment<TAB>Google Pay"): no title
  if (/\S(?:\t| {3,})\S/.test(rawLine.trim())) return null
  const line = rawLine.replace(/^\s*(?:#+|[-*>•]+)\s*/, "").replace(/[|*_]/g, " ").replace(/\s+/g, " ").trim()
  const tokens = line.split(" ").filter((t) => t !== "")
  // the phrase: the words before the first token that is no word ("(ID: …)", "12/15/2024", "$49.52", "#214")
  const cut = tokens.findIndex((t) => t !== "&" && !/^\p{L}[\p{L}'’.\/-]*$/u.test(t.replace(/[:,;]$/, "")))
  let ws = cut < 0 ? tokens : tokens.slice(0, cut)
  const rest = cut < 0 ? "" : tokens[cut]!
  // "Order Date: 12/15" and "Claim # SF-1008" are labels and their values
  if (ws.some((w) => /[:;]$/.test(w)) || rest.startsWith(":") || rest.startsWith("#")) return null
  const isCaps = (w: string) => w === "&" || /^[\p{Lu}'’.\/-]*\p{Lu}{2,}[\p{Lu}'’.\/-]*$/u.test(w)
  const caps = ws.findIndex((w) => !isCaps(w))
  // the capital run opening a line before words in lower case is its title ("BOOKING ORDER Print Date …")
  if (caps > 0) ws = ws.slice(0, caps)
  // a phrase then a value ("Order Date 12/15/2024", "AMOUNT PAID $51.50") is a label, not a title
  else if (rest !== "" && !rest.startsWith("(")) return null
  if (ws.length === 0 || ws.length > TITLE_MAX_WORDS || !/^\p{Lu}/u.test(ws[0]!)) return null
  if (ws.length > 3 && ws.some((w) => !/^\p{Lu}/u.test(w) && !JOINING.has(w.toLowerCase()))) return null
  // "Bill to", "Ship to": a label over an address ends with its preposition
  const last = ws[ws.length - 1]!
  if (terms(last).length === 0) return null
  const phrase = ws.join(" ")
  return COMPANY.test(phrase) ? null : phrase
}

/** the title phrases among the first lines of a text */
export const titlePhrases = (text: string): Array<string> =>
  text.split("\n").filter((l) => l.trim() !== "").slice(0, TITLE_LINES).map(titlePhraseOf).filter((p): p is string => p !== null)

/**
 * a payment already made: "Amount paid", "Total paid", "Paid in full", "Paid by card", a "PAID" stamp
 * alone on its line, "Cash tendered", "Change due", a card charged ("Card ************7730")
 * ("Interest paid" on a statement is none)
 */
const PAID = /\b(?:amount|total|sum)\s+paid\b|\bpaid\s+(?:in\s+full|by|with|via|on)\b|^\s*paid\s*$|\btendered\b|\bchange\s+due\b|\b(?:card|visa|mastercard|amex)\b[^\n\d]{0,12}[*xX•]{4,}[\s-]?\d{4}\b/im
/** a payment still to make: "Amount due", "Balance due", "Due date", "Payment terms", "Pay by", "Net 30" */
const DUE = /\b(?:due|payable|payment\s+terms|pay\s+(?:by|before|until|within)|net\s+\d+)\b/i
/** the zero a settled bill still prints ("Balance due: 0.00", "Amount due $0.00") says nothing is owed */
const NOTHING_DUE = /\b(?:due|payable)\b\s*[:：]?\s*[^\d\s]{0,4}\s*0(?:[.,]00?)?(?![\d.,])/gi

/** whether the text says it has been paid and says nothing of a payment still due */
export const saysPaid = (text: string): boolean => {
  const english = toEnglish(text)
  return PAID.test(english) && !DUE.test(english.replace(NOTHING_DUE, " ").replace(/\bchange\s+due\b/gi, " "))
}

/** a title's head word weighs whole, its other words less ("Payment Receipt" is a receipt, not a payment) */
const MODIFIER_WEIGHT = 0.4
/** a statement that it is paid names a document a receipt less surely than its title would */
const PAID_WEIGHT = 0.5

/** the head word of a title: its last word, or the last before "of" or "for" ("Certificate of Insurance") */
const headIndex = (ws: ReadonlyArray<string>): number => {
  const joint = ws.findIndex((w, i) => i > 0 && /^(?:of|for)$/i.test(w))
  return joint > 0 ? joint - 1 : ws.length - 1
}

/**
 * The stemmed terms a document names itself by, with their weight: its titles' head words 1, their
 * other words less, and "receipt" when it says it is paid.
 */
export const selfNamedTerms = (text: string): Map<string, number> => {
  const out = new Map<string, number>()
  const add = (t: string, w: number) => out.set(t, Math.max(out.get(t) ?? 0, w))
  for (const phrase of titlePhrases(text)) {
    const ws = phrase.split(" ")
    const head = headIndex(ws)
    ws.forEach((w, i) => {
      for (const t of terms(toEnglish(w))) add(t, i === head ? 1 : MODIFIER_WEIGHT)
    })
  }
  if (saysPaid(text)) for (const t of terms("receipt")) add(t, PAID_WEIGHT)
  return out
}

/** The terms that name a category: its key's words and its description's opening phrase's. */
export const namingTerms = (key: string, description: string | null | undefined): Set<string> => {
  const opening = (description ?? "").split(PREPOSITION)[0] ?? ""
  return new Set([...terms(key.replace(/[_\-.]+/g, " ")), ...terms(opening)])
}
