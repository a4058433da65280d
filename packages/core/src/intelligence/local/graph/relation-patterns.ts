/**
 * Relation patterns: what the words between two named entities of one sentence say about them.
 * - "A, a wholly owned subsidiary of B", "A is wholly owned by B", "B owns 100% of A", "B's
 *   subsidiary A", "B, the parent company of A" → A `subsidiary_of` B;
 * - "P, Chief Financial Officer of O", "P (CFO, O)", "P has been appointed Finance Director of O",
 *   "P joins O as CFO", "O's CFO, P", "the CFO of O, P" → P `employed_by` O (officers and staff) or
 *   P `represents` O (directors, chairs, signatories), with the role as a fact of P;
 * - "A, incorporated in England", "A, based in London", "A of Leeds" → A `located_in` the place;
 * - "between A and B" → each a `party_to` the sentence's (or the document's) contract.
 */
import { ROLES } from "./name-lexicons.js"

export interface Occurrence {
  readonly key: string
  readonly type: string
  readonly start: number
  readonly end: number
  /** the role written right before the name, in the name's run ("CFO Jane Doe") */
  readonly leadingRole: string | null
}

export interface RoleStatement {
  readonly person: string
  readonly organisation: string | null
  readonly role: string
  /** a director, chair or signatory acts for the organisation; an officer works for it */
  readonly acts: boolean
  readonly start: number
  readonly end: number
}

export interface PatternRelation {
  readonly type: string
  readonly from: string
  readonly to: string
  readonly start: number
  readonly end: number
}

const ROLE = `(${ROLES.map((r) => r.pattern).join("|")})`
const roleOf = (written: string): { role: string; acts: boolean } => {
  const w = written.trim().toLowerCase()
  const r = ROLES.find((x) => new RegExp(`^(?:${x.pattern})$`, "i").test(w))
  const role = r === undefined || r.role === "" ? written.trim().replace(/\b\p{Ll}/gu, (c) => c.toUpperCase()) : r.role
  return { role, acts: r?.acts ?? false }
}

const SUBSIDIARY = /^\s*(?:\([^)]*\))?\s*,?\s*(?:which\s+|that\s+)?(?:is\s+|was\s+|became\s+|has\s+become\s+|remains\s+|are\s+)?(?:now\s+|also\s+)?(?:an?\s+|the\s+|its\s+)?(?:(?:wholly|majority|partly|partially|indirectly|directly|fully)[- ]owned\s+)?(?:operating\s+|trading\s+)?subsidiary\s+(?:company\s+)?of\s+(?:the\s+)?$/i
const OWNED_BY = /^\s*(?:\([^)]*\))?\s*,?\s*(?:which\s+)?(?:is\s+|was\s+|are\s+|has\s+been\s+|will\s+be\s+)?(?:now\s+)?(?:(?:wholly|fully|majority|\d+(?:\.\d+)?\s*%|\d+\s+per\s*cent)[- ]?\s*)?owned\s+by\s+(?:the\s+)?$/i
const OWNS = /^\s*(?:owns|holds|acquired|has acquired|purchased)\s+(?:100\s*%|all|\d+(?:\.\d+)?\s*%|the\s+(?:entire|whole)\s+(?:issued\s+)?share\s+capital|a\s+(?:majority|controlling)\s+(?:stake|interest)|all\s+(?:of\s+)?the\s+(?:issued\s+)?shares)\s*(?:of|in)?\s*(?:the\s+)?(?:shares\s+(?:of|in)\s+)?$/i
const POSSESSIVE_SUBSIDIARY = /^['’]s\s+(?:(?:wholly|majority)[- ]owned\s+)?(?:operating\s+)?subsidiary,?\s*$/i
const PARENT_OF = /^\s*,?\s*(?:is\s+)?(?:the\s+)?(?:parent|holding|ultimate\s+parent)\s+(?:company\s+)?(?:of|for)\s+(?:the\s+)?$/i

const PERSON_ROLE_ORG = new RegExp(`^\\s*(?:,|\\(|-|–|—|\\bis\\b|\\bas\\b)?\\s*(?:the\\s+|our\\s+|its\\s+|group\\s+)?(?:new\\s+|interim\\s+|acting\\s+)?${ROLE}\\s*(?:of|at|for|,|-|–|—)\\s*(?:the\\s+)?$`, "i")
const APPOINTED = new RegExp(`^\\s*,?\\s*(?:has\\s+been|was|is|will\\s+be|had\\s+been|have\\s+been)?\\s*(?:appointed|named|promoted|elected)\\s+(?:to\\s+the\\s+(?:role|position)\\s+of\\s+|as\\s+)?(?:the\\s+|a\\s+)?(?:new\\s+|interim\\s+)?${ROLE}\\s+(?:of|at|for)\\s+(?:the\\s+)?$`, "i")
const JOINS = /^\s*,?\s*(?:joins|joined|will\s+join|has\s+joined|is\s+joining)\s+(?:the\s+)?$/i
const AS_ROLE = new RegExp(`^\\s*as\\s+(?:its\\s+|the\\s+|our\\s+|a\\s+)?(?:new\\s+|interim\\s+)?${ROLE}\\b`, "i")
const ORG_ROLE_PERSON = new RegExp(`^(?:['’]s|\\s)\\s*(?:new\\s+|interim\\s+)?${ROLE}\\s*,?\\s*$`, "i")
const ROLE_IN_PARENS = new RegExp(`^\\s*(?:\\(|,|-|–|—)\\s*(?:the\\s+)?${ROLE}\\s*(?:\\)|,|;|$)`, "i")

const LOCATED = /^\s*(?:\([^)]*\))?\s*,?\s*(?:a\s+(?:company|corporation|limited company|private limited company|public limited company|partnership|bank)\s+)?(?:which\s+is\s+|is\s+|are\s+)?(?:incorporated|registered|based|headquartered|located|situated|established|domiciled|organised|organized)\s+(?:in|at|under the laws of)\s+(?:the\s+)?(?:[^,.;()]*?,\s*)?$/i
const OF_PLACE = /^\s*,?\s*of\s+$/i
const LOCATED_OF_SUBJECT = /^\s*(?:,|and)\s*(?:which\s+|it\s+)?(?:is|are|was|has\s+been)\s+(?:incorporated|registered|based|headquartered|located|situated|established|domiciled)\s+(?:in|at)\s+(?:the\s+)?$/i

export interface SentenceReading {
  readonly relations: Array<PatternRelation>
  readonly roles: Array<RoleStatement>
}

/** Reads one sentence: `occ` are its entities in order, `text` the whole document. */
export const readSentence = (text: string, occ: ReadonlyArray<Occurrence>, contractKey: string | null, segStart: number, segEnd: number): SentenceReading => {
  const relations: Array<PatternRelation> = []
  const roles: Array<RoleStatement> = []
  const gap = (a: Occurrence, b: Occurrence) => text.slice(a.end, b.start)
  const span = (a: Occurrence, b: Occurrence) => ({ start: Math.min(a.start, b.start), end: Math.max(a.end, b.end) })
  const isParty = (o: Occurrence) => o.type === "organisation" || o.type === "person"
  for (let i = 0; i < occ.length; i++) {
    const a = occ[i]!
    const b = occ[i + 1]
    if (b !== undefined) {
      const g = gap(a, b)
      if (a.type === "organisation" && b.type === "organisation") {
        if (SUBSIDIARY.test(g) || OWNED_BY.test(g)) relations.push({ type: "subsidiary_of", from: a.key, to: b.key, ...span(a, b) })
        else if (OWNS.test(g) || POSSESSIVE_SUBSIDIARY.test(g) || PARENT_OF.test(g)) relations.push({ type: "subsidiary_of", from: b.key, to: a.key, ...span(a, b) })
      }
      if (a.type === "person" && b.type === "organisation") {
        const m = PERSON_ROLE_ORG.exec(g) ?? APPOINTED.exec(g)
        if (m !== null) roles.push({ person: a.key, organisation: b.key, ...roleOf(m[1]!), ...span(a, b) })
        else if (JOINS.test(g)) {
          const r = AS_ROLE.exec(text.slice(b.end, segEnd))
          roles.push({ person: a.key, organisation: b.key, ...(r !== null ? roleOf(r[1]!) : { role: "", acts: false }), ...span(a, b) })
        }
      }
      if (a.type === "organisation" && b.type === "person") {
        const m = ORG_ROLE_PERSON.exec(g)
        if (m !== null) roles.push({ person: b.key, organisation: a.key, ...roleOf(m[1]!), ...span(a, b) })
        // "the Chief Financial Officer of Northwind, Jane Doe": the role was read before the organisation
        else if (a.leadingRole !== null && /^\s*,\s*$/.test(g)) roles.push({ person: b.key, organisation: a.key, ...roleOf(a.leadingRole), ...span(a, b) })
        // "Northwind's CFO Jane Doe"
        else if (b.leadingRole !== null && /^['’]s\s*$/.test(g)) roles.push({ person: b.key, organisation: a.key, ...roleOf(b.leadingRole), ...span(a, b) })
      }
      // "the Supply Agreement dated 3 March 2024"
      if (a.type === "contract" && b.type === "date" && /^\s*,?\s*(?:dated|of|effective(?:\s+from|\s+as\s+of)?|signed\s+on|made\s+on)\s+(?:the\s+)?$/i.test(g)) {
        relations.push({ type: "dated", from: a.key, to: b.key, ...span(a, b) })
      }
      if ((a.type === "organisation" || a.type === "person") && b.type === "place") {
        // "X, a subsidiary of Y, is based in Z", "X is a subsidiary of Y and is headquartered in Z": Z is X's, the sentence's subject
        const subject = occ.find((o) => o.type === "organisation" || o.type === "person")!
        if (LOCATED_OF_SUBJECT.test(g) && subject.start < a.start) relations.push({ type: "located_in", from: subject.key, to: b.key, ...span(subject, b) })
        else if (LOCATED.test(g) || (a.type === "organisation" && OF_PLACE.test(g))) relations.push({ type: "located_in", from: a.key, to: b.key, ...span(a, b) })
      }
    }
    // "Jane Doe (Chair)", "John Smith, Company Secretary" with no organisation named: the document's decides
    if (a.type === "person" && !roles.some((r) => r.person === a.key && r.start <= a.start && a.end <= r.end)) {
      const after = text.slice(a.end, b !== undefined ? b.start : segEnd)
      const m = ROLE_IN_PARENS.exec(after)
      if (m !== null) roles.push({ person: a.key, organisation: null, ...roleOf(m[1]!), start: a.start, end: a.end + m[0].length })
      else if (a.leadingRole !== null) roles.push({ person: a.key, organisation: null, ...roleOf(a.leadingRole), start: a.start, end: a.end })
    }
  }
  // "between A and B": the first party after "between" and the first after it past an "and"
  const between = /\bbetween\b/i.exec(text.slice(segStart, segEnd))
  if (between !== null && contractKey !== null) {
    const at = segStart + between.index
    const parties = occ.filter((o) => o.start > at && isParty(o))
    const first = parties[0]
    const second = first === undefined ? undefined : parties.find((o) => o.start > first.end && /\band\b|&/.test(text.slice(first.end, o.start)))
    if (first !== undefined && second !== undefined) {
      relations.push({ type: "party_to", from: first.key, to: contractKey, start: at, end: second.end })
      relations.push({ type: "party_to", from: second.key, to: contractKey, start: at, end: second.end })
    }
  }
  return { relations, roles }
}
