/**
 * The local filtered-search question parser against the generic taxonomy: shapes, document types
 * and aliases, date fields and periods, money with and without a currency, identifiers, parties,
 * missing dates, and what it does with a question it cannot read.
 */
import { describe, expect, it } from "vitest"
import { writeFilteredQuery } from "../../src/intelligence/local/local-filtered-query-writer.js"
import { CATALOG_FIELDS } from "../../src/workspaces/catalog/catalog-fields.js"
import { GENERIC_CLASSES } from "../../src/workspaces/domains/platform/generic.js"

const write = (question: string, allow_clarification = false, context: string | null = null) =>
  writeFilteredQuery({ question, context, columns: CATALOG_FIELDS, document_types: GENERIC_CLASSES, allow_clarification })
const query = (question: string, context: string | null = null) => {
  const plan = write(question, false, context)
  if (plan.kind !== "query") throw new Error(`not a query: ${JSON.stringify(plan)}`)
  return plan
}

describe("local filtered-query writer", () => {
  it("shapes: how many → count; top N / the N most recent / largest → top; anything else → list", () => {
    expect(query("How many invoices?").query).toMatchObject({ shape: "count", n: null, sort: null, document_types: ["invoice"] })
    expect(query("top 5 largest invoices in EUR").query).toMatchObject({ shape: "top", n: 5, sort: { field: "total_amount", direction: "desc", currency: "EUR" } })
    expect(query("the 3 most recent contracts").query).toMatchObject({ shape: "top", n: 3, document_types: ["contract"], sort: { field: "document_date", direction: "desc" } })
    expect(query("the oldest contract").query).toMatchObject({ shape: "top", n: 1, sort: { field: "document_date", direction: "asc" } })
    expect(query("smallest invoice in USD").query).toMatchObject({ shape: "top", n: 1, sort: { field: "total_amount", direction: "asc", currency: "USD" } })
    expect(query("show all invoices").query).toMatchObject({ shape: "list", n: null })
  })

  it("document types by name and alias, plural or not", () => {
    expect(query("list all bills").query.document_types).toEqual(["invoice"])
    expect(query("which agreements and purchase orders").query.document_types).toEqual(expect.arrayContaining(["contract", "purchase_order"]))
  })

  it("dates on the field the question names; periods, before (exclusive) and after (exclusive), between", () => {
    expect(query("invoices in 2024").query.filters).toEqual([{ field: "document_date", op: "date_range", from: "2024-01-01", to: "2024-12-31" }])
    expect(query("contracts expiring in March 2025").query.filters).toEqual([{ field: "expiry_date", op: "date_range", from: "2025-03-01", to: "2025-03-31" }])
    expect(query("invoices due before March 2025").query.filters).toEqual([{ field: "due_date", op: "date_range", to: "2025-02-28" }])
    expect(query("contracts effective after 2023-06-01").query.filters).toEqual([{ field: "effective_date", op: "date_range", from: "2023-06-02" }])
    expect(query("invoices between 2022 and 2023").query.filters).toEqual([{ field: "document_date", op: "date_range", from: "2022-01-01", to: "2023-12-31" }])
  })

  it("money: one currency, inclusive bounds, never converted; the interpretation says so", () => {
    const over = query("invoices over 10,000 EUR")
    expect(over.query.filters).toEqual([{ field: "total_amount", op: "amount_range", currency: "EUR", min: "10000" }])
    expect(over.interpretation).toContain("never converted")
    expect(query("invoices under $500").query.filters).toEqual([{ field: "total_amount", op: "amount_range", currency: "USD", max: "500" }])
    expect(query("invoices between 1,000 and 5,000 GBP").query.filters).toEqual([{ field: "total_amount", op: "amount_range", currency: "GBP", min: "1000", max: "5000" }])
    expect(query("invoices of at least €2.5k").query.filters).toEqual([{ field: "total_amount", op: "amount_range", currency: "EUR", min: "2500" }])
  })

  it("an amount without a currency: a clarification when allowed; else the context's currency, else EUR, stated as assumed", () => {
    expect(write("invoices over 10,000", true).kind).toBe("clarification")
    const assumed = query("invoices over 10,000")
    expect(assumed.query.filters[0]).toMatchObject({ currency: "EUR" })
    expect(assumed.interpretation).toContain("EUR is assumed")
    expect(query("invoices over 10,000", "all our amounts are in CHF").query.filters[0]).toMatchObject({ currency: "CHF" })
  })

  it("identifiers, parties (issuer, recipient, any party), and missing dates", () => {
    expect(query("invoice number INV-2024-0042").query.filters).toEqual([{ field: "identifiers", op: "equals", value: "INV-2024-0042" }])
    expect(query("policy no. P-123").query.filters).toEqual([{ field: "identifiers", op: "equals", value: "P-123" }])
    expect(query("invoices from Acme Corp").query.filters).toEqual([{ field: "issuer", op: "contains", value: "Acme Corp" }])
    expect(query("invoices billed to Globex in 2024").query.filters).toEqual(expect.arrayContaining([{ field: "recipient", op: "contains", value: "Globex" }]))
    expect(query("contracts with Umbrella Holdings").query.filters).toEqual([{ field: "parties", op: "contains", value: "Umbrella Holdings" }])
    expect(query("contracts without an expiry date").query.filters).toEqual([{ field: "expiry_date", op: "status", status: "not_found" }])
  })

  it("a question it cannot read: a clarification when allowed, else every row with an interpretation that says so", () => {
    expect(write("What about it?", true)).toMatchObject({ kind: "clarification" })
    const all = query("What about it?")
    expect(all.query).toEqual({ shape: "list", n: null, document_types: [], filters: [], sort: null })
    expect(all.interpretation).toContain("every catalogued row")
  })
})
