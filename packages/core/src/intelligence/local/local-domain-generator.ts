/**
 * The local domain generator: offline and deterministic (same description, same draft).
 *
 * Classes. Every class of the platform domains is a candidate, scored against the description as
 * the local classifier scores categories: a weighted bag of stemmed terms (subgroup 3, aliases 2,
 * group and description 1) times an idf over all candidates, BM25-saturated term frequencies,
 * divided by the square root of the bag's weight. A class whose subgroup or an alias the
 * description names (as a whole phrase) is taken; so is any class scoring at least
 * `RELATIVE_THRESHOLD` of the best and `MIN_SCORE` with `MIN_MATCHED_TERMS` distinct terms in
 * common, best first, at most `MAX_GENERATED_CLASSES`, one class per subgroup and per name (a class sharing a subgroup or alias with one taken is
 * skipped); the query is the document kinds the description names (below), or the
 * whole description when it names none — and then a platform domain it names as its field
 * ("financial documents") gives all its classes. Vague words (document, file, record) do not count. Letters and emails are always taken: every workspace receives them.
 *
 * Document kinds the description names that no platform class covers become classes of their own:
 * the items of a list ("…: leases, tenant correspondence, rent rolls", "such as …", "including …")
 * and, elsewhere, noun phrases ending in a document noun ("maintenance logs", "safety
 * certificates"). Such a class's subgroup is the phrase in the singular; its group is the group of
 * the best platform class sharing its head noun (a safety certificate is among `forms`), else its
 * first word; its description quotes the sentence that names it; its alias is the phrase as
 * written.
 *
 * Ontology. The effective ontology of the platform domain whose classes scored most (the generic
 * one when none did), plus node types for the entities the description names from a lexicon of
 * roles (tenant, patient, supplier…), sites (building, warehouse…) and things (vehicle, unit,
 * equipment…): roles may be parties to contracts and receive and sign documents, sites locate
 * things, and an `about` edge joins documents to any of them.
 *
 * Limits: English; words only, no parsing beyond lists and noun phrases; the lexicon decides which
 * domain nouns become node types.
 */
import { Effect, Layer } from "effect"
import type { EdgeType, NodeType, Ontology, TaxonomyClass } from "../../workspaces/domains/domain-definition.js"
import { classKey, effectiveDomain, nameKey } from "../../workspaces/domains/inheritance.js"
import { GENERIC_ONTOLOGY, PLATFORM_DOMAINS } from "../../workspaces/domains/platform/index.js"
import { snakeName } from "../../workspaces/domains/repair-domain.js"
import { DomainGenerator, type GeneratedDomain, type GenerateDomainInput, settleGeneratedDomain } from "../domain-generator.js"
import { STOP_WORDS } from "../../decision/evaluator/local/text.js"
import { saturate, sentences, terms, words } from "./text-features.js"

/** characters of a description read (the rest is ignored) */
export const MAX_DESCRIPTION_CHARS = 20_000
export const MAX_GENERATED_CLASSES = 60
/** document kinds taken from the description at most */
export const MAX_NEW_CLASSES = 30
/** node types added for domain nouns at most */
export const MAX_NEW_NODE_TYPES = 12
export const RELATIVE_THRESHOLD = 0.5
export const MIN_SCORE = 0.5
/** a class not named is taken only when it shares this many distinct terms with the query */
export const MIN_MATCHED_TERMS = 2

const SUBGROUP_WEIGHT = 3
const ALIAS_WEIGHT = 2
const TEXT_WEIGHT = 1

interface Candidate {
  readonly cls: TaxonomyClass
  readonly domain: string
  readonly order: number
  readonly weights: ReadonlyMap<string, number>
  readonly norm: number
  /** term sequences of the subgroup and the aliases (the phrases that name the class) */
  readonly names: ReadonlyArray<ReadonlyArray<string>>
  /** the same names as written (folded words): two classes sharing one are one kind of document */
  readonly written: ReadonlyArray<string>
}

const effectiveBySlug: ReadonlyMap<string, ReturnType<typeof effectiveDomain>> = (() => {
  const out = new Map<string, ReturnType<typeof effectiveDomain>>()
  for (const d of PLATFORM_DOMAINS) {
    const parent = d.parent_slug === null ? null : out.get(d.parent_slug) ?? null
    out.set(d.slug, effectiveDomain(d, parent))
  }
  return out
})()

const phraseTerms = (text: string) => terms(text.replace(/_/g, " "))

const CANDIDATES: ReadonlyArray<Candidate> = (() => {
  const seen = new Set<string>()
  const raw: Array<{ cls: TaxonomyClass; domain: string; bag: Map<string, number>; names: Array<Array<string>>; written: Array<string> }> = []
  for (const d of PLATFORM_DOMAINS) {
    for (const cls of d.taxonomy.classes) {
      if (seen.has(classKey(cls))) continue
      seen.add(classKey(cls))
      const bag = new Map<string, number>()
      const add = (ts: ReadonlyArray<string>, w: number) => {
        for (const t of new Set(ts)) bag.set(t, (bag.get(t) ?? 0) + w)
      }
      // an alias names the class only when every word of it counts ("T&E claim" is not "claim")
      const whole = cls.aliases.filter((a) => phraseTerms(a).length === words(a).filter((w) => !STOP_WORDS.has(w)).length)
      const names = [phraseTerms(cls.subgroup), ...whole.map(phraseTerms)].filter((n) => n.length > 0)
      add(phraseTerms(cls.subgroup), SUBGROUP_WEIGHT)
      add(cls.aliases.flatMap(phraseTerms), ALIAS_WEIGHT)
      add([...phraseTerms(cls.group), ...terms(cls.description)], TEXT_WEIGHT)
      const written = [cls.subgroup.replace(/_/g, " "), ...whole].map((n) => words(n).join(" ")).filter((n) => n !== "")
      raw.push({ cls, domain: d.slug, bag, names, written })
    }
  }
  const df = new Map<string, number>()
  for (const r of raw) for (const t of r.bag.keys()) df.set(t, (df.get(t) ?? 0) + 1)
  return raw.map((r, order) => {
    const weights = new Map([...r.bag].map(([t, w]) => [t, w * Math.log(1 + raw.length / df.get(t)!)] as const))
    const norm = Math.sqrt([...weights.values()].reduce((a, b) => a + b, 0))
    return { cls: r.cls, domain: r.domain, order, weights, norm, names: r.names, written: r.written }
  })
})()

/** How many distinct query terms a class's bag holds. */
const matchedTerms = (c: Candidate, tf: ReadonlyMap<string, number>): number => {
  let n = 0
  for (const t of tf.keys()) if (c.weights.has(t)) n++
  return n
}

const score = (c: Candidate, tf: ReadonlyMap<string, number>): number => {
  let s = 0
  for (const [t, n] of tf) {
    const w = c.weights.get(t)
    if (w !== undefined) s += saturate(n) * w
  }
  return c.norm === 0 ? 0 : s / c.norm
}

const containsSequence = (haystack: ReadonlyArray<string>, needle: ReadonlyArray<string>): boolean => {
  if (needle.length === 0 || needle.length > haystack.length) return false
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}

const sameTerms = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => a.length === b.length && a.every((t, i) => t === b[i])

// ---- document kinds named in the description -------------------------------------------------

/** Nouns that end a phrase naming a kind of document (singular). */
const DOCUMENT_NOUNS: ReadonlySet<string> = new Set(
  (
    "log logbook certificate report order roll record form letter note plan schedule statement agreement contract invoice " +
    "permit licence license drawing manual minutes register survey inspection checklist receipt memo email lease policy claim " +
    "application proposal quote quotation estimate specification ledger journal budget forecast return filing notice request " +
    "ticket sheet timesheet deck presentation photo photograph map chart transcript recording prescription referral assessment " +
    "evaluation review study protocol procedure guideline bulletin newsletter brochure catalogue catalog datasheet warranty deed " +
    "affidavit judgment brief bill voucher slip manifest waybill declaration bid tender submission resolution charter bylaw " +
    "handbook guide card passport history dossier summary correspondence minute file diary"
  ).split(" ")
)

/** Heads too vague to make a class of on their own. */
const VAGUE: ReadonlySet<string> = new Set(["document", "file", "record", "paper", "material", "item", "information", "data", "content", "thing", "stuff", "other", "type", "kind"])

/** Words that do not begin a document kind's name. */
const LEADING_FILLER: ReadonlySet<string> = new Set([
  ...["a", "an", "the", "our", "their", "its", "all", "any", "some", "various", "other", "also", "and", "or", "plus", "many", "several", "each", "every", "both", "mostly", "mainly", "lots", "of"],
  ...["we", "they", "it", "this", "these", "those", "us", "with", "for", "from", "to", "in", "on", "by", "as"]
])

/** Verbs a description uses before what it lists; they end a free-text noun phrase. */
const VERBS: ReadonlySet<string> = new Set(
  (
    "keep keeps store stores hold holds manage manages handle handles receive receives send sends process processes file files " +
    "produce produces issue issues have has contain contains include includes review reviews prepare prepares track tracks upload " +
    "uploads sign signs need needs use uses maintain maintains create creates collect collects generate generates get gets write " +
    "writes is are be deal deals work works run runs handling managing placing keeping processing storing receiving sending " +
    "issuing preparing reviewing producing tracking including containing covering providing offering selling buying"
  ).split(" ")
)

/** Prepositions that end a listed document kind (`trial balances for our clients`); not `of` (`proof of loss`). */
const ITEM_END: ReadonlySet<string> = new Set(["for", "from", "to", "by", "with", "in", "on", "at", "about", "per", "under", "within", "across", "between", "that", "which", "who"])

/** Modifiers that do not name a group (`monthly owner statements` is grouped by `owner`). */
const MODIFIERS: ReadonlySet<string> = new Set(
  "daily weekly monthly quarterly annual yearly internal external signed scanned old new general incoming outgoing draft final official various other current past historical recent".split(" ")
)

const IRREGULAR_SINGULAR: ReadonlyMap<string, string> = new Map([["minutes", "minutes"], ["series", "series"], ["news", "news"], ["premises", "premises"], ["analyses", "analysis"], ["children", "child"], ["people", "person"], ["data", "data"]])

/** An English noun's singular (enough for document and entity nouns). */
export const singular = (word: string): string => {
  const irregular = IRREGULAR_SINGULAR.get(word)
  if (irregular !== undefined) return irregular
  if (word.length <= 3 || /(?:ss|us|is)$/.test(word)) return word
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`
  if (/(?:ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2)
  if (word.endsWith("s")) return word.slice(0, -1)
  return word
}

/** The one-word names of platform classes (binder, endorsement, lease), which are document nouns too. */
const CLASS_NOUNS: ReadonlySet<string> = new Set(
  CANDIDATES.flatMap((c) => [c.cls.subgroup, ...c.cls.aliases]).filter((n) => /^[a-z]+$/i.test(n)).map((n) => singular(n.toLowerCase()))
)

const isDocumentNoun = (word: string) => DOCUMENT_NOUNS.has(singular(word)) || CLASS_NOUNS.has(singular(word))

interface NamedKind {
  /** the words as written (folded, lower-case) */
  readonly words: ReadonlyArray<string>
  readonly sentence: string
}

const LIST_INTRO = /:|\bsuch as\b|\bincluding\b|\bincludes?\b|\blike\b|\be\.g\.|\bnamely\b|\bmostly\b|\bmainly\b/i
const ITEM_SEPARATOR = /[,;/&]|\band\/or\b|\band\b|\bor\b|\bplus\b|\bas well as\b/i

const cleanItem = (item: string): Array<string> => {
  const ws = words(item).filter((w) => w !== "etc")
  while (ws.length > 0 && (LEADING_FILLER.has(ws[0]!) || VERBS.has(ws[0]!))) ws.shift()
  const end = ws.findIndex((w) => ITEM_END.has(w))
  return end < 0 ? ws : ws.slice(0, end)
}

/** Noun phrases of a free text ending in a document noun: up to two words before it, not stop words or verbs. */
const freePhrases = (text: string): Array<Array<string>> => {
  const ws = words(text)
  const out: Array<Array<string>> = []
  ws.forEach((w, i) => {
    if (!isDocumentNoun(w)) return
    // a document noun followed by another (`inspection reports`) is a modifier, not a head
    if (i + 1 < ws.length && isDocumentNoun(ws[i + 1]!)) return
    const phrase = [w]
    for (let j = i - 1; j >= 0 && phrase.length < 3; j--) {
      const x = ws[j]!
      if (LEADING_FILLER.has(x) || VERBS.has(x) || terms(x).length === 0) break
      phrase.unshift(x)
    }
    out.push(phrase)
  })
  return out
}

/** The document kinds a description names, in order, each once. */
export const namedDocumentKinds = (description: string): Array<NamedKind> => {
  const out: Array<NamedKind> = []
  const seen = new Set<string>()
  const push = (ws: ReadonlyArray<string>, sentence: string) => {
    if (ws.length === 0 || ws.length > 5 || ws.every((w) => /^\p{N}/u.test(w))) return
    const head = singular(ws[ws.length - 1]!)
    if (ws.length === 1 && VAGUE.has(head)) return
    if (VERBS.has(ws[0]!)) return
    const key = [...ws.slice(0, -1), head].join(" ")
    if (seen.has(key)) return
    seen.add(key)
    out.push({ words: ws, sentence })
  }
  for (const sentence of sentences(description)) {
    const intro = LIST_INTRO.exec(sentence)
    const free = intro === null ? sentence : sentence.slice(0, intro.index)
    for (const part of free.split(ITEM_SEPARATOR)) for (const p of freePhrases(part)) push(p, sentence)
    if (intro === null) continue
    for (const item of sentence.slice(intro.index + intro[0].length).split(ITEM_SEPARATOR)) {
      const ws = cleanItem(item)
      if (ws.length <= 5) push(ws, sentence)
      else for (const p of freePhrases(item)) push(p, sentence)
    }
  }
  return out
}

// ---- domain nouns ----------------------------------------------------------------------------

type NounKind = "role" | "site" | "thing"

/** Entity nouns that become node types when a description names them: kind, tier, description. */
const ENTITY_NOUNS: ReadonlyMap<string, readonly [NounKind, 1 | 2 | 3, string]> = new Map(
  ([
    ["tenant", "role", "A person or organisation renting premises."],
    ["landlord", "role", "The owner letting premises to tenants."],
    ["customer", "role", "A person or organisation buying goods or services."],
    ["client", "role", "A person or organisation the business serves."],
    ["supplier", "role", "A person or organisation supplying goods or services."],
    ["vendor", "role", "A seller of goods or services."],
    ["contractor", "role", "A person or firm engaged to carry out work."],
    ["subcontractor", "role", "A firm doing part of a contractor's work."],
    ["employee", "role", "A person employed by the organisation."],
    ["patient", "role", "A person receiving medical care."],
    ["physician", "role", "A doctor providing care."],
    ["doctor", "role", "A medical practitioner."],
    ["student", "role", "A person enrolled in a course or school."],
    ["member", "role", "A member of an association, plan or scheme."],
    ["donor", "role", "A person or organisation giving funds."],
    ["borrower", "role", "A party that borrows money."],
    ["lender", "role", "A party that lends money."],
    ["shareholder", "role", "An owner of shares."],
    ["investor", "role", "A party investing money."],
    ["owner", "role", "The owner of an asset or business."],
    ["buyer", "role", "A party buying."],
    ["seller", "role", "A party selling."],
    ["carrier", "role", "A company transporting goods."],
    ["shipper", "role", "A party sending goods."],
    ["policyholder", "role", "The holder of an insurance policy."],
    ["claimant", "role", "A party making a claim."],
    ["beneficiary", "role", "A party entitled to a benefit."],
    ["guarantor", "role", "A party guaranteeing another's obligations."],
    ["regulator", "role", "A public body supervising the business."],
    ["inspector", "role", "A person carrying out inspections."],
    ["driver", "role", "A person driving a vehicle."],
    ["pilot", "role", "A person flying an aircraft."],
    ["technician", "role", "A person carrying out technical work."],
    ["property", "site", "A real estate property: land or buildings."],
    ["building", "site", "A building."],
    ["site", "site", "A site where work or operations take place."],
    ["facility", "site", "A facility: plant, office, warehouse or depot."],
    ["warehouse", "site", "A warehouse holding goods."],
    ["plant", "site", "A production plant or factory."],
    ["store", "site", "A shop or store."],
    ["hospital", "site", "A hospital or clinic."],
    ["school", "site", "A school or campus."],
    ["farm", "site", "A farm."],
    ["port", "site", "A port or terminal."],
    ["airport", "site", "An airport."],
    ["unit", "thing", "A unit of a property (apartment, suite, lot)."],
    ["apartment", "thing", "An apartment or flat."],
    ["vehicle", "thing", "A vehicle, with its registration."],
    ["vessel", "thing", "A ship or vessel."],
    ["aircraft", "thing", "An aircraft, with its registration."],
    ["equipment", "thing", "A piece of equipment or machinery."],
    ["machine", "thing", "A machine."],
    ["asset", "thing", "An asset held or managed."],
    ["shipment", "thing", "A consignment of goods in transit."],
    ["loan", "thing", "A loan, with its principal and terms."],
    ["grant", "thing", "A grant award."],
    ["case", "thing", "A case or matter handled."],
    ["patent", "thing", "A patent."],
    ["trademark", "thing", "A trade mark."],
    ["permit", "thing", "A permit or licence granted by an authority."],
    ["incident", "thing", "An incident or accident."],
    ["job", "thing", "A job or work assignment."],
    ["course", "thing", "A course of study."],
    ["portfolio", "thing", "A portfolio of assets or properties."],
    ["fund", "thing", "A fund."],
    ["component", "thing", "A component or part."],
    ["part", "thing", "A part or spare."],
    ["shipment", "thing", "A shipment of goods."],
    ["treatment", "thing", "A medical treatment or procedure."],
    ["medication", "thing", "A medicine or drug."]
  ] as const).map(([name, kind, description]) => [name, [kind, kind === "thing" ? 2 : 1, description] as const])
)

// ---- slug and display name -------------------------------------------------------------------

const SUBJECT_END = new RegExp(`[:,;(]|\\s[-–—]\\s|\\b(?:that|which|who|with|where|whose|dealing|${[...VERBS].join("|")})\\b`, "i")
const SUBJECT_FILLER: ReadonlySet<string> = new Set([...LEADING_FILLER, "documents", "document", "files", "domain", "workspace", "is", "are", "am", "i", "my", "run", "runs"])
const ORG_SUFFIX: ReadonlySet<string> = new Set(["company", "companies", "firm", "business", "organisation", "organization", "agency", "practice", "team", "department", "group", "corporation", "inc", "ltd", "llc"])

/** The description's subject: `A property management company: …` → ["property", "management"]. */
const subjectWords = (description: string): Array<string> => {
  // "We are an aviation firm": the subject starts after the words that introduce it
  const first = (sentences(description)[0] ?? "").replace(/^(?:\s*\b(?:we|i|they|it|this|these|are|am|is|be|a|an|the|our|my)\b[\s,]*)+/i, "")
  const end = SUBJECT_END.exec(first)
  const ws = words(end === null ? first : first.slice(0, end.index)).filter((w) => !/^\p{N}/u.test(w))
  while (ws.length > 0 && SUBJECT_FILLER.has(ws[0]!)) ws.shift()
  let subject = ws.filter((w) => !SUBJECT_FILLER.has(w)).slice(0, 4)
  if (subject.length > 1 && ORG_SUFFIX.has(subject[subject.length - 1]!)) subject = subject.slice(0, -1)
  return subject
}

const capitalize = (s: string) => (s === "" ? s : s[0]!.toUpperCase() + s.slice(1))

/** The slug and name a description suggests: its subject, else the first document kinds it names. */
const proposedName = (description: string, kinds: ReadonlyArray<NamedKind>): string => {
  const subject = subjectWords(description)
  return (subject.length > 0 ? subject : kinds.slice(0, 2).flatMap((k) => k.words.slice(-1))).join(" ")
}

// ---- the generator -------------------------------------------------------------------------

const newClassFor = (kind: NamedKind): TaxonomyClass => {
  const ws = [...kind.words.slice(0, -1), singular(kind.words[kind.words.length - 1]!)]
  const head = phraseTerms(ws[ws.length - 1]!)
  const tf = countTerms(phraseTerms(ws.join(" ")))
  // a platform group the head noun names (correspondence), else the group of the best platform
  // class named by the same head noun (a safety certificate is among forms), else the first word
  let group: string | null = CANDIDATES.find((c) => sameTerms(phraseTerms(c.cls.group), head))?.cls.group ?? null
  let best = 0
  if (group === null) for (const c of CANDIDATES) {
    if (!c.names.some((n) => n.length > 0 && sameTerms(n.slice(-head.length), head))) continue
    const s = score(c, tf) + 1e-9 * (CANDIDATES.length - c.order)
    if (s > best) {
      best = s
      group = c.cls.group
    }
  }
  const firstWord = ws.slice(0, -1).find((w) => !MODIFIERS.has(w))
  const subgroup = snakeName(ws.join(" "))
  const written = kind.words.join(" ")
  const sentence = kind.sentence.length > 400 ? `${kind.sentence.slice(0, 399)}…` : kind.sentence
  return {
    group: group ?? (firstWord !== undefined ? snakeName(firstWord) : "documents"),
    subgroup,
    description: `${capitalize(written)}: the documents of this kind the domain description names ("${sentence}").`,
    document_type: subgroup,
    aliases: written.replace(/\s+/g, "_") === subgroup ? [] : [written]
  }
}

const entityNodes = (description: string, existing: ReadonlySet<string>) => {
  const found: Array<{ name: string; kind: NounKind; node: NodeType }> = []
  for (const w of words(description)) {
    const name = singular(w)
    const entry = ENTITY_NOUNS.get(name)
    if (entry === undefined || existing.has(name) || found.some((f) => f.name === name) || found.length >= MAX_NEW_NODE_TYPES) continue
    found.push({ name, kind: entry[0], node: { name, tier: entry[1], description: entry[2] } })
  }
  return found
}

const extendOntology = (base: Ontology, description: string): Ontology => {
  const nouns = entityNodes(description, new Set(base.node_types.map((t) => nameKey(t.name))))
  if (nouns.length === 0) return base
  const names = (kind: NounKind) => nouns.filter((n) => n.kind === kind).map((n) => n.name)
  const roles = names("role")
  const sites = names("site")
  const edge_types: Array<EdgeType> = base.edge_types.map((e) => {
    switch (e.name) {
      case "party_to":
        return { ...e, from_types: [...e.from_types, ...roles] }
      case "signed_by":
      case "addressed_to":
      case "issued_by":
        return { ...e, to_types: [...e.to_types, ...roles] }
      case "located_in":
        return { ...e, from_types: [...e.from_types, ...nouns.filter((n) => n.kind !== "role").map((n) => n.name)], to_types: [...e.to_types, ...sites] }
      default:
        return e
    }
  })
  const about = base.edge_types.some((e) => e.name === "about") ? "about_subject" : "about"
  const sources = ["document", "contract", "event"].filter((t) => base.node_types.some((n) => n.name === t))
  if (sources.length > 0) {
    edge_types.push({ name: about, from_types: sources, to_types: nouns.map((n) => n.name), description: "The document, contract or event is about the entity." })
  }
  return { node_types: [...base.node_types, ...nouns.map((n) => n.node)], edge_types }
}

const VAGUE_TERMS: ReadonlySet<string> = new Set([...VAGUE].flatMap((w) => terms(w)))

const countTerms = (ts: ReadonlyArray<string>): Map<string, number> => {
  const tf = new Map<string, number>()
  for (const t of ts) if (!VAGUE_TERMS.has(t)) tf.set(t, (tf.get(t) ?? 0) + 1)
  return tf
}

/** The platform domains a description names as its field when it names no document kind ("financial documents"). */
const FIELD_WORDS: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ["financial", ["financial", "finance", "accounting", "bookkeeping", "accounts"]],
  ["legal", ["legal", "law", "litigation", "lawyer", "attorney"]],
  ["insurance", ["insurance", "insurer", "underwriting", "reinsurance"]],
  ["audit", ["audit", "auditing", "auditor"]]
]

export const generateDomainLocally = (input: GenerateDomainInput): GeneratedDomain => {
  const description = input.description.slice(0, MAX_DESCRIPTION_CHARS)
  const descriptionTerms = terms(description)
  const kinds = namedDocumentKinds(description)
  const kindTerms = kinds.map((k) => phraseTerms([...k.words.slice(0, -1), singular(k.words[k.words.length - 1]!)].join(" ")))
  // what the classes are ranked by: the document kinds named, else the whole description
  const tf = countTerms(kinds.length > 0 ? kindTerms.flat() : descriptionTerms)

  const scored = CANDIDATES.map((c) => ({
    c,
    s: score(c, tf),
    // a name of one word names the class only as a whole document kind ("payroll reports" does
    // not name `report`), unless the description names no kinds
    named: c.names.some((n) =>
      !n.every((t) => VAGUE_TERMS.has(t)) &&
      (n.length >= 2 || kinds.length === 0 ? containsSequence(descriptionTerms, n) : kindTerms.some((k) => sameTerms(k, n))))
  }))
  const top = Math.max(0, ...scored.map((x) => x.s))
  const byRank = (a: (typeof scored)[number], b: (typeof scored)[number]) => b.s - a.s || a.c.order - b.c.order
  const fields = kinds.length > 0 ? [] : FIELD_WORDS.filter(([, ws]) => ws.some((w) => words(description).includes(w))).map(([slug]) => slug)
  const chosen = [
    ...scored.filter((x) => x.named).sort(byRank),
    ...scored.filter((x) => !x.named && x.s >= MIN_SCORE && x.s >= RELATIVE_THRESHOLD * top && matchedTerms(x.c, tf) >= MIN_MATCHED_TERMS).sort(byRank),
    ...scored.filter((x) => fields.includes(x.c.domain))
  ]
  const classes: Array<TaxonomyClass> = []
  const subgroups = new Set<string>()
  const namesTaken = new Set<string>()
  const take = (cls: TaxonomyClass, names: ReadonlyArray<string> = []) => {
    if (subgroups.has(nameKey(cls.subgroup)) || classes.length >= MAX_GENERATED_CLASSES) return
    // a platform class another name of which is taken is the same kind of document (two
    // classes for one kind only confuse the classifier)
    if (names.some((n) => namesTaken.has(n))) return
    subgroups.add(nameKey(cls.subgroup))
    for (const n of names) namesTaken.add(n)
    classes.push(cls)
  }
  for (const x of chosen) take(x.c.cls, x.c.written)

  // document kinds no platform class names exactly
  let added = 0
  kinds.forEach((k, i) => {
    const covered = CANDIDATES.some((c) => c.names.some((n) => sameTerms(n, kindTerms[i]!)))
    if (covered || added >= MAX_NEW_CLASSES) return
    const before = classes.length
    take(newClassFor(k))
    if (classes.length > before) added++
  })
  for (const c of CANDIDATES) if (c.domain === "generic" && c.cls.group === "correspondence" && ["letter", "email"].includes(c.cls.subgroup)) take(c.cls, c.written)

  // the ontology of the platform domain that scored most
  const perDomain = new Map<string, number>()
  for (const x of chosen) perDomain.set(x.c.domain, (perDomain.get(x.c.domain) ?? 0) + x.s)
  let base = "generic"
  for (const d of PLATFORM_DOMAINS) if ((perDomain.get(d.slug) ?? 0) > (perDomain.get(base) ?? 0)) base = d.slug
  const ontology = extendOntology(effectiveBySlug.get(base)?.ontology ?? GENERIC_ONTOLOGY, description)

  const name = proposedName(description, kinds)
  return settleGeneratedDomain(input, { taxonomy: { classes, allow_other: true }, ontology, slug: name, display_name: capitalize(name) })
}

export const LocalDomainGeneratorLive = Layer.succeed(DomainGenerator, {
  generate: (input) => Effect.sync(() => generateDomainLocally(input))
})
