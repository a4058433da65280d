/**
 * Semantic grounding by extraction: a described field is read the way an extraction of that one
 * field reads it, then found where it is printed.
 */
import { describe, expect, it } from "vitest"
import { extractBatches } from "../../src/documents/extract/extract-work.js"
import { documentUnits } from "../../src/documents/ground/ground-units.js"
import { documentOfMarkdown } from "../../src/documents/parse/read-document.js"
import { describedField } from "../../src/intelligence/local/described-field.js"
import { locateLocally } from "../../src/intelligence/local/local-grounder.js"

const NO_HINTS = { anchorText: null, pages: [], sheetName: null, cellHint: null, rangeHint: null }

describe("a field described in words", () => {
  it.each([
    ["the invoice total amount including tax", "total_amount", "number"],
    ["the name of the employee paid", "employee_name", "text"],
    ["the first day of the statement period", "statement_period_start", "date"],
    ["Last day of the pay period", "pay_period_end", "date"],
    ["the date the invoice was issued", "invoice_date", "date"],
    ["the length of the initial term of the agreement", "initial_term_length", "integer"],
    ["Name of the company or person billed (the buyer)", "customer_name", "text"],
    ["the name of the shop or business", "vendor_name", "text"],
    ["the department of the employee", "employee_department", "text"],
    ["Sum of the line items before tax", "subtotal", "number"],
    ["the total amount before tax", "subtotal", "number"],
    ["Jurisdiction whose laws govern the agreement", "governing_law", "text"]
  ])("%s → %s (%s)", (description, name, wanted) => {
    const field = describedField(description)!
    expect(field.name).toBe(name)
    expect(field.wanted).toBe(wanted)
    expect(field.readings[0]!.name).toBe(name)
  })

  it("an ordinal before the head asks for one value of a list; a kind of value is also read alone", () => {
    expect(describedField("the second party to the agreement")).toMatchObject({ name: "party", ordinal: 1 })
    expect(describedField("the first day of the statement period")!.ordinal).toBeNull()
    expect(describedField("the date of the purchase")!.readings.map((r) => r.name)).toEqual(["purchase_date", "date"])
  })

  it("what was sold, or the name of a kind of line, is a line's text (the first unless an ordinal names one)", () => {
    expect(describedField("What was sold")).toMatchObject({ name: "line_items", ordinal: 0, readings: [{ name: "line_items", item: "description" }] })
    expect(describedField("What is ordered")).toMatchObject({ name: "line_items", ordinal: 0 })
    expect(describedField("Name of the deduction")).toMatchObject({ name: "deductions", ordinal: 0 })
    expect(describedField("the description of the second transaction")).toMatchObject({ name: "transactions", ordinal: 1 })
    expect(describedField("the name of the employee")!.readings[0]!.item).toBeUndefined()
  })
})

const locate = (markdown: string, fileName: string, queries: ReadonlyArray<string>) => {
  const doc = documentOfMarkdown(markdown, fileName)
  const { units } = documentUnits(doc)
  const found = locateLocally(units, queries.map((query, i) => ({ itemId: String(i), query, semantic: true, hints: NO_HINTS })), extractBatches(doc, 20))
  return found.map((spans) => (spans[0] === undefined ? undefined : { text: units[spans[0].unit]!.text.slice(spans[0].start, spans[0].end), confidence: spans[0].confidence }))
}

describe("semantic grounding reads the described value as an extraction would", () => {
  const receipt = [
    "CORNER HARDWARE & GARDEN",
    "18 Mill Lane, Bristol BS1 4QT",
    "Tel 0117 496 0321",
    "",
    "Date: 20/03/2026   Till 3",
    "Hammer claw 16oz      12.99",
    "Wood screws x100       4.50",
    "TOTAL                 17.49",
    "Paid by card"
  ].join("\n")

  it("the shop named only by the receipt's first line, and the purchase date under a bare 'Date:'", () => {
    const [shop, date, total] = locate(receipt, "receipt.txt", ["the name of the shop or business", "the date of the purchase", "the total amount paid"])
    expect(shop?.text).toBe("CORNER HARDWARE & GARDEN")
    expect(date?.text).toBe("20/03/2026")
    expect(total?.text).toBe("17.49")
    expect(total?.confidence).toBe(0.9)
  })

  const statement = [
    "# Account statement",
    "",
    "Account holder: Atelier Rousseau SAS",
    "Statement period: 1 July 2026 to 31 July 2026",
    "",
    "| Date | Description | Amount | Balance |",
    "|---|---|---|---|",
    "| 2026-07-01 | Opening balance | | EUR 4,995.62 |",
    "| 2026-07-14 | Card payment | -120.00 | EUR 4,875.62 |",
    "| 2026-07-31 | Closing balance | | EUR 4,875.62 |"
  ].join("\n")

  it("the first and last day of a period are its start and end; an amount's ISO code is part of it", () => {
    const [start, end, opening] = locate(statement, "statement.md", [
      "the first day of the statement period",
      "the last day of the statement period",
      "the balance at the start of the statement period"
    ])
    expect(start?.text).toBe("1 July 2026")
    expect(end?.text).toBe("31 July 2026")
    expect(opening?.text).toBe("EUR 4,995.62")
  })

  const payslip = [
    "## PAYSLIP",
    "",
    "Employer: Tidewater Freight Ltd Employee: Jan Kowalczyk",
    "Pay period: 01.02.2026 - 28.02.2026 Payment date: 25.02.2026",
    "",
    "Pay element              Payments    Deductions",
    "Basic salary             3,977.64",
    "Overtime 1.5x              557.72",
    "Income tax                              861.72",
    "Pension contribution                    226.77",
    "",
    "Net pay: 3,446.87"
  ].join("\n")

  it("a period's first day without the word 'date', and a line named by its kind", () => {
    const [start, earning, deduction] = locate(payslip, "payslip.txt", ["First day of the pay period", "Name of the earning", "Name of the deduction"])
    expect(start?.text).toBe("01.02.2026")
    expect(earning?.text).toBe("Basic salary")
    expect(deduction?.text).toBe("Income tax")
  })

  it("a coverage is named in a schedule whose columns are a limit and an excess, not a quantity and a price", () => {
    const schedule = [
      "Policy Schedule",
      "",
      "This schedule forms part of policy PL-9378970 issued by Stalwart Mutual Assurance plc.",
      "",
      "| Section | Sum insured / limit | Excess |",
      "|---|---|---|",
      "| Business interruption | $120,000.00 | $2,500.00 |",
      "| Legal expenses | $50,000.00 | $0.00 |",
      "",
      "The total premium payable for the period of insurance is $3,760.72."
    ].join("\n")
    const [first, second] = locate(schedule, "schedule.md", ["Name of the coverage", "the name of the second coverage"])
    expect(first?.text).toBe("Business interruption")
    expect(second?.text).toBe("Legal expenses")
  })

  it("an amount whose thousands are grouped by spaces is found whole", () => {
    const facture = [
      "Désignation              Qté   Prix unitaire HT      Montant HT",
      "Chaise de bureau           4       308,84 EUR      1 235,36 EUR",
      "Ramette papier A4          1         4,08 EUR          4,08 EUR",
      "",
      "1 239,44 EUR Montant HT",
      "68,17 EUR TVA 5,5 %",
      "1 307,61 EUR Net à payer"
    ].join("\n")
    const [total, subtotal] = locate(facture, "facture.txt", ["Total amount of the invoice including tax", "Sum of the line items before tax"])
    expect(total?.text).toBe("1 307,61 EUR")
    expect(subtotal?.text).toBe("1 239,44 EUR")
  })

  it("a value printed twice is found first where its label names what was asked", () => {
    const letter = "# Invoice 4471\n\nWe confirm your order of $969.44, shipped today.\n\n| Item | Amount |\n|---|---|\n| Monitor arm | $969.44 |\n\nTotal: $969.44\n"
    const [total] = locate(letter, "invoice.md", ["Total amount of the invoice including tax"])
    expect(total?.text).toBe("$969.44")
    const doc = documentOfMarkdown(letter, "invoice.md")
    const { units } = documentUnits(doc)
    const [spans] = locateLocally(units, [{ itemId: "t", query: "Total amount of the invoice including tax", semantic: true, hints: NO_HINTS }], extractBatches(doc, 20))
    expect(units[spans![0]!.unit]!.text).toBe("Total: $969.44")
  })

  it("a length is found with its unit, in words and figures", () => {
    const contract = "# Services agreement\n\nThis agreement is made between Acme Ltd and Globex GmbH.\n\n1. Term. The initial term of this agreement is twenty-four (24) months from the effective date.\n"
    const [term] = locate(contract, "contract.md", ["the length of the initial term of the agreement"])
    expect(term?.text).toBe("twenty-four (24) months")
  })

  it("without the document's content (records, transcripts) the labels are read as before", () => {
    const doc = documentOfMarkdown(receipt, "receipt.txt")
    const { units } = documentUnits(doc)
    const [total] = locateLocally(units, [{ itemId: "t", query: "the total amount paid", semantic: true, hints: NO_HINTS }])
    expect(units[total![0]!.unit]!.text.slice(total![0]!.start, total![0]!.end)).toBe("17.49")
  })
})
