/**
 * General layout reading of the local engine: bank identifiers kept off an invoice number, parties
 * printed as unlabelled address blocks, fixed-width plain text paired by character columns, and
 * line-item tables with ragged columns and wrapped descriptions. Small fixtures written for these
 * tests.
 */
import { describe, expect, it } from "vitest"
import { extractFromText, INVOICE as FULL_INVOICE } from "./local-extract-fixture.js"
import { lineCells } from "../../src/documents/layout/layout.js"
import { columnOfCell, columnsOfRow } from "../../src/intelligence/local/layout/columns.js"
import { fieldWords, labelScore, labelTerms, phraseTerms } from "../../src/intelligence/local/layout/labels.js"
import { isIban } from "../../src/intelligence/local/layout/values.js"

const extract = (schema: unknown, markdown: string) => extractFromText(schema, markdown, "doc.txt")

// without the amounts' breakdown: these fixtures print none
const { currency: _currency, subtotal: _subtotal, tax: _tax, ...INVOICE_PROPERTIES } = FULL_INVOICE.properties
const INVOICE = { ...FULL_INVOICE, properties: INVOICE_PROPERTIES }

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

const STATEMENT = {
  type: "object",
  properties: {
    account_number: { type: "string", description: "Account number or IBAN as printed" },
    closing_balance: { type: "number", description: "Balance at the end of the period" },
    transactions: {
      type: "array",
      items: { type: "object", properties: { date: { type: "string" }, description: { type: "string" }, amount: { type: "number" } } }
    }
  }
}

describe("columns bounded by every heading", () => {
  it("leaves a cell under a heading that names nothing of the items out of its neighbour's column", () => {
    const cell = (x0: number, x1: number) => ({ text: "", x0, x1, items: [], ref: null })
    const columns = [{ cell: cell(0, 4), name: "date" }, { cell: cell(12, 23), name: "description" }, { cell: cell(37, 48), name: "out" }, { cell: cell(51, 59), name: "in" }]
    const balance = cell(62, 69)
    // right-aligned under "Balance", past the end of "Deposits"
    expect(columnOfCell(columns, cell(70, 78), true, [...columns.map((c) => c.cell), balance])).toBeUndefined()
    // still in "Deposits" when the row has no heading after it
    expect(columnOfCell(columns, cell(52, 58), true, [...columns.map((c) => c.cell), balance])?.name).toBe("in")
  })

  it("does not add a statement's running balance to the transaction's amount", () => {
    const out = extract(STATEMENT, [
      "Date        Description             Withdrawals   Deposits     Balance",
      "2026-01-02  PARKING METER                234.99                   7,944.27",
      "2026-01-04  TRANSFER FROM J SMITH                    392.68       8,336.95",
      "2026-01-05  RESTAURANT LA PERGOLA        928.30                   7,408.65",
      "",
      "Closing balance: 7,408.65"
    ].join("\n"))
    expect(out["transactions"]).toEqual([
      { date: "2026-01-02", description: "PARKING METER", amount: -234.99 },
      { date: "2026-01-04", description: "TRANSFER FROM J SMITH", amount: 392.68 },
      { date: "2026-01-05", description: "RESTAURANT LA PERGOLA", amount: -928.3 }
    ])
  })
})

describe("labels over values, and what is not", () => {
  it("does not take a title's number over a blank line as a label over its value", () => {
    const out = extract(INVOICE, ["Invoice No. R473484", "", "R473484 Invoice no.", "15-10-2026 Invoice date", "Total: 10.00"].join("\n"))
    expect(out["invoice_number"]).toBe("R473484")
  })

  it("reads a tax breakdown's one row as a table, not its amount as the total", () => {
    const out = extract(INVOICE, [
      "VAT rate       Base         Amount",
      "21 %           1,290.00     270.90",
      "",
      "1,560.90    Total payable (EUR)"
    ].join("\n"))
    expect(out["total"]).toBe(1560.9)
  })

  it("does not join a paragraph after a parsed table to its last item", () => {
    const out = extract(INVOICE, [
      "| Description | Qty | Unit price | Amount |",
      "|---|---|---|---|",
      "| Paper A4 ream | 5 | 19.69 | 98.45 |",
      "",
      "Goods value 98.45",
      "",
      "VAT 8 % 7.88"
    ].join("\n"))
    expect(out["line_items"]).toEqual([{ description: "Paper A4 ream", quantity: 5, unit_price: 19.69, amount: 98.45 }])
  })
})

describe("an IBAN names an account's number", () => {
  it("scores an IBAN's label for an account number, not for another number", () => {
    expect(labelScore(fieldWords("account_number", null, [], "the account number"), "IBAN")).toBeGreaterThan(0.9)
    expect(labelScore(fieldWords("invoice_number", null, [], "The invoice number as printed"), "IBAN")).toBeLessThan(0.5)
    // the grounder reads a line "IBAN GB82 …" as naming the account number
    expect(phraseTerms("IBAN GB82 WEST 1234 5698 7654 32")).toEqual(labelTerms("Account number"))
  })
})

describe("a row's cells read in their order", () => {
  it("gives each heading one cell, in order, when a number is shifted onto the next heading", () => {
    const cell = (text: string, x0: number, x1: number) => ({ text, x0, x1, items: [], ref: null })
    const columns = [{ cell: cell("Description", 0, 11), name: "description" }, { cell: cell("Qty", 34, 37), name: "qty" }, { cell: cell("Unit price", 42, 52), name: "price" }, { cell: cell("Amount", 58, 64), name: "amount" }]
    const row = [cell("Annual support contract", 0, 23), cell("8", 41, 42), cell("690.66", 53, 59), cell("5,525.28", 65, 73)]
    const placed = columnsOfRow(columns, row)
    expect(row.map((c) => placed.get(c)?.name)).toEqual(["description", "qty", "price", "amount"])
    // one cell at a time, the price overlaps "Amount"
    expect(columnOfCell(columns, row[2]!)?.name).toBe("amount")
  })

  it("reads a ragged item table whose prices overlap the amount's heading", () => {
    const out = extract(INVOICE, [
      "Description                       Qty     Unit price      Amount",
      "Annual support contract                  8           690.66      5,525.28",
      "Site survey and cable route               6         241.23      1,447.38",
      "",
      "                                                 Total due      6,972.66"
    ].join("\n"))
    expect(out["line_items"]).toEqual([
      { description: "Annual support contract", quantity: 8, unit_price: 690.66, amount: 5525.28 },
      { description: "Site survey and cable route", quantity: 6, unit_price: 241.23, amount: 1447.38 }
    ])
  })
})
