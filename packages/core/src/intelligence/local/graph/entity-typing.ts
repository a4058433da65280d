/**
 * Entity typing: what a spotted name is, from its own words first — a legal suffix or an
 * organisation word ("Holdings", "Bank") makes an organisation, a known place a place, a title or
 * a common given name a person (known: in `name-lexicons.ts` or compromise's lexicon), "… Agreement" a contract — and, when its words do not tell, from
 * the words around it ("for and on behalf of X", "X, Chief Financial Officer", "Signed by X").
 */
import { hasLegalSuffix, LEGAL_SUFFIXES, normalizeName } from "../../../workspaces/graph/entity-names.js"
import { COMMON_CAPITALISED, CONTRACT_WORDS, INSURANCE_WORDS, ORGANISATION_WORDS, PLACE_PHRASES, PLACES, ROLES } from "./name-lexicons.js"
import type { NameRun } from "./name-spotting.js"
import { isGivenName, isLexiconPlace } from "./compromise-lexicon.js"

export type NameType = "organisation" | "person" | "place" | "contract"

const ROLE_AFTER = new RegExp(`^\\s*(?:,|\\(|-|–|—)\\s*(?:the\\s+|our\\s+|its\\s+|group\\s+)?(?:${ROLES.map((r) => r.pattern).join("|")})\\b`, "i")
// a party label names a party only as a label ("Customer: X"); "customer data" is no party
const ORG_BEFORE = /(?:(?:on behalf of|behalf of|employed by|works? (?:for|at)|joined|joining|subsidiary of|owned by|acquired|acquisition of|shares in|shareholder of|issued by|between)\s*(?:the\s+)?|(?:bill to|invoice to|sold to|customer|supplier|vendor|client|lender|borrower)\s*:\s*)$/i
// a defined role in parentheses ('(the "Supplier")'), not the word alone ("Entertaining customers")
const ORG_AFTER = /^\s*(?:,\s*)?(?:\((?:the\s+)?["“]?(?:company|supplier|customer|client|lender|borrower|buyer|seller|parent|subsidiary|contractor|provider|licensor|licensee)["”]?\)|,\s*a\s+(?:company|corporation|limited|private|public|wholly[- ]owned|subsidiary)|\s+is\s+a\s+(?:company|wholly|subsidiary)|\s+(?:plc|group)\b|'s\s+(?:board|subsidiary|subsidiaries|parent|shares|registered))/i
const PERSON_BEFORE = /(?:signed by|name|attendees?|present|apologies|prepared by|approved by|contact|attention|attn|from|to|cc|dear|witness|signatory|chaired by|proposed by|seconded by|appointed|appointment of|welcomes?|introduce|congratulate)\s*:?\s*(?:[\p{L}.]+\s+)?$/iu
const PERSON_AFTER = /^\s*(?:has been appointed|will join|joins|joined|was appointed|is appointed|will become|becomes|\((?:chair|ceo|cfo|coo|director|secretary))/i

const STREET_WORDS = new Set(["street", "st", "road", "rd", "avenue", "ave", "lane", "way", "place", "square", "drive", "court", "boulevard", "quay", "wharf", "row", "gardens", "terrace", "crescent", "walk", "close", "mews", "parkway", "plaza", "strasse", "straße", "rue", "calle"])

const ROLE_HEADS = new Set(["officer", "director", "manager", "secretary", "counsel", "president", "chair", "chairman", "controller", "treasurer", "partner", "head", "lead"])
const SUFFIX_ONLY = new Set(LEGAL_SUFFIXES.filter((s) => s.length === 1).map((s) => s[0]!))

/** "Technology Officer", "Ltd": a role or a bare legal form, no entity's name */
const notAName = (ws: ReadonlyArray<string>): boolean => ROLE_HEADS.has(ws[ws.length - 1]!) || (ws.length === 1 && SUFFIX_ONLY.has(ws[0]!))

const words = (s: string) => normalizeName(s).split(" ").filter((w) => w !== "")

const isPlaceName = (name: string): boolean => {
  const ws = words(name)
  if (ws.length === 0) return false
  return (ws.length === 1 && PLACES.has(ws[0]!)) || PLACE_PHRASES.has(ws.join("_")) || (ws.length === 2 && PLACES.has(ws.join(" "))) ||
    (ws.length <= 3 && isLexiconPlace(name.trim().replace(/[.,;:]+$/, "")))
}

/** The type a name's own words give it, or null. */
export const typeOfName = (run: NameRun): NameType | null => {
  const name = run.text
  const ws = words(name)
  if (ws.length === 0) return null
  if (hasLegalSuffix(name)) return "organisation"
  if (notAName(ws)) return null
  // "Victoria Avenue", "King Street": a street, not a person
  if (STREET_WORDS.has(ws[ws.length - 1]!)) return null
  if (run.titled) return ws.length <= 4 ? "person" : null
  if (ws.length >= 2 && CONTRACT_WORDS.has(ws[ws.length - 1]!)) return "contract"
  if (ws.length >= 2 && ws[ws.length - 1] === "policy" && ws.some((w) => INSURANCE_WORDS.has(w))) return "contract"
  if (isPlaceName(name)) return "place"
  // "Lumora Systems", "Bank of Ireland": an organisation word heads the name (last, or first before "of"); "Service Credits" is no company
  if (ws.length >= 2 && (ORGANISATION_WORDS.has(ws[ws.length - 1]!) || (ORGANISATION_WORDS.has(ws[0]!) && ws[1] === "of"))) return "organisation"
  // "Jane Doe", "Jane A. Doe": a given name and a surname, each capitalised
  if (ws.length >= 2 && ws.length <= 4 && isGivenName(name.trim().split(/\s+/)[0]!) && !COMMON_CAPITALISED.has(ws[ws.length - 1]!) && !ws.includes("and")) return "person"
  return null
}

/** The type the words around an untyped name give it, or null. */
export const typeFromContext = (run: NameRun, text: string): NameType | null => {
  const before = text.slice(Math.max(0, run.start - 40), run.start).split("\n").pop()!
  const after = text.slice(run.end, run.end + 60).split("\n")[0]!
  const ws = words(run.text)
  if (ws.length === 0 || ws.every((w) => COMMON_CAPITALISED.has(w)) || notAName(ws)) return null
  const personShaped = ws.length >= 2 && ws.length <= 4 && run.allProper
  if (run.leadingRole !== null && personShaped) return "person"
  // "Chief Financial Officer of Northwind": what a role is held at
  if (run.leadingRole !== null && /\s(?:of|at|for)\s*$/i.test(before)) return "organisation"
  if (personShaped && (ROLE_AFTER.test(after) || PERSON_AFTER.test(after) || PERSON_BEFORE.test(before))) return "person"
  if (ORG_AFTER.test(after)) return "organisation"
  if (ORG_BEFORE.test(before) && !(ws.length === 1 && run.sentenceInitial)) return ws.length <= 6 ? "organisation" : null
  return null
}
