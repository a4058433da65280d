/**
 * What a search hit shows of its chunk (spec 3, "Evidence"): a snippet around the query's words and
 * a one-line `why` saying which retriever found it and on what grounds (pure).
 */
import { analyze } from "./analyzer.js"
import type { ChunkLocator } from "./chunking.js"

/** a snippet's longest text, in characters (ellipses not counted) */
export const SNIPPET_CHARS = 240

export interface Evidence {
  readonly file_id: string
  readonly path: string
  /** `page` only in a paged file */
  readonly locator: { readonly kind: ChunkLocator["kind"]; readonly page?: number; readonly char_start: number; readonly char_end: number }
  readonly relevance_score: number
  readonly snippet: string
  readonly why: string
  readonly component: string | null
}

export const locatorView = (l: ChunkLocator): Evidence["locator"] =>
  l.page === null ? { kind: l.kind, char_start: l.char_start, char_end: l.char_end } : { kind: l.kind, page: l.page, char_start: l.char_start, char_end: l.char_end }

interface Word {
  readonly start: number
  readonly end: number
  readonly term: string | null
}

const WORD = /[\p{L}\p{N}_]+(?:['’.][\p{L}\p{N}_]+)*/gu

/** the text's words with their analyzed term (null for a stop word) */
const wordsOf = (text: string): Array<Word> =>
  [...text.matchAll(WORD)].map((m) => ({ start: m.index!, end: m.index! + m[0].length, term: analyze(m[0])[0] ?? null }))

const squash = (s: string) => s.replace(/\s+/g, " ").trim()

/**
 * The window of the text (at most `SNIPPET_CHARS`, cut at word boundaries) holding the most
 * distinct query terms, earliest on a tie; the text's start when no term occurs. "…" marks a cut.
 */
export const snippetOf = (text: string, queryTerms: ReadonlySet<string>): string => {
  const words = wordsOf(text)
  let from = 0
  if (queryTerms.size > 0) {
    let best = -1
    for (let i = 0; i < words.length; i++) {
      if (words[i]!.term === null || !queryTerms.has(words[i]!.term!)) continue
      const seen = new Set<string>()
      for (let j = i; j < words.length && words[j]!.end - words[i]!.start <= SNIPPET_CHARS; j++) {
        const t = words[j]!.term
        if (t !== null && queryTerms.has(t)) seen.add(t)
      }
      if (seen.size > best) {
        best = seen.size
        from = i
      }
    }
  }
  if (words.length === 0) return squash(text.slice(0, SNIPPET_CHARS))
  // lead with a little context before the first match, when there is room
  let first = from
  while (first > 0 && words[from]!.start - words[first - 1]!.start <= SNIPPET_CHARS / 6) first--
  const start = words[first]!.start
  let last = first
  while (last + 1 < words.length && words[last + 1]!.end - start <= SNIPPET_CHARS) last++
  const end = words[last]!.end
  return `${first > 0 ? "… " : ""}${squash(text.slice(start, end))}${last < words.length - 1 ? " …" : ""}`
}

/** The query's words (as written, first spelling) that the chunk holds, in query order. */
export const matchedWordsOf = (query: string, chunk: { readonly title: string; readonly text: string }): Array<string> => {
  const held = new Set(analyze(`${chunk.title}\n${chunk.text}`))
  const out: Array<string> = []
  const terms = new Set<string>()
  for (const w of wordsOf(query)) {
    if (w.term === null || terms.has(w.term) || !held.has(w.term)) continue
    terms.add(w.term)
    out.push(query.slice(w.start, w.end))
  }
  return out
}

/**
 * `why`: the keyword side's grounds (which query words the chunk holds, whether its heading does)
 * and the encoder's (its similarity), as one line.
 */
export const whyOf = (input: {
  readonly query: string
  readonly queryTermCount: number
  readonly chunk: { readonly title: string; readonly text: string }
  readonly keywordRank: number | null
  readonly similarity: number | null
  readonly denseRank: number | null
}): string => {
  const parts: Array<string> = []
  if (input.keywordRank !== null) {
    const words = matchedWordsOf(input.query, input.chunk)
    const inTitle = input.chunk.title !== "" && words.some((w) => analyze(input.chunk.title).includes(analyze(w)[0] ?? ""))
    const held = new Set(words.map((w) => analyze(w)[0]))
    parts.push(
      `keyword rank ${input.keywordRank}: holds ${held.size} of the query's ${input.queryTermCount} search terms (${words.map((w) => `"${w}"`).join(", ")})${inTitle ? ", in its heading" : ""}`
    )
  }
  if (input.denseRank !== null && input.similarity !== null) {
    parts.push(`meaning rank ${input.denseRank}: cosine similarity ${input.similarity.toFixed(2)} to the query`)
  }
  return parts.join("; ")
}
