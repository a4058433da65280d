/**
 * `audit_private_profit`: an audit of a private, for-profit company. Declares only what it adds to
 * `audit`: owner-managed and financing matters (covenants, related parties, equity), tax, and the
 * reviews and compilations private companies often take instead of an audit.
 */
import type { DomainDraft } from "../domain-definition.js"
import { edge, klass, node } from "./build.js"

export const AUDIT_PRIVATE_PROFIT: DomainDraft = {
  slug: "audit_private_profit",
  display_name: "Audit — private for-profit entities",
  parent_slug: "audit",
  taxonomy: {
    classes: [
      klass("financing", "debt_covenant_compliance", "Loan covenant calculations and compliance certificates sent to lenders, and the auditor's work on them.", ["covenant compliance certificate", "covenant calculation", "lender compliance letter"]),
      klass("financing", "loan_agreement", "The entity's loan and credit facility agreements reviewed for terms, security and covenants.", ["facility agreement", "credit agreement", "term loan"], "contract"),
      klass("equity", "capitalisation_table", "The cap table, share register and equity transactions: issues, buy-backs, options and warrants.", ["cap table", "capitalization table", "share capital schedule"]),
      klass("equity", "share_based_payment", "Stock option plans, grants and the valuation and expense of share-based payments.", ["stock option plan", "ESOP", "stock compensation", "409A valuation"]),
      klass("governance", "shareholder_agreement", "Shareholders' agreements and investor rights affecting control, classification and disclosure.", ["shareholders agreement", "investor rights agreement"], "contract"),
      klass("related_parties", "related_party_schedule", "The list of related parties and transactions with owners, directors and their entities, and the testing of them.", ["related party transactions", "RPT schedule", "director loans"]),
      klass("transactions", "business_combination", "Acquisition accounting: purchase price allocation, goodwill, earn-outs and valuation reports.", ["purchase price allocation", "PPA", "acquisition accounting", "earn-out"]),
      klass("transactions", "valuation_report", "An independent valuation of a business, intangible assets, or financial instruments used in the accounts.", ["fair value report", "impairment test", "business valuation"]),
      klass("tax", "income_tax_provision", "The current and deferred income tax provision and its reconciliation to the tax return.", ["tax provision", "deferred tax computation", "ASC 740 workpaper"]),
      klass("tax", "corporate_tax_return", "The company's filed corporate income tax return.", ["corporation tax return", "Form 1120", "CT600"], "tax_return"),
      klass("revenue", "revenue_contract_review", "Review of customer contracts for revenue recognition: performance obligations, variable consideration, timing.", ["ASC 606 memo", "IFRS 15 analysis", "contract review"]),
      klass("other_engagements", "review_engagement_report", "A review engagement's procedures and limited-assurance report.", ["review report", "SSARS review", "ISRE 2400 report"]),
      klass("other_engagements", "compilation_report", "A compilation engagement's report on financial statements prepared by the accountant.", ["compilation", "accountant's compilation report", "ISRS 4410 report"]),
      klass("owner_managed", "owner_management_override", "Documentation of management override risk in owner-managed businesses: owner transactions, personal expenses, journal testing.", ["owner transactions", "management override testing", "journal entry testing"])
    ],
    allow_other: true
  },
  ontology: {
    node_types: [
      node("shareholder", 1, "An owner of shares or equity interests in the company."),
      node("covenant", 2, "A financial or information covenant in a loan agreement, with its threshold."),
      node("security_instrument", 2, "A share class, option, warrant or convertible instrument.")
    ],
    edge_types: [
      edge("owns_shares_in", ["shareholder", "organisation", "person"], ["organisation"], "Holds equity in the company."),
      edge("related_party_of", ["organisation", "person"], ["organisation"], "The party is a related party of the entity."),
      edge("covenant_of", ["covenant"], ["contract"], "The covenant is a term of the loan agreement."),
      edge("tested_against", ["covenant"], ["amount"], "The covenant is measured against the amount."),
      edge("issued_instrument", ["organisation"], ["security_instrument"], "The company issued the instrument."),
      edge("holds_instrument", ["shareholder", "person", "organisation"], ["security_instrument"], "The holder owns the instrument.")
    ]
  }
}
