/**
 * The local engine reading one value where the text around it says more than the value: an
 * identifier with a numbering word before it or words after it, a total whose label carries a
 * date, a number with a unit among other numbers of its sentence. Wordings no evaluation set uses.
 */
import { describe, expect, it } from "vitest"
import { extractFromText, INVOICE } from "./local-extract-fixture.js"
import { currencyMentions, currencyOf, dateOf, maskDateRanges, moneyIn, numberOf, withOcrDigits, withOcrIbanCheckDigits } from "../../src/intelligence/local/layout/values.js"

const invoice = (text: string) => extractFromText(INVOICE, text)

describe("identifiers", () => {
  it("a numbering word before the identifier is set aside", () => {
    expect(invoice("INVOICE\nNo. 7731\nDate 4.5.2027\n\nGrand total 19.00").invoice_number).toBe("7731")
    expect(invoice("Invoice ID 9C4B-20\nTotal 10.00").invoice_number).toBe("9C4B-20")
  })

  it("the words after it are no part of it, in a sentence or a cell", () => {
    expect(invoice("Invoice no. K-5510 dated 4 May 2027\n\nAmount payable: 31,20 €").invoice_number).toBe("K-5510")
    expect(invoice("Rechnung Nr. 2027-0413 vom 04.05.2027\n\nGesamtbetrag 31,20 EUR").invoice_number).toBe("2027-0413")
    expect(invoice("Invoice number: AB 7730 (duplicate)\nTotal 5.00").invoice_number).toBe("AB 7730")
  })

  it("a value that starts with another label's words is not the identifier", () => {
    expect(invoice("N° TVA intracom. FR11223344556\nFacture n° 7731\nTotal TTC 12,00 €").invoice_number).toBe("7731")
  })
})

describe("a total whose label carries a date", () => {
  it("'Total due on <date>' takes the amount in the next cell, not the date's digits", () => {
    expect(invoice("Invoice Number\n55120931\n\nTotal amount due on May 4, 2027  $7.25").total).toBe(7.25)
    expect(invoice("Total amount due on May 4, 2027  $7.25").total).toBe(7.25)
  })

  it("a label's own words after its first word do not send it to the next cell", () => {
    const ACCOUNTS = { type: "object", properties: { total_assets: { type: "number", description: "Total assets at the period end" } } }
    expect(extractFromText(ACCOUNTS, "Income statement\n\nCost of sales\t-81200\n\nBalance sheet\n\nTotal assets\t455100").total_assets).toBe(455100)
  })
})

describe("a number with its unit in a sentence", () => {
  const TERM = { type: "object", properties: { term_months: { type: "integer", description: "Initial term of the agreement in months" } } }

  it("a field with a unit takes the number printed with a unit, not a register number or a count before it", () => {
    expect(extractFromText(TERM, "This Fixed-Term Agreement is made with Halden Tools GmbH, registered under HRB 771203, and runs for a fixed term of nine (9) months.").term_months).toBe(9)
    expect(extractFromText(TERM, "The licence covers 40 seats. The licence term is two (2) years from the start date.").term_months).toBe(24)
  })
})

describe("a document's currency", () => {
  it("from a symbol or code beyond the common few, every code of a line read (not only its first upper-case word)", () => {
    expect(invoice("TAX INVOICE\nInvoice no: 5521\nAmount payable: Rs. 1,480.00").currency).toBe("INR")
    expect(invoice("Invoice no: 5521\nTotal ฿ 2,300.00").currency).toBe("THB")
    expect(currencyOf("TVA 20 % EUR")).toBe("EUR")
  })

  it("from the currency's name when no code or symbol is printed", () => {
    expect(invoice("Invoice no: 5521\nAll amounts in Canadian dollars\nTotal 15.00").currency).toBe("CAD")
  })

  it("letters of a symbol inside a word, and upper-case words that are ISO codes elsewhere, name no currency", () => {
    expect(currencyMentions("12 HRs of labour, ALL TOP PEN")).toEqual([])
    expect(currencyMentions("Rs 250 and US$ 3")).toEqual(["INR", "USD"])
  })
})

describe("a bill's amounts by their labels", () => {
  it("the label of an amount in one cell is every word before it: 'Total VAT' is the tax, 'Total excl. tax' no total", () => {
    expect(invoice("Net total 310.00\nTotal VAT 62.00\nTotal incl. VAT 372.00")).toMatchObject({ subtotal: 310, tax: 62, total: 372 })
    expect(invoice("Invoice 4410\nTotal excluding tax 81.50\nVAT 20% 16.30\nTotal 97.80")).toMatchObject({ subtotal: 81.5, tax: 16.3, total: 97.8 })
  })

  it("'Untaxed amount', 'Taxable value' and 'Sub-total' name the subtotal; 'Balance due' the total", () => {
    expect(invoice("Untaxed Amount  $ 88.00\nTax 15%  $ 13.20\nTotal  $ 101.20")).toMatchObject({ subtotal: 88, tax: 13.2, total: 101.2 })
    expect(invoice("Sub-total: £45.00\nVAT (20%): £9.00\nBalance due: £54.00")).toMatchObject({ subtotal: 45, tax: 9, total: 54 })
    expect(invoice("Taxable value 410.00\nIGST @18%  73.80\nGrand Total  483.80")).toMatchObject({ subtotal: 410, tax: 73.8, total: 483.8 })
  })
})

describe("an identifier that starts with a numbering word's letters", () => {
  it("keeps them when they are glued to its digits", () => {
    const CUSTOMER = { type: "object", properties: { customer_id: { type: "string", description: "The customer's identifier" } } }
    expect(extractFromText(CUSTOMER, "Customer ID: ID4432\nTotal 3.00").customer_id).toBe("ID4432")
    expect(extractFromText(CUSTOMER, "Customer ID: #4432\nTotal 3.00").customer_id).toBe("4432")
  })
})

describe("a tax printed as its components", () => {
  it("central and state GST, or GST and PST, add up to the tax", () => {
    expect(invoice("Taxable value 500.00\nCGST 6%  30.00\nSGST 6%  30.00\nTotal Rs. 560.00")).toMatchObject({ subtotal: 500, tax: 60, total: 560 })
    expect(invoice("Subtotal 80.00\nGST 5%  4.00\nPST 7%  5.60\nTotal 89.60")).toMatchObject({ tax: 9.6 })
  })

  it("one tax line, or a total of the tax, is the tax as printed", () => {
    expect(invoice("Subtotal 80.00\nGST 5%  4.00\nTotal 84.00").tax).toBe(4)
    expect(invoice("Subtotal 80.00\nTotal tax 9.60\nTotal 89.60").tax).toBe(9.6)
  })
})

describe("an item's field that repeats its list's name", () => {
  it("is named by its other words: a register's 'Date' column is each invoice's invoice_date", () => {
    const REGISTER = {
      type: "object",
      properties: {
        invoices: { type: "array", items: { type: "object", properties: { invoice_number: { type: "string" }, invoice_date: { type: "string", description: "Invoice date" }, total: { type: "number" } } } }
      }
    }
    const data = extractFromText(REGISTER, "Outgoing invoices\n\nInvoice No.\tDate\tClient\tTotal\nWH-0711\t2027-04-02\tMarsh Ltd\t120.00\nWH-0712\t2027-04-05\tBirch & Co\t75.50")
    expect(data.invoices).toEqual([
      { invoice_number: "WH-0711", invoice_date: "2027-04-02", total: 120 },
      { invoice_number: "WH-0712", invoice_date: "2027-04-05", total: 75.5 }
    ])
  })
})

describe("a date whose parts a separator joins", () => {
  it("reads day, month's name and year joined by a hyphen, slash or dot", () => {
    expect(invoice("Invoice Number   Invoice Date   Payment Due\nHX-5521   09-Mar-2027   08-Apr-2027\n\nTotal 40.00")).toMatchObject({ invoice_date: "2027-03-09", due_date: "2027-04-08" })
    expect(invoice("Invoice no: 7\nDate: 09/MAR/27\nTotal 1.00").invoice_date).toBe("2027-03-09")
  })

  it("a code with letters between numbers is no date", () => {
    expect(invoice("Invoice no: 7\nRef 12-ABC-2026\nTotal 1.00").invoice_date ?? null).toBeNull()
  })
})

describe("a date glued together, as bank statements print it", () => {
  it("reads day, month's abbreviation and year with no separator", () => {
    expect(dateOf("01Aug2018 Clearing Cheque")).toBe("2018-08-01")
    expect(dateOf("31JUL18")).toBe("2018-07-31")
    expect(dateOf("5Sept2020")).toBe("2020-09-05")
    const STATEMENT = { type: "object", properties: { statement_date: { type: "string", description: "Date of the statement" } } }
    expect(extractFromText(STATEMENT, "Statement date: 02Aug2018\nBalance 70.00").statement_date).toBe("2018-08-02")
  })

  it("a code with letters between digits, or a month's whole name glued, is no date", () => {
    expect(dateOf("12ABC34")).toBeNull()
    expect(dateOf("ref 10MAR2026X")).toBeNull()
    expect(dateOf("4march2020")).toBeNull()
  })
})

describe("a Swiss amount's group mark", () => {
  it("an apostrophe printed as a grave or acute accent groups thousands", () => {
    expect(numberOf("CHF 3`667.35")).toBe(3667.35)
    expect(numberOf("3´949.75")).toBe(3949.75)
    expect(moneyIn("Bill amount CHF 3`949.75")).toEqual([{ amount: "3949.75", currency: "CHF", text: "CHF 3`949.75" }])
    expect(invoice("Bill no. 3139\nVAT amount CHF 282.40\nBill amount CHF 3`949.75").total).toBe(3949.75)
  })

  it("the apostrophe OCR read as a degree sign groups thousands, between digits and three more only", () => {
    expect(numberOf("CHF 3°360.00")).toBe(3360)
    expect(moneyIn("28 Std. CHF 120.00 CHF 3°360.00").map((m) => m.amount)).toEqual(["28", "120.00", "3360.00"])
    expect(numberOf("20°C")).toBe(20)
    expect(moneyIn("turned 45°30").map((m) => m.amount)).toEqual(["45", "30"])
  })
})

describe("a rate between a label and its amount", () => {
  it("a tax's rate is not its amount, in cells or in one line", () => {
    expect(invoice("| Subtotal | | 2,730 |\n|---|---|---|\n| Sales Tax | 10.20% | 278.46 |\n| Grand total | | 3,008.46 |").tax).toBe(278.46)
    expect(invoice("Subtotal 2,730\nSales Tax 10.20% 278.46\nGrand total 3,008.46").tax).toBe(278.46)
  })

  it("a field asking for the rate still takes it", () => {
    const RATE = { type: "object", properties: { tax_rate: { type: "number", description: "Tax rate in percent" } } }
    expect(extractFromText(RATE, "| Sales Tax rate | 10.20% | 278.46 |\n|---|---|---|").tax_rate).toBe(10.2)
  })
})

describe("statement and bill labels", () => {
  it("'Balance Forward' is the opening balance, as 'Brought forward' is", () => {
    const STATEMENT = { type: "object", properties: { opening_balance: { type: "number" }, closing_balance: { type: "number" } } }
    expect(extractFromText(STATEMENT, "Balance Forward 1,878.08\nClosing balance 1,200.00")).toEqual({ opening_balance: 1878.08, closing_balance: 1200 })
  })

  it("an 'Old balance' is the opening one, as a 'New balance' is the closing one; an old account number is no balance", () => {
    const STATEMENT = { type: "object", properties: { opening_balance: { type: "number" }, closing_balance: { type: "number" } } }
    expect(extractFromText(STATEMENT, "Old balance as of 01.07.2026 4.995,62\n03.07.2026 SHELL 15,42\nNew balance as of 31.07.2026 4.980,20"))
      .toEqual({ opening_balance: 4995.62, closing_balance: 4980.2 })
    expect(extractFromText(STATEMENT, "Old account number 1234\nStatement of account").opening_balance ?? null).toBeNull()
  })

  it("'Due:' alone beside a date is the due date, not the issue date beside 'Date:'", () => {
    const data = extractFromText(INVOICE, "Northwind Traders Inc.\tInvoice #: NW-89865\n1420 Commerce Street\tDate: 2026-02-17\nDallas, TX 75201\tDue: 2026-03-17\n\nTotal 10.00", "doc.txt")
    expect(data).toMatchObject({ invoice_date: "2026-02-17", due_date: "2026-03-17" })
  })

  it("'Issued' alone over a date is the date of issue", () => {
    expect(invoice("Invoice #: 3027\n\nIssued\nJun 25, 2026\n\nPayment due\nJul 25, 2026\n\nTotal 10.00")).toMatchObject({ invoice_date: "2026-06-25", due_date: "2026-07-25" })
    expect(invoice("Invoice 3027\nIssued on: 25.06.2026\nTotal 10.00").invoice_date).toBe("2026-06-25")
  })

  it("a 'Settlement date' is the day payment is due", () => {
    expect(invoice("Invoice INV-7\nDate of issue: May 20, 2026\nSettlement date: Jul 4, 2026\nTotal 14.00")).toMatchObject({ invoice_date: "2026-05-20", due_date: "2026-07-04" })
  })

  it("a bare 'Sum' under the lines is the subtotal, before the tax and the bill's amount", () => {
    expect(invoice("Bill no. 3139\nsum CHF 3667.35\nVAT amount CHF 282.40\nBill amount CHF 3949.75")).toMatchObject({ subtotal: 3667.35, tax: 282.4, total: 3949.75 })
    expect(invoice("Invoice 12\nTotal sum 99.00").subtotal ?? null).toBeNull()
  })
})

describe("a field named by a kind of value and what it is", () => {
  const RECEIPT = {
    type: "object",
    properties: { total: { type: "number" }, amount_tendered: { type: "number" }, change: { type: "number" } }
  }

  it("'amount' says what kind of value, the other word which one: the amount tendered is not the total", () => {
    const got = extractFromText(RECEIPT, ["CORNER HARDWARE", "Hammer 12.99", "TOTAL 20.99", "CASH TENDERED 25.00", "CHANGE 4.01"].join("\n"), "r.txt")
    expect(got).toEqual({ total: 20.99, amount_tendered: 25, change: 4.01 })
  })
})

describe("a date of the document beside a period", () => {
  const ORDER = {
    type: "object",
    properties: { order_date: { type: "string", description: "Date the order was placed (ISO date YYYY-MM-DD)" } }
  }

  it("takes the date stated alone, not the start of a period printed before it", () => {
    expect(extractFromText(ORDER, "Order details\nHire dates: 14.06.2027 - 18.06.2027\nFirst issued: 02.05.2027\n").order_date).toBe("2027-05-02")
  })

  it("takes the period's start when no date stands alone", () => {
    expect(extractFromText(ORDER, "Order details\nHire dates: 14.06.2027 - 18.06.2027\n").order_date).toBe("2027-06-14")
  })

  it("blanks the two ends of a period, and only them", () => {
    expect(maskDateRanges("from 1.3.2027 to 30.4.2027, signed 2.2.2027")).toBe(`from ${" ".repeat("1.3.2027 to 30.4.2027".length)}, signed 2.2.2027`)
  })
})

describe("amounts OCR read with letters for digits", () => {
  it("reads O, l, S, B inside an amount with cents as the digits they look like", () => {
    expect(numberOf("l,2O4.5O")).toBe(1204.5)
    expect(numberOf("$l99.00")).toBe(199)
    expect(numberOf("3S,OO €")).toBe(35)
    expect(invoice("INVOICE\nInvoice No. 7731\n\nSubtotal 1,O00.00\nTotal $l,2O4.50").total).toBe(1204.5)
  })

  it("leaves words and codes with letters alone", () => {
    expect(numberOf("B2B 12.00")).toBe(2)
    expect(numberOf("SOLD 7")).toBe(7)
    expect(withOcrDigits("Bl.00 and SOLD 5.00")).toBe("Bl.00 and SOLD 5.00")
  })
})

describe("an IBAN whose check digits OCR read as letters", () => {
  const STATEMENT = { type: "object", properties: { account_number: { type: "string", description: "Account number or IBAN" } } }

  it("reads them as the digits they always are", () => {
    expect(withOcrIbanCheckDigits("IBAN DEO4 1234 5678 9012 3456 78")).toBe("IBAN DE04 1234 5678 9012 3456 78")
    expect(extractFromText(STATEMENT, "Statement\n\nIBAN: NLl9 RABO 0123 4567 89\nPeriod May 2027").account_number).toBe("NL19 RABO 0123 4567 89")
  })

  it("leaves words that only look like one alone", () => {
    expect(withOcrIbanCheckDigits("BOOK SHOP CAFE")).toBe("BOOK SHOP CAFE")
    expect(withOcrIbanCheckDigits("GBOO ALBN WXYZ")).toBe("GBOO ALBN WXYZ")
  })
})
