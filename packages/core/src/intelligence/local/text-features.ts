/**
 * Text features shared by the local engine: folded words, stemmed content terms (the same stemmer
 * and stop words as the local decision evaluator), term-frequency vectors, cosine similarity,
 * sentences, and an extractive summary. Pure functions of their input.
 */
import { foldText, STOP_WORDS, splitIdentifier, stem } from "../../decision/evaluator/local/text.js"

const WORD_RE = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*|\p{N}+(?:[.,]\p{N}+)*/gu

/** Folded, lower-case words and numbers of a text, in order. */
export const words = (text: string): Array<string> => foldText(text).match(WORD_RE) ?? []

/** The stemmed content term of a word, or null for a stop word, a number or a one-letter word. */
export const termOf = (word: string): string | null =>
  word.length < 2 || STOP_WORDS.has(word) || /^\p{N}/u.test(word) ? null : stem(word)

/** The words of an identifier or title as written, stop words kept (`valid_until`, `dateFrom`). */
export const identifierWords = (text: string): Array<string> => words(splitIdentifier(text).replace(/_/g, " "))

/** Stemmed content terms of a text (identifiers like `invoice_number` or `dueDate` split). */
export const terms = (text: string): Array<string> => {
  const out: Array<string> = []
  for (const w of identifierWords(text)) {
    const t = termOf(w)
    if (t !== null) out.push(t)
  }
  return out
}

export type TermVector = Map<string, number>

export const termCounts = (ts: ReadonlyArray<string>): TermVector => {
  const m: TermVector = new Map()
  for (const t of ts) m.set(t, (m.get(t) ?? 0) + 1)
  return m
}

/** Cosine similarity of two term-count vectors (0 when either is empty). */
export const cosineSimilarity = (a: TermVector, b: TermVector): number => {
  let dot = 0
  let na = 0
  let nb = 0
  for (const [t, x] of a) {
    na += x * x
    const y = b.get(t)
    if (y !== undefined) dot += x * y
  }
  for (const y of b.values()) nb += y * y
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}

/** BM25-style saturation of a term frequency (k1 = 1.2): 0, 1, 1.38, 1.57, … below 2.2. */
export const saturate = (tf: number): number => (tf * 2.2) / (tf + 1.2)

/** Sentences and short lines of a text (markdown table rows and headings count as lines). */
export const sentences = (text: string): Array<string> => {
  const out: Array<string> = []
  for (const rawLine of text.split(/\n/)) {
    const line = rawLine.replace(/^[#>*\-\s|]+/, "").replace(/\|/g, " ").replace(/\s+/g, " ").trim()
    if (line === "" || /^[-:\s]+$/.test(line)) continue
    for (const s of line.split(/(?<=[.!?])\s+(?=[\p{Lu}\d])/u)) if (s.trim() !== "") out.push(s.trim())
  }
  return out
}

const MAX_SUMMARY = 300

const clip = (text: string, max: number): string => {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(" ")
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, "")}…`
}

/**
 * An extractive summary: the title line (a short first line) followed by the sentence that best
 * covers the text's most frequent content terms, at most 300 characters.
 */
export const summarize = (text: string): string => {
  const all = sentences(text)
  if (all.length === 0) return ""
  const freq = termCounts(terms(text))
  const first = all[0]!
  const title = words(first).length <= 8 && first.length <= 80 ? first.replace(/[.:]$/, "") : null
  let best: string | null = null
  let bestScore = 0
  for (const s of all.slice(title === null ? 0 : 1, 400)) {
    const ts = terms(s)
    if (ts.length < 3) continue
    let score = 0
    for (const t of new Set(ts)) score += Math.log(1 + (freq.get(t) ?? 0))
    score /= Math.sqrt(ts.length + 2)
    if (score > bestScore) {
      bestScore = score
      best = s
    }
  }
  const parts = [title, best].filter((p): p is string => p !== null && p !== "")
  return clip(parts.length === 0 ? first : parts.join(". ").replace(/\.\.+/g, "."), MAX_SUMMARY)
}
