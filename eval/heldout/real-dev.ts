/**
 * A small real development set: business documents of `../shared/realdocs` that are NOT held out
 * (markitdown, docling and tesseract.js test files, MIT or Apache-2.0; licences in
 * `../shared/realdocs/licenses`), with truth written by hand from what each document prints. The
 * real invoices (real-invoices.ts) are held out and only reported; these may be read, misses and
 * all, when the local extractor is developed. Only what a document states is recorded (a field it
 * does not print is left out); each document is scored against the schema of its kind.
 */
import type { Category, DocType } from "../lib/truth.js"

/** the schemas a real development document may be scored against (eval/lib/truth.ts, eval/heldout/schemas.ts) */
export type RealDevSchema = "invoice" | "receipt" | "bank_statement" | "purchase_order"

export interface RealDevDocument {
  readonly id: string
  /** file names in `../shared/realdocs/files` */
  readonly files: ReadonlyArray<string>
  readonly type: DocType
  readonly category: Category
  readonly schema_name: RealDevSchema
  readonly notes: string
  readonly fields: Readonly<Record<string, unknown>>
}

const line = (description: string, quantity: number, unit_price: number, amount: number) => ({ description, quantity, unit_price, amount })
const debit = (date: string, description: string, amount: number) => ({ date, description, amount: -amount })
const credit = (date: string, description: string, amount: number) => ({ date, description, amount })

export const REAL_DEV: ReadonlyArray<RealDevDocument> = [
  {
    id: "rdev-retail-receipt", files: ["markitdown__RECEIPT-2024-TXN-98765_retail_purchase.pdf"], type: "receipt", category: "receipt", schema_name: "receipt",
    notes: "till receipt (US): merchant above the address, date with a time and zone, 'Visa Card ending in …' under PAYMENT METHOD (a Visa card may be credit or debit: no payment method recorded)",
    fields: { merchant_name: "TECHMART ELECTRONICS", date: "2024-11-23", total: 821.14, currency: "USD" }
  },
  {
    id: "rdev-repair-estimate", files: ["markitdown__REPAIR-2022-INV-001_multipage.pdf"], type: "invoice", category: "quote", schema_name: "invoice",
    notes: "preliminary repair estimate (ID: EST-1008), a key-value grid and an 'Estimate Totals' table with Hours / Rate / Cost; a second page repeats the form with other figures (the truth is the first page's); amounts without a currency",
    fields: {
      invoice_number: "EST-1008", vendor_name: "ZAVA AUTO REPAIR", customer_name: "Gabriel Diaz",
      subtotal: 2730, tax: 278.46, total: 5738,
      line_items: [
        { description: "Parts", amount: 2100 },
        line("Body Labor", 2, 150, 300),
        line("Paint Labor", 1.5, 150, 225),
        { description: "Paint Supplies", amount: 60 },
        { description: "Body Supplies", amount: 30 },
        { description: "Other Charges", amount: 15 }
      ]
    }
  },
  {
    id: "rdev-cinema-booking", files: ["markitdown__movie-theater-booking-2024.pdf"], type: "purchase_order", category: "purchase_order", schema_name: "purchase_order",
    notes: "booking order of a cinema: 'Order / Rev:' grid, booking agency and customer blocks, a show schedule with Shows / Rate / Total, 'Total Revenue:'",
    fields: {
      po_number: "2024-12-5678", order_date: "2024-12-01", supplier_name: "STARLIGHT CINEMAS", currency: "USD", total: 12500,
      line_items: [
        line("Holiday Spectacular", 12, 250, 3000),
        line("Winter Wonderland", 24, 150, 3600),
        line("New Year Mystery", 12, 300, 3600)
      ]
    }
  },
  {
    id: "rdev-swiss-qr-bill", files: ["docling__qr_bill_example.jpg"], type: "invoice", category: "invoice", schema_name: "invoice",
    notes: "Swiss bill (scan, OCR) with a QR payment slip: 'Bill no. 3139', 'Date: 01.07.2020', amounts 'CHF 3`667.35' with an apostrophe-like group mark, 'sum' / 'VAT amount' / 'Bill amount'",
    fields: {
      invoice_number: "3139", invoice_date: "2020-07-01", vendor_name: "Robert Schneider AG", customer_name: "Pia Rutschmann", currency: "CHF",
      subtotal: 3667.35, tax: 282.4, total: 3949.75,
      line_items: [line("Garden work", 28, 120, 3360), line("Disposal of cuttings", 1, 307.35, 307.35)]
    }
  },
  {
    id: "rdev-credit-line-statement", files: ["tesseractjs__bill.png"], type: "bank_statement", category: "bank_statement", schema_name: "bank_statement",
    notes: "a page of a line-of-credit statement (scan, OCR): dates '01Aug2018', Debits / Credits / Balance columns, balances owed marked with a trailing '-'; no holder, account number or closing balance printed",
    fields: {
      opening_balance: -99878.08,
      transactions: [
        debit("2018-08-01", "Clearing Cheque", 36.07),
        debit("2018-08-01", "Clearing Cheque", 60.93),
        debit("2018-08-01", "Clearing Cheque", 800.04),
        debit("2018-08-01", "Clearing Cheque", 823.34),
        credit("2018-08-01", "Incoming Interac e-Transfer", 14.54),
        credit("2018-08-01", "Incoming Interac e-Transfer", 400),
        credit("2018-08-01", "Assisted Deposit", 32414.5),
        debit("2018-08-01", "Transfer out to loan 7", 1500),
        debit("2018-08-02", "Clearing Cheque", 48.08),
        debit("2018-08-02", "Clearing Cheque", 70.51),
        debit("2018-08-02", "Clearing Cheque", 500)
      ]
    }
  },
  {
    id: "rdev-restaurant-receipt", files: ["docling__kvp_data_example.html"], type: "receipt", category: "receipt", schema_name: "receipt",
    notes: "restaurant order receipt in HTML: a numbered key-value list ('Restaurant' / 'Docling', 'Receipt date' / '16/03/2026'), no total",
    fields: { merchant_name: "Docling", date: "2026-03-16" }
  }
]
