/** What a document calls itself (its title, a statement that it is paid) outweighs the words of its body. */
import { describe, expect, it } from "vitest"
import { DEFAULT_TAXONOMY } from "../../src/documents/categorize/default-taxonomy.js"
import { namingTerms, saysPaid, titlePhraseOf } from "../../src/intelligence/local/document-title.js"
import { classifyLocally } from "../../src/intelligence/local/local-classifier.js"
import { terms } from "../../src/intelligence/local/text-features.js"

const classify = (text: string) => classifyLocally({ text, categories: DEFAULT_TAXONOMY, multiLabel: false }).categories[0]?.key

describe("document titles", () => {
  it("reads a title alone, before a parenthesis, or as the capital run opening a line; not a label, an address label or a company", () => {
    expect(titlePhraseOf("Preliminary Estimate (ID: EST-1008)")).toBe("Preliminary Estimate")
    expect(titlePhraseOf("BOOKING ORDER Print Date 12/15/2024 14:30:22")).toBe("BOOKING ORDER")
    expect(titlePhraseOf("## Payment Receipt")).toBe("Payment Receipt")
    expect(titlePhraseOf("Order Date: 12/15/2024")).toBeNull()
    expect(titlePhraseOf("Order Date 12/15/2024")).toBeNull()
    expect(titlePhraseOf("Claim # SF-1008")).toBeNull()
    expect(titlePhraseOf("BILL TO")).toBeNull()
    expect(titlePhraseOf("Payment\tGoogle Pay")).toBeNull()
    expect(titlePhraseOf("Thank you for your order")).toBeNull()
    expect(titlePhraseOf("Acme Supplies Ltd")).toBeNull()
  })

  it("names a category by its key's words and its description's opening phrase, not what the document holds", () => {
    const quote = DEFAULT_TAXONOMY.find((c) => c.key === "quote")!
    const named = namingTerms(quote.key, quote.description)
    for (const w of ["quote", "quotation", "estimate"]) expect(named.has(terms(w)[0]!)).toBe(true)
    expect(named.has(terms("acceptance")[0]!)).toBe(false)
  })

  it("classifies by the title over the body's invoice words and totals", () => {
    const estimate = "ZAVA AUTO REPAIR\n123 Main Street, Redmond\nPreliminary Estimate (ID: EST-1008)\n" +
      "Parts 2,100\nBody Labor 300\nSubtotal 2,730\nSales Tax 278.46\nGRAND TOTAL 5,738\nThe invoice follows the repair; amount due on delivery."
    expect(classify(estimate)).toBe("quote")
    const booking = "BOOKING ORDER Print Date 12/15/2024\nSTARLIGHT CINEMAS\nBilling Type: Net 30\nPayment Terms: Corporate\n" +
      "Gross Amount 12,500.00\nNet Amount 11,250.00\nTotals 48 12,500.00\nInvoice to the billing contact."
    expect(classify(booking)).toBe("purchase_order")
    expect(classify("SUPPLY AGREEMENT\nThis Supply Agreement is made between the Supplier and the Buyer.\n" +
      "The Supplier shall supply the products in the quantities of each purchase order issued by the Buyer.")).toBe("contract")
  })

  it("leans receipt when the document says it has been paid and nothing is due", () => {
    expect(saysPaid("SUBTOTAL $49.52\nAMOUNT PAID $51.50\nCASH TENDERED $60.00")).toBe(true)
    expect(saysPaid("Total 120.00\nPaid in full\nBalance due: 0.00")).toBe(true)
    expect(saysPaid("22 Jan INTEREST PAID 21.12")).toBe(false)
    expect(saysPaid("TOTAL TO PAY £21.12\nDEBIT CARD £21.12\nCard ************7730")).toBe(true)
    expect(saysPaid("Total 8.00\nCASH 10.00\nCHANGE DUE 2.00")).toBe(true)
    expect(saysPaid("Amount paid 50.00\nBalance due 70.00\nDue date 1 March")).toBe(false)
    expect(classify("METRO FUEL STATION\nPUMP 8 INVOICE 234141\nUnleaded 9.45 @ $3.23 $30.52\nSUBTOTAL $49.52\nTAX $1.98\nAMOUNT PAID $51.50\nCASH TENDERED $60.00\nCHANGE $8.50"))
      .toBe("receipt")
  })
})
