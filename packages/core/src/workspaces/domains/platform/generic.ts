/**
 * `generic`: the everyday documents of any organisation, and the generic ontology — the default
 * ontology of a tenant domain that declares none (spec 3, "POST /v1/domains") and the base every
 * platform domain's ontology extends.
 */
import type { DomainDraft, Ontology, TaxonomyClass } from "../domain-definition.js"
import { edge, klass, node } from "./build.js"

const PARTIES = ["organisation", "person"]
const INSTRUMENTS = ["document", "contract", "account", "project", "product", "event"]

export const GENERIC_ONTOLOGY: Ontology = {
  node_types: [
    node("organisation", 1, "A company, public body, charity, partnership or other legal entity, or a unit of one (department, branch)."),
    node("person", 1, "A natural person named in a document: signatory, employee, customer, contact, witness."),
    node("place", 1, "A location: address, site, city, region or country."),
    node("document", 2, "A document or record as a whole: letter, report, form, spreadsheet, file."),
    node("contract", 2, "An agreement binding two or more parties: contract, order, engagement, lease, policy."),
    node("account", 2, "An account held with or by an organisation: bank account, customer or supplier account, ledger account."),
    node("project", 2, "A project, programme or matter work is organised around."),
    node("product", 2, "A good, service or asset bought, sold, held or described."),
    node("event", 2, "Something that happened or is scheduled: a meeting, transaction, incident, deadline."),
    node("amount", 3, "A sum of money with its currency, or a quantity with its unit."),
    node("date", 3, "A calendar date or period (effective date, due date, fiscal year)."),
    node("identifier", 3, "A reference number or code: invoice number, registration number, tax id, IBAN, policy number.")
  ],
  edge_types: [
    edge("party_to", PARTIES, ["contract"], "The organisation or person is a party to the contract."),
    edge("employed_by", ["person"], ["organisation"], "The person works for the organisation (employee, officer, contractor)."),
    edge("represents", ["person"], ["organisation"], "The person acts for the organisation (director, agent, attorney, contact)."),
    edge("subsidiary_of", ["organisation"], ["organisation"], "The first organisation is owned or controlled by the second."),
    edge("signed_by", ["document", "contract"], PARTIES, "The document or contract bears the signature of the party."),
    edge("located_in", ["organisation", "person", "place", "event", "product"], ["place"], "Is situated, registered or resident at the place."),
    edge("mentions", ["document"], [...PARTIES, "place", ...INSTRUMENTS], "The document names the entity without a more specific relation."),
    edge("issued_by", ["document", "contract", "identifier", "account"], PARTIES, "The document, instrument or identifier was issued by the party."),
    edge("addressed_to", ["document"], PARTIES, "The document is sent or addressed to the party."),
    edge("amount_of", ["amount"], [...INSTRUMENTS], "The amount is a value stated for the instrument (price, total, balance, limit)."),
    edge("dated", ["document", "contract", "event", "account"], ["date"], "The date is when the item was made, takes effect, is due or ends."),
    edge("identified_by", [...PARTIES, ...INSTRUMENTS], ["identifier"], "The identifier names the entity (registration number, account number, reference)."),
    edge("holds", PARTIES, ["account", "product"], "The party holds or owns the account or asset."),
    edge("supplies", ["organisation", "person"], [...PARTIES, "product"], "Sells or provides goods or services to the party, or provides the product."),
    edge("refers_to", ["document", "contract"], ["document", "contract", "project", "event"], "The document concerns or cites another document, contract, project or event."),
    edge("participates_in", PARTIES, ["project", "event"], "The party takes part in the project or event (attendee, member, sponsor).")
  ]
}

export const GENERIC_CLASSES: ReadonlyArray<TaxonomyClass> = [
  klass("correspondence", "letter", "A formal letter on paper or letterhead from one party to another, with sender, recipient, date, salutation and signature.", ["cover letter", "business letter"]),
  klass("correspondence", "email", "An email message or exported email thread with From, To, Subject and Sent headers.", ["e-mail", "mail message", "email thread"]),
  klass("correspondence", "memo", "An internal memorandum addressed to staff or a team with To, From, Date and Subject lines.", ["memorandum", "internal memo", "note to file"]),
  klass("correspondence", "notice", "A formal notice informing a party of a fact, change, demand or deadline (notice of termination, price change, default).", ["notification", "formal notice"]),
  klass("agreements", "contract", "A contract or agreement setting out terms between parties, with clauses, term, obligations and signatures.", ["agreement", "terms and conditions"]),
  klass("agreements", "purchase_order", "A buyer's order to a supplier listing items, quantities, prices and delivery terms, with a PO number.", ["PO", "order form"]),
  klass("agreements", "quotation", "A supplier's offer of prices for goods or services, valid for a period, before an order is placed.", ["quote", "estimate", "proposal of price"]),
  klass("finance", "invoice", "A request for payment issued by a seller listing goods or services, amounts, taxes, invoice number and due date.", ["bill", "tax invoice"]),
  klass("finance", "receipt", "Proof that a payment was received: till receipt, payment receipt or acknowledgement of funds.", ["payment receipt", "till slip"]),
  klass("finance", "statement", "A periodic statement of transactions and balance from a bank, supplier or card issuer.", ["account statement", "bank statement", "SOA"]),
  klass("finance", "expense_claim", "An employee's claim for reimbursement of business expenses, with receipts and approvals.", ["expense report", "reimbursement form"]),
  klass("reports", "report", "A structured report presenting findings, analysis or status on a subject, with sections and often an executive summary.", ["status report", "analysis"]),
  klass("reports", "presentation", "A slide deck for a meeting, pitch or briefing.", ["slide deck", "slides", "deck"]),
  klass("reports", "spreadsheet", "A workbook of tabular data, calculations or lists that is not a specific financial statement.", ["workbook", "data sheet"]),
  klass("reports", "proposal", "A document proposing work, a project or a purchase for approval, with scope, approach and cost.", ["business case", "bid", "tender response"]),
  klass("governance", "policy", "An organisation's policy or procedure document stating rules staff must follow (HR, IT, security, expenses).", ["procedure", "standard operating procedure", "SOP", "handbook"]),
  klass("governance", "minutes", "The record of a meeting: attendees, agenda items discussed, decisions and actions.", ["meeting minutes", "minutes of meeting"]),
  klass("governance", "agenda", "The list of items to be discussed at a forthcoming meeting.", ["meeting agenda", "order of business"]),
  klass("governance", "organisation_chart", "A chart of an organisation's structure: units, reporting lines, roles.", ["org chart", "organogram"]),
  klass("forms", "form", "A completed or blank form with labelled fields: application, registration, request or declaration.", ["application form", "questionnaire"]),
  klass("forms", "certificate", "A certificate attesting a fact: registration, completion, compliance, qualification or incorporation.", ["attestation", "certification"]),
  klass("forms", "identity_document", "A personal identity document: passport, national id card, driving licence, residence permit.", ["ID", "passport", "driving licence"]),
  klass("people", "cv", "A curriculum vitae or résumé describing a person's education, experience and skills.", ["resume", "résumé", "curriculum vitae"]),
  klass("people", "employment_record", "A record of employment: offer letter, employment contract, job description, appraisal or leave record.", ["HR record", "personnel file", "offer letter"]),
  klass("operations", "technical_document", "A technical specification, manual, drawing or design document describing how something is built or works.", ["specification", "manual", "user guide", "datasheet"]),
  klass("operations", "plan", "A plan or schedule of work: project plan, timeline, work programme or roadmap.", ["schedule", "project plan", "roadmap", "timeline"]),
  klass("operations", "delivery_note", "A document accompanying a shipment listing the goods delivered, signed on receipt.", ["packing slip", "goods received note", "GRN", "waybill"]),
  klass("operations", "log", "A chronological log or register of entries: visitors, incidents, maintenance or activity.", ["register", "logbook"]),
  klass("media", "image", "A photograph, scan or picture with little or no text (site photo, scanned image).", ["photo", "picture", "scan"]),
  klass("media", "audio_video", "A recording of a call, meeting or event, or its transcript.", ["recording", "transcript", "video"])
]

export const GENERIC: DomainDraft = {
  slug: "generic",
  display_name: "Generic",
  parent_slug: null,
  taxonomy: { classes: GENERIC_CLASSES, allow_other: true },
  ontology: GENERIC_ONTOLOGY
}

/** Letters, emails, memos and notices: every specialist domain's workspaces hold them too. */
export const CORRESPONDENCE_CLASSES: ReadonlyArray<TaxonomyClass> = GENERIC_CLASSES.filter((c) => c.group === "correspondence")
