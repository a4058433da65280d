/**
 * `legal`: contracts by kind, corporate records, litigation and regulatory documents — what a
 * legal department or law firm files — and an ontology adding matters, courts, clauses and
 * obligations to the generic one.
 */
import type { DomainDraft, Ontology, TaxonomyClass } from "../domain-definition.js"
import { edge, klass, node } from "./build.js"
import { CORRESPONDENCE_CLASSES, GENERIC_ONTOLOGY } from "./generic.js"

export const LEGAL_CLASSES: ReadonlyArray<TaxonomyClass> = [
  ...CORRESPONDENCE_CLASSES,
  klass("contracts", "master_services_agreement", "A framework agreement governing services over time, under which statements of work or orders are placed.", ["MSA", "framework agreement", "master agreement"], "contract"),
  klass("contracts", "statement_of_work", "A statement of work or order under a framework agreement: scope, deliverables, fees and timeline.", ["SOW", "work order", "service order"], "contract"),
  klass("contracts", "supply_agreement", "An agreement for the sale or supply of goods: products, prices, delivery, warranties.", ["purchase agreement", "sale of goods agreement", "distribution agreement"], "contract"),
  klass("contracts", "non_disclosure_agreement", "An agreement to keep shared information confidential, mutual or one-way.", ["NDA", "confidentiality agreement", "CDA"], "contract"),
  klass("contracts", "employment_contract", "A contract of employment or service agreement between an employer and an employee or executive.", ["employment agreement", "contract of employment", "service agreement"], "contract"),
  klass("contracts", "consultancy_agreement", "An agreement engaging an independent contractor or consultant.", ["contractor agreement", "independent contractor agreement", "consulting agreement"], "contract"),
  klass("contracts", "lease", "A lease or tenancy of property or equipment: landlord, tenant, premises, term, rent, break and repair clauses.", ["tenancy agreement", "rental agreement", "sublease", "equipment lease"], "contract"),
  klass("contracts", "licence_agreement", "An agreement licensing intellectual property or software: scope, territory, royalties, term.", ["license agreement", "EULA", "software licence", "IP licence"], "contract"),
  klass("contracts", "share_purchase_agreement", "An agreement for the sale of shares or a business: price, warranties, indemnities, completion.", ["SPA", "asset purchase agreement", "APA", "acquisition agreement"], "contract"),
  klass("contracts", "shareholders_agreement", "An agreement among shareholders on governance, transfers, pre-emption and exits.", ["SHA", "investors' agreement", "stockholders agreement"], "contract"),
  klass("contracts", "guarantee", "A guarantee, indemnity or security document by which one party answers for another's obligations.", ["surety", "indemnity", "parent company guarantee", "security agreement"], "contract"),
  klass("contracts", "amendment", "An amendment, variation, addendum or side letter modifying an existing agreement.", ["addendum", "variation", "side letter", "deed of variation"], "contract"),
  klass("contracts", "termination_letter", "A notice terminating or not renewing an agreement, or a settlement ending a relationship.", ["notice of termination", "termination notice", "non-renewal notice"]),
  klass("contracts", "letter_of_intent", "A letter of intent, heads of terms or term sheet recording the main terms before a contract.", ["LOI", "heads of terms", "term sheet", "memorandum of understanding", "MOU"]),
  klass("corporate", "articles_of_association", "A company's constitution: articles or certificate of incorporation, bylaws, memorandum of association.", ["bylaws", "articles of incorporation", "certificate of incorporation", "constitution"]),
  klass("corporate", "board_resolution", "A resolution of the board or shareholders, written or passed at a meeting.", ["written resolution", "shareholder resolution", "corporate resolution"]),
  klass("corporate", "board_minutes", "Minutes of a board or shareholders' meeting.", ["minutes of the board", "AGM minutes", "EGM minutes"]),
  klass("corporate", "power_of_attorney", "A document authorising a person to act on another's behalf.", ["POA", "letter of authority", "proxy"]),
  klass("corporate", "register", "A statutory register: members, directors, charges, beneficial owners, or a company registry extract.", ["share register", "register of members", "company extract", "certificate of good standing"]),
  klass("litigation", "claim_form", "A document starting court proceedings: claim form, complaint, petition or writ.", ["complaint", "petition", "writ", "statement of claim"]),
  klass("litigation", "pleading", "A statement of case after the claim: defence, reply, counterclaim, answer.", ["defence", "answer", "counterclaim", "reply"]),
  klass("litigation", "motion", "An application or motion asking the court for an order, with its supporting brief.", ["application", "brief", "skeleton argument"]),
  klass("litigation", "witness_statement", "A witness statement, affidavit or declaration of facts, sworn or verified.", ["affidavit", "declaration", "deposition"]),
  klass("litigation", "judgment", "A court's judgment, order, ruling or decree, or an arbitral award.", ["court order", "ruling", "decree", "arbitral award"]),
  klass("litigation", "settlement_agreement", "An agreement settling a dispute or claim, with release and payment terms.", ["settlement", "release agreement", "compromise agreement"]),
  klass("litigation", "demand_letter", "A letter before action or cease-and-desist demanding that a party pay, act or stop.", ["letter before action", "cease and desist", "letter of claim"]),
  klass("regulatory", "regulatory_filing", "A filing with or submission to a regulator or registry (annual return, licence application, disclosure).", ["regulatory submission", "annual return", "filing"]),
  klass("regulatory", "regulatory_correspondence", "A regulator's letter, enquiry, notice or decision, or the reply to one.", ["regulator letter", "supervisory letter", "enforcement notice"]),
  klass("regulatory", "legal_opinion", "A lawyer's opinion or memorandum of advice on a legal question.", ["opinion letter", "legal memo", "advice note", "counsel's opinion"]),
  klass("property", "title_document", "A deed, title register, transfer or conveyance of real property.", ["deed", "title deed", "land registry extract", "conveyance"]),
  klass("intellectual_property", "ip_registration", "A patent, trade mark or design application or registration certificate.", ["patent", "trademark registration", "design registration"])
]

export const LEGAL_ONTOLOGY: Ontology = {
  node_types: [
    ...GENERIC_ONTOLOGY.node_types,
    node("matter", 2, "A legal matter, case or transaction a file belongs to."),
    node("court", 1, "A court, tribunal or arbitral institution."),
    node("clause", 2, "A clause or provision of a contract (termination, indemnity, governing law)."),
    node("obligation", 2, "A duty a party owes under a contract, law or order, with its deadline."),
    node("jurisdiction", 3, "A governing law or jurisdiction (England and Wales, Delaware).")
  ],
  edge_types: [
    ...GENERIC_ONTOLOGY.edge_types,
    edge("contains_clause", ["contract"], ["clause"], "The contract includes the clause."),
    edge("obliges", ["contract", "clause", "document"], ["obligation"], "The instrument creates the obligation."),
    edge("owed_by", ["obligation"], ["organisation", "person"], "The party must perform the obligation."),
    edge("amends", ["contract", "document"], ["contract"], "The instrument amends or supplements the contract."),
    edge("governed_by", ["contract", "matter"], ["jurisdiction"], "The contract or matter is governed by the law."),
    edge("filed_in", ["document", "matter"], ["court"], "The filing or case is before the court."),
    edge("claimant_in", ["organisation", "person"], ["matter"], "The party brings the claim."),
    edge("respondent_in", ["organisation", "person"], ["matter"], "The party defends the claim."),
    edge("counsel_for", ["organisation", "person"], ["organisation", "person"], "The firm or lawyer acts for the party."),
    edge("concerns", ["document", "contract"], ["matter"], "The document belongs to the matter.")
  ]
}

export const LEGAL: DomainDraft = {
  slug: "legal",
  display_name: "Legal",
  parent_slug: null,
  taxonomy: { classes: LEGAL_CLASSES, allow_other: true },
  ontology: LEGAL_ONTOLOGY
}
