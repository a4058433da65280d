/**
 * `audit_public_non_profit`: an audit of a government body or not-for-profit organisation.
 * Declares only what it adds to `audit`: the single audit of federal awards (Uniform Guidance),
 * grant compliance, fund accounting and the statements and filings of public and non-profit
 * entities (GASB, ASC 958, Form 990).
 */
import type { DomainDraft } from "../domain-definition.js"
import { edge, klass, node } from "./build.js"

export const AUDIT_PUBLIC_NON_PROFIT: DomainDraft = {
  slug: "audit_public_non_profit",
  display_name: "Audit — public sector and non-profit entities",
  parent_slug: "audit",
  taxonomy: {
    classes: [
      klass("single_audit", "sefa", "The schedule of expenditures of federal awards: programs by assistance listing (CFDA) number, pass-through entity and expenditures.", ["schedule of expenditures of federal awards", "SEFA schedule", "federal awards schedule"]),
      klass("single_audit", "major_program_determination", "The risk-based determination of major programs: type A/B thresholds and program risk assessments.", ["major program determination", "type A/B program assessment"]),
      klass("single_audit", "compliance_testing", "Tests of compliance with federal program requirements (allowable costs, eligibility, reporting, procurement, subrecipient monitoring) per the Compliance Supplement.", ["compliance supplement testing", "compliance requirements matrix", "Uniform Guidance testing"]),
      klass("single_audit", "findings_and_questioned_costs", "The schedule of findings and questioned costs, and compliance findings with criteria, condition, cause, effect and recommendation.", ["schedule of findings", "questioned costs", "compliance findings"]),
      klass("single_audit", "corrective_action_plan", "Management's corrective action plan responding to audit findings, and the summary schedule of prior audit findings.", ["CAP", "summary schedule of prior audit findings", "management response"]),
      klass("single_audit", "data_collection_form", "The Federal Audit Clearinghouse data collection form (SF-SAC) and its submission.", ["SF-SAC", "FAC submission", "Federal Audit Clearinghouse form"]),
      klass("single_audit", "compliance_report", "The auditor's reports on compliance for each major program and on internal control over compliance, and the Yellow Book report.", ["single audit report", "Yellow Book report", "report on compliance", "GAGAS report"]),
      klass("grants", "grant_agreement", "A grant or cooperative agreement, award letter or subaward setting terms, budget, period of performance and conditions.", ["award letter", "notice of award", "NOA", "subaward agreement", "cooperative agreement"], "contract"),
      klass("grants", "grant_financial_report", "A financial report to a grantor on expenditure of an award (SF-425 or a funder's form) or a drawdown request.", ["SF-425", "federal financial report", "drawdown request", "reimbursement request"]),
      klass("grants", "indirect_cost_rate", "A negotiated indirect cost rate agreement or cost allocation plan.", ["NICRA", "indirect cost rate agreement", "cost allocation plan", "de minimis rate"]),
      klass("grants", "time_and_effort", "Time and effort certifications or payroll distribution records charging staff to awards.", ["effort certification", "personnel activity report", "time and effort report"]),
      klass("grants", "procurement_file", "Procurement documentation for purchases charged to public funds: bids, quotes, sole source justification, suspension and debarment checks.", ["bid file", "sole source justification", "debarment check", "procurement record"]),
      klass("fund_accounting", "fund_statements", "Fund financial statements: balance sheets and statements of revenues, expenditures and changes in fund balance by fund.", ["governmental fund statements", "fund balance sheet", "statement of revenues, expenditures and changes in fund balances"]),
      klass("fund_accounting", "government_wide_statements", "Government-wide statements of net position and activities (GASB 34), or the annual comprehensive financial report.", ["statement of net position", "ACFR", "CAFR", "annual comprehensive financial report"]),
      klass("fund_accounting", "budgetary_comparison", "Budget-to-actual comparison schedules and appropriation records.", ["budget to actual", "budgetary comparison schedule", "appropriation ledger"]),
      klass("fund_accounting", "net_asset_classification", "Net assets with and without donor restrictions, releases from restriction, and the supporting gift agreements.", ["donor restrictions", "restricted funds schedule", "release from restriction"]),
      klass("non_profit", "statement_of_activities", "A not-for-profit's statement of activities and statement of functional expenses (program, management and general, fundraising).", ["statement of functional expenses", "functional expense allocation", "statement of financial activities", "SOFA"]),
      klass("non_profit", "donation_record", "Gift agreements, pledges, donor acknowledgements and in-kind contribution records.", ["gift agreement", "pledge", "donor acknowledgement", "in-kind contribution"]),
      klass("non_profit", "form_990", "The organisation's annual information return (Form 990 and schedules) or charity annual return.", ["Form 990", "990 return", "charity annual return"], "tax_return"),
      klass("public_sector", "legislative_authority", "Laws, ordinances, resolutions and board approvals authorising budgets, taxes, debt or spending.", ["ordinance", "appropriation act", "enabling legislation"]),
      klass("public_sector", "pension_opeb", "Actuarial valuations and census data for pensions and other postemployment benefits (GASB 68/75).", ["GASB 68 report", "OPEB valuation", "pension actuarial valuation"])
    ],
    allow_other: true
  },
  ontology: {
    node_types: [
      node("grantor", 1, "A funding agency, foundation or pass-through entity that awards funds."),
      node("award", 2, "A grant, contract or cooperative agreement award with its number and period of performance."),
      node("program", 2, "A federal or funded program, with its assistance listing (CFDA) number."),
      node("fund", 2, "A fund of fund accounting (general, special revenue, capital projects, restricted)."),
      node("compliance_requirement", 3, "A compliance requirement of a program (allowable costs, eligibility, reporting).")
    ],
    edge_types: [
      edge("awarded_by", ["award"], ["grantor", "organisation"], "The award was made by the grantor."),
      edge("awarded_to", ["award"], ["organisation"], "The recipient or subrecipient of the award."),
      edge("funds_program", ["award"], ["program"], "The award funds the program."),
      edge("passed_through", ["award"], ["organisation"], "The award came through the pass-through entity."),
      edge("accounted_in", ["award", "account", "amount"], ["fund"], "The award, account or amount is recorded in the fund."),
      edge("subject_to", ["program", "award"], ["compliance_requirement"], "The program must comply with the requirement."),
      edge("finding_on", ["finding"], ["program", "compliance_requirement"], "The finding concerns the program or requirement.")
    ]
  }
}
