/**
 * `audit`: an external audit engagement's file — acceptance, planning, risk assessment, evidence
 * from the client and from third parties, working papers, reporting and quality review — with the
 * client records auditors test. `audit_private_profit` and `audit_public_non_profit` extend it.
 */
import type { DomainDraft, Ontology, TaxonomyClass } from "../domain-definition.js"
import { edge, klass, node } from "./build.js"
import { CORRESPONDENCE_CLASSES, GENERIC_ONTOLOGY } from "./generic.js"

export const AUDIT_CLASSES: ReadonlyArray<TaxonomyClass> = [
  ...CORRESPONDENCE_CLASSES,
  klass("engagement", "engagement_letter", "The letter agreeing the terms of the audit engagement: scope, responsibilities of auditor and management, fees, reporting.", ["letter of engagement", "terms of engagement", "audit engagement letter"]),
  klass("engagement", "acceptance_and_continuance", "The firm's assessment of whether to accept or continue a client: integrity, independence, competence, risk.", ["client acceptance", "continuance form", "KYC file"]),
  klass("engagement", "independence_declaration", "Independence and ethics confirmations of the engagement team, and non-audit services assessments.", ["independence confirmation", "conflict check", "ethics declaration"]),
  klass("planning", "audit_plan", "The overall audit strategy and plan: scope, timing, team, significant risks and planned responses.", ["audit strategy", "planning memorandum", "audit strategy memorandum"]),
  klass("planning", "materiality", "The materiality calculation: benchmark, overall, performance materiality and clearly trivial threshold.", ["materiality assessment", "materiality worksheet"]),
  klass("planning", "risk_assessment", "The assessment of risks of material misstatement at financial-statement and assertion level, including fraud risks.", ["risk of material misstatement", "RoMM", "fraud risk assessment", "risk register"]),
  klass("planning", "understanding_of_entity", "Documentation of the entity, its environment, industry, and the applicable reporting framework.", ["business understanding", "entity understanding", "permanent file"]),
  klass("planning", "analytical_review", "Preliminary or final analytical procedures: comparisons, ratios and explanations of fluctuations.", ["analytics", "flux analysis", "variance analysis"]),
  klass("controls", "walkthrough", "A walkthrough documenting a process end to end and the controls in it.", ["process narrative", "flowchart", "process walkthrough"]),
  klass("controls", "controls_testing", "Tests of design and operating effectiveness of internal controls, with samples and results.", ["test of controls", "ToC", "controls matrix", "RCM"]),
  klass("controls", "it_general_controls", "Assessment of IT general controls: access, change management, operations.", ["ITGC", "IT controls review"]),
  klass("evidence", "working_paper", "An audit working paper documenting a procedure on an area: objective, work done, results, conclusion, preparer and reviewer sign-off.", ["workpaper", "WP", "lead schedule", "audit schedule"]),
  klass("evidence", "sample_selection", "The selection of items for testing: population, sampling method, sample size and items chosen.", ["sampling", "sample plan", "audit sample"]),
  klass("evidence", "substantive_test", "Substantive tests of details on a balance or class of transactions: vouching, tracing, recalculation.", ["test of details", "vouching", "substantive procedures"]),
  klass("evidence", "confirmation", "An external confirmation request or reply: bank, receivables, payables, legal, or third-party confirmation.", ["bank confirmation", "debtor circularisation", "third-party confirmation", "legal letter"]),
  klass("evidence", "inventory_observation", "Attendance at the physical inventory count: instructions, test counts and conclusions.", ["stock take attendance", "inventory count observation"]),
  klass("evidence", "client_request_list", "The list of documents and information requested from the client, with status.", ["PBC list", "prepared by client list", "request list", "information request"]),
  klass("client_records", "trial_balance", "The client's trial balance used for the audit, often with adjustments and mapping to the financial statements.", ["TB", "adjusted trial balance", "ETB"]),
  klass("client_records", "general_ledger", "The client's general ledger or journal listing extracted for testing.", ["GL", "GL extract", "journal listing"]),
  klass("client_records", "bank_statement", "The client's bank statements obtained as evidence.", ["bank extract", "account statement"]),
  klass("client_records", "supporting_document", "Client source documents supporting sampled items: invoices, contracts, receipts, delivery notes.", ["supporting evidence", "source document", "vouching support"]),
  klass("client_records", "financial_statements_draft", "The client's draft financial statements and notes under audit.", ["draft accounts", "draft financial statements", "FS draft"]),
  klass("completion", "audit_adjustments", "The schedule of corrected and uncorrected misstatements and proposed audit adjustments.", ["SUM", "summary of unadjusted misstatements", "adjusting entries", "AJEs"]),
  klass("completion", "going_concern", "The assessment of the entity's ability to continue as a going concern, with forecasts and conclusions.", ["going concern assessment", "GC memo"]),
  klass("completion", "subsequent_events", "Review of events after the reporting date up to the report date.", ["post balance sheet events", "subsequent events review"]),
  klass("completion", "representation_letter", "Management's written representations to the auditor.", ["management representation letter", "rep letter", "letter of representation"]),
  klass("completion", "completion_memo", "The completion memorandum or summary of the audit: key findings, judgements, and the conclusion.", ["audit completion memorandum", "summary memo", "clearance memo"]),
  klass("reporting", "audit_report", "The independent auditor's report expressing an opinion on the financial statements (unmodified, qualified, adverse, disclaimer).", ["auditor's report", "audit opinion", "independent auditor's report"]),
  klass("reporting", "management_letter", "The letter to management or those charged with governance on control deficiencies and recommendations.", ["letter of recommendations", "internal control letter", "management points"]),
  klass("reporting", "governance_communication", "Communication with those charged with governance or the audit committee: scope, findings, independence.", ["audit committee report", "ISA 260 report", "AU-C 260 letter", "report to those charged with governance"]),
  klass("quality", "review_notes", "Review notes and their clearance by engagement partner, manager or quality reviewer.", ["review points", "coaching notes", "EQCR notes"]),
  klass("quality", "quality_review", "Engagement quality review or inspection documentation.", ["EQR", "engagement quality review", "cold review", "file inspection"])
]

export const AUDIT_ONTOLOGY: Ontology = {
  node_types: [
    ...GENERIC_ONTOLOGY.node_types,
    node("engagement", 2, "An audit engagement: client, period, framework, firm."),
    node("audit_area", 2, "An area or account balance audited (revenue, inventory, payroll)."),
    node("risk", 2, "A risk of material misstatement, with its assertion and significance."),
    node("control", 2, "An internal control the entity operates."),
    node("procedure", 2, "An audit procedure performed (test of controls, test of details, analytics)."),
    node("finding", 2, "An audit finding: misstatement, deficiency or exception."),
    node("assertion", 3, "A financial statement assertion: existence, completeness, accuracy, valuation, cut-off, rights and obligations, presentation."),
    node("period", 3, "The financial period under audit.")
  ],
  edge_types: [
    ...GENERIC_ONTOLOGY.edge_types,
    edge("audits", ["organisation"], ["organisation"], "The audit firm audits the client."),
    edge("engagement_of", ["engagement"], ["organisation"], "The engagement is for the audited entity."),
    edge("covers_period", ["engagement", "document"], ["period"], "The engagement or document covers the period."),
    edge("addresses_risk", ["procedure", "control"], ["risk"], "The procedure or control responds to the risk."),
    edge("relates_to_area", ["risk", "procedure", "finding", "document"], ["audit_area"], "The item concerns the audit area."),
    edge("tests", ["procedure"], ["control", "assertion", "audit_area"], "The procedure tests the control, assertion or area."),
    edge("affects_assertion", ["risk", "finding"], ["assertion"], "The risk or finding bears on the assertion."),
    edge("evidenced_by", ["procedure", "finding"], ["document"], "The procedure's evidence or the finding's support is in the document."),
    edge("reported_in", ["finding"], ["document"], "The finding is reported in the letter or report."),
    edge("prepared_by", ["document"], ["person"], "The working paper was prepared by the person."),
    edge("reviewed_by", ["document"], ["person"], "The working paper was reviewed by the person.")
  ]
}

export const AUDIT: DomainDraft = {
  slug: "audit",
  display_name: "Audit",
  parent_slug: null,
  taxonomy: { classes: AUDIT_CLASSES, allow_other: true },
  ontology: AUDIT_ONTOLOGY
}
