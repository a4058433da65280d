/**
 * Name spotting: the runs of capitalised words in the tagged text that may name an entity
 * ("Northwind Holdings Limited", "Jane A. Doe", "Bank of England"). A run stays on one line and in
 * one sentence; lower-case connectives ("of", "and", "&", "de") join two capitalised words; a
 * legal suffix may follow a comma ("Acme, Inc."); a title ("Mr", "Dr") or a leading role ("Chief
 * Financial Officer of") is set aside and kept as a cue. Whether a run is a name, and of what,
 * is `entity-typing.ts`'s call.
 */
import { LEGAL_SUFFIXES, normalizeName } from "../../../workspaces/graph/entity-names.js"
import { isGivenName } from "./compromise-lexicon.js"
import { COMMON_CAPITALISED, PERSON_TITLES, ROLES } from "./name-lexicons.js"
import type { Token } from "./nlp-reader.js"

export interface NameRun {
  /** `[start, end)` of the name in the text, cues excluded */
  readonly start: number
  readonly end: number
  readonly text: string
  /** a title was written before it ("Mr", "Dr") */
  readonly titled: boolean
  /** a role was written right before it, in the run ("CFO Jane Doe"), as the text gives it */
  readonly leadingRole: string | null
  /** its first token starts a sentence (its capital may be the sentence's) */
  readonly sentenceInitial: boolean
  /** every word is a proper noun to the tagger */
  readonly allProper: boolean
  readonly wordCount: number
}

const CONNECTIVES = new Set(["of", "and", "&", "de", "du", "des", "la", "le", "van", "der", "von", "for", "the", "y", "e", "di", "da"])
// suffixes as one word ("s a" → "sa"), so a lone "a" or "s" is no suffix
const SUFFIX_WORDS = new Set(LEGAL_SUFFIXES.map((s) => s.join("")))

// a word with a digit is a code or a number ("MSA-2024-017", "Q3"), never part of a name here
const isCapitalised = (t: string): boolean => /^[\p{Lu}][\p{L}'’.\-]*$/u.test(t) || /^[\p{Lu}]\.(?:[\p{Lu}]\.)*$/u.test(t)
const isSuffixToken = (t: string): boolean => SUFFIX_WORDS.has(normalizeName(t).replace(/ /g, "")) || /^(?:plc|S\.A\.?|S\.p\.A\.?|B\.V\.?|N\.V\.?|A\/S)$/i.test(t)

const ROLE_AT_START = new RegExp(`^(?:${ROLES.map((r) => r.pattern).join("|")})(?:\\s+(?:of|at|for)\\b)?\\s*`, "i")

export const spotNames = (text: string, tokens: ReadonlyArray<Token>): Array<NameRun> => {
  const runs: Array<NameRun> = []
  let i = 0
  while (i < tokens.length) {
    if (!isCapitalised(tokens[i]!.text)) {
      i++
      continue
    }
    let j = i
    // extend: capitalised words, connectives between capitalised words, ", Inc."
    for (;;) {
      const next = tokens[j + 1]
      if (next === undefined || next.sentence !== tokens[j]!.sentence || text.slice(tokens[j]!.end, next.start).includes("\n")) break
      if (isCapitalised(next.text) || (next.text === "." && /^(?:inc|ltd|co|corp|bros)$/i.test(tokens[j]!.text) && next.start === tokens[j]!.end)) {
        j++
        continue
      }
      const after = tokens[j + 2]
      const joins = after !== undefined && after.sentence === next.sentence && !text.slice(next.end, after.start).includes("\n")
      if (joins && (CONNECTIVES.has(next.text.toLowerCase()) && isCapitalised(after.text))) {
        // "Acme Holdings Ltd and Beta plc", "Northwind Energy and Fabrikam Ltd": two names, where "Smith and Jones LLP" is one
        const joined = tokens.slice(i, j + 1).filter((t) => /\p{L}/u.test(t.text))
        if ((next.text === "and" || next.text === "&") && (joined.length >= 2 || isSuffixToken(tokens[j]!.text))) break
        j += 2
        continue
      }
      if (joins && next.text === "," && isSuffixToken(after.text)) {
        j += 2
        continue
      }
      if (isSuffixToken(next.text) && /^(?:plc|llc|llp|gmbh|ag|sa|bv|nv)$/i.test(next.text)) {
        j++
        continue
      }
      break
    }
    let first = i
    let titled = false
    // set titles aside ("Mr", "Dr.", "Dear Ms")
    while (first <= j && (PERSON_TITLES.has(tokens[first]!.text.replace(/\.$/, "").toLowerCase()) || tokens[first]!.text === "." || tokens[first]!.text.toLowerCase() === "dear")) {
      if (PERSON_TITLES.has(tokens[first]!.text.replace(/\.$/, "").toLowerCase())) titled = true
      first++
    }
    let start = first <= j ? tokens[first]!.start : tokens[j]!.end
    const end = tokens[j]!.end
    let leadingRole: string | null = null
    // "Chief Financial Officer of Northwind", "CFO Jane Doe": the role is a cue, not part of the name
    const role = ROLE_AT_START.exec(text.slice(start, end))
    if (role !== null && role[0].length < end - start) {
      leadingRole = role[0].replace(/\s+(?:of|at|for)\s*$/i, "").trim()
      start += role[0].length
      while (first <= j && tokens[first]!.start < start) first++
      if (first <= j) start = tokens[first]!.start
    }
    // leading words that open sentences or label fields ("This", "Between", "Re")
    const common = (t: string) => COMMON_CAPITALISED.has(t.toLowerCase()) || COMMON_CAPITALISED.has(t.toLowerCase().replace(/s$/, "")) || CONNECTIVES.has(t.toLowerCase())
    while (first < j && common(tokens[first]!.text) && !isSuffixToken(tokens[first + 1]!.text)) {
      first++
      start = tokens[first]!.start
    }
    // "Dr A. Patel of Blue Harbour S.A.", "Jane Doe of Acme": a person's name ends before "of"
    if (titled || isGivenName(tokens[first]!.text)) {
      const cut = tokens.slice(first, j + 1).findIndex((t) => t.text === "of" || t.text === "for")
      if (cut > 0) {
        // the rest is read again as a run of its own
        j = first + cut - 1
      }
    }
    // trailing connectives and dots that are no suffix's
    let last = j
    while (last > first && (CONNECTIVES.has(tokens[last]!.text.toLowerCase()) || tokens[last]!.text === "," || (tokens[last]!.text === "." && !isSuffixToken(tokens[last - 1]!.text)))) last--
    if (first <= last && start < tokens[last]!.end) {
      const words = tokens.slice(first, last + 1).filter((t) => /\p{L}/u.test(t.text))
      const runText = text.slice(start, tokens[last]!.end)
      if (words.length > 0 && !words.every((w) => COMMON_CAPITALISED.has(w.text.toLowerCase()) || CONNECTIVES.has(w.text.toLowerCase()))) {
        runs.push({
          start,
          end: tokens[last]!.end,
          text: runText,
          titled,
          leadingRole,
          sentenceInitial: first === 0 || tokens[first - 1]!.sentence !== tokens[first]!.sentence || text.slice(tokens[first - 1]!.end, tokens[first]!.start).includes("\n") || /^[#>*|\-]+$/.test(tokens[first - 1]!.text),
          allProper: words.every((w) => w.pos === "PROPN"),
          wordCount: words.length
        })
      }
    }
    i = j + 1
  }
  return runs
}
