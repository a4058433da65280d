/**
 * The local document classifier: offline and deterministic.
 *
 * Classify. Each category is a weighted bag of stemmed terms: its key (weight 3; a key of several
 * words, such as `purchase_order`, counts only as the whole phrase) and the words of its
 * description (weight 1), each times an idf over the taxonomy (a word that describes many
 * categories tells little). A text scores, per category, the weighted sum of BM25-saturated term
 * frequencies, with the text's head (its first lines, where titles are) counted again, divided by
 * the square root of the category's total weight (long descriptions do not win by length), plus
 * what the document calls itself (`document-title.ts`: a title near the top naming the category by
 * its key's words or its description's opening phrase, "Preliminary Estimate" a quote, "BOOKING
 * ORDER" a purchase order; "receipt" when it says it is paid and nothing is due). A
 * category fits when its key occurs in the text, its score reaches `MIN_EVIDENCE`, or its matched
 * weight covers at least `MIN_COVERAGE` of its bag; the best fitting category wins, with a confidence from a
 * softmax of the scores relative to the best. When nothing fits, the label is freeform: the
 * text's title (a short first line) in snake_case, or its two most frequent content words.
 * Sheets (multi-label) take every fitting category scoring at least `MULTI_LABEL_SHARE` of the
 * best, at most three. The summary is extractive (`summarize`).
 *
 * Segment. A page starts a new logical document when its page numbering restarts ("Page 1 of
 * 3") or when its head (first lines) already speaks of a confidently different category than the
 * running segment while the page shares little vocabulary with the page before; a page numbered "Page 2 of 3",
 * a blank page or a page with no confident category continues the segment.
 *
 * Words of French, German, Dutch, Polish, Spanish and Italian business documents are read in
 * English first (`layout/vocabulary.ts`), so a "Facture" or "Rechnung" scores as an invoice under
 * English category descriptions instead of getting a freeform label from its header.
 *
 * Limits: words only (no layout, no images), English morphology; no synonyms beyond what the
 * category descriptions and that vocabulary say.
 */
import { Effect, Layer } from "effect"
import {
  type Classification,
  type ClassifyInput,
  DocumentClassifier,
  type Segment,
  type SegmentInput,
  type TaxonomyCategory
} from "../classifier.js"
import { cosineSimilarity, saturate, summarize, termCounts, terms, type TermVector, words } from "./text-features.js"
import { toEnglish } from "./layout/vocabulary.js"
import { namingTerms, selfNamedTerms } from "./document-title.js"

const KEY_WEIGHT = 3
const DESCRIPTION_WEIGHT = 1
/** share of its weighted bag a category must match to fit without one of its key words */
export const MIN_COVERAGE = 0.2
/** a category fits without its key word or coverage when its score reaches this much evidence */
export const MIN_EVIDENCE = 1.2
/** sheets: other categories kept when they score at least this share of the best */
export const MULTI_LABEL_SHARE = 0.6
const MAX_LABELS = 3
/** softmax temperature, relative to the best score */
const RELATIVE_TEMPERATURE = 0.25
const HEAD_LINES = 5
/**
 * what a document's title (or a statement that it is paid) adds per word naming a category, times
 * the word's idf over the categories' names: the title outweighs the words of the body ("Estimate"
 * over an estimate's "total" and "invoice")
 */
export const TITLE_WEIGHT = 1.5

interface PreparedCategory {
  readonly key: string
  /** the key's words in order; a key of several words counts only as the whole phrase */
  readonly keyPhrase: ReadonlyArray<string>
  readonly phraseWeight: number
  readonly weights: ReadonlyMap<string, number>
  readonly norm: number
  /** the words naming the kind of document the category is (`document-title.ts`), each with its idf over those of all categories */
  readonly naming: ReadonlyMap<string, number>
}

export const prepare = (categories: ReadonlyArray<TaxonomyCategory>): Array<PreparedCategory> => {
  const bags = categories.map((c) => {
    const bag = new Map<string, number>()
    for (const t of terms(c.description ?? "")) bag.set(t, Math.max(bag.get(t) ?? 0, DESCRIPTION_WEIGHT))
    const keyPhrase = terms(c.key.replace(/[_\-.]+/g, " "))
    // one key word weighs as a key; the words of a longer key only as the whole phrase
    for (const t of keyPhrase) bag.set(t, keyPhrase.length === 1 ? KEY_WEIGHT : Math.max(bag.get(t) ?? 0, DESCRIPTION_WEIGHT))
    return { key: c.key, keyPhrase, bag, naming: namingTerms(c.key, c.description) }
  })
  const df = new Map<string, number>()
  for (const b of bags) for (const t of b.bag.keys()) df.set(t, (df.get(t) ?? 0) + 1)
  const namingDf = new Map<string, number>()
  for (const b of bags) for (const t of b.naming) namingDf.set(t, (namingDf.get(t) ?? 0) + 1)
  const n = Math.max(bags.length, 1)
  return bags.map((b) => {
    const weights = new Map<string, number>()
    let norm = 0
    for (const [t, q] of b.bag) {
      const w = q * Math.log(1 + n / (df.get(t) ?? 1))
      weights.set(t, w)
      norm += w
    }
    const phraseWeight = b.keyPhrase.length > 1 ? KEY_WEIGHT * Math.log(1 + n) : 0
    const naming = new Map([...b.naming].map((t) => [t, Math.log(1 + n / (namingDf.get(t) ?? 1))] as const))
    return { key: b.key, keyPhrase: b.keyPhrase, phraseWeight, weights, norm: norm + phraseWeight, naming }
  })
}

interface TextProfile {
  readonly counts: TermVector
  readonly head: TermVector
  readonly terms: ReadonlyArray<string>
  readonly headTerms: ReadonlyArray<string>
  /** the terms the document names itself by: its title's, "receipt" when it says it is paid */
  readonly selfNamed: ReadonlyMap<string, number>
  readonly text: string
}

const headOf = (text: string): string =>
  text.split("\n").map((l) => l.replace(/[#|*_>-]/g, " ").trim()).filter((l) => l !== "").slice(0, HEAD_LINES).join("\n")

/** The text's terms, its words of other languages' business vocabulary read in English ("Rechnung" as "invoice"). */
export const profile = (text: string): TextProfile => {
  const all = terms(toEnglish(text))
  const head = terms(toEnglish(headOf(text)))
  return { counts: termCounts(all), head: termCounts(head), terms: all, headTerms: head, selfNamed: selfNamedTerms(text), text }
}

/** occurrences of a phrase (consecutive terms) */
const phraseCount = (ts: ReadonlyArray<string>, phrase: ReadonlyArray<string>): number => {
  let n = 0
  for (let i = 0; i + phrase.length <= ts.length; i++) {
    let ok = true
    for (let k = 0; k < phrase.length && ok; k++) ok = ts[i + k] === phrase[k]
    if (ok) n++
  }
  return n
}

interface Scored {
  readonly key: string
  readonly score: number
  readonly fits: boolean
  /** the text's head (first lines) has words of the category */
  readonly titled: boolean
}

export const scoreAll = (prepared: ReadonlyArray<PreparedCategory>, p: TextProfile): Array<Scored> =>
  prepared.map((c) => {
    let raw = 0
    let matched = 0
    let keyHit = false
    let titled = false
    for (const [t, w] of c.weights) {
      const tf = p.counts.get(t) ?? 0
      const inHead = p.head.get(t) ?? 0
      if (tf === 0) continue
      matched += w
      raw += w * (saturate(tf) + 0.5 * saturate(inHead))
      if (inHead > 0) titled = true
      if (c.keyPhrase.length === 1 && c.keyPhrase[0] === t) keyHit = true
    }
    if (c.keyPhrase.length > 1) {
      const tf = phraseCount(p.terms, c.keyPhrase)
      if (tf > 0) {
        const inHead = phraseCount(p.headTerms, c.keyPhrase)
        matched += c.phraseWeight
        raw += c.phraseWeight * (saturate(tf) + 0.5 * saturate(inHead))
        keyHit = true
      }
    }
    let named = 0
    for (const [t, w] of p.selfNamed) named += w * (c.naming.get(t) ?? 0)
    if (named > 0) titled = true
    const score = (c.norm === 0 ? 0 : raw / Math.sqrt(c.norm)) + TITLE_WEIGHT * named
    return { key: c.key, score, fits: score > 0 && (keyHit || score >= MIN_EVIDENCE || matched / c.norm >= MIN_COVERAGE), titled }
  })

const round3 = (x: number) => Math.round(x * 1000) / 1000

/** softmax of the scores relative to the best (scale-free), as confidences */
const confidences = (scored: ReadonlyArray<Scored>): Map<string, number> => {
  const best = Math.max(...scored.map((s) => s.score), 0)
  const out = new Map<string, number>()
  if (best <= 0) return out
  const t = RELATIVE_TEMPERATURE * best
  const exps = scored.map((s) => Math.exp((s.score - best) / t))
  const sum = exps.reduce((a, b) => a + b, 0)
  scored.forEach((s, i) => out.set(s.key, exps[i]! / sum))
  return out
}

const TITLE_MAX_WORDS = 6

/** A freeform label: the title in snake_case, else the two most frequent content words. */
export const freeformLabel = (text: string): { readonly label: string; readonly titled: boolean } => {
  for (const line of headOf(text).split("\n").slice(0, 3)) {
    const ws = words(line).filter((w) => /^\p{L}/u.test(w))
    if (ws.length >= 1 && ws.length <= TITLE_MAX_WORDS && ws.length >= words(line).length - 1) {
      return { label: ws.slice(0, 5).join("_"), titled: true }
    }
  }
  const freq = new Map<string, number>()
  for (const w of words(text)) if (/^\p{L}{3,}$/u.test(w) && terms(w).length > 0) freq.set(w, (freq.get(w) ?? 0) + 1)
  const top = [...freq.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 2).map(([w]) => w)
  return { label: top.length === 0 ? "unclassified_document" : top.join("_"), titled: false }
}

const classifyWith = (prepared: ReadonlyArray<PreparedCategory>, input: Omit<ClassifyInput, "categories">): Classification => {
  const scored = scoreAll(prepared, profile(input.text))
  const conf = confidences(scored)
  const fitting = scored.filter((s) => s.fits).sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
  const summary = summarize(input.text)
  if (fitting.length === 0) {
    const { label, titled } = freeformLabel(input.text)
    return { categories: [], freeform: label, freeformConfidence: titled ? 0.6 : 0.4, summary }
  }
  const best = fitting[0]!
  const chosen = input.multiLabel
    ? fitting.filter((s) => s.score >= MULTI_LABEL_SHARE * best.score).slice(0, MAX_LABELS)
    : [best]
  return {
    categories: chosen.map((s) => ({ key: s.key, confidence: round3(conf.get(s.key) ?? 0) })),
    freeform: null,
    freeformConfidence: 0,
    summary
  }
}

export const classifyLocally = (input: ClassifyInput): Classification => classifyWith(prepare(input.categories), input)

const PAGE_ONE = /\bpage\s*1\s*(?:of|\/)\s*\d+\b/i
const PAGE_LATER = /\bpage\s*([2-9]|\d{2,})\s*(?:of|\/)\s*\d+\b/i
/** a page confidently of another category must share less vocabulary than this with the page before */
const NEW_DOCUMENT_SIMILARITY = 0.35
const PAGE_CONFIDENCE = 0.6

export const segmentLocally = (input: SegmentInput): Array<Segment> => {
  const prepared = prepare(input.categories)
  const pages = input.pages.map(profile)
  const starts: Array<number> = [0]
  let current: string | null = null
  pages.forEach((p, i) => {
    const blank = p.counts.size === 0
    const scored = scoreAll(prepared, p)
    const conf = confidences(scored)
    const top = scored.filter((s) => s.fits).sort((a, b) => b.score - a.score)[0]
    const topKey = top !== undefined && (conf.get(top.key) ?? 0) >= PAGE_CONFIDENCE ? top.key : null
    if (i > 0 && !blank) {
      const text = input.pages[i]!
      const restarts = PAGE_ONE.test(text)
      const continues = PAGE_LATER.test(text)
      const differs = topKey !== null && current !== null && topKey !== current && top!.titled &&
        cosineSimilarity(p.counts, pages[i - 1]!.counts) < NEW_DOCUMENT_SIMILARITY
      if (!continues && (restarts || differs)) {
        starts.push(i)
        current = null
      }
    }
    if (current === null && topKey !== null) current = topKey
  })
  return starts.map((start, k) => {
    const end = (starts[k + 1] ?? pages.length) - 1
    const text = input.pages.slice(start, end + 1).join("\n\n")
    return { page_start: start + 1, page_end: end + 1, classification: classifyWith(prepared, { text, multiLabel: false }) }
  })
}

export const LocalClassifierLive: Layer.Layer<DocumentClassifier> = Layer.succeed(DocumentClassifier, {
  classify: (input) => Effect.sync(() => classifyLocally(input)),
  segment: (input) => Effect.sync(() => (input.pages.length === 0 ? [] : segmentLocally(input)))
})
