import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { decodeFields } from "../../../src/api/decode.js"
import {
  type DomainDraft,
  OntologySchema,
  RESERVED_DOMAIN_SLUGS,
  SLUG_PATTERN,
  type TaxonomyClass,
  TaxonomySchema
} from "../../../src/workspaces/domains/domain-definition.js"
import { effectiveDomain } from "../../../src/workspaces/domains/inheritance.js"
import { validateDomain } from "../../../src/workspaces/domains/validate-domain.js"

const cls = (group: string, subgroup: string, aliases: ReadonlyArray<string> = []): TaxonomyClass => ({
  group,
  subgroup,
  description: `${subgroup} documents`,
  document_type: subgroup,
  aliases
})

const parent: DomainDraft = {
  slug: "base",
  display_name: "Base",
  parent_slug: null,
  taxonomy: { classes: [cls("finance", "invoice", ["bill"]), cls("finance", "receipt", ["proof of payment"])], allow_other: false },
  ontology: {
    node_types: [
      { name: "organisation", tier: 1, description: "a company" },
      { name: "amount", tier: 3, description: "money" }
    ],
    edge_types: [{ name: "amount_of", from_types: ["amount"], to_types: ["organisation"], description: "" }]
  }
}

const child = (over: Partial<DomainDraft> = {}): DomainDraft => ({
  slug: "child",
  display_name: "Child",
  parent_slug: "base",
  taxonomy: { classes: [], allow_other: false },
  ontology: { node_types: [], edge_types: [] },
  ...over
})

describe("effectiveDomain", () => {
  it("adds the child's classes to the parent's; a class with the same group/subgroup replaces the parent's in place", () => {
    const replaced = { ...cls("Finance", "Invoice ", ["vendor bill"]), description: "the child's invoices" }
    const eff = effectiveDomain(child({ taxonomy: { classes: [cls("finance", "grant"), replaced], allow_other: true } }), parent)
    expect(eff.taxonomy.classes.map((c) => c.description)).toEqual(["the child's invoices", "receipt documents", "grant documents"])
    expect(eff.taxonomy.allow_other).toBe(true)
    expect(eff.slug).toBe("child")
  })

  it("merges node and edge types by name", () => {
    const eff = effectiveDomain(
      child({
        ontology: {
          node_types: [{ name: "amount", tier: 3, description: "a sum of money with its currency" }, { name: "grant", tier: 2, description: "" }],
          edge_types: [{ name: "funded_by", from_types: ["grant"], to_types: ["organisation"], description: "" }]
        }
      }),
      parent
    )
    expect(eff.ontology.node_types.map((t) => [t.name, t.description])).toEqual([
      ["organisation", "a company"],
      ["amount", "a sum of money with its currency"],
      ["grant", ""]
    ])
    expect(eff.ontology.edge_types.map((t) => t.name)).toEqual(["amount_of", "funded_by"])
  })

  it("without a parent is the domain's own content", () => {
    expect(effectiveDomain(parent, null)).toEqual(parent)
  })
})

describe("validateDomain", () => {
  it("accepts a sound domain and counts its effective content", () => {
    expect(validateDomain(parent, null)).toEqual({
      valid: true,
      errors: [],
      effective_class_count: 2,
      effective_node_type_count: 2,
      effective_edge_type_count: 1
    })
    const v = validateDomain(child({ taxonomy: { classes: [cls("finance", "grant"), cls("finance", "invoice")], allow_other: false } }), parent)
    expect(v.errors).toEqual([])
    expect([v.effective_class_count, v.effective_node_type_count, v.effective_edge_type_count]).toEqual([3, 2, 1])
  })

  it("lists every error with its path", () => {
    const draft: DomainDraft = {
      slug: "Bad Slug",
      display_name: "  ",
      parent_slug: "nowhere",
      taxonomy: {
        classes: [
          cls("finance", "invoice", ["bill", "BILL", " "]),
          { group: "", subgroup: "a/b", description: " ", document_type: "", aliases: [] },
          cls("Finance", "invoice"),
          cls("finance", "credit_note", ["Bill"])
        ],
        allow_other: false
      },
      ontology: {
        node_types: [
          { name: "organisation", tier: 1, description: "" },
          { name: "Organisation", tier: 1, description: "" },
          { name: "amount", tier: 4, description: "" },
          { name: "date", tier: 1.5, description: "" }
        ],
        edge_types: [
          { name: "pays", from_types: ["organisation"], to_types: ["person"], description: "" },
          { name: "pays", from_types: [], to_types: ["amount"], description: "" }
        ]
      }
    }
    const v = validateDomain(draft, null)
    expect(v.valid).toBe(false)
    expect(v.errors.map((e) => e.path)).toEqual([
      "slug",
      "display_name",
      "parent_slug",
      "taxonomy.classes.0.aliases.1",
      "taxonomy.classes.0.aliases.2",
      "taxonomy.classes.1.group",
      "taxonomy.classes.1.subgroup",
      "taxonomy.classes.1.description",
      "taxonomy.classes.1.document_type",
      "taxonomy.classes.2",
      "taxonomy.classes.3.aliases.0",
      "ontology.node_types.1.name",
      "ontology.node_types.1.name",
      "ontology.node_types.2.tier",
      "ontology.node_types.3.tier",
      "ontology.edge_types.1.name",
      "ontology.edge_types.0.to_types.0"
    ])
    expect(v.errors.find((e) => e.path === "parent_slug")?.message).toContain("nowhere")
    expect(v.errors.find((e) => e.path === "taxonomy.classes.3.aliases.0")?.message).toContain("taxonomy.classes.0")
    expect(v.errors.find((e) => e.path === "ontology.edge_types.0.to_types.0")?.message).toContain("person")
    // the second "pays" is dropped from the effective ontology (its own name error is reported)
    expect(v.effective_edge_type_count).toBe(1)
    expect(v.effective_class_count).toBe(3)
  })

  it("reports an empty `from_types`, an unknown end and a clash with the parent's aliases on the child's side", () => {
    const v = validateDomain(
      child({
        taxonomy: { classes: [cls("finance", "grant", ["bill"])], allow_other: false },
        ontology: {
          node_types: [],
          edge_types: [
            { name: "funds", from_types: [], to_types: ["grant"], description: "" },
            { name: "amount_of", from_types: ["amount"], to_types: ["organisation", "person"], description: "" }
          ]
        }
      }),
      parent
    )
    expect(v.errors.map((e) => e.path)).toEqual([
      "taxonomy.classes.0.aliases.0",
      // in the effective order: the child's amount_of replaced the parent's in place, funds comes after
      "ontology.edge_types.1.to_types.1",
      "ontology.edge_types.0.from_types",
      "ontology.edge_types.0.to_types.0"
    ])
    expect(v.errors[0]!.message).toContain("parent.taxonomy.classes.0")
  })

  it("resolves edge ends against the parent's node types", () => {
    const v = validateDomain(
      child({ ontology: { node_types: [], edge_types: [{ name: "owes", from_types: ["organisation"], to_types: ["amount"], description: "" }] } }),
      parent
    )
    expect(v.valid).toBe(true)
    expect(v.effective_class_count).toBe(2)
  })

  it("refuses an unknown parent, a self parent and an empty taxonomy without allow_other", () => {
    expect(validateDomain(child(), null).errors.map((e) => e.path)).toEqual(["parent_slug", "taxonomy.classes", "ontology.node_types"])
    expect(validateDomain(child({ slug: "base" }), parent).errors.map((e) => e.path)).toEqual(["parent_slug"])
    const empty: DomainDraft = { ...parent, taxonomy: { classes: [], allow_other: false } }
    expect(validateDomain(empty, null).errors.map((e) => e.path)).toEqual(["taxonomy.classes"])
    expect(validateDomain({ ...empty, taxonomy: { classes: [], allow_other: true } }, null).valid).toBe(true)
  })
})

describe("request schemas", () => {
  it("decode a taxonomy and ontology with defaults", () => {
    const t = Schema.decodeUnknownSync(TaxonomySchema)({ classes: [{ group: "g", subgroup: "s", description: "d", document_type: "t" }] })
    expect(t).toEqual({ classes: [{ group: "g", subgroup: "s", description: "d", document_type: "t", aliases: [] }], allow_other: false })
    expect(Schema.decodeUnknownSync(OntologySchema)({ node_types: [{ name: "a", tier: 1 }] })).toEqual({
      node_types: [{ name: "a", tier: 1, description: "" }],
      edge_types: []
    })
  })

  it("bound sizes and say what is wrong where", () => {
    const long = "x".repeat(2001)
    const r = decodeFields(TaxonomySchema, { classes: [{ group: "g", subgroup: "s", description: long, document_type: "t", aliases: [1] }] }, ["taxonomy"])
    expect(Either.isLeft(r) && r.left).toEqual([
      { field: "taxonomy.classes.0.description", message: "must be a string of at most 2000 characters" },
      { field: "taxonomy.classes.0.aliases.0", message: "must be a string of at most 200 characters" }
    ])
    const many = Array.from({ length: 1001 }, () => ({ group: "g", subgroup: "s", description: "d", document_type: "t" }))
    expect(Either.isLeft(decodeFields(TaxonomySchema, { classes: many }))).toBe(true)
  })

  it("slug pattern and reserved slugs are the spec's", () => {
    expect(RESERVED_DOMAIN_SLUGS).toEqual(["generic", "financial", "legal", "insurance", "audit", "audit_private_profit", "audit_public_non_profit"])
    expect(["a", "audit_2024", "x1_y2"].every((s) => SLUG_PATTERN.test(s))).toBe(true)
    expect(["A", "a__b", "_a", "a_", "a-b", ""].some((s) => SLUG_PATTERN.test(s))).toBe(false)
  })
})
