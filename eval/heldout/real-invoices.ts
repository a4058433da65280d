/**
 * Truth for the real invoices of `../shared/realdocs` (invoice-x/invoice2data's `tests/compare/`,
 * MIT, commit bd2fccee; licence in `../shared/realdocs/licenses`), written by hand from the
 * documents' own text: what each one prints, not invoice2data's normalized output. The files are
 * read from the realdocs folder, never copied. Only what the document states is recorded (a field
 * it does not print is left out); line items where it has a table of them. The `.png` files are
 * images of the same invoices as the `.pdf` of the same name, so they share the truth.
 */
import type { Category, DocType } from "../lib/truth.js"

export interface RealInvoice {
  readonly id: string
  /** file names in `../shared/realdocs/files` */
  readonly files: ReadonlyArray<string>
  readonly type: DocType
  readonly category: Category
  readonly notes: string
  readonly fields: Readonly<Record<string, unknown>>
}

const line = (description: string, quantity: number, unit_price: number, amount: number) => ({ description, quantity, unit_price, amount })

export const REAL_INVOICES: ReadonlyArray<RealInvoice> = [
  {
    id: "real-aws", files: ["invoice2data__AmazonWebServices.pdf", "invoice2data__AmazonWebServices.png"], type: "real_invoice", category: "invoice",
    notes: "AWS invoice, English; summary and per-service detail; 'TOTAL AMOUNT DUE ON August 3 , 2014'",
    fields: { invoice_number: "42183017", invoice_date: "2014-08-03", vendor_name: "Amazon Web Services, Inc.", customer_name: "iViveLabs Limited", currency: "USD", tax: 0, total: 4.11 }
  },
  {
    id: "real-azure", files: ["invoice2data__AzureInterior.pdf"], type: "real_invoice", category: "invoice",
    notes: "Odoo invoice, English; line sections with subtotals; a discounted line",
    fields: {
      invoice_number: "INV/2023/03/0008", invoice_date: "2023-03-20", due_date: "2023-04-04", vendor_name: "Azure Interior", customer_name: "YourCompany", currency: "USD",
      subtotal: 262.9, tax: 16.94, total: 279.84,
      line_items: [line("[17589684] Beeswax XL", 1, 42, 42), line("[FURN_7777] Office Chair", 1, 70, 70), line("*987123* Olive Oil", 1, 1, 0.9), line("[LUX_TRF] Luxury Truffles", 15, 10, 150)]
    }
  },
  {
    id: "real-flipkart", files: ["invoice2data__FlipkartInvoice.pdf", "invoice2data__FlipkartInvoice.png"], type: "real_invoice", category: "invoice",
    notes: "Flipkart retail invoice, English, India; values before their labels in the text layer",
    fields: { invoice_number: "BLR_WFLD20151000982590", invoice_date: "2015-10-20", vendor_name: "WS Retail Services Pvt. Ltd.", customer_name: "Anushrut Singh", currency: "INR", tax: 40.39, total: 319 }
  },
  {
    id: "real-netpresse", files: ["invoice2data__NetpresseInvoice.pdf"], type: "real_invoice", category: "invoice",
    notes: "French invoice (Facture n°, Total TTC), amounts as 46,68 €",
    fields: {
      invoice_number: "2022089083", invoice_date: "2022-11-28", vendor_name: "NETPRESSE", customer_name: "ALEXINUX", currency: "EUR", subtotal: 46.68, tax: 9.34, total: 56.02,
      line_items: [{ description: "le-tout-lyon.fr du 06/12/2022", amount: 45.93 }, line("Justificatif PDF", 1, 0.75, 0.75), line("Justificatif Papier", 0, 3.5, 0)]
    }
  },
  {
    id: "real-orlen", files: ["invoice2data__Orlen.txt"], type: "real_invoice", category: "invoice",
    notes: "Polish fuel invoice as plain text (Faktura nr, Należność ogółem), column-aligned table",
    fields: {
      invoice_number: "F 1234K20/1234/12", invoice_date: "2021-01-01", vendor_name: "Polski Koncern Naftowy ORLEN S.A.", customer_name: "GŁÓWNY URZĄD STATYSTYCZNY", currency: "PLN",
      subtotal: 257.59, tax: 59.24, total: 316.83
    }
  },
  {
    id: "real-qualityhosting", files: ["invoice2data__QualityHosting.pdf"], type: "real_invoice", category: "invoice",
    notes: "German invoice over two pages (Rechnungsnr. 30064443 beside Kundennr. 47774, Rechnungsdatum 7. Mai 2014), seven numbered lines, the table header repeated",
    fields: {
      invoice_number: "30064443", invoice_date: "2014-05-07", due_date: "2014-05-21", vendor_name: "QualityHosting AG", customer_name: "iViveLabs Ltd.", currency: "EUR", total: 34.73,
      line_items: [3.89, 5.39, 5.39, 5.39, 5.39, 5.39, 3.89].map((amount) => ({ quantity: 1, unit_price: amount, amount }))
    }
  },
  {
    id: "real-sammy", files: ["invoice2data__SammyMaystoneLinesTest.pdf", "invoice2data__SammyMaystoneLinesTest.png"], type: "real_invoice", category: "invoice",
    notes: "invoice-generator layout: values left of their labels; lines with sub-lines",
    fields: {
      invoice_number: "invoice_number_1", invoice_date: "2022-01-01", due_date: "2022-01-31", vendor_name: "Sammy Maystone", customer_name: "Taylor Riddel", currency: "USD",
      subtotal: 127.5, tax: 0, total: 127.5,
      line_items: [line("Service A", 12, 10, 120), line("Service B", 5, 1.5, 7.5)]
    }
  },
  {
    id: "real-coolblue", files: ["invoice2data__coolblue1.pdf"], type: "real_invoice", category: "invoice",
    notes: "Dutch invoice (Factuurnummer, Factuurdatum 19 april 2014), prices incl. BTW",
    fields: {
      invoice_number: "993548900", invoice_date: "2014-04-19", vendor_name: "Coolblue B.V.", customer_name: "Pino Bluebird", currency: "EUR", tax: 124.61, total: 717.97,
      line_items: [
        line("Apple iPad Air Wifi 16 GB Zilver", 1, 399, 399), line("Decoded Leather Slim Cover Apple iPad Air 2 Zwart", 1, 69.99, 69.99),
        line("Nintendo 3DS XL Wit + Blauw", 1, 189, 189), line("Nintendo AC-adapter", 1, 14.99, 14.99), line("Mario Kart 7 3DS", 1, 44.99, 44.99)
      ]
    }
  },
  {
    id: "real-free", files: ["invoice2data__free_fiber.pdf"], type: "real_invoice", category: "invoice",
    notes: "French telecom bill (Facture n°562044387 du 02 Juillet 2015), amounts 29.99 € TTC",
    fields: { invoice_number: "562044387", invoice_date: "2015-07-02", due_date: "2015-07-05", vendor_name: "Free SAS", customer_name: "de Lattre Alexis", currency: "EUR", subtotal: 24.99, tax: 5, total: 29.99 }
  },
  {
    id: "real-oyo", files: ["invoice2data__oyo.pdf", "invoice2data__oyo.png"], type: "real_invoice", category: "receipt",
    notes: "hotel payment receipt (titled PAYMENT RECEIPT), Rs amounts; read with the invoice schema as invoice2data does",
    fields: { invoice_number: "IBZY2087", invoice_date: "2017-12-31", customer_name: "Sanjay", currency: "INR", total: 1939 }
  },
  {
    id: "real-saeco", files: ["invoice2data__saeco.pdf"], type: "real_invoice", category: "invoice",
    notes: "Dutch invoice copy (Kopie factuur); the issuer's name only in an image; header values in one row under their labels",
    fields: {
      invoice_number: "VF1005193039", invoice_date: "2022-09-08", due_date: "2022-09-22", currency: "EUR", tax: 8.68, total: 49.99,
      line_items: [line("Onderhoudsset CA6707/10", 1, 49.99, 49.99), line("SX Flyer SAECO Korting KVDNL", 1, 0, 0)]
    }
  }
]
