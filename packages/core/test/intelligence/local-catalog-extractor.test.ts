/**
 * The local catalog extractor on real-looking documents: an invoice, a contract, an insurance
 * policy, a statement without a currency, a sheet. Each found value cites its page and line.
 */
import { describe, expect, it } from "vitest"
import { extractCatalogLocally } from "../../src/intelligence/local/local-catalog-extractor.js"
import { moneyIn } from "../../src/intelligence/local/layout/values.js"
import type { CatalogCell } from "../../src/workspaces/catalog/catalog-entry.js"

const read = (pages: ReadonlyArray<string>, kind: "document" | "sheet" | "media" = "document") =>
  extractCatalogLocally({ component_kind: kind, pages: pages.map((text, i) => ({ page: kind === "sheet" ? null : i + 1, text })) })

const values = (cells: ReadonlyArray<CatalogCell>, field: string) => cells.filter((c) => c.field === field).map((c) => c.value)
const one = (cells: ReadonlyArray<CatalogCell>, field: string) => cells.find((c) => c.field === field)

const INVOICE = `ACME Industrial Supplies GmbH
Hauptstrasse 12, 10115 Berlin
VAT Reg No: DE123456789

INVOICE
Invoice No.: INV-2024-0042
Invoice Date: 14 March 2024
Due Date: 13/04/2024
Order No. PO-7781

Bill to:
Globex Corporation
42 Main Street, Springfield

| Description | Qty | Unit price | Amount |
|---|---|---|---|
| Steel bolts M8 | 1200 | 0.85 EUR | 1,020.00 EUR |
| Hydraulic pump HP-2 | 3 | 3,150.00 EUR | 9,450.00 EUR |

Subtotal: EUR 10,470.00
VAT 19%: EUR 1,989.30
Total amount due: EUR 12,459.30
`

describe("local catalog extractor: an invoice", () => {
  const cells = read([INVOICE])

  it("reads the labelled dates, normalized", () => {
    expect(one(cells, "document_date")).toEqual({
      field: "document_date",
      status: "found",
      value: { kind: "date", date: "2024-03-14" },
      citation: { location: { kind: "page_region", page: 1 }, source_text: "Invoice Date: 14 March 2024" }
    })
    expect(one(cells, "due_date")?.value).toEqual({ kind: "date", date: "2024-04-13" })
    expect(one(cells, "effective_date")).toBeUndefined()
  })

  it("reads the total as a decimal string with its ISO currency, never converted, and the other amounts with theirs", () => {
    expect(one(cells, "total_amount")).toEqual({
      field: "total_amount",
      status: "found",
      value: { kind: "money", amount: "12459.30", currency: "EUR" },
      citation: { location: { kind: "page_region", page: 1 }, source_text: "Total amount due: EUR 12,459.30" }
    })
    expect(values(cells, "amounts")).toEqual(expect.arrayContaining([
      { kind: "money", amount: "10470.00", currency: "EUR" },
      { kind: "money", amount: "1989.30", currency: "EUR" },
      { kind: "money", amount: "9450.00", currency: "EUR" }
    ]))
    // quantities are no money
    expect(values(cells, "amounts")).not.toContainEqual(expect.objectContaining({ amount: "1200" }))
  })

  it("reads the issuer from the letterhead, the recipient after \"Bill to\", both among the parties", () => {
    expect(one(cells, "issuer")?.value).toEqual({ kind: "party", name: "ACME Industrial Supplies GmbH" })
    expect(one(cells, "recipient")).toMatchObject({ value: { kind: "party", name: "Globex Corporation" }, citation: { source_text: "Globex Corporation" } })
    expect(values(cells, "parties")).toEqual([{ kind: "party", name: "ACME Industrial Supplies GmbH" }, { kind: "party", name: "Globex Corporation" }])
  })

  it("reads the labelled numbers with their schemes", () => {
    expect(values(cells, "identifiers")).toEqual([
      { kind: "identifier", scheme: "tax_id", value: "DE123456789" },
      { kind: "identifier", scheme: "invoice", value: "INV-2024-0042" },
      { kind: "identifier", scheme: "order", value: "PO-7781" }
    ])
  })
})

describe("local catalog extractor: a contract over two pages", () => {
  const cells = read([
    `MASTER SERVICES AGREEMENT
This Master Services Agreement (the "Agreement") is made between Initech Ltd, a company registered in England (the "Supplier"), and Umbrella Holdings LLC (the "Customer").
Agreement No: MSA-2023-17
Effective Date: January 1, 2024`,
    `12. TERM
This Agreement expires on 31 December 2025 unless renewed.
The annual fee is USD 48,000.00, payable quarterly.
Signed on behalf of Initech Ltd`
  ])

  it("reads the parties of \"between A and B\", the effective and expiry dates with their pages", () => {
    expect(values(cells, "parties")).toEqual([{ kind: "party", name: "Initech Ltd" }, { kind: "party", name: "Umbrella Holdings LLC" }])
    expect(one(cells, "effective_date")).toMatchObject({ value: { date: "2024-01-01" }, citation: { location: { page: 1 } } })
    expect(one(cells, "expiry_date")).toMatchObject({ value: { date: "2025-12-31" }, citation: { location: { page: 2 }, source_text: "This Agreement expires on 31 December 2025 unless renewed." } })
    expect(values(cells, "identifiers")).toEqual([{ kind: "identifier", scheme: "contract", value: "MSA-2023-17" }])
    expect(one(cells, "total_amount")).toBeUndefined()
    expect(values(cells, "amounts")).toEqual([{ kind: "money", amount: "48000.00", currency: "USD" }])
  })
})

describe("local catalog extractor: a policy and its period", () => {
  it("reads a period's start as effective and its end as expiry, and the policy number", () => {
    const cells = read([`Northwind Insurance Co.
Policy Number: P-88120-B
Policy period: 01/07/2024 - 30/06/2025
Annual premium: £1,250.00`])
    expect(one(cells, "effective_date")?.value).toEqual({ kind: "date", date: "2024-07-01" })
    expect(one(cells, "expiry_date")?.value).toEqual({ kind: "date", date: "2025-06-30" })
    expect(values(cells, "identifiers")).toEqual([{ kind: "identifier", scheme: "policy", value: "P-88120-B" }])
    expect(values(cells, "amounts")).toEqual([{ kind: "money", amount: "1250.00", currency: "GBP" }])
    expect(one(cells, "issuer")?.value).toEqual({ kind: "party", name: "Northwind Insurance Co." })
  })
})

describe("local catalog extractor: honesty", () => {
  it("a total without any currency in the document is ambiguous, with the printed text and where", () => {
    const cells = read([`Statement of account\nDate: 2024-02-29\nGrand Total 1.234,50`])
    expect(one(cells, "total_amount")).toEqual({
      field: "total_amount",
      status: "ambiguous",
      value: { kind: "text", text: "1.234,50" },
      citation: { location: { kind: "page_region", page: 1 }, source_text: "Grand Total 1.234,50" }
    })
  })

  it("a total whose own line has no currency takes the document's only one", () => {
    const cells = read([`Consulting fee: CHF 2'000.00\nExpenses: CHF 150.00\nTotal 2'150.00`])
    expect(one(cells, "total_amount")?.value).toEqual({ kind: "money", amount: "2150.00", currency: "CHF" })
  })

  it("a document printing two currencies leaves a bare total ambiguous", () => {
    const cells = read([`Fee: USD 100.00\nFee: EUR 90.00\nTotal 190.00`])
    expect(one(cells, "total_amount")?.status).toBe("ambiguous")
  })

  it("subtotals and tax totals are no total; the grand total wins over a plain total", () => {
    const cells = read([`Total excl. VAT: €100.00\nTotal VAT: €20.00\nTotal: €120.00\nGrand total: €118.00`])
    expect(one(cells, "total_amount")?.value).toEqual({ kind: "money", amount: "118.00", currency: "EUR" })
  })

  it("finds nothing in text that states nothing, and nothing in no text", () => {
    expect(read(["Meeting notes: we discussed the roadmap and agreed to meet again."])).toEqual([])
    expect(read([""])).toEqual([])
  })

  it("a sheet takes no unlabelled date as its document date", () => {
    const sheet = read(["| Booked | Amount |\n|---|---|\n| 2024-01-05 | 10.00 |"], "sheet")
    expect(one(sheet, "document_date")).toBeUndefined()
    const doc = read(["Booked 2024-01-05"])
    expect(one(doc, "document_date")?.value).toEqual({ kind: "date", date: "2024-01-05" })
  })
})

describe("local catalog extractor: labels of other languages it knows", () => {
  it("reads Dutch, German and French invoice and order numbers and a space-grouped amount before its currency", () => {
    const cells = read([`Factuurnummer: 993548900\nOrdernummer: 12572103\nRechnungsnummer: R-2024-7\nFacture n° 2022089083\nTotaal 1 250,00 €`])
    expect(values(cells, "identifiers")).toEqual([
      { kind: "identifier", scheme: "invoice", value: "993548900" },
      { kind: "identifier", scheme: "order", value: "12572103" },
      { kind: "identifier", scheme: "invoice", value: "R-2024-7" },
      { kind: "identifier", scheme: "invoice", value: "2022089083" }
    ])
    expect(one(cells, "total_amount")?.value).toEqual({ kind: "money", amount: "1250.00", currency: "EUR" })
  })
})

describe("money mentions", () => {
  it("read amounts in their printed forms as plain decimals with the adjacent currency", () => {
    const read = (t: string) => moneyIn(t).map((m) => [m.amount, m.currency])
    expect(read("EUR 1.234,50")).toEqual([["1234.50", "EUR"]])
    expect(read("(12.00) USD")).toEqual([["-12.00", "USD"]])
    expect(read("capital de 10 000€")).toEqual([["10000", "EUR"]])
    expect(read("CHF 12'500.00")).toEqual([["12500.00", "CHF"]])
    expect(read("Service A 12 $10.00 $120.00")).toEqual([["12", null], ["10.00", "USD"], ["120.00", "USD"]])
    expect(read("Call 555-1234 on 2024-03-01, VAT 19%")).toEqual([["555", null]])
  })
})
