/**
 * The knowledge graph in the local search planner: which questions the graph can answer, and what
 * the graph tools' results say of them.
 *
 * - A graph question names at least one entity (a run of capitalised words that is not a question
 *   word, a role or a heading word: "Northwind Holdings Ltd", "Globex GmbH") and asks about a
 *   relation: it opens with who/whom/whose/which, or holds a relation word (subsidiary, parent,
 *   signed, party, CFO, director, based, related …). "What is related to Z" is an open question:
 *   every relation of Z answers it.
 * - Each named entity is looked up with `kg-search`; the nodes whose name or alias is the entity's
 *   name (or holds it, or is held by it, as a phrase) start a one-hop `kg-walk`.
 * - The start nodes' edges (never `mentions`, which only say a document names the entity) and their
 *   facts are weighed by the question's relation words — the words left once the entity
 *   names are taken out, role acronyms spelt out (CFO → chief financial officer) — against each
 *   edge's type, the sentence it was read from, the role facts of its ends and the type of its far
 *   end ("companies" → an organisation). The best-weighing ones answer; each cites the evidence it
 *   was read from (file, page, quote). Nothing weighs: the graph does not answer and the planner
 *   reads the text.
 */
import { COMMON_CAPITALISED } from "./graph/name-lexicons.js"
import type { AgentCitation } from "../search-agent.js"
import { terms } from "./text-features.js"

/** named entities looked up per sub-question, at most */
export const MAX_GRAPH_ENTITIES = 3
/** start nodes taken from one entity's kg-search hits, at most */
const STARTS_PER_ENTITY = 2
/** statements one graph answer holds, at most */
const MAX_STATEMENTS = 8

const ACRONYMS: Readonly<Record<string, string>> = {
  ceo: "chief executive officer",
  cfo: "chief financial officer",
  coo: "chief operating officer",
  cto: "chief technology officer",
  cio: "chief information officer",
  clo: "chief legal officer",
  cmo: "chief marketing officer",
  md: "managing director",
  gc: "general counsel"
}
const spelt = (text: string) => text.replace(/\b(ceo|cfo|coo|cto|cio|clo|cmo|md|gc)\b/gi, (a) => `${a} ${ACRONYMS[a.toLowerCase()]}`)
const termSet = (text: string) => new Set(terms(spelt(text)))

const QUESTION_WORDS = new Set(
  "who whom whose which what when where why how is are was were does do did has have had can could list name show tell give find please".split(" ")
)
const CONNECTIVES = new Set(["of", "&", "de", "du", "des", "van", "von", "der", "la", "le", "y"])

/** the relation words, stemmed as the question's terms are */
const RELATION_TERMS = termSet(
  "subsidiary subsidiaries parent owner owns owned shareholder holding related relation relationship connected linked associated involved " +
    "partner party parties counterparty signed signatory signatories sign employed employee employs works staff role position officer " +
    "director directors chair chairman board secretary counsel head manager represents representative contract agreement between " +
    "located based headquartered incorporated registered office appointed hired ceo cfo coo cto cio clo cmo president"
)
const OPEN_TERMS = termSet("related relation relationship relations connected connection linked associated involved")

/** words that name each edge type, beside the type's own */
const EDGE_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  subsidiary_of: termSet("subsidiary parent owner owned owns holding group"),
  employed_by: termSet("employed employee works staff role position officer job"),
  represents: termSet("represents representative signed signatory director acts behalf"),
  party_to: termSet("party parties counterparty contract agreement signed between"),
  located_in: termSet("located based where headquartered incorporated registered place office"),
  signed_by: termSet("signed signatory signature"),
  issued_by: termSet("issued issuer"),
  addressed_to: termSet("addressed recipient sent"),
  dated: termSet("date dated when"),
  amount_of: termSet("amount value price cost worth"),
  identified_by: termSet("number identifier registration reference")
}
/** what a question calls a node of each type */
const TYPE_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  organisation: termSet("company companies organisation organization firm entity entities business businesses"),
  person: termSet("person people individual individuals"),
  place: termSet("place town city country"),
  contract: termSet("contract contracts agreement agreements")
}

const PHRASES: Readonly<Record<string, string>> = {
  subsidiary_of: "is a subsidiary of",
  employed_by: "works for",
  represents: "represents",
  party_to: "is a party to",
  located_in: "is located in",
  signed_by: "is signed by",
  issued_by: "is issued by",
  addressed_to: "is addressed to",
  dated: "is dated",
  refers_to: "refers to"
}

export interface GraphQuestion {
  /** the entities named, as written */
  readonly entities: ReadonlyArray<string>
  /** the question's words about the relation (entity names taken out), stemmed */
  readonly relation: ReadonlySet<string>
  /** "what is related to Z": every relation of Z answers */
  readonly open: boolean
}

const plain = (s: string) => s.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()

/** The entities a question names: runs of capitalised words, joined by "of", "&", "de"…, "and" parting two names. */
export const namedEntities = (question: string): Array<string> => {
  const words = [...question.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.&-]*/gu)].map((m) => {
    let text = m[0].replace(/\.+$/, (dots) => (/^(?:ltd|inc|co|corp|bros|plc|s\.a|n\.v|b\.v)$/i.test(m[0].slice(0, -dots.length)) ? dots : ""))
    const possessive = /['’]s$/i.test(text)
    if (possessive) text = text.replace(/['’]s$/i, "")
    return { text, start: m.index, end: m.index + m[0].length, possessive }
  })
  const lower = (w: string) => w.toLowerCase().replace(/\.$/, "")
  const nameWord = (w: string) => /^\p{Lu}/u.test(w) && !QUESTION_WORDS.has(lower(w)) && !(lower(w) in ACRONYMS)
  const common = (w: string) => COMMON_CAPITALISED.has(lower(w)) || CONNECTIVES.has(lower(w))
  const runs: Array<Array<string>> = []
  let run: Array<string> = []
  const close = () => {
    // heading and role words that open a run are not the name ("Chief Financial Officer of Acme")
    while (run.length > 0 && common(run[0]!)) run.shift()
    while (run.length > 0 && CONNECTIVES.has(lower(run[run.length - 1]!))) run.pop()
    if (run.length > 0 && !run.every(common)) runs.push(run)
    run = []
  }
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!
    const gap = k === 0 ? "" : question.slice(words[k - 1]!.end, w.start)
    if (run.length > 0 && !/^\s+$/.test(gap)) close()
    if (nameWord(w.text)) run.push(w.text)
    else if (run.length > 0 && CONNECTIVES.has(w.text.toLowerCase()) && words[k + 1] !== undefined && nameWord(words[k + 1]!.text) &&
      /^\s+$/.test(question.slice(w.end, words[k + 1]!.start))) run.push(w.text)
    else close()
    if (w.possessive) close()
  }
  close()
  return [...new Set(runs.map((r) => r.join(" ")))]
}

/** How the graph would read a question, or null when it is no question for the graph. */
export const graphQuestionOf = (question: string): GraphQuestion | null => {
  const entities = namedEntities(question)
  if (entities.length === 0) return null
  const named = new Set(entities.flatMap((e) => terms(e)))
  const relation = new Set([...termSet(question)].filter((t) => !named.has(t)))
  const asks = /^\s*(?:who|whom|whose|which)\b/i.test(question) || [...relation].some((t) => RELATION_TERMS.has(t))
  if (!asks) return null
  return { entities: entities.slice(0, MAX_GRAPH_ENTITIES), relation, open: [...relation].some((t) => OPEN_TERMS.has(t)) }
}

const obj = (x: unknown): Record<string, any> => (typeof x === "object" && x !== null ? (x as Record<string, any>) : {})
const list = (x: unknown): Array<Record<string, any>> => (Array.isArray(x) ? x.map(obj) : [])

/** The kg-search hits that are the entity: a name or alias equal to its name, or holding it (or held by it) as a phrase. */
export const entityNodes = (entity: string, searchResult: unknown): Array<{ readonly node_id: string; readonly title: string }> => {
  const want = plain(entity)
  const isIt = (name: string) => {
    const n = plain(name)
    return n !== "" && (n === want || ` ${n} `.includes(` ${want} `) || ` ${want} `.includes(` ${n} `))
  }
  return list(obj(searchResult).nodes)
    .filter((n) => typeof n.node_id === "string" && [n.title, ...(Array.isArray(n.aliases) ? n.aliases : [])].some((x) => typeof x === "string" && isIt(x)))
    .slice(0, STARTS_PER_ENTITY)
    .map((n) => ({ node_id: String(n.node_id), title: String(n.title) }))
}

const bare = (title: string) => title.replace(/\.$/, "")

const citationsOf = (evidence: unknown): Array<AgentCitation> =>
  list(evidence).filter((e) => typeof e.path === "string" && typeof e.snippet === "string").map((e) => ({
    path: e.path,
    ...(typeof e.file_id === "string" ? { file_id: e.file_id } : {}),
    page: obj(e.locator).kind === "page" && typeof obj(e.locator).page === "number" ? obj(e.locator).page : null,
    quote: e.snippet
  }))

export interface GraphAnswer {
  readonly answer: string
  readonly citations: ReadonlyArray<AgentCitation>
  /** what was read, for the reasoning */
  readonly note: string
}

/**
 * What the graph says of the question: the start nodes' facts and the walked edges that weigh
 * most by the question's relation words, as statements citing their evidence; null when none weighs.
 */
export const graphAnswerOf = (q: GraphQuestion, startIds: ReadonlyArray<string>, walkResult: unknown): GraphAnswer | null => {
  const walk = obj(walkResult)
  const nodes = new Map(list(walk.nodes).map((n) => [String(n.node_id), n]))
  const starts = new Set(startIds)
  const roles = (n: Record<string, any> | undefined) =>
    list(n?.facts).filter((f) => f.predicate === "role" && typeof f.value === "string").map((f) => String(f.value))
  const weigh = (words: ReadonlySet<string>) => [...q.relation].filter((t) => words.has(t)).length
  const candidates: Array<{ readonly weight: number; readonly statement: string; readonly citations: Array<AgentCitation> }> = []
  for (const e of list(walk.edges)) {
    const type = String(e.edge_type)
    // the start nodes' own relations (an edge joining two of their neighbours is about neither)
    if (type === "mentions" || !(starts.has(String(e.from_node_id)) || starts.has(String(e.to_node_id)))) continue
    const from = nodes.get(String(e.from_node_id))
    const to = nodes.get(String(e.to_node_id))
    if (from === undefined || to === undefined) continue
    const far = starts.has(String(e.from_node_id)) ? to : from
    const evidence = list(e.evidence)
    const words = new Set([
      ...termSet(type.replace(/_/g, " ")),
      ...(EDGE_WORDS[type] ?? []),
      ...TYPE_WORDS[String(far.node_type)] ?? [],
      ...evidence.flatMap((ev) => [...termSet(String(ev.snippet ?? ""))]),
      ...[from, to].flatMap((n) => roles(n).flatMap((r) => [...termSet(r)]))
    ])
    const weight = q.open ? Math.max(1, weigh(words)) : weigh(words)
    if (weight === 0) continue
    const role = type === "employed_by" || type === "represents" ? roles(from)[0] : undefined
    const statement = role !== undefined
      ? `${bare(String(from.title))} is ${role} of ${bare(String(to.title))}`
      : `${bare(String(from.title))} ${PHRASES[type] ?? type.replace(/_/g, " ")} ${bare(String(to.title))}`
    candidates.push({ weight, statement, citations: citationsOf(evidence) })
  }
  for (const id of startIds) {
    const n = nodes.get(id)
    for (const f of list(n?.facts)) {
      const weight = weigh(new Set([...termSet(`${String(f.predicate).replace(/_/g, " ")} ${String(f.value)}`), ...termSet(String(obj(f.evidence).snippet ?? ""))]))
      if (weight === 0) continue
      candidates.push({ weight, statement: `${bare(String(n!.title))}: ${String(f.predicate).replace(/_/g, " ")} ${String(f.value)}`, citations: citationsOf([f.evidence]) })
    }
  }
  if (candidates.length === 0) return null
  const best = q.open ? 1 : Math.max(...candidates.map((c) => c.weight))
  const chosen: typeof candidates = []
  for (const c of [...candidates].sort((a, b) => b.weight - a.weight)) {
    if (c.weight < best || chosen.length >= MAX_STATEMENTS || chosen.some((x) => x.statement === c.statement)) continue
    chosen.push(c)
  }
  return {
    answer: `${chosen.map((c) => c.statement).join(". ")}.`,
    citations: chosen.flatMap((c) => c.citations),
    note: `the knowledge graph links ${chosen.length} relation${chosen.length === 1 ? "" : "s"} to it`
  }
}
