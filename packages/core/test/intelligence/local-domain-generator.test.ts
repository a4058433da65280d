import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { DomainGenerator, settleGeneratedDomain } from "../../src/intelligence/domain-generator.js"
import { generateDomainLocally, LocalDomainGeneratorLive, namedDocumentKinds } from "../../src/intelligence/local/local-domain-generator.js"
import { RESERVED_DOMAIN_SLUGS } from "../../src/workspaces/domains/domain-definition.js"
import { GENERIC_ONTOLOGY } from "../../src/workspaces/domains/platform/index.js"
import { validateDomain } from "../../src/workspaces/domains/validate-domain.js"

const categoriesOf = (g: ReturnType<typeof generateDomainLocally>) => g.taxonomy.classes.map((c) => `${c.group}/${c.subgroup}`)
const nodeNames = (g: ReturnType<typeof generateDomainLocally>) => g.ontology.node_types.map((t) => t.name)

const valid = (g: ReturnType<typeof generateDomainLocally>) =>
  validateDomain({ slug: g.suggested_slug, display_name: g.suggested_display_name, parent_slug: null, taxonomy: g.taxonomy, ontology: g.ontology }, null)

const DESCRIPTIONS = [
  "A property management company: leases, tenant correspondence, maintenance work orders, rent rolls.",
  "We are an aviation maintenance firm. We keep maintenance logs and safety certificates for every aircraft, plus invoices from parts suppliers.",
  "Hospital billing: patient invoices, insurance claims, remittance advices and medical records.",
  "financial documents",
  "An insurance broker placing property and casualty risks, handling submissions, quotes, binders, endorsements and claims.",
  "",
  "!!! ??? 123",
  "Audit of a public non-profit: single audit, grant agreements, fund statements and Form 990.",
  `Legal: ${"contracts, ".repeat(3000)}`
]

describe("local domain generator", () => {
  it("a property management company: its named kinds, the platform lease, tenant entities, a sensible name", () => {
    const g = generateDomainLocally({ description: DESCRIPTIONS[0]! })
    const cats = categoriesOf(g)
    expect(cats).toContain("contracts/lease")
    expect(cats).toEqual(expect.arrayContaining(["correspondence/tenant_correspondence", "rent/rent_roll", "correspondence/letter", "correspondence/email"]))
    expect(cats.some((c) => c.endsWith("/maintenance_work_order"))).toBe(true)
    // nothing matched only by the company's own words ("management")
    expect(cats.some((c) => c.includes("management"))).toBe(false)
    const rentRoll = g.taxonomy.classes.find((c) => c.subgroup === "rent_roll")!
    expect(rentRoll.aliases).toEqual(["rent rolls"])
    expect(rentRoll.description).toContain("leases, tenant correspondence, maintenance work orders, rent rolls")
    expect(nodeNames(g)).toEqual(expect.arrayContaining(["organisation", "person", "contract", "property", "tenant"]))
    expect(g.ontology.edge_types.find((e) => e.name === "party_to")!.from_types).toContain("tenant")
    expect(g.ontology.edge_types.find((e) => e.name === "about")!.to_types).toEqual(expect.arrayContaining(["property", "tenant"]))
    expect(g.suggested_slug).toBe("property_management")
    expect(g.suggested_display_name).toBe("Property management")
  })

  it("finds document kinds in free text and groups them with the platform class of the same head noun", () => {
    const g = generateDomainLocally({ description: DESCRIPTIONS[1]! })
    const cats = categoriesOf(g)
    expect(cats).toEqual(expect.arrayContaining(["operations/maintenance_log", "forms/safety_certificate", "finance/invoice", "operations/log"]))
    expect(nodeNames(g)).toEqual(expect.arrayContaining(["aircraft", "supplier"]))
    expect(g.suggested_slug).toBe("aviation_maintenance")
    expect(namedDocumentKinds(DESCRIPTIONS[1]!).map((k) => k.words.join(" "))).toEqual(["maintenance logs", "safety certificates", "invoices"])
  })

  it("a construction contractor: one class per named kind, platform classes only when they share more than one word", () => {
    const g = generateDomainLocally({ description: "A construction contractor. Site diaries, building permits, subcontractor agreements, change orders and progress payment claims." })
    const cats = categoriesOf(g)
    expect(cats).toEqual(expect.arrayContaining(["site/site_diary", "building/building_permit", "agreements/subcontractor_agreement", "agreements/change_order", "claims/progress_payment_claim"]))
    // "agreements" alone does not bring in every kind of agreement
    expect(cats).not.toContain("contracts/non_disclosure_agreement")
    expect(cats).not.toContain("contracts/share_purchase_agreement")
    expect(nodeNames(g)).toEqual(expect.arrayContaining(["contractor", "subcontractor", "site", "building", "permit"]))
    expect(g.suggested_slug).toBe("construction_contractor")
  })

  it("names a kind only by whole words: 'payroll reports' is not the generic report, 'VAT returns' not Form 990", () => {
    const g = generateDomainLocally({ description: "A small accounting practice: bank statements, invoices, receipts, payroll reports, VAT returns and trial balances for our clients." })
    const cats = categoriesOf(g)
    expect(cats).toEqual(expect.arrayContaining(["banking/bank_statement", "finance/invoice", "finance/receipt", "payroll/payroll_report", "tax/tax_return", "accounting_records/trial_balance"]))
    expect(cats).not.toContain("reports/report")
    expect(cats).not.toContain("non_profit/form_990")
    // the list item ends before "for our clients"; trial balances are a platform class
    expect(cats.filter((c) => c.includes("trial"))).toEqual(["accounting_records/trial_balance"])
  })

  it("takes the ontology of the platform domain its classes come from", () => {
    const hospital = generateDomainLocally({ description: DESCRIPTIONS[2]! })
    expect(categoriesOf(hospital)).toEqual(expect.arrayContaining(["accounts_payable/remittance_advice", "claims/insurance_claim", "finance/patient_invoice"]))
    expect(nodeNames(hospital)).toEqual(expect.arrayContaining(["ledger_account", "invoice", "patient", "hospital"]))
    const broker = generateDomainLocally({ description: DESCRIPTIONS[4]! })
    expect(categoriesOf(broker)).toEqual(expect.arrayContaining(["placement/submission", "placement/quote", "placement/binder", "policy/endorsement"]))
    expect(nodeNames(broker)).toEqual(expect.arrayContaining(["policy", "claim", "coverage"]))
  })

  it("a description naming only its field takes that platform domain's classes, under an unreserved slug", () => {
    const g = generateDomainLocally({ description: "financial documents" })
    expect(categoriesOf(g)).toEqual(expect.arrayContaining(["accounting_records/general_ledger", "banking/bank_statement", "payroll/payslip"]))
    expect(g.suggested_slug).toBe("financial_custom")
    expect(RESERVED_DOMAIN_SLUGS).not.toContain(g.suggested_slug)
  })

  it("an empty or meaningless description still gives a valid draft: letters, emails and the generic ontology", () => {
    for (const description of ["", "!!! ??? 123"]) {
      const g = generateDomainLocally({ description })
      expect(categoriesOf(g)).toEqual(["correspondence/letter", "correspondence/email"])
      expect(g.ontology).toEqual(GENERIC_ONTOLOGY)
      expect(g.suggested_slug).toBe("custom_domain")
      expect(g.suggested_display_name).toBe("Custom domain")
    }
  })

  it("uses the caller's display name and slug; refuses a reserved or malformed slug", () => {
    const g = generateDomainLocally({ description: DESCRIPTIONS[0]!, display_name: "  Estates  team ", slug: "estates_v2" })
    expect([g.suggested_slug, g.suggested_display_name]).toEqual(["estates_v2", "Estates team"])
    expect(generateDomainLocally({ description: DESCRIPTIONS[0]!, slug: "legal" }).suggested_slug).toBe("property_management")
    expect(generateDomainLocally({ description: DESCRIPTIONS[0]!, slug: "Bad Slug", display_name: "Estates Team" }).suggested_slug).toBe("estates_team")
  })

  it("every draft passes validateDomain and is deterministic", () => {
    for (const description of DESCRIPTIONS) {
      const g = generateDomainLocally({ description })
      expect(valid(g).errors, description.slice(0, 40)).toEqual([])
      expect(generateDomainLocally({ description })).toEqual(g)
      expect(g.taxonomy.classes.length).toBeLessThanOrEqual(62)
    }
  })

  it.effect("is the DomainGenerator port's local layer", () =>
    Effect.gen(function*() {
      const g = yield* Effect.flatMap(DomainGenerator, (d) => d.generate({ description: DESCRIPTIONS[0]! }))
      expect(g).toEqual(generateDomainLocally({ description: DESCRIPTIONS[0]! }))
    }).pipe(Effect.provide(LocalDomainGeneratorLive)))
})

describe("settleGeneratedDomain", () => {
  it("mends what validation would refuse", () => {
    const g = settleGeneratedDomain({ description: "x" }, {
      slug: "Insurance",
      display_name: "",
      taxonomy: {
        allow_other: false,
        classes: [
          { group: "a/b", subgroup: " claim ", description: "", document_type: "Claim Form", aliases: ["FNOL", " "] },
          { group: "A/B", subgroup: "claim", description: "dup", document_type: "x", aliases: [] },
          { group: "", subgroup: "", description: "no name", document_type: "", aliases: [] },
          { group: "claims", subgroup: "notice", description: "d", document_type: "notice", aliases: ["fnol"] }
        ]
      },
      ontology: {
        node_types: [{ name: "Policy Holder", tier: 7, description: "" }, { name: "policy_holder", tier: 1, description: "dup" }, { name: "claim", tier: 2.4, description: "" }],
        edge_types: [
          { name: "makes", from_types: ["Policy Holder"], to_types: ["claim", "ghost"], description: "" },
          { name: "haunts", from_types: ["ghost"], to_types: ["claim"], description: "" }
        ]
      }
    })
    expect(g.suggested_slug).toBe("insurance_custom")
    expect(g.suggested_display_name).toBe("Custom domain")
    expect(g.taxonomy.classes.map((c) => [c.group, c.subgroup, c.document_type, c.aliases])).toEqual([
      ["a b", "claim", "claim_form", ["FNOL"]],
      ["claims", "notice", "notice", []]
    ])
    expect(g.taxonomy.classes[0]!.description).not.toBe("")
    expect(g.ontology).toEqual({
      node_types: [{ name: "policy_holder", tier: 3, description: "" }, { name: "claim", tier: 2, description: "" }],
      edge_types: [{ name: "makes", from_types: ["policy_holder"], to_types: ["claim"], description: "" }]
    })
    expect(validateDomain({ slug: g.suggested_slug, display_name: g.suggested_display_name, parent_slug: null, ...g }, null).errors).toEqual([])
  })

  it("an empty ontology becomes the generic one, an empty taxonomy allows other", () => {
    const g = settleGeneratedDomain({ description: "x" }, { slug: "", display_name: "Ops", taxonomy: { classes: [], allow_other: false }, ontology: { node_types: [], edge_types: [] } })
    expect(g.ontology).toEqual(GENERIC_ONTOLOGY)
    expect(g.taxonomy).toEqual({ classes: [], allow_other: true })
    expect(g.suggested_slug).toBe("ops")
  })
})
