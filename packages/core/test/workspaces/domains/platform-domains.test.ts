import { describe, expect, it } from "vitest"
import { RESERVED_DOMAIN_SLUGS } from "../../../src/workspaces/domains/domain-definition.js"
import { effectiveDomain } from "../../../src/workspaces/domains/inheritance.js"
import { GENERIC_ONTOLOGY, PLATFORM_DOMAINS, platformDomain } from "../../../src/workspaces/domains/platform/index.js"
import { validateDomain } from "../../../src/workspaces/domains/validate-domain.js"

const resolved = (slug: string) => {
  const d = platformDomain(slug)!
  const parent = d.parent_slug === null ? null : effectiveDomain(platformDomain(d.parent_slug)!, null)
  return { draft: d, parent, effective: effectiveDomain(d, parent) }
}

const categories = (slug: string) => resolved(slug).effective.taxonomy.classes.map((c) => `${c.group}/${c.subgroup}`)
const aliases = (slug: string) => resolved(slug).effective.taxonomy.classes.flatMap((c) => c.aliases.map((a) => a.toLowerCase()))

describe("platform domains", () => {
  it("are the seven reserved slugs, parents before children", () => {
    expect(PLATFORM_DOMAINS.map((d) => d.slug)).toEqual(RESERVED_DOMAIN_SLUGS)
    PLATFORM_DOMAINS.forEach((d, i) => {
      if (d.parent_slug !== null) expect(PLATFORM_DOMAINS.findIndex((p) => p.slug === d.parent_slug)).toBeLessThan(i)
    })
    expect(PLATFORM_DOMAINS.filter((d) => d.parent_slug !== null).map((d) => [d.slug, d.parent_slug])).toEqual([
      ["audit_private_profit", "audit"],
      ["audit_public_non_profit", "audit"]
    ])
  })

  it.each([
    ["generic", 30, 12, 16],
    ["financial", 42, 18, 26],
    ["legal", 35, 17, 26],
    ["insurance", 30, 17, 25],
    ["audit", 36, 20, 27],
    ["audit_private_profit", 50, 23, 33],
    ["audit_public_non_profit", 57, 25, 34]
  ])("%s passes validation with %i classes, %i node types, %i edge types (inheritance resolved)", (slug, classes, nodes, edges) => {
    const { draft, parent } = resolved(slug)
    const v = validateDomain(draft, parent)
    expect(v.errors).toEqual([])
    expect(v.valid).toBe(true)
    expect([v.effective_class_count, v.effective_node_type_count, v.effective_edge_type_count]).toEqual([classes, nodes, edges])
  })

  it("audit's children declare only what they add: none of their classes or types repeats the parent's", () => {
    const audit = platformDomain("audit")!
    for (const slug of ["audit_private_profit", "audit_public_non_profit"]) {
      const child = platformDomain(slug)!
      const v = validateDomain(child, audit)
      expect(v.effective_class_count).toBe(audit.taxonomy.classes.length + child.taxonomy.classes.length)
      expect(v.effective_node_type_count).toBe(audit.ontology.node_types.length + child.ontology.node_types.length)
      expect(v.effective_edge_type_count).toBe(audit.ontology.edge_types.length + child.ontology.edge_types.length)
    }
  })

  it("every class has a description a classifier can use and at least one alias", () => {
    for (const d of PLATFORM_DOMAINS) {
      for (const c of d.taxonomy.classes) {
        expect(c.description.length, `${d.slug} ${c.subgroup}`).toBeGreaterThan(30)
        expect(c.aliases.length, `${d.slug} ${c.subgroup}`).toBeGreaterThan(0)
        expect(c.document_type).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/)
      }
    }
  })

  it("hold what a practitioner expects", () => {
    expect(categories("generic")).toEqual(expect.arrayContaining(["correspondence/letter", "agreements/contract", "finance/invoice", "reports/presentation", "reports/spreadsheet", "forms/form", "governance/policy", "governance/minutes"]))
    expect(aliases("generic")).toEqual(expect.arrayContaining(["bill", "soa"]))
    expect(categories("financial")).toEqual(expect.arrayContaining([
      "accounts_payable/supplier_invoice", "accounts_payable/purchase_order", "accounts_payable/remittance_advice", "accounts_receivable/credit_note",
      "banking/bank_statement", "accounting_records/general_ledger", "accounting_records/trial_balance", "accounting_records/journal_entry",
      "financial_statements/balance_sheet", "financial_statements/income_statement", "financial_statements/cash_flow_statement",
      "payroll/payslip", "planning/budget", "tax/tax_return"
    ]))
    expect(aliases("financial")).toEqual(expect.arrayContaining(["bill", "soa", "p&l", "tb", "pay stub"]))
    expect(categories("legal")).toEqual(expect.arrayContaining(["contracts/non_disclosure_agreement", "contracts/lease", "litigation/judgment", "corporate/power_of_attorney", "corporate/board_resolution"]))
    expect(categories("insurance")).toEqual(expect.arrayContaining(["policy/policy_schedule", "policy/endorsement", "claims/first_notice_of_loss", "claims/loss_run", "policy/certificate_of_insurance", "delegated_authority/bordereau"]))
    expect(categories("audit")).toEqual(expect.arrayContaining(["engagement/engagement_letter", "evidence/working_paper", "evidence/confirmation", "reporting/management_letter", "reporting/audit_report", "planning/risk_assessment", "evidence/sample_selection"]))
    expect(categories("audit_public_non_profit")).toEqual(expect.arrayContaining(["engagement/engagement_letter", "single_audit/sefa", "grants/grant_agreement", "fund_accounting/fund_statements", "non_profit/form_990"]))
    expect(categories("audit_private_profit")).toEqual(expect.arrayContaining(["evidence/working_paper", "financing/debt_covenant_compliance", "related_parties/related_party_schedule"]))
    expect(categories("audit_private_profit")).not.toContain("single_audit/sefa")
  })

  it("every ontology extends the generic one", () => {
    const names = GENERIC_ONTOLOGY.node_types.map((t) => t.name)
    expect(names).toEqual(expect.arrayContaining(["organisation", "person", "place", "document", "contract", "amount", "date", "identifier"]))
    expect(GENERIC_ONTOLOGY.edge_types.map((t) => t.name)).toEqual(expect.arrayContaining(["party_to", "employed_by", "subsidiary_of", "signed_by", "located_in", "mentions", "issued_by", "addressed_to", "amount_of", "dated"]))
    for (const slug of RESERVED_DOMAIN_SLUGS) {
      expect(resolved(slug).effective.ontology.node_types.map((t) => t.name)).toEqual(expect.arrayContaining(names))
    }
  })
})
