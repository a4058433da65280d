/**
 * The NLP pass of the local graph extractor: `wink-nlp` with its English web model (installed from
 * npm, nothing fetched at run time) splits the document into sentences and tokens and tags each
 * token's part of speech. Its own named entities are dates and money only, so names are found
 * from the tags (`name-spotting.ts`) and typed by layout and lexicons (`entity-typing.ts`).
 *
 * wink keeps every character (tokens plus the spaces before them), so a token's offsets are
 * recovered by adding lengths: they are UTF-16 offsets of the text read.
 */
import winkNLP, { type ItemToken } from "wink-nlp"
import model from "wink-eng-lite-web-model"

export interface Token {
  readonly text: string
  /** `[start, end)` in the text read */
  readonly start: number
  readonly end: number
  /** universal part-of-speech tag (`PROPN`, `NOUN`, `ADP`, …) */
  readonly pos: string
  /** index of its sentence */
  readonly sentence: number
}

export interface Sentence {
  readonly start: number
  readonly end: number
  /** tokens `[first, last]` */
  readonly first: number
  readonly last: number
}

export interface ReadText {
  readonly tokens: ReadonlyArray<Token>
  readonly sentences: ReadonlyArray<Sentence>
}

// only sentence breaking and tagging: wink's sentiment, negation and entity passes are not used
let nlp: ReturnType<typeof winkNLP> | null = null
const reader = () => (nlp ??= winkNLP(model, ["sbd", "pos"]))

export const readText = (text: string): ReadText => {
  const w = reader()
  const its = w.its
  const doc = w.readDoc(text)
  const tokens: Array<Token> = []
  const sentences: Array<Sentence> = []
  let at = 0
  doc.sentences().each((s, index) => {
    const first = tokens.length
    s.tokens().each((t: ItemToken) => {
      at += (t.out(its.precedingSpaces) as string).length
      const value = t.out() as string
      const type = t.out(its.type) as string
      // line breaks are tokens of their own; they separate names but are not words
      if (type !== "tabCRLF") tokens.push({ text: value, start: at, end: at + value.length, pos: t.out(its.pos) as string, sentence: index })
      at += value.length
    })
    if (tokens.length > first) sentences.push({ start: tokens[first]!.start, end: tokens[tokens.length - 1]!.end, first, last: tokens.length - 1 })
  })
  return { tokens, sentences }
}
