/**
 * The local grounder: offline and deterministic.
 *
 * Literal queries. The query and every unit are folded (case, accents, white space). A unit equal
 * to the query scores 1, a unit containing it 0.97 (the span is the occurrence), a unit or a
 * window of its words with the same letters and digits but other separators ("10,320.57" for
 * "10320.57") 0.95; otherwise the best window of the unit's words of about the query's length is
 * compared by character-trigram Dice similarity, times 0.95, which is its confidence (typos, OCR
 * errors still score high).
 *
 * Semantic queries. When the document's content comes with the units, the local extractor reads
 * the described field (`described-field.ts`: a name from the description's head phrase, the type
 * it asks for) and the value is found where it is printed (amounts and dates compared as values, a
 * length with its unit), at confidence 0.9 × the match. Otherwise, or when the extractor finds
 * nothing printed, the query is read as a field description: its words are matched against the
 * units as labels (the same label scoring as the local extractor, with its business vocabulary),
 * and a label's value is the unit on its right or below it, or the part after "Label:" inside the
 * unit. Values must fit what the query asks for: a date for "date"/"day"/"when", an amount for
 * "amount"/"total"/"balance"/"price"…, an integer for "how many"/"length"/"number of", else any
 * text. Confidence is 0.5 + 0.5 × the label score (below: × 0.95). Seller-like queries ("the
 * company that issued …", vendor, merchant, shop) without a label fall back to the first company
 * name (Inc, LLC, Ltd, GmbH…) or the first line, at 0.6. "First"/"second" in the query pick the
 * first/second value of a column. Without a label, the unit whose words best cover the query's is
 * the match (coverage × 0.8).
 *
 * Hints: `page_hints` and `sheet_name` add 0.05 to units there; `anchor_text` adds 0.05 to
 * units in the anchor's row or the three rows below; `cell_hint` / `range_hint` add 0.1 to that
 * cell or range (confidences stay at most 1; candidates are ranked by the uncapped sum, so a hint
 * decides between equal matches). Up to three candidates per query, best first.
 */
import { Effect, Layer } from "effect"
import { parseCellRef } from "../../documents/parsed-document.js"
import { type GroundHints, type GroundQuery, Grounder, type GroundSpan, type GroundUnit } from "../grounder.js"
import { fieldWords, type FieldWords, labelTerms, looksLikeLabel, phraseTerms, sameWord } from "./layout/labels.js"
import { CURRENCY_CODES, dateOf, dateSpans, integerOf, isMostlyNumber, numberOf } from "./layout/values.js"
import { describedField, type Wanted, wantedOf } from "./described-field.js"
import { type ReadBatch, readBatch } from "./local-extractor.js"
import type { ExtractionContent } from "../extractor.js"
import { terms } from "./text-features.js"

const MAX_CANDIDATES = 3

/** folded text with a map from folded positions back to the original */
interface Folded {
  readonly text: string
  readonly map: ReadonlyArray<number>
}

const fold = (text: string): Folded => {
  let out = ""
  const map: Array<number> = []
  let space = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (/\s/.test(ch)) {
      if (!space && out.length > 0) {
        out += " "
        map.push(i)
      }
      space = true
      continue
    }
    space = false
    const f = ch.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase()
    for (const c of f) {
      out += c
      map.push(i)
    }
  }
  return { text: out.trimEnd(), map }
}

const spanOf = (f: Folded, from: number, to: number, original: string) => ({
  start: f.map[from] ?? 0,
  end: to >= f.map.length ? original.length : (f.map[to] ?? original.length)
})

const trigramSet = (s: string): Map<string, number> => {
  const m = new Map<string, number>()
  const p = `  ${s} `
  for (let i = 0; i + 3 <= p.length; i++) {
    const g = p.slice(i, i + 3)
    m.set(g, (m.get(g) ?? 0) + 1)
  }
  return m
}

const dice = (a: string, b: string): number => {
  if (a === b) return 1
  const ga = trigramSet(a)
  const gb = trigramSet(b)
  let common = 0
  let na = 0
  let nb = 0
  for (const [g, n] of ga) {
    na += n
    common += Math.min(n, gb.get(g) ?? 0)
  }
  for (const n of gb.values()) nb += n
  return na + nb === 0 ? 0 : (2 * common) / (na + nb)
}

const digitsOnly = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, "")

const literalSpans = (query: string, units: ReadonlyArray<GroundUnit>, folded: ReadonlyArray<Folded>): Array<GroundSpan> => {
  const q = fold(query).text
  if (q === "") return []
  const qCompact = digitsOnly(q)
  const out: Array<GroundSpan> = []
  units.forEach((u, i) => {
    const f = folded[i]!
    if (f.text === "") return
    if (f.text === q) {
      out.push({ unit: u.id, start: 0, end: u.text.length, confidence: 1 })
      return
    }
    const at = f.text.indexOf(q)
    if (at >= 0) {
      const { start, end } = spanOf(f, at, at + q.length, u.text)
      out.push({ unit: u.id, start, end, confidence: 0.97 })
      return
    }
    if (qCompact.length >= 3 && digitsOnly(f.text) === qCompact) {
      out.push({ unit: u.id, start: 0, end: u.text.length, confidence: 0.95 })
      return
    }
    // fuzzy: the best window of words of about the query's length
    const words = [...f.text.matchAll(/\S+/g)].map((m) => ({ at: m.index!, end: m.index! + m[0].length }))
    const qWords = q.split(" ").length
    let best = { score: 0, from: 0, to: 0 }
    for (let n = Math.max(1, qWords - 1); n <= qWords + 1; n++) {
      for (let k = 0; k + n <= words.length; k++) {
        const from = words[k]!.at
        const to = words[k + n - 1]!.end
        const window = f.text.slice(from, to)
        // the same characters but for separators ("1200.00" and "1,200.00", "INV 17" and "INV-17"): 0.95 after the factor below
        const score = qCompact.length >= 3 && digitsOnly(window) === qCompact ? 1 : dice(q, window)
        if (score > best.score) best = { score, from, to }
      }
    }
    if (best.score >= 0.5) {
      const { start, end } = spanOf(f, best.from, best.to, u.text)
      out.push({ unit: u.id, start, end, confidence: Math.round(best.score * 0.95 * 1000) / 1000 })
    }
  })
  return out
}

/** a heading or label rather than a value: upper case, a few words, no digits, or ending with a colon */
const isHeading = (t: string) => t.endsWith(":") || (t === t.toUpperCase() && /\p{L}/u.test(t) && !/\d/.test(t) && t.split(/\s+/).length <= 4)

const fits = (wanted: Wanted, text: string): boolean => {
  const t = text.trim()
  if (t === "") return false
  switch (wanted) {
    case "date":
      return dateOf(t) !== null
    case "number":
      return isMostlyNumber(t) && numberOf(t) !== null
    case "integer":
      return integerOf(t) !== null && /^\d[\d,.]*(\s+\p{L}+){0,2}$/u.test(t)
    case "identifier":
      return /\d/.test(t) && t.split(/\s+/).length <= 4
    case "text": {
      // a name or a short phrase: not a heading, not a date, not a sentence, more letters than digits
      const letters = (t.match(/\p{L}/gu) ?? []).length
      const digits = (t.match(/\p{N}/gu) ?? []).length
      return !isHeading(t) && dateOf(t) === null && letters > digits && t.split(/\s+/).length <= 8
    }
  }
}

const SELLER_QUERY = /\b(issued|issuer|vendor|seller|supplier|merchant|shop|store|business|company that)\b/i
const COMPANY = /\b(inc|llc|ltd|limited|corp|corporation|gmbh|plc|llp|lp|co|company|kg|ag|sarl|bv|b\.v|pty|pc)\.?$/i
const PARTY_QUERY = /\bpart(y|ies)\b/i
const ORDINALS: ReadonlyArray<[RegExp, number]> = [[/\bfirst\b/i, 0], [/\bsecond\b/i, 1], [/\bthird\b/i, 2], [/\blast\b/i, -1]]

/** the query without its ordinal words, articles and generic "name of" phrasing */
const fieldText = (query: string) =>
  query.replace(/\b(the|a|an|of|first|second|third|last|listed|line|name|value|being|whose|that|which|was|is)\b/gi, " ").replace(/\s+/g, " ").trim()

/**
 * How well a printed label answers a described field: mostly the share of the label's words the
 * description uses (a label says little, a description a lot), plus the share of the
 * description it covers.
 */
const semanticLabelScore = (fw: FieldWords, label: string): number => {
  const ls = labelTerms(label)
  if (ls.length === 0) return 0
  const strong = [...fw.weights.entries()].filter(([, w]) => w >= 1).map(([t]) => t)
  if (strong.length === 0) return 0
  // every word of the description counts for what the label uses ("start" in "the balance at the start")
  const all = [...fw.weights.keys()]
  const used = ls.filter((l) => all.some((t) => sameWord(t, l))).length / ls.length
  if (used === 0) return 0
  const covered = strong.filter((t) => ls.some((l) => sameWord(t, l))).length / strong.length
  return 0.6 * used + 0.4 * covered
}

const DATE_IN_TEXT = /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\b|\b[A-Za-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:day\s+of\s+)?[A-Za-z]{3,9},?\s+\d{4}\b/g
// starts at the sign, symbol or digit and ends on a digit ("$3,760.72," is the number without its comma)
const NUMBER_IN_TEXT = /[-(]?(?:[$€£¥]\s?)?\d(?:[\d,.']*\d)?\)?(?:\s?(?:%|[$€£¥]|[A-Z]{3}\b))?/g
// thousands grouped by spaces ("1 491,52 EUR"), apart: beside a count ("4 308,84") the space may part two numbers
const SPACED_NUMBER_IN_TEXT = /[-(]?(?:[$€£¥]\s?)?\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[,.]\d+)?\)?(?:\s?(?:%|[$€£¥]|[A-Z]{3}\b))?/g

/** values of the wanted kind inside a text, with their offsets (a number's value with it; `spaced`: also numbers grouped by spaces) */
const valuesIn = (wanted: "date" | "number", text: string, spaced = false): Array<{ start: number; end: number; number: number | null }> => {
  const out: Array<{ start: number; end: number; number: number | null }> = []
  const matches = wanted === "date" ? text.matchAll(DATE_IN_TEXT) : [...text.matchAll(NUMBER_IN_TEXT), ...(spaced ? text.matchAll(SPACED_NUMBER_IN_TEXT) : [])]
  for (const m of matches) {
    const v = m[0].trim()
    const number = wanted === "number" ? numberOf(v) : null
    if (wanted === "date" ? dateOf(v) !== null : number !== null) out.push({ start: m.index!, end: m.index! + m[0].trimEnd().length, number })
  }
  return out
}

const DURATION = /\b(?:[a-z]+(?:-[a-z]+)?\s+\(\d+\)|\d+)\s+(?:calendar\s+)?(?:days?|weeks?|months?|years?)\b/gi

const LEADING = /^(?:(?:of|the|by|to|is|are|as|at|for|on|under|in|be|shall|will|a|an)\s+)+/i

/** the phrase after the last of the query's words in a text, up to punctuation (at most 8 words) */
const phraseAfter = (text: string, strong: ReadonlyArray<string>): { start: number; end: number } | undefined => {
  let end = -1
  for (const m of text.matchAll(/\p{L}+/gu)) if (terms(m[0]).some((t) => strong.some((s) => sameWord(s, t)))) end = m.index! + m[0].length
  if (end < 0) return undefined
  const rest = text.slice(end)
  const cut = rest.split(/[.;,()"“”]/)[0]!
  const lead = cut.length - cut.replace(LEADING, "").trimStart().length
  const phrase = cut.slice(lead).trimEnd()
  if (phrase === "" || phrase.split(/\s+/).length > 8) return undefined
  return { start: end + lead, end: end + lead + phrase.length }
}

const BETWEEN = /\bbetween\s+(.+?)\s+and\s+(.+?)(?:\s*\(|[.;]|,\s+(?:an?|the)\s|$)/i

/** the parties named in "between A and B", located in the units (reading order joined with spaces) */
const partySpans = (units: ReadonlyArray<GroundUnit>, ordinal: number): Array<GroundSpan> => {
  let joined = ""
  const starts: Array<number> = []
  for (const u of units) {
    starts.push(joined.length)
    joined += `${u.text} `
  }
  const m = BETWEEN.exec(joined)
  if (m === null) return []
  const groups = [1, 2].map((g) => {
    const raw = m[g]!
    const at = m.index + m[0].indexOf(raw, g === 1 ? 0 : m[0].indexOf(m[1]!) + m[1]!.length)
    const name = raw.split(/\s*\(|,\s+(?=(?:an?|the|each|both|registered|incorporated|with|whose)\b)/i)[0]!.replace(/[,;:]+$/, "").trim()
    return { at: at + raw.indexOf(name), length: name.length }
  })
  const pick = groups[ordinal < 0 ? groups.length - 1 : ordinal]
  if (pick === undefined) return []
  let k = 0
  while (k + 1 < starts.length && starts[k + 1]! <= pick.at) k++
  const u = units[k]!
  const start = pick.at - starts[k]!
  return [{ unit: u.id, start, end: Math.min(u.text.length, start + pick.length), confidence: 0.9 }]
}

/** where a value is printed: amounts and dates compared as values (any layout of them), text as text */
const printedSpans = (value: unknown, wanted: Wanted, units: ReadonlyArray<GroundUnit>, folded: ReadonlyArray<Folded>): Array<GroundSpan> => {
  if (typeof value === "number" && wanted === "integer") {
    // a length is printed with its unit, in words and figures ("twenty-four (24) months", "5 years" for 60 months)
    const out: Array<GroundSpan> = []
    for (const u of units) {
      for (const m of u.text.matchAll(DURATION)) {
        const n = Number(/\d+/.exec(m[0])?.[0])
        if (n === value || (/year/i.test(m[0]) && n * 12 === value)) out.push({ unit: u.id, start: m.index!, end: m.index! + m[0].length, confidence: 1 })
      }
    }
    if (out.length > 0) return out
  }
  if (typeof value === "number") {
    const out: Array<GroundSpan> = []
    for (const u of units) {
      for (const v of valuesIn("number", u.text, true)) {
        if (Math.abs(Math.abs(v.number!) - Math.abs(value)) >= 0.005) continue
        // an ISO code printed before the amount is part of it ("EUR 2,524.87")
        const code = /\b([A-Z]{3})\s?$/.exec(u.text.slice(0, v.start))
        out.push({ unit: u.id, start: code !== null && CURRENCY_CODES.has(code[1]!) ? code.index : v.start, end: v.end, confidence: 1 })
      }
    }
    return out
  }
  if (typeof value !== "string" || value.trim() === "") return []
  if (wanted === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const out: Array<GroundSpan> = []
    for (const u of units) {
      const spans = [...dateSpans(u.text, "day-first"), ...dateSpans(u.text, "month-first")]
      const hit = spans.find((d) => d.date === value)
      if (hit !== undefined) out.push({ unit: u.id, start: hit.start, end: hit.end, confidence: 1 })
    }
    if (out.length > 0) return out
  }
  return literalSpans(value, units, folded).filter((s) => s.confidence >= 0.95)
}

/**
 * The described value as an extraction of that one field reads it, where it is printed: the
 * first batch that states it. Null when the extractor finds none.
 */
const extractedSpans = (
  query: string, units: ReadonlyArray<GroundUnit>, folded: ReadonlyArray<Folded>, batches: () => ReadonlyArray<ReadBatch>
): Array<GroundSpan> | null => {
  const field = describedField(query)
  if (field === undefined) return null
  for (const reading of field.readings) {
    for (const batch of batches()) {
      let value = batch.values(reading.schema)[reading.name]
      if (Array.isArray(value)) value = field.ordinal === null ? undefined : field.ordinal < 0 ? value[value.length - 1] : value[field.ordinal]
      if (reading.item !== undefined) value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[reading.item] : undefined
      if (value === null || value === undefined) continue
      const spans = printedSpans(value, field.wanted, units, folded)
      if (spans.length > 0) return besideItsLabel(query, spans, units).map((s) => ({ ...s, confidence: Math.round(EXTRACTED_CONFIDENCE * s.confidence * 1000) / 1000 }))
    }
  }
  return null
}

/**
 * A value printed more than once (a total in its totals row and again in "Please transfer …"): the
 * place whose label, in its own unit or the unit on its left, names what was asked comes first;
 * the others are kept a little lower.
 */
const besideItsLabel = (query: string, spans: ReadonlyArray<GroundSpan>, units: ReadonlyArray<GroundUnit>): ReadonlyArray<GroundSpan> => {
  if (spans.length < 2) return spans
  const fw = fieldWords(fieldText(query) || query, null, [], null)
  const leftOf = new Map<number, string>()
  for (const u of units) if (u.right !== null) leftOf.set(u.right, u.text)
  const scored = spans.map((s) => {
    const text = units[s.unit]!.text
    const context = `${leftOf.get(s.unit) ?? ""} ${text.slice(0, s.start)} ${text.slice(s.end)}`
    return { span: s, score: semanticLabelScore(fw, context) }
  })
  const best = Math.max(...scored.map((x) => x.score))
  return scored.map(({ span, score }) => (score === best ? span : { ...span, confidence: span.confidence - 0.02 }))
}

/** a value an extraction reads is trusted a little less than a literal match, more than a label guess */
const EXTRACTED_CONFIDENCE = 0.9

const semanticSpans = (query: string, units: ReadonlyArray<GroundUnit>): Array<GroundSpan> => {
  const wanted = wantedOf(query)
  const fw = fieldWords(fieldText(query) || query, null, [], null)
  const strong = [...fw.weights.entries()].filter(([, w]) => w >= 1).map(([t]) => t)
  const ordinal = ORDINALS.find(([re]) => re.test(query))?.[1]
  const hasLeft = new Set(units.flatMap((u) => (u.right === null ? [] : [u.right])))
  const out: Array<GroundSpan> = []
  for (const u of units) {
    const inline = /^(.{1,48}?)\s*[:：]\s*(.+)$/.exec(u.text)
    if (inline !== null) {
      const score = semanticLabelScore(fw, inline[1]!)
      if (score >= 0.4 && fits(wanted, inline[2]!)) {
        const start = u.text.length - inline[2]!.length
        out.push({ unit: u.id, start, end: u.text.length, confidence: 0.5 + 0.5 * score })
      }
    }
    const label = u.text.replace(/[:：]\s*$/, "")
    if (!looksLikeLabel(label)) continue
    const score = semanticLabelScore(fw, label)
    if (score < 0.4) continue
    // a column heading (a cell of a header row): values below; the ordinal picks one
    if (ordinal !== undefined && u.below !== null && (u.right !== null || hasLeft.has(u.id))) {
      const column: Array<GroundUnit> = []
      for (let v: GroundUnit | undefined = units[u.below]; v !== undefined && column.length < 500; v = v.below === null ? undefined : units[v.below]) {
        if (fits(wanted, v.text)) column.push(v)
      }
      const pick = ordinal < 0 ? column[column.length - 1] : column[ordinal]
      if (pick !== undefined) out.push({ unit: pick.id, start: 0, end: pick.text.length, confidence: 0.5 + 0.5 * score })
      continue
    }
    const right = u.right === null ? undefined : units[u.right]
    const below = u.below === null ? undefined : units[u.below]
    if (right !== undefined && fits(wanted, right.text)) {
      out.push({ unit: right.id, start: 0, end: right.text.length, confidence: 0.5 + 0.5 * score })
    } else if (below !== undefined && fits(wanted, below.text)) {
      out.push({ unit: below.id, start: 0, end: below.text.length, confidence: (0.5 + 0.5 * score) * 0.95 })
    }
  }
  if (PARTY_QUERY.test(query) && wanted === "text") out.push(...partySpans(units, ordinal ?? 0))
  if (wanted === "text" && SELLER_QUERY.test(query)) {
    // the issuer is printed first: a company name near the top, else the first line
    const top = units.slice(0, 12)
    const company = top.find((u) => COMPANY.test(u.text.trim()))
    if (company !== undefined) out.push({ unit: company.id, start: 0, end: company.text.length, confidence: 0.85 })
    else {
      const first = units.find((u) => u.text.trim() !== "" && !/\d/.test(u.text) && !isHeading(u.text.trim()))
      if (first !== undefined) out.push({ unit: first.id, start: 0, end: first.text.length, confidence: 0.7 })
    }
  }
  if (out.length > 0) return out
  if (wanted === "integer") {
    // a duration or count with its unit ("twenty-four (24) months", "36 months", "3 years")
    units.forEach((u, i) => {
      const around = new Set([units[i - 1]?.text, u.text, units[i + 1]?.text].filter((t) => t !== undefined).flatMap((t) => terms(t!)))
      const coverage = strong.length === 0 ? 0 : strong.filter((t) => [...around].some((a) => sameWord(t, a))).length / strong.length
      for (const m of u.text.matchAll(DURATION)) {
        out.push({ unit: u.id, start: m.index!, end: m.index! + m[0].length, confidence: Math.round((0.5 + 0.45 * coverage) * 1000) / 1000 })
      }
    })
    if (out.length > 0) return out
  }
  if (wanted === "date" || wanted === "number" || wanted === "integer") {
    // a value inside a sentence that uses the query's words (the sentence may run over a few lines)
    const dates: Array<GroundSpan> = []
    units.forEach((u, i) => {
      const values = valuesIn(wanted === "date" ? "date" : "number", u.text)
      if (values.length === 0) return
      const around = new Set([units[i - 1]?.text, u.text, units[i + 1]?.text].filter((t) => t !== undefined).flatMap((t) => terms(t!)))
      const coverage = strong.length === 0 ? 0 : strong.filter((t) => [...around].some((a) => sameWord(t, a))).length / strong.length
      for (const v of values) dates.push({ unit: u.id, start: v.start, end: v.end, confidence: Math.round((0.45 + 0.45 * coverage) * 1000) / 1000 })
    })
    if (wanted === "date") {
      // one date in the whole document: it is the date asked for
      const distinct = new Set(dates.map((d) => dateOf(units[d.unit]!.text.slice(d.start, d.end))))
      if (distinct.size === 1) return dates.slice(0, 1).map((d) => ({ ...d, confidence: Math.max(d.confidence, 0.85) }))
    }
    return dates.filter((d) => d.confidence >= 0.6)
  }
  // the unit whose words best cover the query's: the phrase after them, or the whole unit
  if (strong.length > 0) {
    for (const u of units) {
      // a set phrase names what a label with it names ("IBAN …" is an account number)
      const ts = [...terms(u.text), ...phraseTerms(u.text)]
      const coverage = strong.filter((t) => ts.some((x) => sameWord(t, x))).length / strong.length
      if (coverage < 0.5) continue
      const phrase = phraseAfter(u.text, strong)
      out.push(phrase === undefined
        ? { unit: u.id, start: 0, end: u.text.length, confidence: Math.round(coverage * 0.7 * 1000) / 1000 }
        : { unit: u.id, ...phrase, confidence: Math.round((0.5 + 0.4 * coverage) * 1000) / 1000 })
    }
  }
  return out
}

const inRange = (cell: string, range: string): boolean => {
  const [a, b] = range.split(":")
  const c = parseCellRef(cell)
  const from = a === undefined ? undefined : parseCellRef(a)
  const to = b === undefined ? from : parseCellRef(b)
  if (c === undefined || from === undefined || to === undefined) return false
  return c.row >= Math.min(from.row, to.row) && c.row <= Math.max(from.row, to.row) &&
    c.col >= Math.min(from.col, to.col) && c.col <= Math.max(from.col, to.col)
}

/** a span with the score it is ranked by (its confidence plus hint bonuses, uncapped) */
type Ranked = GroundSpan & { readonly rank: number }

const hinted = (spans: ReadonlyArray<GroundSpan>, units: ReadonlyArray<GroundUnit>, hints: GroundHints): Array<Ranked> => {
  const anchorRows = new Set<number>()
  if (hints.anchorText !== null) {
    const a = fold(hints.anchorText).text
    if (a !== "") {
      units.forEach((u) => {
        if (fold(u.text).text.includes(a)) {
          let v: GroundUnit | undefined = u
          for (let k = 0; k < 4 && v !== undefined; k++) {
            anchorRows.add(v.id)
            if (v.right !== null) anchorRows.add(v.right)
            v = v.below === null ? undefined : units[v.below]
          }
        }
      })
    }
  }
  return spans.map((s) => {
    const u = units[s.unit]!
    let bonus = 0
    const page = /^page:(\d+)$/.exec(u.section)
    if (page !== null && hints.pages.includes(Number(page[1]))) bonus += 0.05
    if (hints.sheetName !== null && u.section === `sheet:${hints.sheetName}`) bonus += 0.05
    if (anchorRows.has(u.id)) bonus += 0.05
    if (u.cell !== null && hints.cellHint !== null && u.cell.toUpperCase() === hints.cellHint.trim().toUpperCase()) bonus += 0.1
    if (u.cell !== null && hints.rangeHint !== null && inRange(u.cell, hints.rangeHint.trim().toUpperCase())) bonus += 0.1
    return { ...s, confidence: Math.min(1, Math.round((s.confidence + bonus) * 1000) / 1000), rank: s.confidence + bonus }
  })
}

const ranked = (spans: ReadonlyArray<Ranked>): Array<GroundSpan> => {
  const seen = new Set<string>()
  return [...spans]
    .sort((a, b) => b.rank - a.rank || a.unit - b.unit || a.start - b.start)
    .filter((s) => {
      const key = `${s.unit}:${s.start}:${s.end}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    .slice(0, MAX_CANDIDATES)
    .map(({ rank: _, ...span }) => span)
}

export const locateLocally = (
  units: ReadonlyArray<GroundUnit>, queries: ReadonlyArray<GroundQuery>, content: ReadonlyArray<ExtractionContent> = []
): Array<Array<GroundSpan>> => {
  const folded = units.map((u) => fold(u.text))
  // each batch is laid out once, on the first semantic query
  let read: ReadonlyArray<ReadBatch> | undefined
  const batches = () => (read ??= content.map(readBatch))
  return queries.map((q) => {
    const scoped = q.hints.sheetName === null ? units : units.filter((u) => u.section === `sheet:${q.hints.sheetName}`)
    const pool = scoped.length > 0 ? scoped : units
    const poolFolded = pool === units ? folded : pool.map((u) => folded[u.id]!)
    const spans = q.semantic
      ? (content.length === 0 ? null : extractedSpans(q.query, pool, poolFolded, batches)) ?? semanticSpans(q.query, units)
      : literalSpans(q.query, pool, poolFolded)
    return ranked(hinted(spans, units, q.hints))
  })
}

export const LocalGrounderLive: Layer.Layer<Grounder> = Layer.succeed(Grounder, {
  locate: (input) => Effect.sync(() => locateLocally(input.units, input.queries, input.content))
})
