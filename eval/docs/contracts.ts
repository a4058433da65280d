/**
 * Contracts: services agreement, mutual NDA, commercial lease, employment agreement (four PDFs of
 * two to three pages of wrapped serif text), a software licence and a supply agreement (DOCX),
 * a consulting agreement (plain text). Terms are stated in months or years, in words and digits;
 * effective dates in several styles ("the 14th day of March, 2026").
 */
import { type Generated, Locations, stripMarks, TextBuilder, utf8, fieldOfKey } from "../lib/doc.js"
import { date, type DateStyle, isoOf, numberWords, parseIso } from "../lib/format.js"
import { docx, docxParagraph } from "../lib/ooxml.js"
import { PdfWriter } from "../lib/pdf.js"
import type { Prng } from "../lib/prng.js"
import { CONTRACT_SCHEMA } from "../lib/truth.js"

type ContractType = "services_agreement" | "nda" | "lease" | "employment" | "license" | "supply" | "consulting"

interface PartySpec { readonly name: string; readonly description: string; readonly role: string; readonly signatory: string; readonly title: string }

interface ContractModel {
  readonly type: ContractType
  readonly title: string
  readonly parties: ReadonlyArray<PartySpec>
  readonly effective: string
  /** how the effective date is printed */
  readonly effectiveText: string
  readonly termMonths: number
  /** how the term is printed, such as "twenty-four (24) months" or "two (2) years" */
  readonly termText: string
  readonly law: string
  /** "the " before the law's name, outside the value ("the laws of the State of New York") */
  readonly lawArticle: string
}

type Block = { readonly kind: "title" | "heading" | "para"; readonly text: string }

const SEMANTIC: Record<string, string> = {
  "parties[0]": "the first party to the agreement",
  "parties[1]": "the second party to the agreement",
  effective_date: "the effective date of the agreement",
  term_months: "the length of the initial term of the agreement",
  governing_law: "the jurisdiction whose law governs the agreement"
}

const ordinal = (d: number) => `${d}${d % 10 === 1 && d !== 11 ? "st" : d % 10 === 2 && d !== 12 ? "nd" : d % 10 === 3 && d !== 13 ? "rd" : "th"}`

const termText = (months: number, inYears: boolean): string =>
  inYears && months % 12 === 0
    ? `${numberWords(months / 12)} (${months / 12}) year${months === 12 ? "" : "s"}`
    : `${numberWords(months)} (${months}) months`

const p0 = (m: ContractModel) => `[[parties.0|${m.parties[0].name}]]`
const p1 = (m: ContractModel) => `[[parties.1|${m.parties[1].name}]]`
const eff = (m: ContractModel) => `[[effective_date|${m.effectiveText}]]`
const term = (m: ContractModel) => `[[term_months|${m.termText}]]`
const law = (m: ContractModel) => `[[governing_law|${m.law}]]`

/** The clauses common to every agreement, after the type's own. */
const boilerplate = (m: ContractModel, from: number): Array<Block> => {
  let n = from
  const h = (t: string): Block => ({ kind: "heading", text: `${n++}. ${t}` })
  return [
    h("Confidentiality"),
    { kind: "para", text: `Each party shall keep confidential all information of the other party that is marked confidential or that a reasonable person would understand to be confidential, and shall use it only for the purposes of this Agreement. These obligations survive termination for a period of three years.` },
    h("Limitation of Liability"),
    { kind: "para", text: `Except for breach of confidentiality or a party's indemnification obligations, neither party shall be liable for any indirect, incidental or consequential damages, and each party's aggregate liability shall not exceed the amounts paid or payable under this Agreement in the twelve months preceding the claim.` },
    h("Governing Law and Jurisdiction"),
    { kind: "para", text: `This Agreement shall be governed by and construed in accordance with the laws of ${m.lawArticle}${law(m)}, without regard to its conflict of laws principles. The courts of that jurisdiction shall have exclusive jurisdiction over any dispute arising out of or in connection with this Agreement.` },
    h("Notices"),
    { kind: "para", text: `Notices under this Agreement shall be in writing and delivered by hand, by registered mail or by e-mail with confirmation of receipt to the addresses set out above or as later notified in writing.` },
    h("Entire Agreement"),
    { kind: "para", text: `This Agreement constitutes the entire agreement between the parties with respect to its subject matter and supersedes all prior negotiations, representations and agreements. It may be amended only in writing signed by both parties.` },
    { kind: "para", text: `IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.` }
  ]
}

const preamble = (m: ContractModel): Block => ({
  kind: "para",
  text: `This ${m.title} (the "Agreement") is entered into as of ${m.effectiveText.includes(" day of ") ? "this " : ""}${eff(m)} (the "Effective Date") by and between ${p0(m)}, ${m.parties[0].description} ("${m.parties[0].role}"), and ${p1(m)}, ${m.parties[1].description} ("${m.parties[1].role}"). ${m.parties[0].role} and ${m.parties[1].role} are each referred to as a "Party" and together as the "Parties".`
})

const body: Record<ContractType, (m: ContractModel) => Array<Block>> = {
  services_agreement: (m) => [
    { kind: "para", text: `WHEREAS, ${m.parties[0].role} is in the business of providing managed information technology services; and WHEREAS, ${m.parties[1].role} wishes to engage ${m.parties[0].role} to provide such services on the terms set out below;` },
    { kind: "heading", text: "1. Services" },
    { kind: "para", text: `${m.parties[0].role} shall provide the services described in each statement of work executed under this Agreement (the "Services") with reasonable skill and care and in accordance with the service levels set out in Schedule A.` },
    { kind: "heading", text: "2. Fees and Payment" },
    { kind: "para", text: `${m.parties[1].role} shall pay the fees set out in each statement of work. ${m.parties[0].role} shall invoice monthly in arrears and ${m.parties[1].role} shall pay each undisputed invoice within thirty (30) days of receipt.` },
    { kind: "heading", text: "3. Term and Termination" },
    { kind: "para", text: `This Agreement commences on the Effective Date and continues for an initial term of ${term(m)} (the "Initial Term"), after which it renews automatically for successive twelve-month periods unless either Party gives at least ninety (90) days' written notice of non-renewal. Either Party may terminate this Agreement for material breach not cured within thirty (30) days of notice.` },
    ...boilerplate(m, 4)
  ],
  nda: (m) => [
    { kind: "para", text: `The Parties wish to explore a potential business relationship concerning the joint development of logistics software (the "Purpose") and, in connection with the Purpose, each Party may disclose Confidential Information to the other.` },
    { kind: "heading", text: "1. Confidential Information" },
    { kind: "para", text: `"Confidential Information" means all information disclosed by a Party (the "Discloser") to the other Party (the "Recipient"), whether orally or in writing, that is designated as confidential or that ought reasonably to be considered confidential, including business plans, source code, customer lists and pricing.` },
    { kind: "heading", text: "2. Obligations" },
    { kind: "para", text: `The Recipient shall use the Confidential Information solely for the Purpose, shall not disclose it to any third party except to its employees and advisers who need to know it for the Purpose and are bound by equivalent obligations, and shall protect it with at least the degree of care it uses for its own confidential information.` },
    { kind: "heading", text: "3. Term" },
    { kind: "para", text: `This Agreement shall remain in force for a period of ${term(m)} from the Effective Date. The obligations in clause 2 survive expiry or termination for a further two years.` },
    ...boilerplate(m, 4)
  ],
  lease: (m) => [
    { kind: "heading", text: "1. Premises" },
    { kind: "para", text: `${m.parties[0].role} leases to ${m.parties[1].role} the office premises known as Suite 410, 2200 Mission College Boulevard, Santa Clara, comprising approximately 6,250 rentable square feet (the "Premises"), together with the non-exclusive right to use the common areas of the building.` },
    { kind: "heading", text: "2. Term" },
    { kind: "para", text: `The term of this lease shall be ${term(m)}, commencing on the Effective Date (the "Lease Term"). ${m.parties[1].role} shall have one option to extend the Lease Term for a further period of three years on written notice given no later than nine months before expiry.` },
    { kind: "heading", text: "3. Rent" },
    { kind: "para", text: `${m.parties[1].role} shall pay base rent of $18,750.00 per month, payable in advance on the first day of each calendar month, increasing by three percent on each anniversary of the Effective Date. A security deposit of $56,250.00 is payable on signature.` },
    { kind: "heading", text: "4. Use and Maintenance" },
    { kind: "para", text: `The Premises shall be used only for general office purposes. ${m.parties[1].role} shall keep the interior of the Premises in good repair, and ${m.parties[0].role} shall maintain the roof, structure and building systems.` },
    ...boilerplate(m, 5)
  ],
  employment: (m) => [
    { kind: "heading", text: "1. Position and Duties" },
    { kind: "para", text: `The ${m.parties[0].role} employs the ${m.parties[1].role} as Senior Data Engineer, reporting to the Head of Platform Engineering. The ${m.parties[1].role} shall perform the duties reasonably assigned and devote their full working time to the business of the ${m.parties[0].role}.` },
    { kind: "heading", text: "2. Term of Employment" },
    { kind: "para", text: `The employment begins on the Effective Date and is entered into for a fixed term of ${term(m)}. The first six months are a probationary period during which either party may terminate the employment with two weeks' notice.` },
    { kind: "heading", text: "3. Remuneration" },
    { kind: "para", text: `The ${m.parties[1].role} shall receive a gross annual salary of EUR 78,000.00, payable in twelve equal monthly instalments at the end of each month, and shall be entitled to thirty working days of paid holiday per calendar year.` },
    { kind: "heading", text: "4. Working Hours" },
    { kind: "para", text: `Regular working time is forty hours per week. Overtime is compensated by time off in lieu in accordance with the company works agreement.` },
    ...boilerplate(m, 5)
  ],
  license: (m) => [
    { kind: "heading", text: "1. Grant of Licence" },
    { kind: "para", text: `Subject to the terms of this Agreement, ${m.parties[0].role} grants ${m.parties[1].role} a non-exclusive, non-transferable licence to install and use the Software on up to 250 named user accounts for its internal business purposes.` },
    { kind: "heading", text: "2. Licence Fees" },
    { kind: "para", text: `${m.parties[1].role} shall pay an annual licence fee of USD 96,000.00, invoiced on the Effective Date and on each anniversary thereof, payable within thirty days of invoice.` },
    { kind: "heading", text: "3. Term" },
    { kind: "para", text: `The licence term is ${term(m)} from the Effective Date and renews for successive one-year periods unless terminated by either party on sixty days' written notice before the end of the then-current term.` },
    ...boilerplate(m, 4)
  ],
  supply: (m) => [
    { kind: "heading", text: "1. Supply of Products" },
    { kind: "para", text: `${m.parties[0].role} shall manufacture and supply to ${m.parties[1].role} the stainless steel fittings listed in Schedule 1 (the "Products") in the quantities specified in purchase orders issued by ${m.parties[1].role} from time to time.` },
    { kind: "heading", text: "2. Prices and Delivery" },
    { kind: "para", text: `Prices are as set out in Schedule 2 and are fixed for the first twelve months. Delivery is DAP ${m.parties[1].role}'s warehouse (Incoterms 2020) within fifteen working days of acceptance of each purchase order.` },
    { kind: "heading", text: "3. Duration" },
    { kind: "para", text: `This Agreement enters into force on the Effective Date and shall remain in force for ${term(m)}, unless terminated earlier in accordance with its terms.` },
    ...boilerplate(m, 4)
  ],
  consulting: (m) => [
    { kind: "heading", text: "1. Engagement" },
    { kind: "para", text: `The ${m.parties[1].role} engages the ${m.parties[0].role} to advise on the redesign of its procurement processes, as further described in Exhibit A. The ${m.parties[0].role} is an independent contractor and not an employee of the ${m.parties[1].role}.` },
    { kind: "heading", text: "2. Compensation" },
    { kind: "para", text: `The ${m.parties[1].role} shall pay the ${m.parties[0].role} a fee of USD 185.00 per hour, invoiced monthly, plus reasonable pre-approved expenses.` },
    { kind: "heading", text: "3. Term" },
    { kind: "para", text: `This Agreement begins on the Effective Date and ends ${term(m)} thereafter, unless extended by written agreement of the parties or terminated by either party on fourteen days' written notice.` },
    ...boilerplate(m, 4)
  ]
}

const blocksOf = (m: ContractModel): Array<Block> => [{ kind: "title", text: m.title.toUpperCase() }, preamble(m), ...body[m.type](m)]

interface Spec {
  readonly id: string
  readonly type: ContractType
  readonly title: string
  readonly parties: readonly [PartySpec, PartySpec]
  readonly termMonths: number
  readonly inYears: boolean
  readonly law: string
  readonly lawArticle?: string
  readonly dateStyle: DateStyle | "ordinal"
  readonly format: "pdf" | "docx" | "txt"
  readonly notes: string
}

const SPECS: ReadonlyArray<Spec> = [
  {
    id: "ctr-01", type: "services_agreement", title: "Master Services Agreement", format: "pdf",
    parties: [
      { name: "Cascade Cloud Services Inc.", description: "a Delaware corporation with offices at 500 Pine Street, Seattle, Washington", role: "Provider", signatory: "Rachel Nguyen", title: "Chief Executive Officer" },
      { name: "Granite Peak Hospitality Group", description: "a California corporation with offices at 455 Market Street, San Francisco, California", role: "Client", signatory: "David Okafor", title: "Chief Financial Officer" }
    ],
    termMonths: 24, inYears: false, law: "State of New York", lawArticle: "the ", dateStyle: "long_us",
    notes: "services agreement, Times, term 'twenty-four (24) months', effective date 'March 14, 2026', New York law; party names repeated in the signature block"
  },
  {
    id: "ctr-02", type: "nda", title: "Mutual Non-Disclosure Agreement", format: "pdf",
    parties: [
      { name: "Harborview Logistics Corp.", description: "a company incorporated in California", role: "Harborview", signatory: "Sandra Li", title: "General Counsel" },
      { name: "Pennine Engineering Ltd", description: "a private limited company with company number 08812234", role: "Pennine", signatory: "Gareth Hughes", title: "Managing Director" }
    ],
    termMonths: 36, inYears: true, law: "England and Wales", dateStyle: "long_uk",
    notes: "mutual NDA, term in YEARS 'three (3) years' (36 months), date '14 March 2026', law of England and Wales"
  },
  {
    id: "ctr-03", type: "lease", title: "Commercial Lease Agreement", format: "pdf",
    parties: [
      { name: "Mission College Properties LLC", description: "a California limited liability company", role: "Landlord", signatory: "Victor Alvarez", title: "Managing Member" },
      { name: "Blue Ridge Analytics LLC", description: "a Georgia limited liability company", role: "Tenant", signatory: "Karen Mitchell", title: "Chief Operating Officer" }
    ],
    termMonths: 60, inYears: true, law: "State of California", lawArticle: "the ", dateStyle: "ordinal",
    notes: "commercial lease, effective date as 'the 14th day of March, 2026', term 'five (5) years', California law"
  },
  {
    id: "ctr-04", type: "employment", title: "Fixed-Term Employment Agreement", format: "pdf",
    parties: [
      { name: "Nordlicht Software GmbH", description: "a limited liability company registered in Munich under HRB 204117", role: "Employer", signatory: "Katrin Vogel", title: "Managing Director" },
      { name: "Daniel Kowalski", description: "residing at Lindwurmstraße 14, 80337 Munich", role: "Employee", signatory: "Daniel Kowalski", title: "Employee" }
    ],
    termMonths: 18, inYears: false, law: "Federal Republic of Germany", lawArticle: "the ", dateStyle: "long_uk",
    notes: "employment agreement between a company and a person, fixed term 'eighteen (18) months', German law"
  },
  {
    id: "ctr-05", type: "license", title: "Software License Agreement", format: "docx",
    parties: [
      { name: "Blue Ridge Analytics LLC", description: "a Georgia limited liability company", role: "Licensor", signatory: "Karen Mitchell", title: "Chief Operating Officer" },
      { name: "Meridian Health Partners", description: "a Massachusetts non-profit corporation", role: "Licensee", signatory: "Thomas Reilly", title: "Chief Information Officer" }
    ],
    termMonths: 12, inYears: true, law: "State of Delaware", lawArticle: "the ", dateStyle: "short_us",
    notes: "Word document, software licence, term 'one (1) year', date 'Mar 14, 2026', Delaware law"
  },
  {
    id: "ctr-06", type: "supply", title: "Supply Agreement", format: "docx",
    parties: [
      { name: "Van Dijk Logistiek B.V.", description: "a private company with limited liability incorporated under Dutch law", role: "Supplier", signatory: "Pieter van Dijk", title: "Director" },
      { name: "Bergmann & Söhne KG", description: "a limited partnership registered in Düsseldorf", role: "Buyer", signatory: "Hannah Schulz", title: "Head of Purchasing" }
    ],
    termMonths: 36, inYears: false, law: "Netherlands", lawArticle: "the ", dateStyle: "dmy_dot",
    notes: "Word document, supply agreement, term 'thirty-six (36) months', date '14.03.2026', Dutch law"
  },
  {
    id: "ctr-07", type: "consulting", title: "Consulting Agreement", format: "txt",
    parties: [
      { name: "Priya Raman", description: "an individual residing in Cambridge, Massachusetts", role: "Consultant", signatory: "Priya Raman", title: "Consultant" },
      { name: "Pioneer Valley School District", description: "a public school district with offices at 90 Main Street, Northampton", role: "District", signatory: "Marcus Whitfield", title: "Superintendent" }
    ],
    termMonths: 6, inYears: false, law: "Commonwealth of Massachusetts", lawArticle: "the ", dateStyle: "iso",
    notes: "plain-text consulting agreement with a person as first party, term 'six (6) months', ISO date, Massachusetts law; character ranges against the exact text"
  }
]

const model = (rng: Prng, spec: Spec): ContractModel => {
  const effective = isoOf(2026, rng.int(1, 10), rng.int(13, 28))
  const { y, m, d } = parseIso(effective)
  const month = date(effective, "long_us").split(" ")[0]
  return {
    type: spec.type,
    title: spec.title,
    parties: spec.parties,
    effective,
    effectiveText: spec.dateStyle === "ordinal" ? `${ordinal(d)} day of ${month}, ${y}` : date(isoOf(y, m, d), spec.dateStyle),
    termMonths: spec.termMonths,
    termText: termText(spec.termMonths, spec.inYears),
    law: spec.law,
    lawArticle: spec.lawArticle ?? ""
  }
}

const fields = (m: ContractModel) => ({
  parties: m.parties.map((p) => p.name),
  effective_date: m.effective,
  term_months: m.termMonths,
  governing_law: m.law,
  contract_type: m.type
})

const pdfContract = async (spec: Spec, m: ContractModel): Promise<Generated> => {
  const pdf = await PdfWriter.create({ size: [612, 792], title: m.title, author: m.parties[0].name })
  const loc = new Locations()
  const margin = { left: 72, width: 468, top: 72, bottom: 72 }
  let top = 90
  const header = () => {
    pdf.text(m.title, 540, 40, { size: 8, font: "serif", align: "right", grey: 0.45 })
    return margin.top
  }
  for (const block of blocksOf(m)) {
    if (block.kind === "title") {
      pdf.text(block.text, 306, top, { size: 14, font: "serifBold", align: "center" })
      top += 30
      continue
    }
    if (top > pdf.height - margin.bottom - 30) {
      pdf.newPage()
      top = header()
    }
    const font = block.kind === "heading" ? "serifBold" : "serif"
    const result = pdf.paragraph(block.text, margin.left, top, {
      maxWidth: margin.width, size: 10.5, font, leading: 14.5, marginTop: margin.top, marginBottom: margin.bottom, onNewPage: header
    })
    for (const span of result.spans) {
      const field = fieldOfKey(span.key)
      loc.add(field, span.text, SEMANTIC[field], span.box)
    }
    top = result.next + (block.kind === "heading" ? 2 : 8)
  }
  // signature block: the party names again, in two columns
  if (top > pdf.height - margin.bottom - 110) {
    pdf.newPage()
    top = header()
  }
  top += 12
  m.parties.forEach((party, i) => {
    const x = i === 0 ? margin.left : 330
    pdf.text(party.role.toUpperCase(), x, top, { size: 9.5, font: "serifBold" })
    loc.add(`parties[${i}]`, party.name, SEMANTIC[`parties[${i}]`], pdf.text(party.name, x, top + 15, { size: 10.5, font: "serif" }))
    pdf.line(x, top + 45, x + 190, top + 45, 0.5, 0.2)
    const by = pdf.textParts(["By: ", ["name", party.signatory]], x, top + 58, { size: 9.5, font: "serif" })
    // a person signing for themself: the party's name again
    if (party.signatory === party.name) loc.add(`parties[${i}]`, party.name, SEMANTIC[`parties[${i}]`], by.name)
    pdf.text(`Title: ${party.title}`, x, top + 72, { size: 9.5, font: "serif" })
  })
  const n = pdf.pageNumber
  for (let i = 1; i <= n; i++) pdf.onPage(i, () => pdf.text(`Page ${i} of ${n}`, 306, pdf.height - 36, { size: 8, font: "serif", align: "center", grey: 0.4 }))
  return {
    id: spec.id, file: `${spec.id}-${spec.type.replace(/_/g, "-")}.pdf`, format: "pdf", type: "contract", notes: spec.notes,
    pages: n, category: "contract", sheets: null, schema_name: "contract", schema: CONTRACT_SCHEMA, fields: fields(m),
    locations: loc.list(), bytes: await pdf.save()
  }
}

const docxContract = (spec: Spec, m: ContractModel): Generated => {
  const parts = blocksOf(m).map((b) =>
    b.kind === "title" ? docxParagraph(stripMarks(b.text), { style: "Title", align: "center" })
    : b.kind === "heading" ? docxParagraph(stripMarks(b.text), { style: "Heading2" })
    : docxParagraph(stripMarks(b.text))
  )
  for (const party of m.parties) {
    parts.push(docxParagraph(""), docxParagraph([{ text: party.role.toUpperCase(), bold: true }]), docxParagraph(party.name),
      docxParagraph("Signature: ______________________"), docxParagraph(`Name: ${party.signatory}`), docxParagraph(`Title: ${party.title}`))
  }
  return {
    id: spec.id, file: `${spec.id}-${spec.type.replace(/_/g, "-")}.docx`, format: "docx", type: "contract", notes: spec.notes,
    pages: null, category: "contract", sheets: null, schema_name: "contract", schema: CONTRACT_SCHEMA, fields: fields(m),
    locations: [], bytes: docx(parts.join(""), { title: m.title, author: m.parties[0].name })
  }
}

const txtContract = (spec: Spec, m: ContractModel): Generated => {
  const t = new TextBuilder()
  blocksOf(m).forEach((b, i) => {
    if (i > 0) t.line()
    t.line(b.text, SEMANTIC)
  })
  for (const party of m.parties) {
    t.line()
    const i = m.parties.indexOf(party)
    t.line(`${party.role.toUpperCase()}: [[parties.${i}|${party.name}]]`, SEMANTIC)
    const signatory = party.signatory === party.name ? `[[parties.${i}|${party.name}]]` : party.signatory
    t.line(`Signature: ____________ Name: ${signatory} Title: ${party.title}`, SEMANTIC)
  }
  return {
    id: spec.id, file: `${spec.id}-${spec.type.replace(/_/g, "-")}.txt`, format: "txt", type: "contract", notes: spec.notes,
    pages: null, category: "contract", sheets: null, schema_name: "contract", schema: CONTRACT_SCHEMA, fields: fields(m),
    locations: t.locations.list(), bytes: utf8(t.toString())
  }
}

export const generateContracts = async (rng: Prng): Promise<Array<Generated>> => {
  const out: Array<Generated> = []
  for (const spec of SPECS) {
    const m = model(rng.fork(spec.id), spec)
    out.push(spec.format === "pdf" ? await pdfContract(spec, m) : spec.format === "docx" ? docxContract(spec, m) : txtContract(spec, m))
  }
  return out
}
