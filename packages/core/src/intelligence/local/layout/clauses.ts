/**
 * Reading values out of clauses — the running text of contracts, policies and letters, where a
 * value has no label but a grammatical role:
 *
 * - a defined term names a party's role: `Brightwater Utilities Co. (the "Insured")`,
 *   `Jane Doe ("Employee")`, `Acme Ltd (hereinafter the "Supplier")`;
 * - a passive verb names its agent: "issued by Harbourline General Insurance Ltd", "signed by …";
 * - a period names its two ends: "runs from 24/01/2026 to 23/01/2027", "between 1 May 2026 and
 *   30 April 2027", "1 July 2026 – 31 July 2026".
 * - a verb starts or ends something on a date: "begins on 20 June 2026", "expires on …".
 *
 * Which field a clause fills is decided by the field's own words (name, title, description): the
 * role's word must be one of them, the verb one of theirs, the field a start or an end.
 */
import { stem } from "../../../decision/evaluator/local/text.js"
import { dateSpans, type DayOrder } from "./values.js"

/** words a proper name may hold between its capitalised words */
const JOINER = /^(?:of|and|&|de|du|der|van|von|la|le|y|e)$/
/** a legal suffix written in lower case ("plc", "s.a.") or a capitalised word, an initial, a number */
const NAME_WORD = /^(?:[\p{Lu}\p{N}][\p{L}\p{N}&'’.,-]*|plc|llc|ltd|inc|co|s\.?a\.?|gmbh|b\.?v\.?|n\.?v\.?|sp\.|z|o\.o\.)$/u
/** roles that name the document itself, not a party */
const DOCUMENT_ROLE = /^(?:agreement|contract|policy|schedule|deed|terms|conditions|order|invoice|effective date|commencement date|premises|property|services|goods|work|works)$/i

/** A proper name's words, read from `words` in order (forward) until a word that is not one. */
const nameWords = (words: ReadonlyArray<string>): Array<string> => {
  const out: Array<string> = []
  for (const w of words) {
    if (out.length >= 8) break
    if (NAME_WORD.test(w)) out.push(w)
    else if (JOINER.test(w) && out.length > 0) out.push(w)
    else break
    // a comma ends the name ("Acme Ltd, a company …")
    if (/,$/.test(w)) break
  }
  while (out.length > 0 && JOINER.test(out[out.length - 1]!)) out.pop()
  return out
}

const cleanName = (words: ReadonlyArray<string>): string | null => {
  const name = words.join(" ").replace(/[,;:]+$/, "").trim()
  return /\p{Lu}/u.test(name) && name.length >= 2 ? name : null
}

export interface DefinedTerm {
  /** the party's name as printed */
  readonly name: string
  /** the role it is given, lower case ("insured", "employee") */
  readonly role: string
}

const DEFINITION = /\(\s*(?:hereinafter(?:\s+(?:called|referred\s+to\s+as))?\s+)?(?:the\s+)?["“'‘]?(\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*){0,2})["”'’]?\s*\)/gu

/** The defined terms of a sentence: a name followed by its role in parentheses. */
export const definedTerms = (sentence: string): Array<DefinedTerm> => {
  const out: Array<DefinedTerm> = []
  for (const m of sentence.matchAll(DEFINITION)) {
    const role = m[1]!.toLowerCase()
    if (DOCUMENT_ROLE.test(role)) continue
    const before = sentence.slice(0, m.index).trimEnd().split(/\s+/).filter((w) => w !== "")
    // the name runs back from the parenthesis while its words read as a name's
    let start = before.length
    while (start > 0 && before.length - start < 8) {
      const w = before[start - 1]!
      if (NAME_WORD.test(w) && !/,$/.test(w)) start--
      else if (JOINER.test(w) && start < before.length) start--
      else break
    }
    const words = before.slice(start)
    while (words.length > 0 && JOINER.test(words[0]!)) words.shift()
    const name = cleanName(words)
    if (name !== null) out.push({ name, role })
  }
  return out
}

export interface Agent {
  readonly name: string
  /** the verb's stem ("issu" of "issued") */
  readonly verb: string
}

/** The agents of a sentence's passive verbs: "issued by X", "signed by X", "provided by X". */
export const passiveAgents = (sentence: string): Array<Agent> => {
  const out: Array<Agent> = []
  for (const m of sentence.matchAll(/\b(\p{L}{3,}ed)\s+by\s+/giu)) {
    const after = sentence.slice(m.index + m[0].length).split(/\s+/)
    const name = cleanName(nameWords(after))
    if (name !== null) out.push({ name, verb: stem(m[1]!.toLowerCase()) })
  }
  return out
}

export interface Period {
  readonly start: string
  readonly end: string
}

const RANGE_BETWEEN = /^\s*(?:to|until|till|through|thru|and|[-–—])\s*$/i

/** The periods of a sentence: two dates joined by "to", "until", "through", "and" or a dash. */
export const periodsIn = (sentence: string, order: DayOrder): Array<Period> => {
  const spans = dateSpans(sentence, order)
  const out: Array<Period> = []
  for (let i = 0; i + 1 < spans.length; i++) {
    const a = spans[i]!
    const b = spans[i + 1]!
    if (RANGE_BETWEEN.test(sentence.slice(a.end, b.start)) && a.date <= b.date) {
      out.push({ start: a.date, end: b.date })
      i++
    }
  }
  return out
}

export interface EventDate {
  readonly date: string
  /** whether the verb before it starts or ends something */
  readonly kind: "start" | "end"
}

const STARTS = /\b(?:begins?|began|commences?|commenced|starts?|started|takes?\s+effect|took\s+effect|effective|comes?\s+into\s+force|came\s+into\s+force)\s+(?:on\s+|from\s+|as\s+(?:of|from)\s+|with\s+effect\s+from\s+)?(?:the\s+)?$/i
const ENDS = /\b(?:ends?|ended|expires?|expired|terminates?|terminated|lapses?|lapsed|continues?\s+until|runs?\s+until|remains?\s+in\s+force\s+until)\s+(?:on\s+)?(?:the\s+)?$/i

/** Dates a verb starts or ends: "begins on 20 June 2026", "expires on 2027-06-19". */
export const eventDates = (sentence: string, order: DayOrder): Array<EventDate> => {
  const out: Array<EventDate> = []
  for (const span of dateSpans(sentence, order)) {
    const before = sentence.slice(Math.max(0, span.start - 48), span.start)
    if (STARTS.test(before)) out.push({ date: span.date, kind: "start" })
    else if (ENDS.test(before)) out.push({ date: span.date, kind: "end" })
  }
  return out
}
