/**
 * How the templates' users write an invoice in each language: the labels a template lets its user
 * set, and amounts and dates as the locale prints them (Intl, the way such code usually formats
 * them; the narrow no-break space some locales group with becomes a space, as typed).
 */
import type { Prng } from "../lib/prng.js"
import type { Locale } from "./data.js"

export interface Wording {
  readonly title: string
  readonly number: string
  readonly date: string
  readonly due: string
  readonly billTo: string
  readonly from: string
  readonly description: string
  readonly quantity: string
  readonly unitPrice: string
  readonly amount: string
  readonly subtotal: string
  readonly tax: string
  readonly discount: string
  readonly total: string
  readonly status: string
  readonly unpaid: string
}

const EN: ReadonlyArray<Wording> = [
  { title: "Invoice", number: "Invoice Number", date: "Date", due: "Due Date", billTo: "Bill To", from: "Bill From", description: "Description", quantity: "Quantity", unitPrice: "Unit Price", amount: "Amount", subtotal: "Subtotal", tax: "VAT", discount: "Discount", total: "Total", status: "Status", unpaid: "Unpaid" },
  { title: "Tax Invoice", number: "Invoice No.", date: "Invoice Date", due: "Payment Due", billTo: "Invoiced To", from: "From", description: "Item", quantity: "Qty", unitPrice: "Rate", amount: "Line Total", subtotal: "Total without VAT", tax: "VAT Paid", discount: "Less discount", total: "Total paid with VAT", status: "Status", unpaid: "Due" },
  { title: "INVOICE", number: "Reference", date: "Issued", due: "Pay By", billTo: "Customer", from: "Supplier", description: "Service", quantity: "Hours/Qty", unitPrice: "Price", amount: "Total", subtotal: "Net amount", tax: "Sales tax", discount: "Discount", total: "Amount due", status: "Status", unpaid: "Open" }
]

const WORDING: Record<Locale["tag"], ReadonlyArray<Wording>> = {
  "en-US": EN,
  "en-GB": EN,
  "de-DE": [
    { title: "Rechnung", number: "Rechnungsnummer", date: "Rechnungsdatum", due: "Fällig am", billTo: "Rechnungsempfänger", from: "Rechnungssteller", description: "Beschreibung", quantity: "Menge", unitPrice: "Einzelpreis", amount: "Betrag", subtotal: "Zwischensumme", tax: "MwSt.", discount: "Rabatt", total: "Gesamtbetrag", status: "Status", unpaid: "Offen" },
    { title: "RECHNUNG", number: "Rechnung Nr.", date: "Datum", due: "Zahlbar bis", billTo: "Kunde", from: "Von", description: "Leistung", quantity: "Anzahl", unitPrice: "Preis", amount: "Summe", subtotal: "Nettobetrag", tax: "Umsatzsteuer", discount: "Nachlass", total: "Rechnungsbetrag", status: "Status", unpaid: "Unbezahlt" }
  ],
  "de-CH": [
    { title: "Rechnung", number: "Rechnungsnummer", date: "Rechnungsdatum", due: "Zahlbar bis", billTo: "Rechnungsadresse", from: "Absender", description: "Bezeichnung", quantity: "Menge", unitPrice: "Preis", amount: "Betrag", subtotal: "Total exkl. MWST", tax: "MWST", discount: "Rabatt", total: "Total inkl. MWST", status: "Status", unpaid: "Offen" }
  ],
  "nl-NL": [
    { title: "Factuur", number: "Factuurnummer", date: "Factuurdatum", due: "Vervaldatum", billTo: "Factuur aan", from: "Van", description: "Omschrijving", quantity: "Aantal", unitPrice: "Prijs", amount: "Bedrag", subtotal: "Subtotaal", tax: "BTW", discount: "Korting", total: "Totaal", status: "Status", unpaid: "Open" }
  ],
  "es-ES": [
    { title: "Factura", number: "Número de factura", date: "Fecha", due: "Vencimiento", billTo: "Facturar a", from: "Emisor", description: "Concepto", quantity: "Cantidad", unitPrice: "Precio", amount: "Importe", subtotal: "Base imponible", tax: "IVA", discount: "Descuento", total: "Total", status: "Estado", unpaid: "Pendiente" }
  ],
  "fr-FR": [
    { title: "Facture", number: "Facture n°", date: "Date de facturation", due: "Date d'échéance", billTo: "Facturé à", from: "Émetteur", description: "Désignation", quantity: "Quantité", unitPrice: "Prix unitaire", amount: "Montant", subtotal: "Total HT", tax: "TVA", discount: "Remise", total: "Total TTC", status: "Statut", unpaid: "À payer" }
  ],
  "it-IT": [
    { title: "Fattura", number: "Numero fattura", date: "Data", due: "Scadenza", billTo: "Destinatario", from: "Mittente", description: "Descrizione", quantity: "Quantità", unitPrice: "Prezzo unitario", amount: "Importo", subtotal: "Imponibile", tax: "IVA", discount: "Sconto", total: "Totale", status: "Stato", unpaid: "Da pagare" }
  ]
}

export const wordingFor = (p: Prng, locale: Locale): Wording => p.pick(WORDING[locale.tag])

const spaces = (s: string) => s.replace(/[\u202f\u00a0]/g, " ")

/** 1234.5 → "1,234.50" (en), "1.234,50" (de), "1’234.50" (de-CH), … */
export const amountText = (value: number, locale: Locale): string =>
  spaces(new Intl.NumberFormat(locale.tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value))

export const quantityText = (value: number, locale: Locale): string =>
  spaces(new Intl.NumberFormat(locale.tag, { maximumFractionDigits: 2 }).format(value))

/** an ISO date as the locale writes it: numeric (two-digit day and month) or with the month's name */
export const dateText = (iso: string, locale: Locale, style: "numeric" | "long" | "iso"): string => {
  if (style === "iso") return iso
  const d = new Date(`${iso}T12:00:00Z`)
  const options: Intl.DateTimeFormatOptions = style === "numeric" ? { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" } : { dateStyle: "long", timeZone: "UTC" }
  return spaces(new Intl.DateTimeFormat(locale.tag, options).format(d))
}
