/**
 * How names of the same entity are compared (entity resolution, and the local extractor's
 * in-file aliases): case, punctuation and "&"/"and" do not matter; an organisation's legal suffix
 * ("Ltd", "Limited", "GmbH", "S.A.") does not matter; a person is known by first and last name,
 * with titles and middle names set aside.
 */

/** Lower case, accents and punctuation dropped, "&" read as "and", words joined by one space. */
export const normalizeName = (s: string): string =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()

/**
 * Legal-form suffixes as normalized word sequences, longest first so "pty ltd" is taken whole.
 * Dotted forms ("S.A.", "N.V.") normalize to spaced letters ("s a").
 */
export const LEGAL_SUFFIXES: ReadonlyArray<ReadonlyArray<string>> = [
  "private limited", "pty ltd", "pty limited", "public limited company", "limited liability company",
  "and co", "and company", "co ltd", "co limited",
  "ltd", "limited", "inc", "incorporated", "llc", "l l c", "llp", "l l p", "lp", "plc", "p l c",
  "gmbh", "ag", "kg", "sa", "s a", "sas", "s a s", "sarl", "s a r l", "srl", "s r l", "spa", "s p a",
  "bv", "b v", "nv", "n v", "ab", "oy", "oyj", "as", "a s", "asa", "aps", "kk", "pte", "pvt", "pty",
  "corp", "corporation", "co", "company", "ltda", "se", "ulc", "lc", "pc"
]
  .map((s) => s.split(" "))
  .sort((a, b) => b.length - a.length)

/** The normalized words of an organisation's name and the legal suffix they end with (possibly none). */
export const splitLegalSuffix = (name: string): { readonly core: ReadonlyArray<string>; readonly suffix: ReadonlyArray<string> } => {
  let words = normalizeName(name).split(" ").filter((w) => w !== "")
  if (words[0] === "the" && words.length > 1) words = words.slice(1)
  const suffix: Array<string> = []
  // "Acme Holdings Pty Ltd", "Acme & Co. Ltd": several suffixes may stack; the core keeps one word at least
  for (;;) {
    const hit = LEGAL_SUFFIXES.find((s) => s.length < words.length && s.every((w, i) => words[words.length - s.length + i] === w))
    if (hit === undefined) break
    suffix.unshift(...hit)
    words = words.slice(0, words.length - hit.length)
  }
  return { core: words, suffix }
}

/** True when the name ends with a legal-form suffix ("Northwind Holdings Limited"). */
export const hasLegalSuffix = (name: string): boolean => splitLegalSuffix(name).suffix.length > 0

/** An organisation's name without its legal suffix, normalized: the key its aliases share. */
export const organisationKey = (name: string): string => splitLegalSuffix(name).core.join(" ")

const CONNECTIVES = new Set(["of", "and", "the", "for", "de", "du", "la", "le", "von", "van", "und", "et"])

/**
 * The acronyms an organisation's name may be shortened to: the initials of its core words, with
 * and without connectives, and with the suffix's initials ("Northwind Holdings Limited" → "NH",
 * "NHL"). Upper case.
 */
export const organisationAcronyms = (name: string): ReadonlyArray<string> => {
  const { core, suffix } = splitLegalSuffix(name)
  if (core.length < 2) return []
  const initials = (ws: ReadonlyArray<string>) => ws.map((w) => w[0]!).join("").toUpperCase()
  const content = core.filter((w) => !CONNECTIVES.has(w))
  const out = new Set<string>([initials(core), initials(content)])
  // only single-word suffixes spell as one letter in an acronym ("Ltd" → L, "plc" stays PLC)
  if (suffix.length > 0) {
    out.add(initials(content) + initials(suffix))
    out.add(initials(content) + suffix.join("").toUpperCase())
  }
  return [...out].filter((a) => a.length >= 2)
}

/** The name as an acronym ("NHL", "N.H.L.", "NH Ltd" → "NH"), or null when it is not written as one. */
export const asAcronym = (name: string): string | null => {
  const { core } = splitLegalSuffix(name)
  if (core.length !== 1 && !(core.length > 1 && core.every((w) => w.length === 1))) return null
  const letters = core.join("")
  if (letters.length < 2 || letters.length > 6) return null
  // written in capitals (a word such as "Acme" is a name, not an acronym)
  const written = name.replace(/[^A-Za-z]/g, "")
  if (!written.toUpperCase().startsWith(letters.toUpperCase()) || !/^[A-Z]/.test(written)) return null
  const capitals = written.slice(0, letters.length)
  return capitals === capitals.toUpperCase() ? letters.toUpperCase() : null
}

const TITLES = new Set(["mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "lord", "lady", "rev", "hon"])
const NAME_SUFFIXES = new Set(["jr", "sr", "ii", "iii", "iv", "phd", "md", "esq", "cbe", "obe", "mbe", "kc", "qc"])

/** A person's name read as parts: `first` null when only an initial or the surname is written. */
export interface PersonName {
  readonly first: string | null
  readonly initial: string | null
  readonly last: string
  readonly titled: boolean
}

export const parsePersonName = (name: string): PersonName | null => {
  // "Smith, John" is "John Smith"
  const comma = name.match(/^\s*([^,]+),\s*([^,]+)$/)
  const ordered = comma !== null && !/\b(jr|sr|phd|md|esq)\b/i.test(comma[2]!) ? `${comma[2]} ${comma[1]}` : name
  let words = normalizeName(ordered).split(" ").filter((w) => w !== "")
  const titled = words.length > 0 && TITLES.has(words[0]!)
  while (words.length > 0 && TITLES.has(words[0]!)) words = words.slice(1)
  while (words.length > 1 && NAME_SUFFIXES.has(words[words.length - 1]!)) words = words.slice(0, -1)
  if (words.length === 0) return null
  const last = words[words.length - 1]!
  if (words.length === 1) return { first: null, initial: null, last, titled }
  const head = words[0]!
  return head.length === 1 ? { first: null, initial: head, last, titled } : { first: head, initial: head[0]!, last, titled }
}

/** "first last" of a fully written person name, else null ("J. Smith", "Mr Smith"). */
export const personKey = (name: string): string | null => {
  const p = parsePersonName(name)
  return p === null || p.first === null ? null : `${p.first} ${p.last}`
}
