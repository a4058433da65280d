/**
 * The local extractor reading labels printed in less common forms: a label and value in
 * parentheses after a title, two labels joined by a slash, a label naming another ("Alt") number,
 * an amount beside a count in a totals row, and a date labelled as the day a copy was printed.
 */
import { describe, expect, it } from "vitest"
import { extractFromText, INVOICE } from "./local-extract-fixture.js"

const invoice = (text: string) => extractFromText(INVOICE, text)
const ORDER = {
  type: "object",
  properties: {
    po_number: { type: "string", description: "The purchase order number as printed" },
    order_date: { type: "string", description: "Date the order was placed (ISO date YYYY-MM-DD)" },
    total: { type: "number", description: "Total amount of the order" }
  }
}
const order = (text: string) => extractFromText(ORDER, text)
const RECEIPT = { type: "object", properties: { date: { type: "string", description: "Date of the purchase (ISO date YYYY-MM-DD)" } } }

describe("a label and its value in parentheses", () => {
  it("after the document's title they are the document's own", () => {
    expect(invoice("ZAVA AUTO REPAIR\nPreliminary Estimate (ID: EST-1008)\nClaim # SF-1008\nGRAND TOTAL 5,738").invoice_number).toBe("EST-1008")
  })

  it("after anything else they are that thing's", () => {
    expect(invoice("Customer (ID: C-2231)\nTotal 10.00").invoice_number).toBeNull()
  })
})

describe("two labels joined by a slash", () => {
  it("the first names the value", () => {
    expect(order("| Order / Rev: | 2024-12-5678 |\n| Cinema: | Downtown |").po_number).toBe("2024-12-5678")
  })

  it("the first takes the first of two slashed values", () => {
    expect(order("| Order Date / Rev: | 12/20/24 / 12/28/24 |").order_date).toBe("2024-12-20")
    expect(invoice("| Subtotal / Tax: | 100.00 / 20.00 |").subtotal).toBe(100)
  })

  it("an 'Alt' number is not the main one", () => {
    expect(order("| Alt Order #: | SC-WINTER-2024 |\n| Order / Rev: | 2024-12-5678 |").po_number).toBe("2024-12-5678")
  })
})

describe("an amount beside a count", () => {
  it("takes the money-looking number, not the count before it", () => {
    expect(order("| Month | # Shows | Gross Amount |\n|---|---|---|\n| Totals | 48 | $12,500.00 |").total).toBe(12500)
  })

  it("a count alone beside the label is still the value", () => {
    expect(order("| Total | 48 |").total).toBe(48)
  })
})

describe("a print date", () => {
  it("is no date of the document's when it prints another", () => {
    expect(order("BOOKING ORDER Print Date 12/15/2024 14:30:22\nThe order of 12/01/2024 for 3 shows.").order_date).toBe("2024-12-01")
    expect(extractFromText(RECEIPT, "Printed on 2026-03-21 09:00\nCorner Cafe\n2026-03-20 11:01\nTotal 3.50").date).toBe("2026-03-20")
  })

  it("is the date when it is the only one", () => {
    expect(extractFromText(RECEIPT, "Corner Cafe\nPrinted on 2026-03-21\nTotal 3.50").date).toBe("2026-03-21")
  })
})

describe("a field named the total of another amount", () => {
  const TAX_TOTALS = { type: "object", properties: { total_tax_amount: { type: "number" }, total_discount: { type: "number" }, total_amount: { type: "number" } } }
  const text = "Net amount: USD 3,859.68\nDiscount: USD 40.00\nVAT 20%: USD 771.94\nAmount payable: USD 4,591.62"

  it("is that amount ('total_tax_amount' is the VAT), while 'total_amount' stays the document's total", () => {
    expect(extractFromText(TAX_TOTALS, text)).toMatchObject({ total_tax_amount: 771.94, total_discount: 40, total_amount: 4591.62 })
  })
})

describe("a label in a column of facts between other blocks", () => {
  const txt = (text: string) => extractFromText(INVOICE, text, "doc.txt")

  it("has its value under it when the cell beside it is another block's name or label", () => {
    const between = txt([
      "RECHNUNG", "",
      "Jonas Pfeiffer            Datum              Rosenthal Feinmechanik GmbH",
      "Industriering 14          14.11.2026         Schillerstraße 22",
      "90402 Nürnberg                               70173 Stuttgart", "",
      "Bezeichnung               Menge   Einzelpreis    Gesamt",
      "Webhosting, 12 Monate     6       137,58 €       825,48 €", "",
      "Rechnungsbetrag: 825,48 €"
    ].join("\n"))
    expect(between.invoice_date).toBe("2026-11-14")
    const closing = txt([
      "FACTUUR INV-6067", "",
      "Factuurontvanger          Goederenontvanger     Datum:",
      "Roeivereniging De Hoop    Molenlaan 4           08-09-2026",
      "Industrieweg 31           3891 AA Zeewolde      Vervaldatum:",
      "3811 LJ Amersfoort                              22-09-2026", "",
      "Totaal: € 972,99"
    ].join("\n"))
    expect([closing.invoice_date, closing.due_date]).toEqual(["2026-09-08", "2026-09-22"])
  })

  it("but a table's heading beside a heading over values of the same kind is no label of one value", () => {
    const out = txt([
      "INVOICE", "",
      "Description                       Qty     Unit price      Amount",
      "Cat6 patch leads 2 m                    2           20.97         41.94",
      "  (bag of 10)",
      "Annual support contract                  8           690.66      5,525.28",
      "Site survey and cable route               6         241.23      1,447.38", "",
      "                                                 Total due      7,014.60 GBP"
    ].join("\n"))
    expect(out.total).toBe(7014.6)
  })
})

describe("totals named by whether the tax is in them", () => {
  const text = "Total without VAT 2,945.02 USD\n\nVAT Paid 8.88% 261.37 USD\n\nTotal paid with VAT 3,206.39 USD"

  it("a total 'with VAT' is the total, and not the tax", () => {
    const got = invoice(text)
    expect(got.total).toBe(3206.39)
    expect(got.tax).toBe(261.37)
  })

  it("a total 'without VAT' is no tax either", () => {
    expect(invoice("Total without VAT 4,361.71\n\nVAT Paid 0.00\n\nTotal incl. VAT 4,361.71").tax).toBe(0)
  })
})

describe("a VAT number", () => {
  it("is no tax amount: a country's two capitals glued to its digits make it an identifier", () => {
    expect(invoice("Larkspur Media Ltd\nVAT GB265 8991 52\n\nItem Amount\nDesign 100.00\n\nVAT 20.00\nTotal 120.00").tax).toBe(20)
  })
})

describe("a tax id", () => {
  it("is no tax amount when its digits are joined by a hyphen", () => {
    expect(invoice("Supplier:\nRedwood Ledger Partners\nTax ID:\nEIN 37-1863686\n\nNet amount 2,692.15 USD\nAmount due 2,692.15 USD").tax).toBeNull()
  })
})

describe("an identifier in a sentence about tax", () => {
  it("gives no tax amount: digits glued to letters are a VAT number's or a reference's", () => {
    expect(invoice("INVOICE Reference: RE20261177 Supplier: Redwood Ledger Partners Tax ID: VAT GB993 6668 52\n\nNet amount 2,692.15 USD\nAmount due 2,692.15 USD").tax).toBeNull()
    expect(invoice("INVOICE Reference: INV-54839 Supplier: Larkspur Media Ltd Tax ID: VAT GB993 6668 52\n\nNet amount 3,255.79 GBP\nAmount due 3,255.79 GBP").tax).toBeNull()
  })
})
