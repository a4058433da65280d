/**
 * The local grounder: offline and deterministic.
 *
 * Literal queries. The query and every unit are folded (case, accents, white space; digits keep
 * their separators but "10,320.57" also matches "10320.57"). A unit equal to the query scores 1,
 * a unit containing it 0.97 (the span is the occurrence); otherwise the best window of the unit's
 * words of about the query's length is compared by character-trigram Dice similarity, which is its
 * confidence (typos, OCR errors, a different date separator still score high).
 *
 * Semantic queries. The query is read as a field description: its words are matched against the
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
import { fieldWords, labelScore, looksLikeLabel } from "./layout/labels.js"
import { dateOf, integerOf, isMostlyNumber, numberOf } from "./layout/values.js"
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
        const score = dice(q, f.text.slice(from, to))
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

type Wanted = "date" | "number" | "integer" | "text"

const wantedOf = (query: string): Wanted => {
  const ts = new Set(terms(query))
  const has = (...ws: ReadonlyArray<string>) => ws.some((w) => terms(w).some((t) => ts.has(t)))
  if (has("date", "day", "when", "dated")) return "date"
  if (/\bhow many\b|\bnumber of\b|\blength\b|\bmonths\b|\byears\b|\bduration\b/i.test(query)) return "integer"
  if (has("amount", "total", "balance", "price", "cost", "sum", "tax", "fee", "paid", "income", "revenue", "assets", "liabilities", "equity", "subtotal", "salary", "pay")) {
    return "number"
  }
  return "text"
}

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
    case "text":
      return !looksLikeLabel(t) || !t.endsWith(":")
  }
}

const SELLER_QUERY = /\b(issued|issuer|vendor|seller|supplier|merchant|shop|store|business|company that)\b/i
const COMPANY = /\b(inc|llc|ltd|limited|corp|corporation|gmbh|plc|llp|lp|co|company|kg|ag|sarl|bv|pty|pc)\.?$/i
const ORDINALS: ReadonlyArray<[RegExp, number]> = [[/\bfirst\b/i, 0], [/\bsecond\b/i, 1], [/\bthird\b/i, 2], [/\blast\b/i, -1]]

/** the query without its ordinal words, articles and generic "name of" phrasing */
const fieldText = (query: string) =>
  query.replace(/\b(the|a|an|of|first|second|third|last|listed|line|name|value)\b/gi, " ").replace(/\s+/g, " ").trim()

const semanticSpans = (query: string, units: ReadonlyArray<GroundUnit>): Array<GroundSpan> => {
  const wanted = wantedOf(query)
  const fw = fieldWords(fieldText(query) || query, null, [], null)
  const ordinal = ORDINALS.find(([re]) => re.test(query))?.[1]
  const out: Array<GroundSpan> = []
  for (const u of units) {
    const inline = /^(.{1,48}?)\s*[:：]\s*(.+)$/.exec(u.text)
    if (inline !== null) {
      const score = labelScore(fw, inline[1]!)
      if (score >= 0.4 && fits(wanted, inline[2]!)) {
        const start = u.text.length - inline[2]!.length
        out.push({ unit: u.id, start, end: u.text.length, confidence: 0.5 + 0.5 * score })
      }
    }
    const label = u.text.replace(/[:：]\s*$/, "")
    if (!looksLikeLabel(label)) continue
    const score = labelScore(fw, label)
    if (score < 0.4) continue
    // a column: values below; the ordinal picks one
    if (ordinal !== undefined && u.below !== null) {
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
  if (out.length === 0 && wanted === "text" && SELLER_QUERY.test(query)) {
    const company = units.find((u) => COMPANY.test(u.text.trim()))
    const first = company ?? units.find((u) => u.text.trim() !== "" && !/\d/.test(u.text))
    if (first !== undefined) out.push({ unit: first.id, start: 0, end: first.text.length, confidence: 0.6 })
  }
  if (out.length === 0) {
    // the unit whose words best cover the query's
    const q = new Set(terms(fieldText(query)))
    if (q.size > 0) {
      for (const u of units) {
        const ts = new Set(terms(u.text))
        let hit = 0
        for (const t of q) if (ts.has(t)) hit++
        const coverage = hit / q.size
        if (coverage >= 0.5) out.push({ unit: u.id, start: 0, end: u.text.length, confidence: Math.round(coverage * 0.8 * 1000) / 1000 })
      }
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

export const locateLocally = (units: ReadonlyArray<GroundUnit>, queries: ReadonlyArray<GroundQuery>): Array<Array<GroundSpan>> => {
  const folded = units.map((u) => fold(u.text))
  return queries.map((q) => {
    const scoped = q.hints.sheetName === null ? units : units.filter((u) => u.section === `sheet:${q.hints.sheetName}`)
    const pool = scoped.length > 0 ? scoped : units
    const poolFolded = pool === units ? folded : pool.map((u) => folded[u.id]!)
    const spans = q.semantic ? semanticSpans(q.query, units) : literalSpans(q.query, pool, poolFolded)
    return ranked(hinted(spans, units, q.hints))
  })
}

export const LocalGrounderLive: Layer.Layer<Grounder> = Layer.succeed(Grounder, {
  locate: (input) => Effect.sync(() => locateLocally(input.units, input.queries))
})
