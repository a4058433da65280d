/**
 * Invoices whose line items are printed as common invoicing software prints them (appended to the
 * multilingual set as type `layout_invoice`): quantities with their unit ("3.00 Units", "15,00
 * Stk", "2 x", "1,5 h"), prices and amounts with a currency sign or code on either side ("$ 42.00",
 * "42,00 €", "€ 42,00"), columns the schema does not ask for between the wanted ones (a product
 * code, a unit of measure, a discount, a tax rate, a line number), headings in English, German,
 * French and Dutch, the quantity before the description, section and subtotal rows inside the
 * table, descriptions wrapped onto a second line, product codes in brackets before the name, and
 * tables running onto the next page with or without their heading repeated and with "carried
 * forward" lines. Headings sit left, right or centred over right-aligned numbers. Also as web shops
 * and marketplaces print them: unit prices before and after VAT with a subtotal including VAT, a
 * "Price" column holding the line's total, quantities with their unit glued on, descriptions wrapped
 * over three lines or onto the next page, sections headed by their name alone, a till's "2 @ 3.50"
 * after the name or under it,
 * a header staggered over two lines. Written from
 * general knowledge of such documents, not from any real invoice.
 */
import { addDays, groupedWith, isoOf, mul2, round2, sum2 } from "../lib/format.js"
import type { Prng } from "../lib/prng.js"
import { INVOICE_SCHEMA } from "../lib/truth.js"
import type { Block, GridColumn } from "../heldout/layout.js"
import type { Model, Target } from "../heldout/documents.js"

type Lang = "en" | "de" | "fr" | "nl" | "pl"

interface Good {
  readonly name: string
  /** a second line of the description, printed under the first */
  readonly more: string | null
  readonly code: string
  readonly unit: string
  readonly lo: number
  readonly hi: number
  /** fractional quantities (hours) */
  readonly hours: boolean
}

interface Line {
  readonly good: Good
  readonly quantity: number
  readonly unit_price: number
  /** percent */
  readonly discount: number
  readonly taxRate: number
  readonly amount: number
  /** the description as the schema's value: the printed lines joined */
  readonly description: string
  readonly section: string | null
}

const g = (name: string, more: string | null, code: string, unit: string, lo: number, hi: number, hours = false): Good => ({ name, more, code, unit, lo, hi, hours })

const GOODS: Record<Lang, ReadonlyArray<Good>> = {
  en: [
    g("Standing desk, oak veneer", "1600 x 800 mm", "DSK-160", "Units", 240, 520), g("Ergonomic task chair", null, "CHR-22", "Units", 95, 310),
    g("Consulting services", "requirements workshop", "SRV-CON", "Hours", 85, 160, true), g("Monitor arm, dual", null, "ARM-02", "Units", 45, 120),
    g("Cloud backup plan", "Monthly, 2 TB", "BKP-2T", "Units", 19, 49), g("On-site installation", null, "SRV-INS", "Hours", 60, 95, true),
    g("USB-C docking station", "with 100 W power supply", "DOC-100", "Units", 110, 230), g("Cable management tray", null, "CMT-12", "Units", 12, 35)
  ],
  de: [
    g("Sechskantschraube M8x40", "verzinkt, DIN 933", "100234", "Stk", 0.4, 1.2), g("Montagearbeiten", null, "DL-010", "Std", 52, 78, true),
    g("Kabelkanal 60x40 mm", "Länge 2 m, reinweiß", "205118", "Stk", 6, 14), g("Anfahrtspauschale", null, "DL-900", "Pausch", 35, 65),
    g("Leitungsschutzschalter B16", null, "310552", "Stk", 4, 11), g("Installationsrohr 20 mm", "flexibel, grau", "310090", "m", 0.8, 2.5),
    g("Elektromeister", "Prüfung nach DGUV V3", "DL-020", "Std", 68, 92, true), g("Abzweigdose Aufputz", null, "310771", "Stk", 2, 6)
  ],
  fr: [
    g("Peinture acrylique blanc mat", "pot de 10 l", "PNT-10", "u", 38, 85), g("Main-d'œuvre peintre", null, "MO-PEI", "h", 38, 55, true),
    g("Ruban de masquage 48 mm", null, "RUB-48", "u", 3, 8), g("Enduit de rebouchage", "sac de 5 kg", "END-05", "u", 9, 21),
    g("Bâche de protection", null, "BAC-04", "u", 6, 15), g("Déplacement", "forfait zone 1", "DEP-01", "forfait", 25, 45)
  ],
  nl: [
    g("Onderhoud cv-ketel", "inclusief rookgasmeting", "ON-CV", "st", 85, 140), g("Arbeidsloon monteur", null, "ARB-01", "uur", 48, 72, true),
    g("Thermostaatkraan", null, "TK-15", "st", 18, 42), g("Expansievat 18 l", "met ophangbeugel", "EV-18", "st", 45, 95),
    g("Voorrijkosten", null, "VRK", "st", 25, 45), g("Radiatorventiel", null, "RV-12", "st", 9, 24)
  ],
  pl: [
    g("Usługa księgowa", "za miesiąc marzec", "USL-01", "usł.", 450, 1200), g("Papier ksero A4", null, "PAP-A4", "szt.", 14, 26),
    g("Toner do drukarki", "czarny, wydajność 3000 str.", "TON-3K", "szt.", 120, 340), g("Konsultacja podatkowa", null, "USL-07", "godz.", 150, 280, true),
    g("Segregator A4 75 mm", null, "SEG-75", "szt.", 6, 14), g("Dojazd do klienta", null, "DOJ", "usł.", 40, 90)
  ]
}

const en = (n: number) => groupedWith(n, ",", ".")
const eu = (n: number) => groupedWith(n, ".", ",")
const frN = (n: number) => groupedWith(n, " ", ",")
/** Indian grouping of the integer part: 12,34,567.00 */
const inr = (n: number) => {
  const [i, d] = n.toFixed(2).split(".") as [string, string]
  const head = i.slice(0, -3)
  return `${head === "" ? "" : `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ",")},`}${i.slice(-3)}.${d}`
}
/** a quantity as software prints it: "3.00" / "15,00", or plain "3" / "1,5" */
const qtyOf = (q: number, point: "." | ",", decimals: boolean) => (decimals ? q.toFixed(2) : String(q)).replace(".", point)

const col = (header: string, width: number, headerAlign: GridColumn["headerAlign"], align: GridColumn["align"]): GridColumn => ({ header, width, headerAlign, align })

interface Style {
  readonly name: string
  readonly lang: Lang
  readonly currency: "USD" | "EUR" | "GBP" | "PLN" | "INR"
  readonly target: Target
  /** sections headed by a row with only their name, each closed by a subtotal row */
  readonly sections: ReadonlyArray<string> | null
  readonly subtotalWord: string
  readonly discounts: boolean
  readonly rates: ReadonlyArray<number>
  /** items enough to run onto a second page */
  readonly long: boolean
  readonly repeatHeader: boolean
  /** a "carried forward" line at the foot of a page and the head of the next */
  readonly carried: string | null
  readonly columns: ReadonlyArray<GridColumn>
  readonly row: (l: Line, i: number) => ReadonlyArray<string>
  /** a row of the table that is no item: a section's name or its subtotal */
  readonly textRow: (text: string, amount: string) => ReadonlyArray<string>
  readonly money: (n: number) => string
  /** prices in the goods' list are multiplied by it (rupees) */
  readonly scale?: number
  /** the item's unit price and amount as the schema reads them, when the row prints others beside them (prices incl. VAT) */
  readonly truth?: (l: Line) => { readonly unit_price: number; readonly amount: number }
  /** the description as the schema reads it, when the printed cell holds more (a till's "2 @ 3.50") */
  readonly describe?: (l: Line) => string
  /** sections headed by their name alone, with no subtotal closing them */
  readonly bareSections?: true
  /** one item's wrapped description goes on at the head of the next page */
  readonly wrapOverPage?: true
  readonly words: { readonly title: string; readonly number: string; readonly date: string; readonly due: string; readonly billTo: string; readonly subtotal: string; readonly tax: string; readonly total: string }
  /** goods of the style's own trade (hosting, a web shop) instead of the language's */
  readonly goods?: ReadonlyArray<Good>
  /** a discount printed as a line of its own, its amount negative (a share of the goods' sum) */
  readonly discountLine?: string
  /** the totals printed as the table's last rows, their labels in this column, their amounts in the last */
  readonly totalsAt?: number
}

/** the description printed: a wrapped second line under the first, a code in brackets before it */
const descriptionLines = (l: Line, withCode: boolean, wrap: boolean) => {
  const first = withCode ? `[${l.good.code}] ${l.good.name}` : l.good.name
  return wrap && l.good.more !== null ? `${first}\n${l.good.more}` : first
}

const EN_WORDS = { title: "INVOICE", number: "Invoice No.", date: "Invoice Date", due: "Due Date", billTo: "Bill To", subtotal: "Subtotal", tax: "Tax", total: "Total" }
const DE_WORDS = { title: "RECHNUNG", number: "Rechnungsnummer", date: "Rechnungsdatum", due: "Fällig am", billTo: "Rechnung an", subtotal: "Nettobetrag", tax: "MwSt.", total: "Gesamtbetrag" }
const FR_WORDS = { title: "FACTURE", number: "Facture n°", date: "Date de facture", due: "Date d'échéance", billTo: "Facturé à", subtotal: "Total HT", tax: "TVA", total: "Total TTC" }
const PL_WORDS = { title: "FAKTURA VAT", number: "Numer faktury", date: "Data wystawienia", due: "Termin płatności", billTo: "Nabywca", subtotal: "Razem netto", tax: "VAT", total: "Do zapłaty" }
const NL_WORDS = { title: "FACTUUR", number: "Factuurnummer", date: "Factuurdatum", due: "Vervaldatum", billTo: "Factuur aan", subtotal: "Subtotaal", tax: "Btw", total: "Totaal" }

const STYLES: ReadonlyArray<Style> = [
  {
    // an ERP's sales invoice: quantities with their unit, a taxes column, amounts with the sign before them, sections with subtotals
    name: "erp-en", lang: "en", currency: "USD", target: "pdf", sections: ["Furniture", "Services"], subtotalWord: "Subtotal", discounts: false, rates: [0.15],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Description", 0.44, "l", "l"), col("Quantity", 0.14, "r", "r"), col("Unit Price", 0.14, "r", "r"), col("Taxes", 0.1, "r", "r"), col("Amount", 0.18, "r", "r")],
    row: (l) => [descriptionLines(l, true, false), `${qtyOf(l.quantity, ".", true)} ${l.good.unit}`, en(l.unit_price), `${Math.round(l.taxRate * 100)}%`, `$ ${en(l.amount)}`],
    textRow: (text, amount) => [text, "", "", "", amount === "" ? "" : `$ ${amount}`],
    money: (n) => `$ ${en(n)}`, words: EN_WORDS
  },
  {
    // a billing service's invoice: "Qty" and "Unit price" centred over their numbers, a period under the description
    name: "billing-en", lang: "en", currency: "USD", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Description", 0.5, "l", "l"), col("Qty", 0.1, "c", "r"), col("Unit price", 0.2, "c", "r"), col("Amount", 0.2, "r", "r")],
    row: (l) => [descriptionLines(l, false, true), String(l.quantity), `$${en(l.unit_price)}`, `$${en(l.amount)}`],
    textRow: (text, amount) => [text, "", "", amount],
    money: (n) => `$${en(n)}`, words: EN_WORDS
  },
  {
    // a small-business accounting package: a date column first, "Activity", "Rate", uppercase headings
    name: "books-en", lang: "en", currency: "USD", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0.08],
    long: false, repeatHeader: true, carried: null,
    columns: [col("DATE", 0.14, "l", "l"), col("ACTIVITY", 0.42, "l", "l"), col("QTY", 0.1, "r", "r"), col("RATE", 0.16, "r", "r"), col("AMOUNT", 0.18, "r", "r")],
    row: (l, i) => [`0${(i % 9) + 1}/1${i % 3}/2026`, descriptionLines(l, false, false), qtyOf(l.quantity, ".", false), en(l.unit_price), en(l.amount)],
    textRow: (text, amount) => ["", text, "", "", amount],
    money: (n) => `$${en(n)}`, words: EN_WORDS
  },
  {
    // an accounting package with discounts: "Disc.%" and a tax rate between the price and the amount, the amount headed with its currency
    name: "ledger-en", lang: "en", currency: "GBP", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: true, rates: [0.2],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Description", 0.38, "l", "l"), col("Quantity", 0.12, "r", "r"), col("Unit Price", 0.13, "r", "r"), col("Disc.%", 0.1, "r", "r"), col("VAT", 0.1, "r", "r"), col("Amount GBP", 0.17, "r", "r")],
    row: (l) => [descriptionLines(l, false, true), qtyOf(l.quantity, ".", true), en(l.unit_price), l.discount === 0 ? "" : l.discount.toFixed(2), "20%", en(l.amount)],
    textRow: (text, amount) => [text, "", "", "", "", amount],
    money: (n) => en(n), words: EN_WORDS
  },
  {
    // a numbered item list ("#"), quantity with its unit, the rate with a currency code
    name: "numbered-en", lang: "en", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Sub Total", discounts: false, rates: [0.2],
    long: true, repeatHeader: false, carried: null,
    columns: [col("#", 0.06, "l", "l"), col("Item & Description", 0.42, "l", "l"), col("Qty", 0.14, "r", "r"), col("Rate", 0.18, "r", "r"), col("Amount", 0.2, "r", "r")],
    row: (l, i) => [String(i + 1), descriptionLines(l, false, true), `${qtyOf(l.quantity, ".", true)} ${l.good.hours ? "hrs" : "pcs"}`, `EUR ${en(l.unit_price)}`, en(l.amount)],
    textRow: (text, amount) => ["", text, "", "", amount],
    money: (n) => `EUR ${en(n)}`, words: EN_WORDS
  },
  {
    // a German wholesaler's ERP: position, article number, quantity and unit apart, a discount, a long table with carried-forward lines
    name: "erp-de", lang: "de", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Zwischensumme", discounts: true, rates: [0.19],
    long: true, repeatHeader: true, carried: "Übertrag",
    columns: [col("Pos.", 0.06, "l", "l"), col("Artikelnr.", 0.11, "l", "l"), col("Bezeichnung", 0.33, "l", "l"), col("Menge", 0.09, "r", "r"), col("ME", 0.06, "l", "l"), col("Einzelpreis", 0.12, "r", "r"), col("Rabatt", 0.09, "r", "r"), col("Gesamt", 0.14, "r", "r")],
    row: (l, i) => [String((i + 1) * 10), l.good.code, descriptionLines(l, false, true), qtyOf(l.quantity, ",", true), l.good.unit, eu(l.unit_price), l.discount === 0 ? "" : `${l.discount} %`, eu(l.amount)],
    textRow: (text, amount) => ["", "", text, "", "", "", "", amount],
    money: (n) => `${eu(n)} €`, words: DE_WORDS
  },
  {
    // a German tradesman's invoice: the quantity and its unit before the description, prices with the euro sign after them
    name: "trade-de", lang: "de", currency: "EUR", target: "pdf", sections: ["Material", "Arbeitsleistung"], subtotalWord: "Summe", discounts: false, rates: [0.19],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Pos", 0.06, "l", "l"), col("Menge", 0.1, "r", "r"), col("Einheit", 0.09, "l", "l"), col("Beschreibung", 0.41, "l", "l"), col("Einzelpreis", 0.16, "r", "r"), col("Gesamtpreis", 0.18, "r", "r")],
    row: (l, i) => [String(i + 1), qtyOf(l.quantity, ",", false), l.good.unit, descriptionLines(l, false, false), `${eu(l.unit_price)} €`, `${eu(l.amount)} €`],
    textRow: (text, amount) => ["", "", "", text, "", amount === "" ? "" : `${amount} €`],
    money: (n) => `${eu(n)} €`, words: DE_WORDS
  },
  {
    // a French invoice: unit apart, "PU HT", a discount and a VAT rate between the price and the net amount
    name: "devis-fr", lang: "fr", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Sous-total", discounts: true, rates: [0.2],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Désignation", 0.36, "l", "l"), col("Qté", 0.08, "c", "r"), col("Unité", 0.09, "c", "c"), col("PU HT", 0.13, "c", "r"), col("Remise", 0.09, "c", "r"), col("TVA", 0.08, "c", "r"), col("Montant HT", 0.17, "r", "r")],
    row: (l) => [descriptionLines(l, false, true), qtyOf(l.quantity, ",", false), l.good.unit, `${frN(l.unit_price)} €`, l.discount === 0 ? "-" : `${l.discount} %`, "20 %", `${frN(l.amount)} €`],
    textRow: (text, amount) => [text, "", "", "", "", "", amount === "" ? "" : `${amount} €`],
    money: (n) => `${frN(n)} €`, words: FR_WORDS
  },
  {
    // a Dutch invoice: the euro sign before the amount, a VAT column, a code in brackets
    name: "factuur-nl", lang: "nl", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Subtotaal", discounts: false, rates: [0.21],
    long: true, repeatHeader: false, carried: "Transport",
    columns: [col("Omschrijving", 0.46, "l", "l"), col("Aantal", 0.1, "r", "r"), col("Prijs", 0.16, "r", "r"), col("Btw", 0.1, "r", "r"), col("Bedrag", 0.18, "r", "r")],
    row: (l) => [descriptionLines(l, true, false), qtyOf(l.quantity, ",", false), `€ ${eu(l.unit_price)}`, "21%", `€ ${eu(l.amount)}`],
    textRow: (text, amount) => [text, "", "", "", amount === "" ? "" : `€ ${amount}`],
    money: (n) => `€ ${eu(n)}`, words: NL_WORDS
  },
  {
    // a Polish VAT invoice: line number, unit of measure apart, net price and net value, then the VAT rate, VAT amount and gross value
    name: "faktura-pl", lang: "pl", currency: "PLN", target: "txt", sections: null, subtotalWord: "Razem", discounts: false, rates: [0.23],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Lp.", 0.05, "l", "l"), col("Nazwa towaru lub usługi", 0.27, "l", "l"), col("Ilość", 0.07, "r", "r"), col("J.m.", 0.06, "l", "l"), col("Cena netto", 0.11, "r", "r"), col("Wartość netto", 0.12, "r", "r"), col("VAT %", 0.07, "r", "r"), col("Kwota VAT", 0.11, "r", "r"), col("Wartość brutto", 0.14, "r", "r")],
    row: (l, i) => [String(i + 1), descriptionLines(l, false, false), qtyOf(l.quantity, ",", false), l.good.unit, frN(l.unit_price), frN(l.amount), "23", frN(round2(l.amount * 0.23)), frN(round2(l.amount * 1.23))],
    textRow: (text, amount) => ["", text, "", "", "", amount, "", "", ""],
    money: (n) => `${frN(n)} zł`, words: PL_WORDS
  },
  {
    // an Indian GST invoice: serial number, HSN/SAC code, rupee amounts grouped in lakhs
    name: "gst-in", lang: "en", currency: "INR", target: "html", scale: 85, sections: null, subtotalWord: "Sub Total", discounts: false, rates: [0.18],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Sl.", 0.05, "l", "l"), col("Item Description", 0.35, "l", "l"), col("HSN/SAC", 0.1, "l", "l"), col("Qty", 0.1, "r", "r"), col("Rate", 0.16, "r", "r"), col("IGST", 0.08, "r", "r"), col("Amount", 0.16, "r", "r")],
    row: (l, i) => [String(i + 1), descriptionLines(l, false, true), String(998311 + i), qtyOf(l.quantity, ".", true), `₹ ${inr(l.unit_price)}`, "18%", `₹ ${inr(l.amount)}`],
    textRow: (text, amount) => ["", text, "", "", "", "", amount],
    money: (n) => `₹ ${inr(n)}`, words: EN_WORDS
  },
  {
    // narrow numeric columns with headings on two lines ("Unit / Price", "Line / Total"), the amount with its code after it
    name: "twoline-en", lang: "en", currency: "USD", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0.0725],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Item", 0.16, "l", "l"), col("Description", 0.4, "l", "l"), col("Qty", 0.08, "r", "r"), col("Unit\nPrice", 0.16, "r", "r"), col("Line\nTotal", 0.2, "r", "r")],
    row: (l) => [l.good.code, descriptionLines(l, false, true), qtyOf(l.quantity, ".", false), en(l.unit_price), `${en(l.amount)} USD`],
    textRow: (text, amount) => ["", text, "", "", amount],
    money: (n) => `${en(n)} USD`, words: EN_WORDS
  },
  {
    // net, VAT and gross per line: the line's amount is the net one, the VAT amount and the gross are no item's
    name: "netgross-en", lang: "en", currency: "GBP", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0.2],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Description", 0.34, "l", "l"), col("Units", 0.09, "r", "r"), col("Price", 0.12, "r", "r"), col("Net", 0.12, "r", "r"), col("VAT %", 0.09, "r", "r"), col("VAT", 0.11, "r", "r"), col("Gross", 0.13, "r", "r")],
    row: (l) => [descriptionLines(l, false, true), qtyOf(l.quantity, ".", false), en(l.unit_price), en(l.amount), "20.0", en(round2(l.amount * 0.2)), en(round2(l.amount * 1.2))],
    textRow: (text, amount) => [text, "", "", amount, "", "", ""],
    money: (n) => `£${en(n)}`, words: EN_WORDS
  },
  {
    // a German quotation-style invoice: the count first ("Anzahl"), "Artikel", amounts with the currency code before them
    name: "anzahl-de", lang: "de", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Zwischensumme", discounts: false, rates: [0.19],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Anzahl", 0.1, "c", "r"), col("Artikel", 0.5, "l", "l"), col("Preis", 0.18, "r", "r"), col("Betrag", 0.22, "r", "r")],
    row: (l) => [qtyOf(l.quantity, ",", false), descriptionLines(l, false, true), `EUR ${eu(l.unit_price)}`, `EUR ${eu(l.amount)}`],
    textRow: (text, amount) => ["", text, "", amount],
    money: (n) => `EUR ${eu(n)}`, words: DE_WORDS
  },
  {
    // a printed invoice scanned back (PNG, read by OCR): SKU and unit columns, amounts with the sign before them
    name: "scan-en", lang: "en", currency: "USD", target: "png", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0.06],
    long: false, repeatHeader: true, carried: null,
    columns: [col("SKU", 0.12, "l", "l"), col("Description", 0.4, "l", "l"), col("Qty", 0.1, "r", "r"), col("Unit Price", 0.18, "r", "r"), col("Total", 0.2, "r", "r")],
    row: (l) => [l.good.code, descriptionLines(l, false, false), qtyOf(l.quantity, ".", false), `$${en(l.unit_price)}`, `$${en(l.amount)}`],
    textRow: (text, amount) => ["", text, "", "", amount],
    money: (n) => `$${en(n)}`, words: EN_WORDS
  },
  {
    // a web shop's order invoice: "2 x" before the product, "Price" per unit and "Total" per line
    name: "shop-en", lang: "en", currency: "GBP", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0.2],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Qty", 0.1, "l", "l"), col("Product", 0.5, "l", "l"), col("Price", 0.2, "r", "r"), col("Total", 0.2, "r", "r")],
    row: (l) => [`${qtyOf(l.quantity, ",", false)} x`, descriptionLines(l, false, true), `£${en(l.unit_price)}`, `£${en(l.amount)}`],
    textRow: (text, amount) => ["", text, "", amount],
    money: (n) => `£${en(n)}`, words: EN_WORDS
  }
]

/** a marketplace's unit price and amount including VAT: the unit price rounded first, the amount its product */
const grossOf = (l: Line) => {
  const unit_price = round2(l.unit_price * (1 + l.taxRate))
  return { unit_price, amount: mul2(l.quantity, unit_price) }
}

/** a description wrapped over two or three lines: the name, its detail, a note under some */
const wrappedLines = (l: Line, i: number) => [l.good.name, l.good.more, i % 3 === 0 ? "see attached delivery note" : null].filter((s): s is string => s !== null).join("\n")

const MORE_STYLES: ReadonlyArray<Style> = [
  {
    // a marketplace's invoice: the unit price before and after VAT, the VAT rate, the line's subtotal including VAT (the amount the unit price incl. VAT multiplies to)
    name: "vat-en", lang: "en", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0.2],
    long: false, repeatHeader: true, carried: null, truth: grossOf,
    columns: [col("Description", 0.34, "l", "l"), col("Qty", 0.07, "r", "r"), col("Unit price\n(excl. VAT)", 0.15, "r", "r"), col("VAT rate", 0.1, "r", "r"), col("Unit price\n(incl. VAT)", 0.15, "r", "r"), col("Item subtotal\n(incl. VAT)", 0.19, "r", "r")],
    row: (l) => [descriptionLines(l, false, false), String(l.quantity), `€${en(l.unit_price)}`, "20%", `€${en(grossOf(l).unit_price)}`, `€${en(grossOf(l).amount)}`],
    textRow: (text, amount) => [text, "", "", "", "", amount],
    money: (n) => `€${en(n)}`, words: EN_WORDS
  },
  {
    // a web shop's order invoice whose "Price" is the line's total (quantity × unit price), no unit price printed
    name: "webshop-en", lang: "en", currency: "GBP", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0.2],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Product", 0.6, "l", "l"), col("Quantity", 0.15, "c", "c"), col("Price", 0.25, "r", "r")],
    row: (l) => [descriptionLines(l, false, false), String(l.quantity), `£${en(l.amount)}`],
    textRow: (text, amount) => [text, "", amount],
    money: (n) => `£${en(n)}`, words: EN_WORDS
  },
  {
    // descriptions wrapped over two or three lines, one going on at the next page's head, sections headed by their name with no subtotal
    name: "wrapped-en", lang: "en", currency: "USD", target: "pdf", sections: ["Hardware", "Services"], bareSections: true, wrapOverPage: true, subtotalWord: "Subtotal", discounts: false, rates: [0.08],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Description", 0.52, "l", "l"), col("Qty", 0.1, "r", "r"), col("Unit price", 0.18, "r", "r"), col("Amount", 0.2, "r", "r")],
    row: (l, i) => [wrappedLines(l, i), qtyOf(l.quantity, ".", false), `$${en(l.unit_price)}`, `$${en(l.amount)}`],
    textRow: (text, amount) => [text, "", "", amount],
    money: (n) => `$${en(n)}`, words: EN_WORDS
  },
  {
    // quantities with their unit glued on ("3 Stk.", "1,5 h"), prices with the euro sign before them or the code after them
    name: "units-de", lang: "de", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Zwischensumme", discounts: false, rates: [0.19],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Bezeichnung", 0.5, "l", "l"), col("Menge", 0.14, "r", "r"), col("Einzelpreis", 0.16, "r", "r"), col("Gesamt", 0.2, "r", "r")],
    row: (l, i) => [descriptionLines(l, false, false), `${qtyOf(l.quantity, ",", false)} ${l.good.hours ? "h" : `${l.good.unit}.`}`, i % 2 === 0 ? `€${eu(l.unit_price)}` : `${eu(l.unit_price)} EUR`, i % 2 === 0 ? `€${eu(l.amount)}` : `${eu(l.amount)} EUR`],
    textRow: (text, amount) => [text, "", "", amount],
    money: (n) => `${eu(n)} EUR`, words: DE_WORDS
  },
  {
    // a till-style invoice: only "Item" and "Amount" headed, the count at its unit price closing the item's name ("Ergonomic task chair 2 @ 95.00")
    name: "till-en", lang: "en", currency: "GBP", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0.2],
    long: false, repeatHeader: true, carried: null, describe: (l) => l.good.name,
    columns: [col("Item", 0.72, "l", "l"), col("Amount", 0.28, "r", "r")],
    row: (l) => [`${l.good.name}   ${l.quantity} @ ${en(l.unit_price)}`, en(l.amount)],
    textRow: (text, amount) => [text, amount],
    money: (n) => `£${en(n)}`, words: EN_WORDS
  },
  {
    // a till-style invoice printing each item's name on a line of its own, its count at its price and its amount on the line below
    name: "till2-en", lang: "en", currency: "GBP", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0.2],
    long: false, repeatHeader: true, carried: null, describe: (l) => l.good.name,
    columns: [col("Item", 0.72, "l", "l"), col("Amount", 0.28, "r", "r")],
    row: (l) => [`${l.good.name}\n    ${l.quantity} @ ${en(l.unit_price)}`, `\n${en(l.amount)}`],
    textRow: (text, amount) => [text, amount],
    money: (n) => `£${en(n)}`, words: EN_WORDS
  },
  {
    // a header staggered over two lines: every other heading set a line lower ("Description  Qty  Unit price" over "Item no.  VAT rate  Amount")
    name: "staggered-en", lang: "en", currency: "USD", target: "pdf", sections: null, subtotalWord: "Subtotal", discounts: false, rates: [0.2],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Description\n", 0.36, "l", "l"), col("\nItem no.", 0.12, "l", "l"), col("Qty\n", 0.08, "r", "r"), col("\nVAT rate", 0.1, "r", "r"), col("Unit price\n", 0.16, "r", "r"), col("\nAmount", 0.18, "r", "r")],
    row: (l) => [descriptionLines(l, false, false), l.good.code, qtyOf(l.quantity, ".", false), "20%", `$${en(l.unit_price)}`, `$${en(l.amount)}`],
    textRow: (text, amount) => [text, "", "", "", "", amount],
    money: (n) => `$${en(n)}`, words: EN_WORDS
  }
]

/** a hosting provider's monthly services (a period per line) and a web shop's appliances */
const HOSTING: ReadonlyArray<Good> = [
  g("Managed Server M", "Vertragsnr. 40117", "MS-M", "Stk", 39, 89), g("Webhosting Business", null, "WH-B", "Stk", 7, 19),
  g("Backup-Speicher 100 GB", null, "BK-100", "Stk", 4, 12), g("SSL-Zertifikat Wildcard", "Laufzeit 12 Monate", "SSL-W", "Stk", 49, 129),
  g("Domain .de", "beispiel-shop.de", "DOM-DE", "Stk", 0.5, 1.5), g("Zusätzliche IP-Adresse", null, "IP-4", "Stk", 2, 5)
]
const SHOP_NL: ReadonlyArray<Good> = [
  g("Wasmachine 8 kg, 1400 toeren", null, "WM-814", "st", 399, 699), g("Afvoerslang verlenging 1,5 m", null, "AS-15", "st", 7, 15),
  g("Stofzuiger zakloos", "incl. parketborstel", "SZ-20", "st", 119, 249), g("Koffiebonen 1 kg", null, "KB-1", "st", 11, 19),
  g("Bezorging en installatie", null, "BZ-INS", "st", 25, 55), g("Ontkalker 500 ml", null, "OK-500", "st", 6, 12)
]
const pct = (l: Line) => `${Math.round(l.taxRate * 100)}%`
/** a price including VAT: what consumer shops print, the line's total its product */
const withVat = (l: Line) => grossOf(l)

/**
 * Continental European invoices as their software commonly prints them: a position column, a
 * period per line (hosting), article numbers apart, quantities with their unit ("1 Stk.", "2 x",
 * "1,00 Stück"), a VAT rate between the quantity and the price, prices with and without VAT
 * (which pair multiplies out is the line's), a discount as a line of its own with a negative
 * amount, and the totals as the table's last rows.
 */
const EURO_STYLES: ReadonlyArray<Style> = [
  {
    // a German hosting provider: position, description wrapped, the billing period, count, unit and line price; totals in the table
    name: "hosting-de", lang: "de", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Zwischensumme", discounts: false, rates: [0.19],
    long: false, repeatHeader: true, carried: null, goods: HOSTING, totalsAt: 3,
    columns: [col("Pos.", 0.06, "l", "l"), col("Bezeichnung", 0.34, "l", "l"), col("Zeitraum", 0.22, "l", "l"), col("Menge", 0.1, "r", "r"), col("Einzelpreis", 0.13, "r", "r"), col("Gesamtpreis", 0.15, "r", "r")],
    row: (l, i) => [String(i + 1), descriptionLines(l, false, true), "01.10.2026 - 31.10.2026", `${l.quantity} Stk.`, `${eu(l.unit_price)} €`, `${eu(l.amount)} €`],
    textRow: (text, amount) => ["", text, "", "", "", amount],
    money: (n) => `${eu(n)} €`, words: { ...DE_WORDS, subtotal: "Zwischensumme", tax: "zzgl. USt.", total: "Rechnungsbetrag" }
  },
  {
    // a Dutch web shop: count first, prices including VAT with the euro sign before them, the VAT rate, a discount line
    name: "webwinkel-nl", lang: "nl", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Subtotaal", discounts: false, rates: [0.21],
    long: false, repeatHeader: true, carried: null, goods: SHOP_NL, discountLine: "Korting", truth: withVat,
    columns: [col("Aantal", 0.09, "l", "l"), col("Artikel", 0.45, "l", "l"), col("Prijs", 0.15, "r", "r"), col("BTW", 0.11, "r", "r"), col("Totaal", 0.2, "r", "r")],
    row: (l) => [`${l.quantity}`, l.good.name, `€ ${eu(withVat(l).unit_price)}`, pct(l), `€ ${eu(withVat(l).amount)}`],
    textRow: (text, amount) => ["", text, "", "", amount],
    money: (n) => `€ ${eu(n)}`, words: { ...NL_WORDS, subtotal: "Totaal excl. BTW", tax: "BTW", total: "Te betalen" }
  },
  {
    // a German wholesaler: position, article number apart, "1,00 Stück", the VAT rate between quantity and the net prices
    name: "artikel-de", lang: "de", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Zwischensumme", discounts: false, rates: [0.19],
    long: false, repeatHeader: true, carried: null,
    columns: [col("Pos.", 0.05, "l", "l"), col("Art.-Nr.", 0.1, "l", "l"), col("Artikel", 0.33, "l", "l"), col("Menge", 0.13, "r", "r"), col("MwSt.", 0.08, "r", "r"), col("E-Preis netto", 0.14, "r", "r"), col("Gesamt netto", 0.17, "r", "r")],
    row: (l, i) => [`${i + 1}.`, l.good.code, descriptionLines(l, false, true), `${qtyOf(l.quantity, ",", true)} ${l.good.hours ? "Std." : "Stück"}`, "19 %", eu(l.unit_price), `${eu(l.amount)} €`],
    textRow: (text, amount) => ["", "", text, "", "", "", amount],
    money: (n) => `${eu(n)} €`, words: { ...DE_WORDS, subtotal: "Summe netto", tax: "MwSt.", total: "Gesamtbetrag" }
  },
  {
    // a Dutch invoice with the price before and the total after VAT: the net pair multiplies out, the gross total is no line's amount
    name: "exclincl-nl", lang: "nl", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Subtotaal", discounts: false, rates: [0.21],
    long: false, repeatHeader: true, carried: null, totalsAt: 2,
    columns: [col("Nr.", 0.06, "l", "l"), col("Omschrijving", 0.36, "l", "l"), col("Aantal", 0.09, "r", "r"), col("Prijs excl. BTW", 0.15, "r", "r"), col("Bedrag excl. BTW", 0.17, "r", "r"), col("Bedrag incl. BTW", 0.17, "r", "r")],
    row: (l, i) => [String(i + 1), descriptionLines(l, false, false), `${qtyOf(l.quantity, ",", false)} x`, `€ ${eu(l.unit_price)}`, `€ ${eu(l.amount)}`, `€ ${eu(round2(l.amount * 1.21))}`],
    textRow: (text, amount) => ["", text, "", "", amount, ""],
    money: (n) => `€ ${eu(n)}`, words: { ...NL_WORDS, subtotal: "Totaal excl. BTW", tax: "BTW", total: "Totaal incl. BTW" }
  },
  {
    // a French invoice: reference apart, "Quantité", "Prix unitaire HT", TVA rate, "Montant HT", a discount line, amounts "1 234,56 €"
    name: "facture-fr", lang: "fr", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Sous-total", discounts: false, rates: [0.2],
    long: false, repeatHeader: true, carried: null, discountLine: "Remise commerciale",
    columns: [col("Réf.", 0.1, "l", "l"), col("Désignation", 0.36, "l", "l"), col("Quantité", 0.11, "r", "r"), col("Prix unitaire HT", 0.16, "r", "r"), col("TVA", 0.08, "r", "r"), col("Montant HT", 0.19, "r", "r")],
    row: (l) => [l.good.code, descriptionLines(l, false, true), qtyOf(l.quantity, ",", false), `${frN(l.unit_price)} €`, "20 %", `${frN(l.amount)} €`],
    textRow: (text, amount) => ["", text, "", "", "", amount],
    money: (n) => `${frN(n)} €`, words: FR_WORDS
  },
  {
    // a German hosting provider printing each service's period as a labelled line under its name, a discount line with its minus set apart
    name: "vertrag-de", lang: "de", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Zwischensumme", discounts: false, rates: [0.19],
    long: false, repeatHeader: true, carried: null, goods: HOSTING, discountLine: "Treuerabatt", describe: (l) => l.good.name,
    columns: [col("Pos.", 0.07, "l", "l"), col("Beschreibung", 0.47, "l", "l"), col("Anzahl", 0.1, "r", "r"), col("Preis", 0.16, "r", "r"), col("Summe", 0.2, "r", "r")],
    row: (l, i) => {
      const money = (n: number) => (n < 0 ? `- ${eu(-n)} €` : `${eu(n)} €`)
      return [String(i + 1), l.amount < 0 ? l.good.name : `${l.good.name}\nLeistungszeitraum: 01.${String((i % 9) + 1).padStart(2, "0")}.2026 - 3${i % 2}.${String((i % 9) + 1).padStart(2, "0")}.2026`, qtyOf(l.quantity, ",", false), money(l.unit_price), money(l.amount)]
    },
    textRow: (text, amount) => ["", text, "", "", amount],
    money: (n) => `${eu(n)} €`, words: { ...DE_WORDS, subtotal: "Summe netto", tax: "USt.", total: "Rechnungsbetrag" }
  },
  {
    // a German shop: "Nr.", the count as "2 x", the price per piece and the amount with the code before them
    name: "stueck-de", lang: "de", currency: "EUR", target: "pdf", sections: null, subtotalWord: "Zwischensumme", discounts: false, rates: [0.19],
    long: false, repeatHeader: true, carried: null, totalsAt: 2,
    columns: [col("Nr.", 0.06, "l", "l"), col("Produkt", 0.44, "l", "l"), col("Anzahl", 0.1, "r", "r"), col("Stückpreis", 0.18, "r", "r"), col("Betrag", 0.22, "r", "r")],
    row: (l, i) => [String(i + 1), descriptionLines(l, false, true), `${qtyOf(l.quantity, ",", false)} x`, `EUR ${eu(l.unit_price)}`, `EUR ${eu(l.amount)}`],
    textRow: (text, amount) => ["", text, "", "", amount],
    money: (n) => `EUR ${eu(n)}`, words: { ...DE_WORDS, subtotal: "Zwischensumme", tax: "MwSt.", total: "Gesamtbetrag" }
  }
]

const SELLERS: Record<Lang, ReadonlyArray<string>> = {
  en: ["Northgate Office Supply Inc.", "Bramley Works Ltd", "Cobalt Ridge Consulting LLC"],
  de: ["Elektro Baumgartner GmbH", "Schrauben-Handel Ostwald KG", "Haustechnik Reimers GmbH"],
  fr: ["Peintures Marceau SARL", "Rénovation Lacombe SAS"],
  nl: ["Installatiebedrijf De Wit B.V.", "Verwarming Jansen"],
  pl: ["Biuro Rachunkowe Nowak Sp. z o.o.", "Kowalczyk Usługi Biurowe"]
}
const BUYERS: Record<Lang, ReadonlyArray<string>> = {
  en: ["Larkspur Dental Group", "Fenwick & Hale Architects", "Riverside Community College"],
  de: ["Wohnbau Lindner GmbH", "Gasthof Zur Linde", "Kanzlei Ebersberger"],
  fr: ["SCI Les Marronniers", "Cabinet Duprat"],
  nl: ["Vereniging Het Anker", "Bakkerij Van Dam"],
  pl: ["Piekarnia Zawadzki", "Hurtownia Mazur Sp. j."]
}

const itemsOf = (rng: Prng, style: Style): Array<Line> => {
  const goods = style.goods ?? GOODS[style.lang]
  const count = style.long ? rng.int(34, 40) : rng.int(3, 6)
  const out: Array<Line> = []
  for (let i = 0; i < count; i++) {
    const good = style.long ? goods[rng.int(0, goods.length - 1)]! : goods[(i + rng.int(0, goods.length - 1)) % goods.length]!
    const quantity = good.hours ? rng.int(2, 16) / 2 : good.lo < 3 ? rng.int(10, 200) : rng.int(1, 9)
    const unit_price = round2((good.lo + rng.next() * (good.hi - good.lo)) * (style.scale ?? 1))
    const discount = style.discounts && rng.chance(0.4) ? rng.pick([5, 10, 15]) : 0
    const amount = round2(mul2(quantity, unit_price) * (1 - discount / 100))
    const taxRate = style.rates[0]!
    const section = style.sections === null ? null : style.sections[i < Math.ceil(count / 2) ? 0 : 1]!
    out.push({ good, quantity, unit_price, discount, taxRate, amount, description: "", section })
  }
  if (style.discountLine !== undefined) {
    const off = -round2(sum2(out.map((l) => l.amount)) * 0.05)
    out.push({ good: g(style.discountLine, null, "", "", 0, 0), quantity: 1, unit_price: off, discount: 0, taxRate: style.rates[0]!, amount: off, description: "", section: null })
  }
  return out
}

const itemInvoice = (rng: Prng, style: Style, k: number): Model => {
  const w = style.words
  const seller = SELLERS[style.lang][k % SELLERS[style.lang].length]!
  const buyer = BUYERS[style.lang][(k + 1) % BUYERS[style.lang].length]!
  const issued = isoOf(2026, rng.int(1, 12), rng.int(10, 28))
  const due = addDays(issued, [14, 30][k % 2]!)
  const number = [`INV/2026/${rng.int(10000, 99999)}`, `${rng.int(100000, 999999)}`, `RE-${rng.int(2024, 2026)}-${rng.int(1000, 9999)}`][k % 3]!
  const lines = itemsOf(rng, style)
  // the description as the table prints it: its lines joined
  const printed = lines.map((l, i) => {
    const cells = style.row(l, i)
    const description = style.describe?.(l) ?? cells.find((c) => c.includes(l.good.name))!
    return { line: { ...l, ...style.truth?.(l), description: description.replace(/\n/g, " ") }, cells }
  })
  const m = style.money
  const rows: Array<ReadonlyArray<string>> = []
  let section: string | null = null
  let sectionSum: Array<number> = []
  const closeSection = () => {
    if (section !== null && sectionSum.length > 0 && style.bareSections !== true) rows.push(style.textRow(style.subtotalWord, m(sum2(sectionSum)).replace(/^[^\d-]+|[^\d]+$/g, "")))
  }
  // the item whose wrapped description goes on at the next page's head: the first past the first that wraps
  const overPage = style.wrapOverPage === true ? printed.findIndex(({ cells }, i) => i >= 1 && cells.some((c) => c.includes("\n"))) : -1
  printed.forEach(({ line, cells }, i) => {
    if (line.section !== section) {
      closeSection()
      section = line.section
      sectionSum = []
      if (section !== null) rows.push(style.textRow(section, ""))
    }
    sectionSum.push(line.amount)
    // a wrapped description is located only whole, so only a one-line description is marked (and none with brackets, which end a mark)
    if (i === overPage) {
      const at = cells.findIndex((c) => c.includes("\n"))
      const parts = cells[at]!.split("\n")
      rows.push(cells.map((c, ci) => (ci === at ? parts.slice(0, -1).join("\n") : c)), ["\f"], cells.map((_, ci) => (ci === at ? parts[parts.length - 1]! : "")))
      return
    }
    rows.push(cells.map((c) => (c === line.description && !/[\n[\]]/.test(c) ? `[[line_items.${i}.description|${c}]]` : c)))
  })
  closeSection()
  const subtotal = sum2(lines.map((l) => l.amount))
  const tax = round2(subtotal * style.rates[0]!)
  const total = round2(subtotal + tax)
  const blocks: Array<Block> = [
    { kind: "lines", lines: [`[[vendor_name|${seller}]]`, style.lang === "en" ? "1200 Harbor Blvd, Suite 4" : style.lang === "de" ? "Industriestraße 17" : style.lang === "fr" ? "8 rue de la Gare" : style.lang === "pl" ? "ul. Polna 12" : "Kerkstraat 44", style.lang === "en" ? "Portland, OR 97201" : style.lang === "de" ? "90411 Nürnberg" : style.lang === "fr" ? "69003 Lyon" : style.lang === "pl" ? "00-625 Warszawa" : "3511 LX Utrecht"] },
    { kind: "title", text: w.title },
    { kind: "labels", style: "inline", columns: 1, pairs: [{ label: w.number, value: `[[invoice_number|${number}]]` }, { label: w.date, value: dateText(style.lang, issued, "invoice_date") }, { label: w.due, value: dateText(style.lang, due, "due_date") }] },
    { kind: "lines", lines: [`${w.billTo}:`, `[[customer_name|${buyer}]]`] }
  ]
  if (style.carried !== null && rows.length > 30) {
    // a long table: a carried-forward line closes the first page's part and opens the next one's
    const cut = 20
    const carriedRow = [...style.columns.map(() => "").slice(0, -1), m(sum2(lines.slice(0, cut).map((l) => l.amount)))]
    carriedRow[style.columns.findIndex((c) => c.align === "l" && c.width >= 0.3)] = style.carried
    rows.splice(cut, 0, carriedRow, ["\f"], carriedRow)
  }
  if (style.totalsAt !== undefined) {
    // the totals as the table's last rows: the label in a price column, the amount in the last
    const at = style.totalsAt
    const totalRow = (label: string, field: string, n: number) => style.columns.map((_, ci) => (ci === at ? label : ci === style.columns.length - 1 ? `[[${field}|${m(n)}]]` : ""))
    rows.push(totalRow(w.subtotal, "subtotal", subtotal), totalRow(`${w.tax} ${Math.round(style.rates[0]! * 100)}%`, "tax", tax), totalRow(w.total, "total", total))
  }
  blocks.push({ kind: "grid", columns: style.columns, rows, repeatHeader: style.repeatHeader })
  if (style.totalsAt === undefined) blocks.push({ kind: "labels", style: "inline", columns: 1, pairs: [
    { label: w.subtotal, value: `[[subtotal|${m(subtotal)}]]` },
    { label: `${w.tax} ${Math.round(style.rates[0]! * 100)}%`, value: `[[tax|${m(tax)}]]` },
    { label: w.total, value: `[[total|${m(total)}]]` }
  ] })
  return {
    id: `items-${style.name}-${k + 1}`, type: "layout_invoice", category: "invoice", schema_name: "invoice", schema: INVOICE_SCHEMA, title: w.title, author: seller,
    notes: `${style.lang}; item table as ${style.name} prints it${style.long ? `; ${lines.length} items over two pages` : ""}`,
    target: style.target, font: "sans", blocks,
    fields: {
      invoice_number: number, invoice_date: issued, due_date: due, vendor_name: seller, customer_name: buyer, currency: style.currency, subtotal, tax, total,
      line_items: printed.map(({ line }) => ({ description: line.description, quantity: line.quantity, unit_price: line.unit_price, amount: line.amount }))
    }
  }
}

const dateText = (lang: Lang, iso: string, field: string) => {
  const [y, mo, d] = iso.split("-") as [string, string, string]
  const text = lang === "en" ? `${mo}/${d}/${y}` : lang === "de" || lang === "pl" ? `${d}.${mo}.${y}` : lang === "fr" ? `${d}/${mo}/${y}` : `${d}-${mo}-${y}`
  return `[[${field}|${text}]]`
}

/** Two invoices per style, one in each half (even positions dev, odd test, counted over the whole set). */
export const itemTableModels = (rng: Prng): Array<Model> =>
  [...STYLES, ...MORE_STYLES, ...EURO_STYLES].flatMap((style) => [0, 1].map((k) => itemInvoice(rng.fork(`${style.name}-${k}`), style, k)))
