/**
 * General layout reading of the local engine: bank identifiers kept off an invoice number, parties
 * printed as unlabelled address blocks, fixed-width plain text paired by character columns, and
 * line-item tables with ragged columns and wrapped descriptions. Small fixtures written for these
 * tests.
 */
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { lineCells } from "../../src/documents/layout/layout.js"
import { documentOfMarkdown } from "../../src/documents/parse/read-document.js"
import { compileExtractSchema } from "../../src/documents/schema/compile.js"
import { columnOfCell } from "../../src/intelligence/local/layout/columns.js"
import { fieldWords, labelScore } from "../../src/intelligence/local/layout/labels.js"
import { isIban } from "../../src/intelligence/local/layout/values.js"
import { extractLocally } from "../../src/intelligence/local/local-extractor.js"

const extract = (schema: unknown, markdown: string) => {
  const compiled = compileExtractSchema(schema)
  if (Either.isLeft(compiled)) throw new Error(JSON.stringify(compiled.left))
  const doc = documentOfMarkdown(markdown, "doc.txt")
  return extractLocally({ schema: compiled.right, content: { markdown, pages: doc.pages, blocks: doc.blocks, sheets: [] } }) as Record<string, unknown>
}

const INVOICE = {
  type: "object",
  properties: {
    invoice_number: { type: "string", description: "The invoice number as printed" },
    invoice_date: { type: "string", description: "Date the invoice was issued (ISO date YYYY-MM-DD)" },
    due_date: { type: "string", description: "Date payment is due" },
    vendor_name: { type: "string", description: "Company issuing the invoice (the seller)" },
    customer_name: { type: "string", description: "Company or person billed (the buyer)" },
    total: { type: "number", description: "Total amount of the invoice including tax" },
    line_items: {
      type: "array",
      items: { type: "object", properties: { description: { type: "string" }, quantity: { type: "number" }, unit_price: { type: "number" }, amount: { type: "number" } } }
    }
  }
}

describe("bank and tax identifiers", () => {
  it("knows an IBAN by its check digits", () => {
    expect(isIban("GB82 WEST 1234 5698 7654 32")).toBe(true)
    expect(isIban("DE89370400440532013000")).toBe(true)
    expect(isIban("GB82 WEST 1234 5698 7654 33")).toBe(false)
    expect(isIban("INV-2026-0042")).toBe(false)
  })

  it("does not read an IBAN, a VAT number or an account number's label as the invoice number's", () => {
    const number = fieldWords("invoice_number", null, [], "The invoice number as printed")
    expect(labelScore(number, "IBAN")).toBeLessThan(0.5)
    expect(labelScore(number, "VAT No.")).toBeLessThan(0.5)
    expect(labelScore(number, "Account number")).toBeLessThan(0.5)
    expect(labelScore(number, "Invoice No.")).toBeGreaterThanOrEqual(0.5)
    const account = fieldWords("account_number", null, [], null)
    expect(labelScore(account, "IBAN")).toBeGreaterThanOrEqual(0.5)
  })

  it("does not take a customer's number for the customer's name", () => {
    const customer = fieldWords("customer_name", null, [], "Company or person billed (the buyer)")
    expect(labelScore(customer, "Customer No.")).toBeLessThan(0.5)
    expect(labelScore(customer, "Customer")).toBeGreaterThanOrEqual(0.5)
  })

  it("takes the invoice number, not the IBAN printed beside it under a generic label", () => {
    const out = extract(INVOICE, ["Ref: GB82 WEST 1234 5698 7654 32", "Ref: 2026/0188", "Total: 12.00"].join("\n"))
    expect(out["invoice_number"]).toBe("2026/0188")
  })
})

describe("parties in address blocks", () => {
  it("reads the seller from the letterhead and the buyer from the block after it, labelled or not", () => {
    const letter = (recipientLabel: string | null) => [
      "Penwick Joinery",
      "14 Tanner Row",
      "York YO1 6JP",
      "",
      ...(recipientLabel === null ? [] : [recipientLabel]),
      "Mossley Community Trust",
      "2 Fenwick Close",
      "Leeds LS11 5QN",
      "",
      "INVOICE",
      "",
      "Invoice No.: 4411",
      "Total: 120.00",
      "",
      "Penwick Joinery · 14 Tanner Row · York · IBAN GB82 WEST 1234 5698 7654 32"
    ].join("\n")
    for (const label of [null, "To:", "An:", "Bill to:"]) {
      const out = extract(INVOICE, letter(label))
      expect(out["vendor_name"]).toBe("Penwick Joinery")
      expect(out["customer_name"]).toBe("Mossley Community Trust")
    }
  })

  it("prefers a company name in the letterhead to one named further down", () => {
    const out = extract(INVOICE, ["Calder Brook Analytics Limited", "2 Quay Side, Hull", "", "Bill to:", "Ouseburn Works Ltd", "8 Mill Lane, Leeds", "", "Invoice No.: 77", "Total: 5.00"].join("\n"))
    expect(out["vendor_name"]).toBe("Calder Brook Analytics Limited")
    expect(out["customer_name"]).toBe("Ouseburn Works Ltd")
  })
})

describe("fixed-width plain text", () => {
  it("keeps the character columns of a plain line's cells, and column numbers for a table row", () => {
    expect(lineCells("Invoice No.       Date").map((c) => [c.text, c.x0, c.x1])).toEqual([["Invoice No.", 0, 11], ["Date", 18, 22]])
    expect(lineCells("  Qty    Price").map((c) => c.x0)).toEqual([2, 9])
    expect(lineCells("Item | Qty | Price").map((c) => c.x0)).toEqual([0, 1, 2])
  })

  it("pairs labels in one row with the values in the row below by column", () => {
    const out = extract(INVOICE, [
      "Invoice No.       Invoice date      Due date",
      "677/2025          22 July 2026      5 August 2026",
      "",
      "Total due: 10.00"
    ].join("\n"))
    expect(out["invoice_number"]).toBe("677/2025")
    expect(out["invoice_date"]).toBe("2026-07-22")
    expect(out["due_date"]).toBe("2026-08-05")
  })

  it("puts a right-aligned number under a left-aligned heading in that heading's column", () => {
    const cell = (x0: number, x1: number) => ({ text: "", x0, x1, items: [], ref: null })
    const columns = [{ cell: cell(0, 11), name: "description" }, { cell: cell(34, 37), name: "qty" }, { cell: cell(42, 52), name: "price" }, { cell: cell(58, 64), name: "amount" }]
    expect(columnOfCell(columns, cell(40, 41))?.name).toBe("qty")
    expect(columnOfCell(columns, cell(50, 56))?.name).toBe("price")
    expect(columnOfCell(columns, cell(66, 74))?.name).toBe("amount")
    // placed by column number, a cell overlapping no heading is in no column
    expect(columnOfCell(columns, cell(40, 41), false)).toBeUndefined()
  })
})

describe("ragged line-item tables", () => {
  it("reads items whose numbers are off their headings, with wrapped descriptions joined", () => {
    const out = extract(INVOICE, [
      "Description                       Qty     Unit price      Amount",
      "Annual support contract                 3        871.04      2,613.12",
      "  for network equipment",
      "Wall-mounted equipment rack              8         143.31      1,146.48",
      "Cat6 patch leads                       2          12.00         24.00",
      "  (bag of 10)",
      "",
      "                                                Total due      3,783.60"
    ].join("\n"))
    expect(out["line_items"]).toEqual([
      { description: "Annual support contract for network equipment", quantity: 3, unit_price: 871.04, amount: 2613.12 },
      { description: "Wall-mounted equipment rack", quantity: 8, unit_price: 143.31, amount: 1146.48 },
      { description: "Cat6 patch leads (bag of 10)", quantity: 2, unit_price: 12, amount: 24 }
    ])
    expect(out["total"]).toBe(3783.6)
  })

  it("does not join a note after the table's end to its last item", () => {
    const out = extract(INVOICE, [
      "Description                 Qty     Amount",
      "Consulting day                2     900.00",
      "",
      "Thank you for your business"
    ].join("\n"))
    expect(out["line_items"]).toEqual([{ description: "Consulting day", quantity: 2, amount: 900 }])
  })
})
