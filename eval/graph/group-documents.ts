/**
 * The knowledge-graph evaluation set: the documents of a fictional corporate group — a holding
 * company, its subsidiaries (some held through another), officers, counterparties, contracts,
 * invoices, board minutes, letters, announcements, a group-structure note and a spreadsheet of
 * entities — written as document.md text, with the truth of what each document states: its
 * entities (type, names it uses) and relations (edge type of the generic ontology, from, to).
 *
 * Two splits from different seeds, name pools and template variants:
 * - `dev`, to develop the extractor against;
 * - `test`, never tuned on: other companies, people, towns, legal forms (some the extractor's
 *   word lists do not hold), other phrasings and layouts.
 *
 * The truth records only what the text states: a relation is in a document's truth when the
 * document's words say it (a letter that names two companies says nothing of their ownership).
 * `mentions` (and `refers_to` for a contract) joins the document to every organisation, person,
 * place and contract it names that it is not otherwise related to (issued by, addressed to,
 * signed by).
 */
import { Prng } from "../lib/prng.js"

export type Split = "dev" | "test"

export interface TruthEntity {
  readonly id: string
  readonly type: string
  /** the canonical name first, then the other names the documents use */
  readonly names: Array<string>
}

export interface TruthRelation {
  readonly type: string
  readonly from: string
  readonly to: string
}

export interface GroupDocument {
  readonly path: string
  readonly markdown: string
  /** `[char_start, char_end)` of each sheet, for a spreadsheet */
  readonly sheets: ReadonlyArray<{ readonly name: string; readonly char_start: number; readonly char_end: number }>
  /** the truth entities this document names */
  readonly entities: ReadonlyArray<string>
  readonly relations: ReadonlyArray<TruthRelation>
}

export interface GroupSet {
  readonly split: Split
  readonly entities: ReadonlyMap<string, TruthEntity>
  readonly documents: ReadonlyArray<GroupDocument>
}

interface Pools {
  readonly seed: number
  readonly stem: string
  readonly sectors: ReadonlyArray<string>
  /** [country, legal suffix, towns] */
  readonly jurisdictions: ReadonlyArray<readonly [string, string, ReadonlyArray<string>]>
  readonly counterparties: ReadonlyArray<readonly [string, string]>
  readonly givenNames: ReadonlyArray<string>
  readonly surnames: ReadonlyArray<string>
  readonly currency: readonly [string, string]
  readonly contractTitles: ReadonlyArray<string>
  readonly streets: ReadonlyArray<string>
}

const POOLS: Record<Split, Pools> = {
  dev: {
    seed: 20241,
    stem: "Northwind",
    sectors: ["Logistics", "Energy", "Software", "Property", "Retail", "Finance"],
    jurisdictions: [
      ["England", "Limited", ["London", "Manchester", "Swindon"]],
      ["Germany", "GmbH", ["Hamburg", "Frankfurt"]],
      ["France", "S.A.", ["Lyon", "Paris"]],
      ["Ireland", "Limited", ["Dublin"]],
      ["Netherlands", "B.V.", ["Rotterdam"]]
    ],
    counterparties: [["Contoso Retail", "plc"], ["Fabrikam Industries", "Ltd"], ["Tailspin Freight", "Limited"], ["Litware Consulting", "LLP"], ["Adatum Bank", "plc"], ["Proseware", "Inc."], ["Graphic Design Institute", ""]],
    givenNames: ["Jane", "Robert", "Imogen", "Tobias", "Priya", "Declan", "Sarah", "Michael", "Fiona", "Arjun", "Eleanor", "Marcus", "Helen", "Oliver"],
    surnames: ["Doe", "Hartley", "Okafor", "Lindqvist", "Sharma", "Byrne", "Whitfield", "Moreau", "Castellano", "Pemberton", "Nakamura", "Ashworth", "Reilly", "Fischer", "Kowal", "Brennan", "Delacroix", "Abbott", "Quinn", "Mistry"],
    currency: ["GBP", "£"],
    contractTitles: ["Master Services Agreement", "Supply Agreement", "Software Licence Agreement", "Consultancy Agreement", "Distribution Agreement", "Lease Agreement"],
    streets: ["Harbour Street", "King's Road", "Mill Lane", "Station Road", "Quay Street", "Victoria Avenue"]
  },
  test: {
    seed: 77023,
    stem: "Kestrel",
    sectors: ["Shipping", "Renewables", "Analytics", "Estates", "Foods", "Capital"],
    jurisdictions: [
      ["Scotland", "Ltd", ["Glasgow", "Aberdeen", "Falkirk"]],
      ["Spain", "S.L.", ["Madrid", "Valencia"]],
      ["United States", "Inc.", ["Boston", "Denver"]],
      ["Switzerland", "AG", ["Zurich", "Lausanne"]],
      ["Belgium", "NV", ["Antwerp"]]
    ],
    counterparties: [["Woodgrove Bank", "plc"], ["Coho Vineyard", "Ltd"], ["Trey Research", "Inc."], ["Lucerne Publishing", "Limited"], ["Wingtip Toys", "LLC"], ["Alpine Ski House", "GmbH"], ["Northbridge Medical Trust", ""]],
    givenNames: ["Marguerite", "Hamish", "Oluwaseun", "Ingrid", "Sanjay", "Beatrix", "Callum", "Yusuf", "Rosalind", "Tomasz", "Catherine", "Benedict", "Anika", "William"],
    surnames: ["Fairbairn", "Adeyemi", "Kowalski", "Strachan", "Mehta", "Lindgren", "Okonkwo", "Galloway", "Ferreira", "Holloway", "Van Dijk", "Carmichael", "Tanaka", "Blackwood", "Oyelaran", "McAllister", "Dubois", "Pruitt", "Esposito", "Hendry"],
    currency: ["EUR", "€"],
    contractTitles: ["Framework Services Agreement", "Purchase Agreement", "Data Processing Agreement", "Advisory Agreement", "Reseller Agreement", "Facilities Lease"],
    streets: ["Bothwell Street", "Calle Mayor", "Summer Street", "Bahnhofstrasse", "Meir", "Union Terrace"]
  }
}

/** Officer roles: [as written, whether the holder acts for (represents) rather than works for the company]. */
const OFFICER_ROLES: ReadonlyArray<readonly [string, string, boolean]> = [
  ["Chief Executive Officer", "CEO", false],
  ["Chief Financial Officer", "CFO", false],
  ["Chief Operating Officer", "COO", false],
  ["Company Secretary", "Company Secretary", false],
  ["General Counsel", "General Counsel", false]
]

class Truth {
  readonly entities = new Map<string, TruthEntity>()
  private n = 0
  add(type: string, names: ReadonlyArray<string>): string {
    const id = `${type}-${++this.n}`
    this.entities.set(id, { id, type, names: [...names] })
    return id
  }
  /** another name the documents use */
  alias(id: string, name: string): void {
    const e = this.entities.get(id)!
    if (!e.names.includes(name)) e.names.push(name)
  }
}

/** One document being written: its text, the entities it names and the relations it states. */
class Doc {
  private readonly parts: Array<string> = []
  readonly named = new Set<string>()
  readonly relations: Array<TruthRelation> = []
  readonly sheets: Array<{ name: string; char_start: number; char_end: number }> = []
  readonly id: string
  constructor(private readonly truth: Truth, readonly path: string) {
    this.id = truth.add("document", [path])
    this.named.add(this.id)
  }
  /** a name of an entity, recorded as named here */
  e(id: string, form?: string): string {
    this.named.add(id)
    const name = form ?? this.truth.entities.get(id)!.names[0]!
    this.truth.alias(id, name)
    return name
  }
  block(text: string): this {
    this.parts.push(text)
    return this
  }
  sheet(name: string, table: string): this {
    const before = this.text().length + (this.parts.length > 0 ? 2 : 0)
    const text = `## ${name}\n\n${table}`
    this.parts.push(text)
    this.sheets.push({ name, char_start: before, char_end: before + text.length })
    return this
  }
  rel(type: string, from: string, to: string): this {
    if (!this.relations.some((r) => r.type === type && r.from === from && r.to === to)) this.relations.push({ type, from, to })
    return this
  }
  text(): string {
    return this.parts.join("\n\n")
  }
  finish(): GroupDocument {
    // what the document names without a more specific relation from it
    const direct = new Set(this.relations.filter((r) => r.from === this.id).map((r) => r.to))
    for (const id of this.named) {
      const type = this.truth.entities.get(id)!.type
      if (direct.has(id) || id === this.id) continue
      if (type === "contract") this.rel("refers_to", this.id, id)
      else if (type === "organisation" || type === "person" || type === "place") this.rel("mentions", this.id, id)
    }
    return { path: this.path, markdown: this.text(), sheets: this.sheets, entities: [...this.named], relations: this.relations }
  }
}

interface Company {
  readonly id: string
  readonly name: string
  readonly short: string
  readonly town: string
  readonly townId: string
  readonly country: string
  readonly countryId: string
  readonly regNo: string
  readonly regId: string
  readonly address: string
}

interface Person {
  readonly id: string
  readonly first: string
  readonly last: string
  readonly role: string
  readonly roleShort: string
  readonly acts: boolean
  readonly company: Company
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

export const generateGroupSet = (split: Split): GroupSet => {
  const pool = POOLS[split]
  const rng = new Prng(pool.seed)
  const truth = new Truth()
  const places = new Map<string, string>()
  const place = (name: string) => {
    if (!places.has(name)) places.set(name, truth.add("place", [name]))
    return places.get(name)!
  }
  const dates = new Map<string, string>()
  const date = (y: number, m: number, d: number, variant: number): { id: string; text: string } => {
    const iso = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`
    if (!dates.has(iso)) dates.set(iso, truth.add("date", [iso]))
    const text = variant === 0 ? `${d} ${MONTHS[m - 1]} ${y}` : variant === 1 ? `${MONTHS[m - 1]} ${d}, ${y}` : variant === 2 ? `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${y}` : iso
    return { id: dates.get(iso)!, text }
  }
  const randomDate = (variant: number) => date(2024, rng.int(1, 12), rng.int(1, 28), variant)
  const amounts = new Map<string, string>()
  const amount = (value: number, printed: "code" | "symbol"): { id: string; text: string } => {
    const grouped = value.toLocaleString("en-GB")
    const name = `${pool.currency[0]} ${grouped}`
    if (!amounts.has(name)) amounts.set(name, truth.add("amount", [name]))
    return { id: amounts.get(name)!, text: printed === "code" ? `${pool.currency[0]} ${grouped}.00` : `${pool.currency[1]}${grouped}.00` }
  }
  const identifiers = new Map<string, string>()
  const identifier = (value: string) => {
    if (!identifiers.has(value)) identifiers.set(value, truth.add("identifier", [value]))
    return identifiers.get(value)!
  }
  const digits = (n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join("")

  const company = (name: string, short: string, jurisdiction: readonly [string, string, ReadonlyArray<string>]): Company => {
    const id = truth.add("organisation", [name])
    const town = rng.pick(jurisdiction[2])
    const regNo = digits(8)
    return {
      id, name, short, town, townId: place(town), country: jurisdiction[0], countryId: place(jurisdiction[0]), regNo, regId: identifier(regNo),
      address: `${rng.int(1, 200)} ${rng.pick(pool.streets)}, ${town}`
    }
  }

  // the group: a holding company, five subsidiaries (one held through another), counterparties
  const home = pool.jurisdictions[0]!
  const holding = company(`${pool.stem} Holdings ${home[1]}`, pool.stem, home)
  const subsidiaries: Array<{ c: Company; parent: Company }> = []
  pool.sectors.slice(0, 5).forEach((sector, i) => {
    const j = pool.jurisdictions[i % pool.jurisdictions.length]!
    const c = company(`${pool.stem} ${sector} ${j[1]}`, `${pool.stem} ${sector}`, j)
    subsidiaries.push({ c, parent: i === 4 ? subsidiaries[1]!.c : holding })
  })
  const counterparties = pool.counterparties.map(([stem, suffix]) =>
    company(suffix === "" ? stem : `${stem} ${suffix}`, stem, rng.pick(pool.jurisdictions)))

  const usedNames = new Set<string>()
  const person = (c: Company, role: readonly [string, string, boolean]): Person => {
    // surnames are not reused, so "Mr Hartley" names one person; the pools hold more surnames than people
    const free = pool.surnames.filter((s) => !usedNames.has(s))
    if (free.length === 0) throw new Error("the surname pool is too small for the group's people")
    const first = rng.pick(pool.givenNames)
    const last = rng.pick(free)
    usedNames.add(last)
    return { id: truth.add("person", [`${first} ${last}`]), first, last, role: role[0], roleShort: role[1], acts: role[2], company: c }
  }
  const officers = OFFICER_ROLES.slice(0, 4).map((r) => person(holding, r))
  const directors = subsidiaries.map((s) => person(s.c, ["Managing Director", "Managing Director", true]))
  const contacts = counterparties.map((c) => person(c, rng.pick([["Head of Procurement", "Head of Procurement", false], ["Finance Director", "Finance Director", true], ["Chief Executive Officer", "CEO", false]] as const)))
  const roleRel = (p: Person) => (p.acts ? "represents" : "employed_by")
  const full = (p: Person) => `${p.first} ${p.last}`
  const title = () => rng.pick(["Ms", "Mr", "Dr"])

  const docs: Array<GroupDocument> = []
  const variant = (n: number) => rng.int(0, n - 1)
  // test-only phrasings: the test split draws from variants the dev split never writes
  const v = (devCount: number, testExtra: number) => (split === "dev" ? variant(devCount) : variant(devCount + testExtra))

  // ---- contracts between a subsidiary and a counterparty
  const contracts: Array<{ id: string; title: string; a: Company; b: Company; date: { id: string; text: string } }> = []
  pool.contractTitles.forEach((contractTitle, i) => {
    const { c } = subsidiaries[i % subsidiaries.length]!
    const cp = counterparties[i % counterparties.length]!
    const d = new Doc(truth, `contracts/${contractTitle.toLowerCase().replace(/\s+/g, "-")}-${cp.short.toLowerCase().replace(/\s+/g, "-")}.md`)
    const cid = truth.add("contract", [contractTitle])
    const when = randomDate(variant(3))
    const value = amount(rng.int(20, 900) * 1000, rng.pick(["code", "symbol"]))
    const ref = `${contractTitle.split(" ").map((w) => w[0]).join("")}-2024-${digits(3)}`
    const refId = identifier(ref)
    const signer = directors[i % directors.length]!
    const cpSigner = contacts[i % contacts.length]!
    const heading = v(2, 1) === 0 ? `# ${contractTitle.toUpperCase()}` : v(2, 1) === 1 ? `# ${contractTitle}` : `**${contractTitle.toUpperCase()}**`
    d.block(heading).e(cid, heading.replace(/[#*]/g, "").trim())
    d.block(`Contract No. ${d.e(refId, ref)}`).rel("identified_by", cid, refId)
    const opening = v(2, 1)
    if (opening === 0) {
      d.block(`This ${d.e(cid, contractTitle)} (the "Agreement") is dated ${d.e(when.id, when.text)} and is made between ${d.e(c.id)}, a company incorporated in ${d.e(c.countryId, c.country)} (company number ${d.e(c.regId, c.regNo)}) (the "Supplier"), and ${d.e(cp.id)} (the "Customer").`)
      d.rel("located_in", c.id, c.countryId).rel("identified_by", c.id, c.regId)
    } else if (opening === 1) {
      d.block(`THIS AGREEMENT is made on ${d.e(when.id, when.text)} between ${d.e(cp.id)} ("Customer") and ${d.e(c.id)}, registered in ${d.e(c.countryId, c.country)} under company number ${d.e(c.regId, c.regNo)} ("Supplier").`)
      d.rel("located_in", c.id, c.countryId).rel("identified_by", c.id, c.regId)
    } else {
      d.block(`Effective ${d.e(when.id, when.text)}, this agreement is entered into by and between ${d.e(c.id)} (Company No. ${d.e(c.regId, c.regNo)}), with its registered office at ${c.address}, and ${d.e(cp.id)}.`)
      d.e(c.townId, c.town)
      d.rel("identified_by", c.id, c.regId).rel("located_in", c.id, c.townId)
    }
    d.rel("party_to", c.id, cid).rel("party_to", cp.id, cid).rel("dated", cid, when.id)
    if (rng.chance(0.6)) {
      const parent = subsidiaries[i % subsidiaries.length]!.parent
      const phr = v(2, 2)
      const s = phr === 0 ? `The Supplier, ${d.e(c.id)}, is a wholly owned subsidiary of ${d.e(parent.id)}.`
        : phr === 1 ? `${d.e(c.id)} is a wholly-owned subsidiary of ${d.e(parent.id)}.`
        : phr === 2 ? `${d.e(parent.id)} owns 100% of ${d.e(c.id)}.`
        : `${d.e(c.id)} is wholly owned by ${d.e(parent.id)}.`
      d.block(s).rel("subsidiary_of", c.id, parent.id)
    }
    d.block(`1. SERVICES\n\nThe Supplier shall provide the services described in Schedule 1. The Customer shall pay the Supplier a total fee of ${d.e(value.id, value.text)} per annum, payable quarterly in arrears.`)
      .rel("amount_of", value.id, cid)
    d.block(`2. TERM\n\nThis Agreement continues for three years unless terminated earlier in accordance with clause 9.`)
    const sig = v(2, 1)
    for (const [who, org] of [[signer, c], [cpSigner, cp]] as const) {
      if (sig === 0) d.block(`Signed for and on behalf of ${d.e(org.id)}\n\nName: ${d.e(who.id, full(who))}\n\nTitle: ${who.role}`)
      else if (sig === 1) d.block(`SIGNED by ${d.e(who.id, full(who))}, ${who.role}, for and on behalf of ${d.e(org.id)}`)
      else d.block(`For and on behalf of ${d.e(org.id, org.name.toUpperCase())}\n\n${d.e(who.id, full(who))}\n\n${who.role}`)
      d.rel("signed_by", cid, who.id).rel("signed_by", cid, org.id).rel("represents", who.id, org.id)
      if (!who.acts) d.rel("employed_by", who.id, org.id)
    }
    docs.push(d.finish())
    contracts.push({ id: cid, title: contractTitle, a: c, b: cp, date: when })
  })

  // ---- invoices from a subsidiary to a counterparty
  for (let k = 0; k < 40; k++) {
    const { c } = subsidiaries[k % subsidiaries.length]!
    const cp = counterparties[(k * 3) % counterparties.length]!
    const no = `INV-${2024}${String(k + 1).padStart(4, "0")}`
    const d = new Doc(truth, `finance/invoices/${no.toLowerCase()}.md`)
    const noId = identifier(no)
    const when = randomDate(variant(3))
    const net = rng.int(1, 90) * 250
    const vat = Math.round(net * 0.2)
    const lines = [amount(net, "symbol"), amount(vat, "symbol"), amount(net + vat, "symbol")]
    const vatNo = `GB ${digits(3)} ${digits(4)} ${digits(2)}`
    const vatId = identifier(vatNo.replace(/ /g, ""))
    const layout = v(2, 1)
    if (layout === 0) d.block(`# ${d.e(c.id, c.name.toUpperCase())}`).block(c.address)
    else if (layout === 1) d.block(`**${d.e(c.id)}**\n${c.address}`)
    else d.block(`${d.e(c.id)} | ${c.address}`)
    d.e(c.townId, c.town)
    d.rel("issued_by", d.id, c.id).rel("located_in", c.id, c.townId)
    d.block(layout === 2 ? `## Tax Invoice` : `## INVOICE`)
    d.block(`Invoice No: ${d.e(noId, no)}\n\nInvoice Date: ${d.e(when.id, when.text)}`).rel("identified_by", d.id, noId).rel("dated", d.id, when.id)
    d.block(`${layout === 1 ? "Invoice to" : "Bill to"}:\n${d.e(cp.id)}\n${cp.address}`).rel("addressed_to", d.id, cp.id)
    d.e(cp.townId, cp.town)
    d.rel("located_in", cp.id, cp.townId)
    const contract = contracts.find((x) => x.a === c && x.b === cp)
    if (contract !== undefined) d.block(`Services under the ${d.e(contract.id, contract.title)} dated ${d.e(contract.date.id, contract.date.text)}.`)
    d.block(`| Description | Amount |\n|---|---|\n| Services for the period | ${d.e(lines[0]!.id, lines[0]!.text)} |\n| VAT at 20% | ${d.e(lines[1]!.id, lines[1]!.text)} |\n| Total due | ${d.e(lines[2]!.id, lines[2]!.text)} |`)
    for (const l of lines) d.rel("amount_of", l.id, d.id)
    d.block(`VAT Reg No: ${d.e(vatId, vatNo)}`).rel("identified_by", c.id, vatId)
    docs.push(d.finish())
  }

  // ---- board minutes of the holding company
  for (let k = 0; k < 8; k++) {
    const year = 2023 + Math.floor(k / 4)
    const d = new Doc(truth, `governance/board-minutes-${year}-q${(k % 4) + 1}.md`)
    const when = date(year, (k % 4) * 3 + 2, rng.int(1, 28), variant(3))
    // the minutes of a company's board are that company's record
    d.block(`# Minutes of a Meeting of the Board of Directors of ${d.e(holding.id)}`).rel("issued_by", d.id, holding.id)
    d.block(`Held on ${d.e(when.id, when.text)} at ${holding.address}`).rel("dated", d.id, when.id)
    d.e(holding.townId, holding.town)
    d.rel("located_in", holding.id, holding.townId)
    const present = officers.slice(0, 3 + (k % 2))
    const chair = officers[0]!
    const list = present.map((p) => `${d.e(p.id, full(p))} (${p === chair ? "Chair" : p.role})`).join(", ")
    d.block(`Present: ${list}`)
    for (const p of present) {
      d.rel(roleRel(p), p.id, holding.id)
      if (p === chair) d.rel("represents", p.id, holding.id)
    }
    const sub = subsidiaries[k % subsidiaries.length]!
    const contract = contracts[k % contracts.length]!
    d.block(`1. The Board approved the ${d.e(contract.id, contract.title)} between ${d.e(contract.a.id)} and ${d.e(contract.b.id)}.`)
      .rel("party_to", contract.a.id, contract.id).rel("party_to", contract.b.id, contract.id)
    const phr = v(2, 2)
    const s = phr === 0 ? `2. The Board noted that ${d.e(sub.c.id)}, a wholly owned subsidiary of ${d.e(sub.parent.id)}, had completed its annual audit.`
      : phr === 1 ? `2. It was noted that ${d.e(sub.c.id)} is a subsidiary of ${d.e(sub.parent.id)} and remains dormant.`
      : phr === 2 ? `2. The Board noted that ${d.e(sub.parent.id)}, the parent company of ${d.e(sub.c.id)}, would provide a guarantee.`
      : `2. ${d.e(sub.parent.id, sub.parent.name)}'s subsidiary ${d.e(sub.c.id)} reported results ahead of plan.`
    d.block(s).rel("subsidiary_of", sub.c.id, sub.parent.id)
    const budget = amount(rng.int(1, 50) * 100000, "code")
    d.block(`3. The Board approved a capital budget of ${d.e(budget.id, budget.text)}.`).rel("amount_of", budget.id, d.id)
    docs.push(d.finish())
  }

  // ---- letters from a subsidiary to a counterparty's contact
  for (let k = 0; k < 24; k++) {
    const { c } = subsidiaries[k % subsidiaries.length]!
    const sender = directors[k % directors.length]!
    const to = contacts[(k + 2) % contacts.length]!
    const cp = to.company
    const d = new Doc(truth, `correspondence/letter-${k + 1}-${cp.short.toLowerCase().replace(/\s+/g, "-")}.md`)
    const when = randomDate(variant(3))
    const layout = v(2, 1)
    d.block(layout === 0 ? `# ${d.e(c.id)}` : d.e(c.id, c.name.toUpperCase()))
    d.block(c.address)
    d.e(c.townId, c.town)
    d.rel("issued_by", d.id, c.id).rel("located_in", c.id, c.townId)
    d.block(`${layout === 2 ? "Date: " : ""}${d.e(when.id, when.text)}`).rel("dated", d.id, when.id)
    const t = title()
    if (layout === 1) d.block(`To: ${d.e(to.id, `${t} ${full(to)}`)}, ${to.role}, ${d.e(cp.id)}`)
    else d.block(`${d.e(to.id, `${t} ${full(to)}`)}\n${to.role}\n${d.e(cp.id)}\n${cp.address}`).e(cp.townId, cp.town)
    if (layout !== 1) d.rel("located_in", cp.id, cp.townId)
    d.rel("addressed_to", d.id, to.id).rel("addressed_to", d.id, cp.id).rel(roleRel(to), to.id, cp.id)
    d.block(`Dear ${d.e(to.id, `${t} ${to.last}`)},`)
    const contract = contracts.find((x) => x.a === c)
    if (contract !== undefined) {
      d.block(`We refer to the ${d.e(contract.id, contract.title)} dated ${d.e(contract.date.id, contract.date.text)} between ${d.e(contract.a.id, contract.a.short)} and ${d.e(contract.b.id)}. We write to confirm the revised delivery schedule.`)
        .rel("party_to", contract.a.id, contract.id).rel("party_to", contract.b.id, contract.id)
    } else d.block(`We write to confirm the revised delivery schedule agreed at our last meeting.`)
    d.block(`Yours sincerely,\n\n${d.e(sender.id, full(sender))}\n${sender.role}\n${d.e(c.id, c.short)}`)
      .rel("signed_by", d.id, sender.id).rel(roleRel(sender), sender.id, c.id)
    docs.push(d.finish())
  }

  // ---- announcements of appointments
  const appointed = [...officers, ...directors, ...contacts]
  for (let k = 0; k < 12; k++) {
    const p = appointed[k % appointed.length]!
    const org = p.company
    const d = new Doc(truth, `news/announcement-${k + 1}.md`)
    const when = randomDate(variant(3))
    d.block(`# ${rng.pick(["Press Release", "Announcement", "Appointment News"])}`)
    d.block(`${d.e(when.id, when.text)}`).rel("dated", d.id, when.id)
    const phr = v(3, 2)
    const s = phr === 0 ? `${d.e(org.id)} is pleased to announce that ${d.e(p.id, full(p))} has been appointed ${p.role} of ${d.e(org.id, org.name)} with immediate effect.`
      : phr === 1 ? `${d.e(p.id, full(p))} joins ${d.e(org.id, org.short)} as ${p.role}.`
      : phr === 2 ? `${d.e(p.id, full(p))}, ${p.role} of ${d.e(org.id)}, will lead the integration programme.`
      : phr === 3 ? `${d.e(org.id, org.short)}'s new ${p.roleShort}, ${d.e(p.id, full(p))}, takes up the role next month.`
      : `The board of ${d.e(org.id)} today named ${d.e(p.id, full(p))} as its ${p.role}.`
    d.block(s).rel(roleRel(p), p.id, org.id)
    const before = rng.pick(pool.jurisdictions)[2][0]!
    d.block(`${d.e(p.id, `${title()} ${p.last}`)} previously led the finance function of a listed company in ${d.e(place(before), before)}.`)
    docs.push(d.finish())
  }

  // ---- a note on the group structure
  {
    const d = new Doc(truth, "governance/group-structure.md")
    d.block(`# Group Structure`)
    d.block(`${d.e(holding.id)} ("${d.e(holding.id, holding.short.toUpperCase().slice(0, 1) + "HL")}") is the ultimate parent company of the group. It is incorporated in ${d.e(holding.countryId, holding.country)} with registration number ${d.e(holding.regId, holding.regNo)}.`)
      .rel("located_in", holding.id, holding.countryId).rel("identified_by", holding.id, holding.regId)
    for (const { c, parent } of subsidiaries) {
      const phr = v(2, 2)
      const s = phr === 0 ? `${d.e(c.id)}, a wholly owned subsidiary of ${d.e(parent.id)}, is based in ${d.e(c.townId, c.town)}.`
        : phr === 1 ? `${d.e(c.id)} is a subsidiary of ${d.e(parent.id)} and is headquartered in ${d.e(c.townId, c.town)}.`
        : phr === 2 ? `${d.e(parent.id)} holds all the issued shares of ${d.e(c.id)}, which is located in ${d.e(c.townId, c.town)}.`
        : `Based in ${d.e(c.townId, c.town)}, ${d.e(c.id)} is wholly owned by ${d.e(parent.id)}.`
      d.block(s).rel("subsidiary_of", c.id, parent.id).rel("located_in", c.id, c.townId)
    }
    docs.push(d.finish())
  }

  // ---- a spreadsheet of the group's entities
  {
    const d = new Doc(truth, "governance/entity-register.xlsx")
    const header = split === "dev" ? "| Entity | Parent | Country | Registration number | Director |" : "| Legal entity | Parent company | Jurisdiction | Company number | Managing Director |"
    const rows = [{ c: holding, parent: null as Company | null, director: officers[0]! }, ...subsidiaries.map((s, i) => ({ c: s.c, parent: s.parent as Company | null, director: directors[i]! }))]
    const body = rows.map((r) => `| ${d.e(r.c.id)} | ${r.parent === null ? "" : d.e(r.parent.id)} | ${d.e(r.c.countryId, r.c.country)} | ${d.e(r.c.regId, r.c.regNo)} | ${d.e(r.director.id, full(r.director))} |`)
    for (const r of rows) {
      if (r.parent !== null) d.rel("subsidiary_of", r.c.id, r.parent.id)
      d.rel("located_in", r.c.id, r.c.countryId).rel("identified_by", r.c.id, r.c.regId).rel("represents", r.director.id, r.c.id)
    }
    d.sheet("Entities", `${header}\n|---|---|---|---|---|\n${body.join("\n")}`)
    docs.push(d.finish())
  }

  return { split, entities: truth.entities, documents: docs.filter((x) => x.markdown.trim() !== "") }
}
