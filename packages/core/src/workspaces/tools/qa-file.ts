/**
 * `qa-file` (spec 3, "File tools"): a question answered from one ingested file only, with the
 * quotes it rests on. The selection (whole file, `component`, `pages`) is read up to
 * `MAX_QA_SCAN_CHARS`, cut into passages at paragraph and sentence ends, and at most
 * `MAX_QA_PASSAGES` of them — those sharing most words with the question — go to the
 * `QuestionAnswerer` (local or model-backed), so the context is bounded whatever the file's size.
 * Each citation is a quote with its locator (page, component, character range in the file's
 * markdown); an answer the passages do not support is `found: false`, never invented.
 */
import { Effect } from "effect"
import { storageUnavailable } from "../../api/errors.js"
import { type Passage, QuestionAnswerer } from "../../intelligence/answerer.js"
import { componentAt, pageAt, readDocumentRanges, splitByPage } from "./document-text.js"
import { type FileSelection, selectRanges } from "./file-selection.js"
import type { IngestedToolFile } from "./tool-file.js"

export const MAX_QUESTION_CHARS = 4096
export const MAX_QA_SCAN_CHARS = 1_000_000
export const MAX_QA_PASSAGES = 24
export const PASSAGE_CHARS = 1500
/** a quote longer than this is cut at a word end */
export const MAX_QUOTE_CHARS = 500

export interface QaFileInput extends FileSelection {
  readonly question: string
}

interface Located {
  readonly id: string
  readonly text: string
  readonly start: number
}

/** Cuts `text` (at `start` in the file) into passages of at most `PASSAGE_CHARS`, preferring paragraph, then sentence, then word ends. */
export const passagesOf = (text: string, start: number, firstId: number): ReadonlyArray<Located> => {
  const out: Array<Located> = []
  let at = 0
  while (at < text.length) {
    let end = Math.min(text.length, at + PASSAGE_CHARS)
    if (end < text.length) {
      const window = text.slice(at, end)
      const cut = [window.lastIndexOf("\n\n"), window.search(/[.!?]\s[^.!?]*$/), window.lastIndexOf(" ")].find((i) => i > PASSAGE_CHARS / 3)
      if (cut !== undefined) end = at + cut + 1
    }
    const piece = text.slice(at, end)
    if (piece.trim() !== "") out.push({ id: `p${firstId + out.length}`, text: piece, start: start + at })
    at = end
  }
  return out
}

const words = (s: string) => new Set(s.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])

/** At most `MAX_QA_PASSAGES`: those sharing most question words (earlier first on ties), in file order. */
export const boundPassages = (question: string, passages: ReadonlyArray<Located>): ReadonlyArray<Located> => {
  if (passages.length <= MAX_QA_PASSAGES) return passages
  const asked = words(question)
  return passages
    .map((p, i) => {
      const have = words(p.text)
      let score = 0
      for (const w of asked) if (have.has(w)) score++
      return { p, i, score }
    })
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, MAX_QA_PASSAGES)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.p)
}

const quoteOf = (passage: Located, answer: string) => {
  const trimmed = answer.trim()
  const at = trimmed === "" ? -1 : passage.text.indexOf(trimmed)
  if (at >= 0 && trimmed.length <= MAX_QUOTE_CHARS) return { quote: trimmed, start: passage.start + at }
  const lead = passage.text.length - passage.text.trimStart().length
  let quote = passage.text.trim()
  if (quote.length > MAX_QUOTE_CHARS) {
    const cut = quote.lastIndexOf(" ", MAX_QUOTE_CHARS)
    quote = quote.slice(0, cut > MAX_QUOTE_CHARS / 2 ? cut : MAX_QUOTE_CHARS)
  }
  return { quote, start: passage.start + lead }
}

export const qaFile = ({ file, record }: IngestedToolFile, input: QaFileInput) =>
  Effect.gen(function*() {
    const ranges = splitByPage(record, yield* selectRanges(record, input))
    const scanned: Array<{ start: number; end: number }> = []
    let budget = MAX_QA_SCAN_CHARS
    for (const r of ranges) {
      if (budget === 0) break
      const end = Math.min(r.end, r.start + budget)
      budget -= end - r.start
      scanned.push({ start: r.start, end })
    }
    const total = ranges.reduce((n, r) => n + r.end - r.start, 0)
    const scannedChars = scanned.reduce((n, r) => n + r.end - r.start, 0)
    const texts = yield* readDocumentRanges(file, record, scanned)
    const all: Array<Located> = []
    scanned.forEach((r, i) => all.push(...passagesOf(texts[i] ?? "", r.start, all.length)))
    const passages = boundPassages(input.question, all)
    const answerer = yield* QuestionAnswerer
    const result = yield* answerer.answer({ question: input.question, passages: passages.map((p): Passage => ({ id: p.id, text: p.text })) }).pipe(
      Effect.catchTag("EngineFailed", (e) => Effect.fail(storageUnavailable(`the question-answering engine (${e.message})`)))
    )
    const byId = new Map(passages.map((p) => [p.id, p]))
    const citations = result.found
      ? result.citations.flatMap((id) => {
        const p = byId.get(id)
        if (p === undefined) return []
        const { quote, start } = quoteOf(p, result.answer)
        return [{ quote, page: pageAt(record, start), component: componentAt(record, start), char_start: start, char_end: start + quote.length }]
      })
      : []
    return {
      path: file.path,
      file_id: file.file_id,
      version: record.version,
      question: input.question,
      found: result.found && citations.length > 0,
      answer: result.found && citations.length > 0 ? result.answer : null,
      confidence: result.found ? result.confidence : 0,
      citations,
      component: input.component ?? null,
      pages: input.pages ?? null,
      passages_considered: passages.length,
      scanned_chars: scannedChars,
      truncated: scannedChars < total,
      coverage: { restricted_candidates: 0, labels_required: [] as ReadonlyArray<string> }
    }
  })
