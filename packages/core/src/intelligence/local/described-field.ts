/**
 * A field described in words, as the local extractor reads fields: a name and a one-field schema.
 * The local grounder reads a semantic query ("the name of the shop or business") with the
 * extractor, so a description finds the value the same field of an extraction would.
 *
 * The name is the description's head phrase: articles and what follows a preposition or a
 * relative clause cut off ("the invoice total amount including tax" → invoice total amount), "X of
 * the Y" and "X the Y was Zed" turned round ("shop or business name", "invoice date"), the first
 * and last day of a period read as its start and end. The whole description stays the field's
 * description. The type is what the description asks for: a date or text is a string, an amount a
 * number, a count or length an integer. An ordinal before the head ("the second party") asks for
 * one value of a list. A few set phrases are named as a schema would name them ("the sum of the
 * line items" → subtotal), and a line's text ("What was sold", "the name of the deduction") is read
 * from that list's table.
 */
import { Either } from "effect"
import { compileExtractSchema } from "../../documents/schema/compile.js"
import type { CompiledExtractSchema } from "../../documents/schema/extract-schema.js"

export type Wanted = "date" | "number" | "integer" | "identifier" | "text"

export interface DescribedField {
  readonly name: string
  readonly wanted: Wanted
  /** the position in a list the description asks for (-1: the last), or null for a single value */
  readonly ordinal: number | null
  /**
   * schemas to read it with, the most specific first: the field's name in each, and for a line's
   * field (`item`) the property of the picked line that holds it
   */
  readonly readings: ReadonlyArray<{ readonly name: string; readonly item?: string; readonly schema: CompiledExtractSchema }>
}

const wordsOf = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

export const wantedOf = (description: string): Wanted => {
  const ws = new Set(wordsOf(description))
  const has = (...xs: ReadonlyArray<string>) => xs.some((x) => ws.has(x) || ws.has(`${x}s`))
  if (has("date", "day", "when", "dated")) return "date"
  if (/^\s*(?:the\s+)?names?\b/i.test(description)) return "text"
  if (/\bhow many\b|\bnumber of\b|\blength\b|\bmonths\b|\byears\b|\bduration\b/i.test(description)) return "integer"
  if (has("amount", "total", "balance", "price", "cost", "sum", "tax", "fee", "paid", "income", "revenue", "assets", "liabilities", "equity", "subtotal", "salary", "pay", "premium")) {
    return "number"
  }
  if (/\b(number|no\.?|#|id|code|reference|ref)\b/i.test(description)) return "identifier"
  return "text"
}

const ORDINALS: ReadonlyArray<readonly [string, number]> = [["first", 0], ["second", 1], ["third", 2], ["fourth", 3], ["last", -1]]

/** where the head phrase ends: a preposition, a participle or a relative clause after it */
const TAIL = /\s+(?:\p{L}+ed|paid|sold|held|made|including|excluding|incl|excl|claiming|whose|that|which|who|where|being|as|to|by|for|from|on|in|at|with|under|per|if|when|before|after|without)\b.*$/u
const STOP = new Set(["the", "a", "an", "all", "any", "its", "their", "his", "her", "this", "that", "of", "and"])

/** "the X of the Y …" → "Y X"; "the X the Y was Zed" → "Y X"; the first/last day of Y → "Y start/end" */
const headPhrase = (description: string): { readonly phrase: string; readonly head: string; readonly ordinal: number | null } => {
  let t = ` ${description.toLowerCase().replace(/\(.*?\)/g, " ").replace(/[^\p{L}\p{N}'\s-]/gu, " ").replace(/\s+/g, " ")} `
  t = t.replace(/\b(first|start(?:ing)?|opening) (day|date) of\b/g, "start of").replace(/\b(last|final|closing|end(?:ing)?) (day|date) of\b/g, "end of").trim()
  t = t.replace(/^(?:(?:the|a|an)\s+)+/, "")
  // set phrases a schema would name by one word: the lines' sum is the subtotal, the law that governs is the governing law
  t = t.replace(/^(?:sum|total) of (?:all )?(?:the )?(?:line items|lines|items|line amounts)\b.*$/, "subtotal")
  t = t.replace(/^(?:jurisdiction|law|laws|state|country)\b.*\bgovern(?:s|ing)?\b.*$/, "governing law")
  t = t.replace(/^(?:total|total amount|amount|sum)\s+(?:before|excluding|excl|without|net of)\s+(?:any\s+)?(?:tax|taxes|vat|gst)\b.*$/, "subtotal")
  let ordinal: number | null = null
  for (const [word, at] of ORDINALS) {
    const re = new RegExp(`^${word}\\s+`)
    if (re.test(t)) {
      ordinal = at
      t = t.replace(re, "")
    }
  }
  const relative = /^(\S+(?:\s\S+)?)\s+the\s+(.+?)\s+(?:was|is|were|are|will be|has been)\s+\S+ed\b/.exec(t)
  if (relative !== null) t = `${relative[2]} ${relative[1]}`
  const of = /^(.+?)\s+of\s+(.+)$/.exec(t)
  const head = (of === null ? t : of[1]!).replace(TAIL, "")
  // "the length of the initial term of the agreement": the first qualifier names it
  if (of !== null) t = `${of[2]!.replace(/\s+of\s+.*$/, "").replace(TAIL, "")} ${head}`
  else t = t.replace(TAIL, "")
  return { phrase: t, head, ordinal }
}

const nameOf = (phrase: string) => wordsOf(phrase).filter((w) => !STOP.has(w)).join("_")

/** the document's own kind: "the invoice total amount" is the total amount (an identifier or date keeps it: "invoice number") */
const DOCUMENT_WORDS = new Set(["invoice", "receipt", "order", "statement", "agreement", "contract", "policy", "payslip", "bill", "document"])
const amountName = (name: string) => {
  const kept = name.split("_").filter((w) => !DOCUMENT_WORDS.has(w))
  return kept.length === 0 ? name : kept.join("_")
}

const BUYER = /\b(?:billed|bill to|buyer|customer|client|purchaser|placing the order|ordered by|account holder|insured|policyholder)\b/i
const SELLER = /\b(?:issued|issuer|issuing|seller|vendor|supplier|merchant|shop|store|sold by)\b/i
const SOMEONE = /\b(?:company|person|business|organi[sz]ation|party|who|name)\b/i

/** a party named by its role in the description ("the company or person billed" is the customer) */
const partyName = (description: string): string | undefined => {
  if (!SOMEONE.test(description)) return undefined
  if (BUYER.test(description)) return "customer_name"
  if (SELLER.test(description)) return "vendor_name"
  return undefined
}

const compile = (schema: object): CompiledExtractSchema | undefined => {
  const c = compileExtractSchema(schema)
  return Either.isRight(c) ? c.right : undefined
}

const compiled = (name: string, description: string, wanted: Wanted, list: boolean): CompiledExtractSchema | undefined => {
  // a date is asked for as a schema's author would: the description says the value is a date
  const scalar = { type: wanted === "number" ? "number" : wanted === "integer" ? "integer" : "string", description: wanted === "date" ? `${description} (date)` : description }
  return compile({ type: "object", properties: { [name]: list ? { type: "array", items: scalar, description } : scalar } })
}

/** kinds of lines a document lists in a table (the singular a description names one by) */
const LINE_KINDS = new Set(["item", "line", "product", "service", "article", "position", "charge", "fee", "earning", "deduction", "expense", "transaction", "payment", "coverage", "entry"])
const SUPPLIED = /^(?:the\s+)?what\s+(?:\S+\s+)?(?:was|is|were|are|has been|have been|will be|gets?)\s+(?:sold|ordered|purchased|bought|supplied|delivered|billed|invoiced|charged|provided|shipped)\b/i
const LINE_FIELD = new RegExp(`^(?:the\\s+)?(?:name|description|label|title|kind)\\s+of\\s+(?:the\\s+|an?\\s+|each\\s+)?(?:(${ORDINALS.map(([w]) => w).join("|")})\\s+)?(\\p{L}+)\\b(?:\\s+(?:item|line))?\\s*$`, "iu")

/** the columns a line usually has beside its text, so that its table is found */
const USUAL_COLUMNS = { quantity: { type: "number" }, unit_price: { type: "number" }, amount: { type: "number" } }
/** lines whose table has other columns: a policy schedule lists a limit and an excess per coverage */
const KIND_COLUMNS: Readonly<Record<string, object>> = {
  coverages: {
    limit: { type: "number", description: "Limit of liability or sum insured" },
    deductible: { type: "number", description: "Deductible or excess" }
  }
}

/**
 * "What was sold", "the name of the earning", "the description of the second line item": a line's
 * text, read as its table is read (with the columns a line usually has, so the table is found), of
 * the line the ordinal names or else the first.
 */
const lineDescription = (description: string): DescribedField | undefined => {
  const text = description.replace(/\(.*?\)/g, " ").replace(/[.?!]+\s*$/, "").replace(/\s+/g, " ").trim()
  let list: string | undefined
  let ordinal = 0
  if (SUPPLIED.test(text)) list = "line_items"
  else {
    const m = LINE_FIELD.exec(text)
    const kind = m?.[2]?.toLowerCase().replace(/s$/, "")
    if (m === null || kind === undefined || !LINE_KINDS.has(kind)) return undefined
    list = kind === "item" || kind === "line" ? "line_items" : `${kind}s`
    if (m[1] !== undefined) ordinal = ORDINALS.find(([w]) => w === m[1]!.toLowerCase())![1]
  }
  const columns = [...(KIND_COLUMNS[list] === undefined ? [] : [KIND_COLUMNS[list]!]), USUAL_COLUMNS]
  const readings = columns.flatMap((cols) => {
    const schema = compile({ type: "object", properties: { [list]: { type: "array", items: { type: "object", properties: { description: { type: "string", description }, ...cols } } } } })
    return schema === undefined ? [] : [{ name: list, item: "description", schema }]
  })
  return readings.length === 0 ? undefined : { name: list, wanted: "text", ordinal, readings }
}

export const describedField = (description: string): DescribedField | undefined => {
  const line = lineDescription(description)
  if (line !== undefined) return line
  const wanted = wantedOf(description)
  const { phrase, head, ordinal } = headPhrase(description)
  const name = (wanted === "text" ? partyName(description) : undefined) ?? (wanted === "number" ? amountName(nameOf(phrase)) : nameOf(phrase))
  if (name === "") return undefined
  const names = [name]
  // a kind of value named alone ("date", "total") is also read by itself: "Date:" is the purchase's date on a receipt
  const headName = nameOf(head)
  if ((wanted === "date" || wanted === "number") && headName !== "" && headName !== name && !headName.includes("_")) names.push(headName)
  const readings = names.flatMap((n) => {
    const schema = compiled(n, description, wanted, ordinal !== null)
    return schema === undefined ? [] : [{ name: n, schema }]
  })
  return readings.length === 0 ? undefined : { name, wanted, ordinal, readings }
}
