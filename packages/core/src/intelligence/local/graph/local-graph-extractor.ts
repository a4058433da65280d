/**
 * The local graph extractor (spec 3, "Knowledge graph"): offline and deterministic. One pass of
 * NLP (`nlp-reader.ts`: sentences, tokens, parts of speech) finds the names (`name-spotting.ts`),
 * which are typed by their words and context (`entity-typing.ts`); values are read by pattern
 * (`value-reading.ts`); relations come from the words between names (`relation-patterns.ts`) and
 * from the layout (`layout-reading.ts`: title, letterhead, header fields, signature blocks,
 * addresses; `sheet-reading.ts`: a spreadsheet's rows).
 *
 * The file itself is a `document` entity named by its path (unique in a workspace), so
 * what it says about others hangs off it: `issued_by` its letterhead or "From:", `addressed_to`
 * its "To:", "Bill to:" or "Dear …", `dated` its date, `mentions` every other party, place or
 * contract it names without saying more. A document whose title names an agreement holds a
 * `contract` entity too (`refers_to` from the document): its parties, signatures, amounts and
 * date are the contract's.
 *
 * Limits: names are English-style capitalised runs; a person whose given name is not in the
 * lexicon needs a title, a role or a label to be typed; relations are read inside one sentence
 * (or one line), never across paragraphs, except signature blocks and header fields.
 */
import { Effect, Layer } from "effect"
import { asAcronym, organisationAcronyms, organisationKey, parsePersonName } from "../../../workspaces/graph/entity-names.js"
import type { FileGraph } from "../../../workspaces/graph/file-graph.js"
import { GraphExtractor, type GraphExtractInput } from "../../graph-extractor.js"
import { readCurrencies, readGoverningLaw, readInvoice } from "./domain-readings.js"
import { typeFromContext, typeOfName } from "./entity-typing.js"
import { FileGraphBuilder } from "./file-graph-builder.js"
import { headerFields, isAddressLine, letterheadLines, type Line, linesOf, signatureBlocks, titleLine, townOf, wordsRange } from "./layout-reading.js"
import { ROLES } from "./name-lexicons.js"
import { type NameRun, spotNames } from "./name-spotting.js"
import { readText } from "./nlp-reader.js"
import { type Occurrence, readSentence } from "./relation-patterns.js"
import { tablesIn } from "./sheet-reading.js"
import { amountsIn, datesIn, identifiersIn } from "./value-reading.js"

const PARTY_TYPES = new Set(["organisation", "person"])
const MENTIONED_TYPES = new Set(["organisation", "person", "place", "contract"])
const CONTRACT_TITLE = /\b(?:agreement|contract|lease|deed|licen[cs]e|terms and conditions|engagement letter|memorandum of understanding|guarantee|indenture)\b/i
const NOT_CONTRACT_TITLE = /\b(?:minutes|invoice|letter|notice|announcement|memo|report|statement|schedule of|register|list)\b/i
/** Defined terms that name a role in the document, not an entity ("the Supplier") */
const ROLE_TERMS = /^(?:the\s+)?(?:company|supplier|customer|client|buyer|seller|vendor|purchaser|lender|borrower|parent|subsidiary|group|contractor|provider|licensor|licensee|lessor|lessee|landlord|tenant|agreement|contract|services|party|parties|employer|employee|guarantor|agent|consultant|recipient|discloser|effective date)$/i

/** "Supply Agreement between A and B dated …" names the agreement "Supply Agreement". */
const contractName = (title: string): string => title.replace(/\s+(?:between|by and between|dated|made|for|with)\b.*$/i, "").replace(/[*_#]/g, "").trim()


/** Sentences cut again at line breaks: a letterhead line is no sentence with the next. */
const segmentsOf = (markdown: string, sentences: ReadonlyArray<{ start: number; end: number }>): Array<{ start: number; end: number }> => {
  const out: Array<{ start: number; end: number }> = []
  for (const s of sentences) {
    let at = s.start
    for (const part of markdown.slice(s.start, s.end).split("\n")) {
      if (part.trim() !== "") out.push({ start: at, end: at + part.length })
      at += part.length + 1
    }
  }
  return out
}

const roleRelation = (acts: boolean) => (acts ? "represents" : "employed_by")

const ROLE_BY_COLUMN: ReadonlyArray<readonly [RegExp, string, boolean]> = [
  [/^(?:ceo|chief_executive(?:_officer)?)$/, "Chief Executive Officer", false],
  [/^(?:cfo|chief_financial(?:_officer)?|finance_director)$/, "Chief Financial Officer", false],
  [/^(?:coo|chief_operating(?:_officer)?)$/, "Chief Operating Officer", false],
  [/^(?:company_)?secretary$/, "Company Secretary", false],
  [/^(?:chair|chairman|chairperson)$/, "Chair", true],
  [/^(?:managing_director|md)$/, "Managing Director", true],
  [/^(?:directors?|board(?:_members?)?)$/, "Director", true],
  [/^(?:contact|contact_name|key_contact|officer|signatory)$/, "", true]
]

export const extractGraphLocally = (input: GraphExtractInput): FileGraph => {
  const md = input.markdown
  const b = new FileGraphBuilder(md, input.pages, input.components, input.ontology)
  const lines = linesOf(md)
  const sheets = input.components.filter((c) => c.kind === "sheet")
  const inSheet = (pos: number) => sheets.some((c) => c.char_start <= pos && pos < c.char_end)

  // the file as a document, and the agreement its title names
  const title = titleLine(lines)
  const titleRange = title !== null ? wordsRange(title) : { start: 0, end: Math.min(md.length, lines[0]?.end ?? 0) }
  const titleText = md.slice(titleRange.start, titleRange.end).trim()
  // named by its path, unique in the workspace: two files called "invoice.pdf" are two documents
  const doc = b.entity("document", input.path, titleRange.start, titleRange.end)
  if (doc !== null && titleText !== "" && title !== null) b.alias(doc, titleText)
  let contract: string | null = null
  if (title !== null && CONTRACT_TITLE.test(titleText) && !NOT_CONTRACT_TITLE.test(titleText) && !inSheet(titleRange.start)) {
    const name = contractName(titleText)
    contract = b.entity("contract", name, titleRange.start, titleRange.start + md.slice(titleRange.start).indexOf(name) + name.length)
  }
  const target = contract ?? doc

  // names, typed by their own words, then by what the file already knows, then by context
  const read = readText(md)
  const runs = spotNames(md, read.tokens).filter((r) => !inSheet(r.start))
  const occurrences: Array<Occurrence> = []
  const place = (run: NameRun, key: string | null) => {
    if (key !== null) occurrences.push({ key, type: b.typeOf(key), start: run.start, end: run.end, leadingRole: run.leadingRole })
  }
  const pending: Array<NameRun> = []
  for (const run of runs) {
    const type = typeOfName(run)
    if (type === null) pending.push(run)
    else place(run, b.entity(type, run.text, run.start, run.end))
  }
  const knownOrganisation = (text: string): string | null => {
    const direct = b.find("organisation", text)
    if (direct !== null) return direct
    const acronym = asAcronym(text)
    const orgs = b.entitiesOf("organisation")
    if (acronym !== null) {
      const hits = orgs.filter((k) => b.namesOf(k).some((n) => organisationAcronyms(n).includes(acronym)))
      return hits.length === 1 ? hits[0]! : null
    }
    const key = organisationKey(text)
    if (key.length < 3) return null
    const hits = orgs.filter((k) => b.namesOf(k).some((n) => organisationKey(n).startsWith(`${key} `)))
    return hits.length === 1 ? hits[0]! : null
  }
  const knownPerson = (text: string): string | null => {
    const p = parsePersonName(text)
    if (p === null || text.split(/\s+/).length > 1) return null
    const hits = b.entitiesOf("person").filter((k) => b.namesOf(k).some((n) => parsePersonName(n)?.last === p.last && parsePersonName(n)?.first !== null))
    return hits.length === 1 ? hits[0]! : null
  }
  for (const run of pending) {
    if (ROLE_TERMS.test(run.text)) continue
    // one capitalised word opening a sentence may be any word ("Support", "New"): it is no short name of a known one
    const org = run.wordCount === 1 && run.sentenceInitial && !run.allProper ? null : knownOrganisation(run.text)
    if (org !== null) {
      // "Northwind", "NHL": another name of the organisation the file already names
      b.alias(org, run.text)
      place(run, b.entity("organisation", run.text, run.start, run.end))
      continue
    }
    const person = run.sentenceInitial && run.wordCount === 1 ? null : knownPerson(run.text)
    if (person !== null) {
      b.alias(person, run.text)
      place(run, b.entity("person", run.text, run.start, run.end))
      continue
    }
    const type = typeFromContext(run, md)
    if (type !== null) place(run, b.entity(type, run.text, run.start, run.end))
  }

  // defined names: 'Northwind Holdings Limited ("NHL")'
  for (const o of occurrences) {
    if (o.type !== "organisation" && o.type !== "person") continue
    const m = /^\s*\((?:the\s+|hereinafter\s+)?["“'‘]([^"”'’]{2,40})["”'’]\)/.exec(md.slice(o.end, o.end + 60))
    if (m === null || ROLE_TERMS.test(m[1]!) || !/^\p{Lu}/u.test(m[1]!)) continue
    b.alias(o.key, m[1]!)
    const at = o.end + m[0].indexOf(m[1]!)
    b.entity(o.type, m[1]!, at, at + m[1]!.length)
  }

  // values
  for (const a of amountsIn(md)) {
    const key = b.entity("amount", a.name, a.start, a.end)
    if (key !== null) {
      if (a.printed !== a.name) b.alias(key, a.printed)
      occurrences.push({ key, type: "amount", start: a.start, end: a.end, leadingRole: null })
    }
  }
  const dates = datesIn(md).flatMap((d) => {
    const key = b.entity("date", d.name, d.start, d.end)
    if (key === null) return []
    if (d.printed !== d.name) b.alias(key, d.printed)
    occurrences.push({ key, type: "date", start: d.start, end: d.end, leadingRole: null })
    return [{ key, ...d }]
  })
  const identifiers = identifiersIn(md).flatMap((i) => {
    const key = b.entity("identifier", i.name, i.start, i.end)
    return key === null ? [] : [{ key, ...i }]
  })
  occurrences.sort((x, y) => x.start - y.start || x.end - y.end)

  // the issuer: the letterhead's organisation, else the "From:" party
  const fields = headerFields(lines)
  const occIn = (start: number, end: number, types: ReadonlySet<string>) => occurrences.filter((o) => o.start >= start && o.end <= end && types.has(o.type))
  const head = letterheadLines(lines)
  let issuer: string | null = null
  for (const l of head) {
    const o = occIn(l.start, l.end, new Set(["organisation"]))[0]
    if (o !== undefined) {
      issuer = o.key
      b.relate("issued_by", doc, issuer, o.start, o.end)
      break
    }
  }
  for (const f of fields) {
    const parties = occIn(f.start, f.end, PARTY_TYPES)
    if (f.label === "from" || f.label === "supplier") {
      for (const p of parties) b.relate("issued_by", doc, p.key, f.line.start, f.line.end)
      const org = parties.find((p) => p.type === "organisation")
      const person = parties.find((p) => p.type === "person")
      if (issuer === null) issuer = org?.key ?? null
      if (org !== undefined && person !== undefined) b.relate("represents", person.key, org.key, f.line.start, f.line.end)
    } else if (f.label === "to" || f.label === "bill_to" || f.label === "attention" || f.label === "dear" || f.label === "cc") {
      if (f.label !== "cc") for (const p of parties) b.relate("addressed_to", doc, p.key, f.line.start, f.line.end)
      const org = parties.find((p) => p.type === "organisation")
      const person = parties.find((p) => p.type === "person")
      if (org !== undefined && person !== undefined) {
        // "To: Ms Sharma, Head of Procurement, Globex": the role written between says how; else the person acts for it
        const between = md.slice(person.end, org.start).replace(/^[\s,]+|[\s,]+$/g, "")
        const role = ROLES.find((r) => new RegExp(`^(?:${r.pattern})$`, "i").test(between))
        if (role !== undefined) b.fact(person.key, "role", role.role || between, person.end, org.start)
        b.relate(role === undefined ? "represents" : roleRelation(role.acts), person.key, org.key, f.line.start, f.line.end)
      }
    } else if (f.label === "date") {
      const d = dates.find((x) => x.start >= f.start && x.end <= f.end)
      if (d !== undefined) b.relate("dated", target, d.key, f.line.start, f.line.end)
    }
  }
  // a recipient's block under "To:" / at the top left: the next lines' organisation
  for (const f of fields.filter((x) => x.label === "to" || x.label === "bill_to" || x.label === "attention")) {
    if (occIn(f.start, f.end, new Set(["organisation"])).length > 0) continue
    const next = lines.slice(f.line.index + 1, f.line.index + 3).find((l) => occIn(l.start, l.end, new Set(["organisation"])).length > 0)
    const org = next === undefined ? undefined : occIn(next.start, next.end, new Set(["organisation"]))[0]
    if (org !== undefined) b.relate("addressed_to", doc, org.key, org.start, org.end)
  }

  // a letter's inside address: the block above "Dear …" names its recipients
  const dear = fields.find((f) => f.label === "dear")
  if (dear !== undefined && !fields.some((f) => f.label === "to" || f.label === "bill_to")) {
    let end = dear.line.index - 1
    while (end >= 0 && lines[end]!.text.trim() === "") end--
    let start = end
    while (start > 0 && lines[start - 1]!.text.trim() !== "") start--
    if (end >= 0) readPartyBlock(b, md, lines.slice(start, end + 1), occIn, (party, l) => b.relate("addressed_to", doc, party, l.start, l.end))
  }
  // a letter's closing: "Yours sincerely," then the signatory, their role and organisation
  const closing = lines.find((l) => /^\s*(?:yours\s+(?:sincerely|faithfully|truly)|kind\s+regards|best\s+regards|regards|sincerely)\s*,?\s*$/i.test(l.text))
  if (closing !== undefined) {
    const block = lines.slice(closing.index + 1, closing.index + 8)
    readPartyBlock(b, md, block, occIn, (party, l) => {
      if (b.typeOf(party) === "person") b.relate("signed_by", doc, party, l.start, l.end)
    }, issuer)
  }

  // the document's date: the labelled one, else one said to be its date, else the first of its head
  if (!b.hasRelation("dated", target ?? "")) {
    const headEnd = lines[Math.min(lines.length - 1, 15)]?.end ?? md.length
    // a date on a line of its own at the head (a letter's), else one said to be this document's, else the head's first
    const alone = dates.find((d) => d.start < headEnd && /^[\s*_#]*(?:date[d]?\s*:?\s*)?$/i.test(md.slice(md.lastIndexOf("\n", d.start - 1) + 1, d.start)) && /^[\s*_.]*$/.test(md.slice(d.end, (md.indexOf("\n", d.end) + 1 || md.length + 1) - 1)))
    const said = dates.find((d) => {
      const before = md.slice(Math.max(0, d.start - 60), d.start)
      // "the Supply Agreement dated …" dates that agreement, not this document
      return /(?:dated|made on|made this|entered into on|effective(?: as of| from| on)?|date of (?:this|the) (?:agreement|letter|meeting)|held on|date:)\s*(?:the\s+)?$/i.test(before) &&
        !/\b(?:agreement|contract|lease|letter|deed)\s+dated\s*$/i.test(before.replace(/^(?:this|the)\s/i, ""))
    })
    const early = dates.find((d) => d.start < headEnd && !inSheet(d.start))
    const d = alone ?? said ?? early
    if (d !== undefined) b.relate("dated", target, d.key, d.start, d.end)
  }

  // sentences: the words between names
  const segments = segmentsOf(md, read.sentences)
  let from = 0
  for (const seg of segments) {
    while (from < occurrences.length && occurrences[from]!.start < seg.start) from++
    let to = from
    while (to < occurrences.length && occurrences[to]!.end <= seg.end) to++
    const occ = occurrences.slice(from, to)
    if (occ.length === 0) continue
    const contractHere = occ.find((o) => o.type === "contract")?.key ?? contract
    const reading = readSentence(md, occ, contractHere, seg.start, seg.end)
    for (const r of reading.relations) b.relate(r.type, r.from, r.to, r.start, r.end)
    for (const r of reading.roles) {
      const org = r.organisation ?? issuer
      if (r.role !== "") b.fact(r.person, "role", r.role, r.start, r.end)
      if (org !== null) b.relate(roleRelation(r.acts), r.person, org, r.start, r.end)
    }
  }

  // signature blocks: "For and on behalf of O" with "Name: P" below, or "Signed by P for and on behalf of O"
  for (const block of signatureBlocks(lines)) {
    const start = block.first.start
    const end = block.lines[block.lines.length - 1]!.end
    const org = occIn(start, end, new Set(["organisation"]))[0]
    const person = occIn(start, end, new Set(["person"]))[0]
    if (person !== undefined) {
      b.relate("signed_by", target, person.key, start, end)
      if (org !== undefined) b.relate("represents", person.key, org.key, start, end)
      const titleLineOf = block.lines.find((l) => /^\s*(?:\*\*)?\s*(?:title|position|capacity|role)\s*(?:\*\*)?\s*:/i.test(l.text))
      if (titleLineOf !== undefined) {
        const role = titleLineOf.text.replace(/^[^:]*:\s*(?:\*\*)?/, "").replace(/\*\*/g, "").trim()
        const known = ROLES.find((r) => new RegExp(`^(?:${r.pattern})$`, "i").test(role))
        if (role !== "") {
          b.fact(person.key, "role", known?.role || role, titleLineOf.start, titleLineOf.end)
          if (org !== undefined && known !== undefined && !known.acts) b.relate("employed_by", person.key, org.key, start, end)
        }
      }
    }
    if (org !== undefined) b.relate("signed_by", target, org.key, start, end)
  }

  // addresses: under the letterhead's or a signature's organisation, and "Registered office: …"
  let lastOrg: { key: string; line: number } | null = null
  for (const l of lines) {
    const orgs = occIn(l.start, l.end, new Set(["organisation"]))
    if (orgs.length > 0 && !isAddressLine(l.text)) lastOrg = { key: orgs[orgs.length - 1]!.key, line: l.index }
    if (!isAddressLine(l.text) || inSheet(l.start)) continue
    const subject = /registered (?:office|address)|principal place of business/i.test(l.text) && orgs.length > 0
      ? orgs[0]!.key
      : orgs.length > 0 ? orgs[0]!.key : lastOrg !== null && l.index - lastOrg.line <= 3 ? lastOrg.key : null
    if (subject === null) continue
    const range = wordsRange(l)
    const address = md.slice(range.start, range.end).replace(/^.*?(?:registered (?:office|address)|principal place of business)[^:]*:\s*/i, "")
    b.fact(subject, "address", address, range.start, range.end)
    for (const p of occIn(l.start, l.end, new Set(["place"]))) b.relate("located_in", subject, p.key, l.start, l.end)
    if (occIn(l.start, l.end, new Set(["place"])).length === 0) {
      const town = townOf(l.text)
      // a person's name after a comma is no town
      if (town !== null && b.find("person", town) === null) {
        const at = l.start + l.text.lastIndexOf(town)
        b.relate("located_in", subject, b.entity("place", town, at, at + town.length), l.start, l.end)
      }
    }
    lastOrg = { key: subject, line: l.index }
  }

  // identifiers, each of its subject
  for (const id of identifiers) {
    let subject: string | null
    if ((id.scheme === "vat_number" || id.scheme === "iban" || id.scheme === "account_number") && issuer !== null) {
      // an invoice's tax number and bank account are its issuer's, wherever they are printed
      subject = issuer
    } else if (id.scheme === "registration_number" || id.scheme === "vat_number" || id.scheme === "iban" || id.scheme === "account_number") {
      const before = occurrences.filter((o) => o.type === "organisation" && o.end <= id.labelStart && id.labelStart - o.end < 300)
      subject = before.length > 0 ? before[before.length - 1]!.key : issuer
    } else if (id.scheme === "contract_number" || id.scheme === "policy_number") subject = contract ?? doc
    else subject = doc
    if (subject === null) continue
    b.relate("identified_by", subject, id.key, id.labelStart, id.end)
    b.fact(subject, id.scheme, id.name, id.labelStart, id.end)
  }
  // amounts are the document's (or its agreement's)
  for (const o of occurrences) if (o.type === "amount" && !inSheet(o.start)) b.relate("amount_of", o.key, target, o.start, o.end)

  readSheets(b, md, lines, sheets, doc)

  // what a specialist domain's ontology adds (invoices, currencies, governing law)
  const invoiceNumber = identifiers.find((i) => i.scheme === "invoice_number") ?? null
  const parts = { doc, contract, issuer, title: title !== null ? { text: titleText, ...titleRange } : null, invoiceNumber, occurrences }
  readInvoice(b, parts)
  readCurrencies(b, parts)
  readGoverningLaw(b, md, parts)

  // short names the file resolves: "Mr Smith" for its only Smith, "Northwind" for its only Northwind …
  for (const k of b.entitiesOf("person")) {
    const names = b.namesOf(k).map(parsePersonName)
    if (names.some((p) => p?.first !== null)) continue
    const p = names.find((x) => x !== null)
    if (p === undefined || p === null) continue
    const hits = b.entitiesOf("person").filter((o) => o !== k && b.namesOf(o).some((n) => {
      const q = parsePersonName(n)
      return q !== null && q.first !== null && q.last === p.last && (p.initial === null || q.initial === p.initial)
    }))
    if (hits.length === 1) b.merge(k, hits[0]!)
  }
  for (const k of b.entitiesOf("organisation")) {
    if (b.namesOf(k).length !== 1) continue
    const name = b.namesOf(k)[0]!
    const found = knownOrganisation(name)
    if (found !== null && found !== k) b.merge(k, found)
  }

  // what the document names without saying more
  if (doc !== null) {
    if (contract !== null) b.relate("refers_to", doc, contract, titleRange.start, titleRange.end)
    const related = b.relatedFrom(doc)
    for (const type of MENTIONED_TYPES) {
      for (const key of b.entitiesOf(type)) {
        if (related.has(key) || key === contract) continue
        const m = b.firstMention(key)
        b.relate(type === "contract" ? "refers_to" : "mentions", doc, key, m.char_start, m.char_end)
      }
    }
  }
  return b.build()
}

/**
 * A block of lines naming a person, their role and their organisation (an inside address, a
 * letter's closing): `each` is told of the first person and the first organisation; the role line
 * relates the person to the organisation (or to `fallback`, the letter's issuer, when none is named).
 */
const readPartyBlock = (
  b: FileGraphBuilder,
  md: string,
  block: ReadonlyArray<Line>,
  occIn: (start: number, end: number, types: ReadonlySet<string>) => ReadonlyArray<Occurrence>,
  each: (party: string, line: Line) => void,
  fallback: string | null = null
): void => {
  let person: { key: string; line: Line } | null = null
  let org: { key: string; line: Line } | null = null
  let role: { role: string; acts: boolean; line: Line } | null = null
  for (const l of block) {
    if (l.text.trim() === "" && person !== null && org !== null) break
    const p = occIn(l.start, l.end, new Set(["person"]))[0]
    const o = occIn(l.start, l.end, new Set(["organisation"]))[0]
    if (p !== undefined && person === null) person = { key: p.key, line: l }
    if (o !== undefined && org === null) org = { key: o.key, line: l }
    const written = md.slice(l.start, l.end).replace(/[*_]/g, "").trim()
    const r = p === undefined && o === undefined ? ROLES.find((x) => new RegExp(`^(?:${x.pattern})$`, "i").test(written)) : undefined
    if (r !== undefined && role === null) role = { role: r.role || written, acts: r.acts, line: l }
  }
  if (person !== null) each(person.key, person.line)
  if (org !== null) each(org.key, org.line)
  const at = org?.key ?? fallback
  if (person !== null && role !== null) {
    b.fact(person.key, "role", role.role, role.line.start, role.line.end)
    if (at !== null) b.relate(roleRelation(role.acts), person.key, at, person.line.start, (org?.line ?? role.line).end)
  }
}

/** A spreadsheet's rows: the entity each row names, its parent, registration, place, officers and other cells as facts. */
const readSheets = (
  b: FileGraphBuilder,
  md: string,
  lines: ReadonlyArray<Line>,
  sheets: ReadonlyArray<{ readonly char_start: number; readonly char_end: number }>,
  doc: string | null
): void => {
  const pick = (columns: ReadonlyArray<string>, re: RegExp) => columns.findIndex((c) => re.test(c))
  for (const sheet of sheets) {
    for (const table of tablesIn(lines.filter((l) => l.start >= sheet.char_start && l.end <= sheet.char_end))) {
      const cols = table.columns
      const nameCol = pick(cols, /^(?:entity|entity_name|company|company_name|legal_name|legal_entity|organisation|organization|name|subsidiary|counterparty|supplier|customer)$/)
      if (nameCol < 0) continue
      const parentCol = pick(cols, /^(?:parent|parent_company|parent_entity|owner|owned_by|holding_company|immediate_parent|shareholder)$/)
      const regCol = pick(cols, /^(?:registration_number|registration_no|company_number|company_no|reg_no|crn|registered_number|registration)$/)
      const placeCols = cols.flatMap((c, i) => (/^(?:country|jurisdiction|country_of_incorporation|city|town|registered_office|location|domicile|incorporated_in|place_of_incorporation)$/.test(c) ? [i] : []))
      const personCols = cols.flatMap((c, i) => {
        const r = ROLE_BY_COLUMN.find(([re]) => re.test(c))
        return r === undefined ? [] : [{ i, role: r[1], acts: r[2] }]
      })
      for (const row of table.rows) {
        const cell = row[nameCol]
        if (cell === undefined || cell.text === "" || row.length === 0) continue
        const rowStart = row[0]!.start
        const rowEnd = row[row.length - 1]!.end
        const run: NameRun = { start: cell.start, end: cell.end, text: cell.text, titled: false, leadingRole: null, sentenceInitial: false, allProper: true, wordCount: cell.text.split(/\s+/).length }
        const type = typeOfName(run) === "person" && !/^(?:entity|company|subsidiary|legal)/.test(cols[nameCol]!) ? "person" : "organisation"
        const subject = b.entity(type, cell.text, cell.start, cell.end)
        if (subject === null) continue
        if (doc !== null) b.relate("mentions", doc, subject, cell.start, cell.end)
        if (parentCol >= 0) {
          const p = row[parentCol]
          if (p !== undefined && p.text !== "" && !/^(?:n\/?a|none|-|—|ultimate parent)$/i.test(p.text)) {
            const parent = b.entity("organisation", p.text, p.start, p.end)
            b.relate("subsidiary_of", subject, parent, rowStart, rowEnd)
          }
        }
        if (regCol >= 0) {
          const r = row[regCol]
          if (r !== undefined && /\d/.test(r.text)) {
            const id = b.entity("identifier", r.text, r.start, r.end)
            b.relate("identified_by", subject, id, rowStart, rowEnd)
            b.fact(subject, "registration_number", r.text, r.start, r.end)
          }
        }
        for (const i of placeCols) {
          const c = row[i]
          if (c === undefined || !/^\p{Lu}/u.test(c.text)) continue
          // a full address names its town last
          const town = c.text.includes(",") ? c.text.split(",").pop()!.replace(/\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/, "").trim() : c.text
          if (town === "") continue
          const at = c.start + c.text.lastIndexOf(town)
          const placeKey = b.entity("place", town, at, at + town.length)
          b.relate("located_in", subject, placeKey, rowStart, rowEnd)
          if (c.text !== town) b.fact(subject, "address", c.text, c.start, c.end)
        }
        for (const { i, role, acts } of personCols) {
          const c = row[i]
          if (c === undefined || c.text === "" || /^(?:n\/?a|none|-|—|vacant)$/i.test(c.text)) continue
          // "Jane Doe; John Smith": one person per part
          let at = c.start
          for (const part of c.text.split(/\s*[;/]\s*/)) {
            const s = md.indexOf(part, at)
            at = s + part.length
            const person = b.entity("person", part, s, s + part.length)
            if (person === null) continue
            if (role !== "") b.fact(person, "role", role, c.start, c.end)
            b.relate(roleRelation(acts), person, subject, rowStart, rowEnd)
          }
        }
        cols.forEach((col, i) => {
          const c = row[i]
          if (c === undefined || c.text === "" || i === nameCol || i === parentCol || i === regCol || placeCols.includes(i) || personCols.some((p) => p.i === i)) return
          b.fact(subject, col, c.text, c.start, c.end)
        })
      }
    }
  }
}

/** The local engine's `GraphExtractor`: the same input gives the same graph. */
export const LocalGraphExtractorLive: Layer.Layer<GraphExtractor> = Layer.succeed(GraphExtractor, {
  extract: (input) => Effect.sync(() => extractGraphLocally(input))
})

