/**
 * compromise's English lexicon (about 24,600 words and phrases, shipped inside the npm package;
 * `compromise/two`, its tagger without the phrase methods) as
 * the extractor's second word list beside `name-lexicons.ts`: some 3,000 given names and 1,300
 * cities, countries, regions and other places that the short lists do not hold ("Lausanne",
 * "Rosalind"). Only the lexicon is read — a lookup of one word or phrase, no parse of the text —
 * so it adds no pass over the document; a word the lexicon also knows as a common word (a verb, a
 * month, a noun: "Will", "March", "Rose") is no name.
 */
import { createRequire } from "node:module"
import { GIVEN_NAMES } from "./name-lexicons.js"

type Lexicon = Readonly<Record<string, string | ReadonlyArray<string>>>

const PLACE_TAGS = new Set(["City", "Country", "Region", "Place"])
const GIVEN_NAME_TAGS = new Set(["FirstName", "MaleName", "FemaleName"])
// tags that make a word common English first ("Victoria" is a Person, "Nice" an adjective)
const NOT_A_PLACE = new Set(["Person", "FirstName", "MaleName", "FemaleName", "LastName", "Adjective", "Verb", "Noun", "Singular", "Plural", "Month", "Modal"])
const NOT_A_GIVEN_NAME = new Set(["Noun", "Singular", "Plural", "Verb", "Infinitive", "PresentTense", "PastTense", "Month", "WeekDay", "Modal", "Adjective", "Place", "City", "Country", "Region"])

interface Compromise {
  readonly model: () => { readonly one: { readonly lexicon: Lexicon } }
}

// unpacking the lexicon costs about 0.35 CPU s: loaded on the first lookup (a graph build), not with the package
let lexicon: Lexicon | null = null
const lexiconOf = (): Lexicon => {
  if (lexicon !== null) return lexicon
  // the package is built as ESM and CJS: `__filename` is defined in the one, `import.meta.url` in the other
  const load = createRequire(typeof __filename === "string" ? __filename : import.meta.url)
  return lexicon = (load("compromise/two") as Compromise).model().one.lexicon
}

const tagsOf = (phrase: string): ReadonlyArray<string> => {
  const t = lexiconOf()[phrase]
  return t === undefined ? [] : typeof t === "string" ? [t] : t
}

// the lexicon's short entries are mostly abbreviations ("MT", "Va", "Cl"), which in business text are codes and units more often than places
const MIN_LETTERS = 4
/** written as a name is: a capital, then lower case ("Lausanne", "Sri Lanka"; not "VT", "LoRa") */
const NAME_SHAPED = /^\p{Lu}\p{Ll}+(?:[ -]\p{Lu}?\p{Ll}+)*$/u

/** a place compromise knows by this name as written, and knows as nothing else */
export const isLexiconPlace = (written: string): boolean => {
  if (written.replace(/[^\p{L}]/gu, "").length < MIN_LETTERS || !NAME_SHAPED.test(written)) return false
  const tags = tagsOf(written.toLowerCase())
  return tags.some((t) => PLACE_TAGS.has(t)) && !tags.some((t) => NOT_A_PLACE.has(t))
}

/** a given name compromise knows by this word as written, and knows as nothing else */
export const isLexiconGivenName = (written: string): boolean => {
  if (written.length < 3 || !NAME_SHAPED.test(written)) return false
  const tags = tagsOf(written.toLowerCase())
  return tags.some((t) => GIVEN_NAME_TAGS.has(t)) && !tags.some((t) => NOT_A_GIVEN_NAME.has(t))
}

/** a given name of the short list or of compromise's lexicon (the word as written) */
export const isGivenName = (written: string): boolean => GIVEN_NAMES.has(written.toLowerCase()) || isLexiconGivenName(written)
