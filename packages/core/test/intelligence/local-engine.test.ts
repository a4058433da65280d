/**
 * The local intelligence engine's rules, one by one (the HTTP suites check the operations around
 * them): typed values, label matching, extraction from layouts, classification and segmentation,
 * grounding, embeddings and answers. Every answer is deterministic.
 */
import { describe, expect, it } from "vitest"
import { documentOfMarkdown } from "../../src/documents/parse/read-document.js"
import { DEFAULT_TAXONOMY } from "../../src/documents/categorize/default-taxonomy.js"
import { documentUnits } from "../../src/documents/ground/ground-units.js"
import { compileExtractSchema } from "../../src/documents/schema/compile.js"
import { Either } from "effect"
import { alternativeName, fieldWords, labelScore } from "../../src/intelligence/local/layout/labels.js"
import { dateOf, datesOf, dayOrderOf, numberOf, currencyOf } from "../../src/intelligence/local/layout/values.js"
import { answerLocally } from "../../src/intelligence/local/local-answerer.js"
import { classifyLocally, segmentLocally } from "../../src/intelligence/local/local-classifier.js"
import { cosine } from "../../src/intelligence/embedder.js"
import { embedLocally } from "../../src/intelligence/local/local-embedder.js"
import { extractLocally } from "../../src/intelligence/local/local-extractor.js"
import { locateLocally } from "../../src/intelligence/local/local-grounder.js"

const schemaOf = (s: unknown) => {
  const c = compileExtractSchema(s)
  if (Either.isLeft(c)) throw new Error(JSON.stringify(c.left))
  return c.right
}
const extract = (schema: unknown, markdown: string) => {
  const doc = documentOfMarkdown(markdown, "doc.md")
  return extractLocally({ schema: schemaOf(schema), content: { markdown, pages: doc.pages, blocks: doc.blocks, sheets: [] } })
}
const NO_HINTS = { anchorText: null, pages: [], sheetName: null, cellHint: null, rangeHint: null }

describe("typed values", () => {
  it("reads amounts with any separators, signs and currencies", () => {
    expect(numberOf("$1,234.50")).toBe(1234.5)
    expect(numberOf("1.234,50 €")).toBe(1234.5)
    expect(numberOf("(12.00)")).toBe(-12)
    expect(numberOf("-186.07")).toBe(-186.07)
    expect(numberOf("EUR 99")).toBe(99)
    expect(numberOf("1 234 567,89")).toBe(1234567.89)
    expect(numberOf("no digits")).toBeNull()
    expect(currencyOf("£21.12")).toBe("GBP")
    expect(currencyOf("Total 5 CHF")).toBe("CHF")
  })

  it("normalises dates; numeric dates are day-first unless the document shows month-first ones", () => {
    expect(dateOf("2026-03-14")).toBe("2026-03-14")
    expect(dateOf("14/03/2026")).toBe("2026-03-14")
    expect(dateOf("March 14, 2026")).toBe("2026-03-14")
    expect(dateOf("14th of March 2026")).toBe("2026-03-14")
    expect(dateOf("03/04/2026")).toBe("2026-04-03")
    expect(dayOrderOf("Due 03/14/2026, issued 03/04/2026")).toBe("month-first")
    expect(dateOf("03/04/2026", "month-first")).toBe("2026-03-04")
    expect(dateOf("31/02/2026")).toBeNull()
    expect(datesOf("1 July 2026 – 31 July 2026")).toEqual(["2026-07-01", "2026-07-31"])
  })

  it("scores labels by the field's words and the business vocabulary", () => {
    const invoiceNumber = fieldWords("invoice_number", null, [], null)
    expect(labelScore(invoiceNumber, "Invoice No.")).toBe(1)
    expect(labelScore(invoiceNumber, "Invoice #")).toBe(1)
    expect(labelScore(invoiceNumber, "Due Date")).toBe(0)
    const customer = fieldWords("customer_name", null, [], null)
    expect(labelScore(customer, "Bill To")).toBeGreaterThanOrEqual(0.5)
    expect(labelScore(fieldWords("invoice_date", null, [], null), "Invoice Date")).toBeGreaterThan(labelScore(fieldWords("invoice_date", null, [], null), "Due Date"))

    // a description's "X or Y" names the field another way; an "or" not after the field's own words does not
    const deductible = fieldWords("deductible", null, [], "Deductible or excess for the coverage")
    expect(labelScore(deductible, "Excess")).toBe(labelScore(fieldWords("excess", null, [], null), "Excess"))
    expect(labelScore(fieldWords("deductible", null, [], null), "Excess")).toBe(0)
    expect(alternativeName("limit", null, "Limit of liability or sum insured for the coverage")).toBe("sum insured")
    expect(alternativeName("total", null, "Sum of the lines, with tax or without")).toBeNull()
    expect(labelScore(fieldWords("quantity", null, [], null), "Units")).toBe(1)
    // set phrases: a balance brought or carried forward, what is left to pay
    expect(labelScore(fieldWords("opening_balance", null, [], null), "Brought forward")).toBeGreaterThanOrEqual(0.5)
    expect(labelScore(fieldWords("closing_balance", null, [], null), "Carried forward")).toBeGreaterThanOrEqual(0.5)
    expect(labelScore(fieldWords("opening_balance", null, [], null), "Carried forward")).toBeLessThan(0.5)
    expect(labelScore(fieldWords("total", null, [], null), "BALANCE TO PAY")).toBeGreaterThanOrEqual(0.5)
  })
})

describe("local extractor", () => {
  it("reads labels beside and below values, a line-item table, and leaves what is not stated", () => {
    const data = extract(
      { type: "object", properties: { number: { type: "string", title: "Invoice number" }, total: { type: "number" }, customer: { type: "string" }, po: { type: "string" }, items: { type: "array", items: { type: "object", properties: { description: { type: "string" }, qty: { type: "integer" } } } } } },
      "ACME LTD\nInvoice #: A-17\nCustomer:\nGlobex Corp\n\nDescription\tQty\nBolts\t4\nNuts\t10\n\nTotal: 12.40"
    )
    expect(data).toEqual({ number: "A-17", total: 12.4, customer: "Globex Corp", po: null, items: [{ description: "Bolts", qty: 4 }, { description: "Nuts", qty: 10 }] })
  })

  it("signs amounts from money-in and money-out columns and skips balance lines; a period's end takes the second date", () => {
    const data = extract(
      { type: "object", properties: { period_start: { type: "string" }, period_end: { type: "string" }, transactions: { type: "array", items: { type: "object", properties: { date: { type: "string" }, description: { type: "string" }, amount: { type: "number" } } } } } },
      "Statement period: 1 July 2026 – 31 July 2026\n\nDate\tDescription\tPaid out\tPaid in\n1 Jul 2026\tBalance brought forward\t\t\n3 Jul 2026\tRent\t900.00\t\n4 Jul 2026\tSalary\t\t2,500.00"
    )
    expect(data).toEqual({
      period_start: "2026-07-01",
      period_end: "2026-07-31",
      transactions: [{ date: "2026-07-03", description: "Rent", amount: -900 }, { date: "2026-07-04", description: "Salary", amount: 2500 }]
    })
  })

  it("reads two lists printed side by side under their own names, and an unnamed first column as the item's name", () => {
    const line = { type: "array", items: { type: "object", properties: { description: { type: "string" }, amount: { type: "number" } } } }
    const pay = extract(
      { type: "object", properties: { earnings: line, deductions: line } },
      "Earnings\tAmount\tDeductions\tAmount\nBasic salary\t3,000.00\tIncome tax\t600.00\nOvertime\t200.00\tPension\t150.00"
    )
    expect(pay).toEqual({
      earnings: [{ description: "Basic salary", amount: 3000 }, { description: "Overtime", amount: 200 }],
      deductions: [{ description: "Income tax", amount: 600 }, { description: "Pension", amount: 150 }]
    })
    const cover = { type: "object", properties: { coverage: { type: "string" }, limit: { type: "number" }, deductible: { type: "number", description: "Deductible or excess" } } }
    expect(extract({ type: "object", properties: { coverages: { type: "array", items: cover } } }, "Section\tLimit\tExcess\nContents\t60,000\t250\nBuildings\t250,000\t500"))
      .toEqual({ coverages: [{ coverage: "Contents", limit: 60000, deductible: 250 }, { coverage: "Buildings", limit: 250000, deductible: 500 }] })
    // the list's name alone over a column of amounts: the first column holds the names, other lists' lines are passed over
    expect(extract({ type: "object", properties: { deductions: line } }, "Pay element\tPayments\tDeductions\nBasic salary\t3,000.00\t\nIncome tax\t\t600.00\nPension\t\t150.00\n\nThank you"))
      .toEqual({ deductions: [{ description: "Income tax", amount: 600 }, { description: "Pension", amount: 150 }] })
    // one named cell beside a label is a form's row, not a header
    expect(extract({ type: "object", properties: { lines: { type: "array", items: cover } } }, "Insured\tLimit\nAcme Ltd\t60,000")).toEqual({ lines: [] })
  })

  it("reads capitalised labels set above their values, and an identifier named in running text", () => {
    const form = extract(
      { type: "object", properties: { vendor_name: { type: "string" }, customer_name: { type: "string" }, policy_number: { type: "string" } } },
      "SUPPLIER\tCUSTOMER\nHalvorsen Marine AS\tGlenmoor Dairy\n\nThis schedule forms part of policy PL-9378970 issued to the Insured."
    )
    expect(form).toEqual({ vendor_name: "Halvorsen Marine AS", customer_name: "Glenmoor Dairy", policy_number: "PL-9378970" })
    // a row of labels in mixed case keeps reading the value on the right
    expect(extract({ type: "object", properties: { customer: { type: "string" } } }, "Customer\tGlobex Corp")).toEqual({ customer: "Globex Corp" })
  })

  it("reads text set in two newspaper columns down the left column, then the right", () => {
    // each line of the left column is printed beside a line of the right one, as a PDF draws them
    const left = ["1. Duration. The employment is for a", "fixed term of three (3) years from the", "start, unless ended earlier."]
    const right = ["4. Holidays. The Employee has 25 days", "of paid holiday in each year, and", "5. Notice. One month's notice ends it."]
    const items = left.flatMap((text, i) => [
      { text, x: 50, y: 100 + 14 * i, w: 220, h: 10, source: "text_layer" as const, confidence: null },
      { text: right[i]!, x: 300, y: 100 + 14 * i, w: 230, h: 10, source: "text_layer" as const, confidence: null }
    ])
    const page = { page_number: 1, text: "", width: 595, height: 842, unit: "pt" as const, items, ocr: false }
    const data = extractLocally({ schema: schemaOf({ type: "object", properties: { term_months: { type: "integer" } } }), content: { markdown: "", pages: [page], blocks: [], sheets: [] } })
    expect(data).toEqual({ term_months: 36 })
  })

  it("reads contract terms from sentences: parties, dates before their defined term, durations in the field's unit, the governing law", () => {
    const data = extract(
      { type: "object", properties: { parties: { type: "array", items: { type: "string" } }, effective_date: { type: "string" }, term_months: { type: "integer" }, governing_law: { type: "string" } } },
      "This Agreement is made as of 2 March 2026 (the \"Effective Date\") by and between Acme Corp, a Delaware corporation, and Globex Ltd (\"Client\").\n\nThe term of this Agreement is three (3) years.\n\nThis Agreement is governed by the laws of the State of New York."
    )
    expect(data).toEqual({ parties: ["Acme Corp", "Globex Ltd"], effective_date: "2026-03-02", term_months: 36, governing_law: "State of New York" })
  })
})

describe("local classifier", () => {
  it("classifies by vocabulary, multi-word keys only as phrases, and proposes a freeform label when nothing fits", () => {
    const receipt = classifyLocally({ text: "Corner Cafe\nLatte 3.50\nTotal paid 3.50\nPaid with card\nThanks!", categories: DEFAULT_TAXONOMY, multiLabel: false })
    expect(receipt.categories[0]!.key).toBe("receipt")
    const order = classifyLocally({ text: "Order #12\nLatte 3.50\nTotal 3.50\nPaid by Visa, change 0.00", categories: DEFAULT_TAXONOMY, multiLabel: false })
    expect(order.categories[0]!.key).not.toBe("purchase_order")
    const poem = classifyLocally({ text: "Ode to Autumn\n\nSeason of mists and mellow fruitfulness", categories: [{ key: "invoice", description: null }], multiLabel: false })
    expect(poem).toMatchObject({ categories: [], freeform: "ode_to_autumn" })
    expect(classifyLocally({ text: "Ode to Autumn", categories: DEFAULT_TAXONOMY, multiLabel: true })).toEqual(classifyLocally({ text: "Ode to Autumn", categories: DEFAULT_TAXONOMY, multiLabel: true }))
  })

  it("segments a bundle where page numbering restarts", () => {
    const invoice = "INVOICE\nInvoice number 1\nTotal due 10.00\nPage 1 of 1"
    const segments = segmentLocally({ pages: [invoice, invoice.replace("number 1", "number 2")], categories: DEFAULT_TAXONOMY })
    expect(segments.map((s) => [s.page_start, s.page_end])).toEqual([[1, 1], [2, 2]])
  })
})

describe("local grounder", () => {
  const units = documentUnits(documentOfMarkdown("Invoice No.: A-17\nIssued: 2 March 2026\nBill To:\nGlobex Corp\nTotal due: 1,200.00", "a.md")).units

  it("matches literal queries exactly, with separators ignored, or fuzzily with a lower confidence", () => {
    const [exact, compact, fuzzy] = locateLocally(units, [
      { itemId: "a", query: "A-17", semantic: false, hints: NO_HINTS },
      { itemId: "b", query: "1200.00", semantic: false, hints: NO_HINTS },
      { itemId: "c", query: "Globx Corp", semantic: false, hints: NO_HINTS }
    ])
    expect(exact![0]!.confidence).toBe(0.97)
    expect(compact![0]!.confidence).toBeGreaterThanOrEqual(0.9)
    expect(units[fuzzy![0]!.unit]!.text.slice(fuzzy![0]!.start, fuzzy![0]!.end)).toBe("Globex Corp")
    expect(fuzzy![0]!.confidence).toBeLessThan(0.95)
  })

  it("reads semantic queries as field descriptions: the value of the best label", () => {
    const [customer, total, date] = locateLocally(units, [
      { itemId: "a", query: "the name of the customer being billed", semantic: true, hints: NO_HINTS },
      { itemId: "b", query: "the total amount due", semantic: true, hints: NO_HINTS },
      { itemId: "c", query: "the date the invoice was issued", semantic: true, hints: NO_HINTS }
    ])
    const text = (s: { unit: number; start: number; end: number }) => units[s.unit]!.text.slice(s.start, s.end)
    expect(text(customer![0]!)).toBe("Globex Corp")
    expect(text(total![0]!)).toBe("1,200.00")
    expect(text(date![0]!)).toBe("2 March 2026")
  })
})

describe("local embedder and answerer", () => {
  it("embeds shared vocabulary close together, unit length, deterministically", () => {
    const a = embedLocally("invoice payment overdue")
    const b = embedLocally("the invoices are overdue for payment")
    const c = embedLocally("mountain hiking trail")
    expect(cosine(a, a)).toBeCloseTo(1, 5)
    expect(cosine(a, b)).toBeGreaterThan(cosine(a, c) + 0.3)
    expect([...embedLocally("x y z")]).toEqual([...embedLocally("x y z")])
  })

  it("answers from passages with a citation, and says it found nothing rather than guess", () => {
    const passages = [{ id: "p1", text: "The warranty lasts two years from delivery." }, { id: "p2", text: "Shipping takes five days." }]
    expect(answerLocally({ question: "How long does the warranty last?", passages })).toMatchObject({ found: true, citations: ["p1"], answer: "The warranty lasts two years from delivery." })
    expect(answerLocally({ question: "Who is the chief executive?", passages }).found).toBe(false)
  })
})
