/**
 * Invoices whose seller and buyer are printed as invoicing software prints them (appended to the
 * multilingual set as type `layout_invoice`): the buyer's address block sharing its rows with the
 * seller's block or with the invoice's facts, on the left or the right of the page; labels such as
 * "Bill to", "Invoice to", "Rechnungsempfänger", "Facturé à", "Factuuradres" above the block or
 * left of it, a delivery address beside the billing one or alone; the seller as a letterhead, a
 * block labelled "Sold by" / "Supplier", a small sender line over the recipient's window, a block
 * on the right beside the invoice's facts, or only in the footer's legal line (registered office,
 * company number, VAT id, IBAN); names in capitals; a person as the buyer. English, German,
 * French and Dutch. Written from general knowledge of such layouts (web shops, accounting and ERP
 * software, letter-style invoices), not from any real invoice.
 */
import { addDays, dmy, groupedWith, isoOf, MONTHS, mul2, round2, sum2 } from "../lib/format.js"
import type { Prng } from "../lib/prng.js"
import { INVOICE_SCHEMA } from "../lib/truth.js"
import type { Block } from "../heldout/layout.js"
import type { Model, Target } from "../heldout/documents.js"

export type Lang = "en" | "de" | "fr" | "nl"

interface Words {
  readonly title: ReadonlyArray<string>
  readonly number: ReadonlyArray<string>
  readonly date: ReadonlyArray<string>
  readonly due: ReadonlyArray<string>
  readonly customerNo: string
  readonly billTo: ReadonlyArray<string>
  readonly shipTo: ReadonlyArray<string>
  readonly seller: ReadonlyArray<string>
  readonly headers: readonly [string, string, string, string]
  readonly subtotal: string
  readonly tax: string
  readonly total: string
  readonly rate: number
  readonly currency: "EUR" | "GBP"
  readonly country: string
  readonly dateOf: (iso: string) => string
  readonly moneyOf: (n: number) => string
  /** name, whether it ends in a legal suffix */
  readonly sellers: ReadonlyArray<string>
  readonly buyers: ReadonlyArray<string>
  readonly people: ReadonlyArray<string>
  readonly streets: ReadonlyArray<string>
  readonly towns: ReadonlyArray<string>
  readonly goods: ReadonlyArray<readonly [string, number, number]>
  /** the legal line of a footer: company, registered office, register and tax numbers */
  readonly legal: (seller: string, street: string, town: string, vat: string, iban: string) => string
  readonly vatId: string
}


const WORDS: Record<Lang, Words> = {
  en: {
    title: ["INVOICE", "Tax Invoice", "Invoice"], number: ["Invoice number", "Invoice #", "Invoice No."], date: ["Date of issue", "Invoice date", "Date"], due: ["Date due", "Due date", "Payment due"],
    customerNo: "Customer ID", billTo: ["Bill to", "Invoice to", "Billed to", "Customer", "Client", "Sold to"], shipTo: ["Ship to", "Deliver to", "Delivery address"],
    seller: ["From", "Seller", "Supplier", "Sold by"], headers: ["Description", "Qty", "Unit price", "Amount"], subtotal: "Subtotal", tax: "VAT (20%)", total: "Amount due", rate: 0.2,
    currency: "GBP", country: "United Kingdom",
    dateOf: (iso) => { const [y, m, d] = iso.split("-").map(Number) as [number, number, number]; return `${MONTHS[m - 1]} ${d}, ${y}` },
    moneyOf: (n) => `£${groupedWith(n, ",", ".")}`,
    sellers: ["Thistledown Lighting Ltd", "Marsh Harbour Coffee Roasters", "KESTWICK DIGITAL LIMITED", "Fallowfield Garden Supplies"],
    buyers: ["Larkspur Dental Clinic", "Greyfriars Rowing Club", "Winterbourne Estates Ltd", "CRANMORE PARISH COUNCIL"],
    people: ["Rosalind Achterberg", "Mr Desmond Okafor", "Harriet Vane-Tempest"],
    streets: ["41 Weaver Street", "Flat 3, 18 Orchard Rise", "Unit 12 Kingsway Park", "7 Chapel Yard"],
    towns: ["Bristol BS1 4DJ", "Norwich NR2 1QT", "Exeter EX4 3LS", "Carlisle CA3 8JH"],
    goods: [["Pendant lamp, brushed brass", 60, 180], ["Espresso blend 1 kg", 14, 28], ["Website hosting, 12 months", 90, 240], ["Raised planter, cedar", 45, 130], ["Design consultation (hours)", 50, 95]],
    legal: (s, st, t, vat, iban) => `${s} · Registered in England and Wales No. 0${vat.replace(/\D/g, "").slice(0, 7)} · Registered office: ${st}, ${t} · VAT No. ${vat} · IBAN ${iban}`,
    vatId: "VAT No."
  },
  de: {
    title: ["RECHNUNG", "Rechnung"], number: ["Rechnungsnummer", "Rechnungsnr.", "Beleg-Nr."], date: ["Rechnungsdatum", "Datum"], due: ["Fällig am", "Zahlbar bis"],
    customerNo: "Kundennr.", billTo: ["Rechnungsempfänger", "Rechnungsadresse", "Kunde", "Rechnung an"], shipTo: ["Lieferadresse", "Lieferanschrift"],
    seller: ["Verkäufer", "Lieferant", "Rechnungssteller"], headers: ["Bezeichnung", "Menge", "Einzelpreis", "Gesamt"], subtotal: "Nettobetrag", tax: "USt. 19 %", total: "Rechnungsbetrag", rate: 0.19,
    currency: "EUR", country: "Deutschland",
    dateOf: (iso) => dmy(iso, "."),
    moneyOf: (n) => `${groupedWith(n, ".", ",")} €`,
    sellers: ["Rosenthal Feinmechanik GmbH", "Kaffeerösterei Albrecht", "WERKSTATT NORDLICHT GMBH", "Gärtnerei Lindenhof"],
    buyers: ["Zahnarztpraxis Dr. Weinert", "Ruderverein Wiking e.V.", "Hausverwaltung Brückner GmbH", "Stadtbibliothek Aalen"],
    people: ["Herrn Matthias Oberländer", "Frau Ilse Kramer-Voss", "Jonas Pfeiffer"],
    streets: ["Schillerstraße 22", "Hauptstr. 5b", "Industriering 14", "Am Mühlbach 3"],
    towns: ["70173 Stuttgart", "90402 Nürnberg", "04109 Leipzig", "73430 Aalen"],
    goods: [["Präzisionsdrehteil Typ B", 12, 48], ["Espresso-Bohnen 1 kg", 16, 29], ["Webhosting, 12 Monate", 90, 240], ["Hochbeet Lärche", 70, 190], ["Beratung (Stunden)", 65, 110]],
    legal: (s, st, t, vat, iban) => `${s} · ${st} · ${t} · Geschäftsführer: Peter Haas · Amtsgericht Stuttgart HRB 7${vat.slice(2, 7)} · USt-IdNr. ${vat} · IBAN ${iban}`,
    vatId: "USt-IdNr."
  },
  fr: {
    title: ["FACTURE", "Facture"], number: ["Facture n°", "N° de facture", "Numéro"], date: ["Date de facture", "Date d'émission", "Date"], due: ["Échéance", "Date d'échéance"],
    customerNo: "Code client", billTo: ["Facturé à", "Client", "Adresse de facturation", "Facturer à"], shipTo: ["Livré à", "Adresse de livraison"],
    seller: ["Vendeur", "Fournisseur", "Émetteur"], headers: ["Désignation", "Qté", "Prix unitaire HT", "Total HT"], subtotal: "Total HT", tax: "TVA 20 %", total: "Total TTC", rate: 0.2,
    currency: "EUR", country: "France",
    dateOf: (iso) => dmy(iso, "/"),
    moneyOf: (n) => `${groupedWith(n, " ", ",")} €`,
    sellers: ["Ébénisterie Roussel SARL", "Torréfaction Mercier", "LUMINAIRES DU VIEUX-PORT SAS", "Pépinières Delaunay"],
    buyers: ["Cabinet dentaire Morel", "Société Nautique de Brest", "Résidence Les Mimosas SCI", "Mairie de Plouarzel"],
    people: ["M. Lucien Carpentier", "Mme Adèle Besnard", "Théo Lemoine"],
    streets: ["18 rue Victor Hugo", "3 avenue Jean Jaurès", "ZA du Moulin, lot 9", "45 boulevard Voltaire"],
    towns: ["69002 Lyon", "29200 Brest", "13001 Marseille", "44000 Nantes"],
    goods: [["Lampe suspendue laiton", 60, 180], ["Café en grains 1 kg", 15, 30], ["Hébergement web 12 mois", 90, 240], ["Bac potager en cèdre", 50, 140], ["Conseil en aménagement (heures)", 55, 100]],
    legal: (s, st, t, vat, iban) => `${s} – ${st}, ${t} – SARL au capital de 10 000 € – RCS Lyon ${vat.slice(4, 7)} ${vat.slice(7, 10)} ${vat.slice(10, 13)} – TVA intracom. ${vat} – IBAN ${iban}`,
    vatId: "N° TVA"
  },
  nl: {
    title: ["FACTUUR", "Factuur"], number: ["Factuurnummer", "Factuurnr."], date: ["Factuurdatum", "Datum"], due: ["Vervaldatum", "Te betalen voor"],
    customerNo: "Klantnummer", billTo: ["Factuuradres", "Klant", "Factuur aan"], shipTo: ["Afleveradres", "Leveradres"],
    seller: ["Leverancier", "Verkoper", "Afzender"], headers: ["Omschrijving", "Aantal", "Prijs", "Bedrag"], subtotal: "Subtotaal", tax: "Btw 21%", total: "Totaal", rate: 0.21,
    currency: "EUR", country: "Nederland",
    dateOf: (iso) => dmy(iso, "-"),
    moneyOf: (n) => `€ ${groupedWith(n, ".", ",")}`,
    sellers: ["Van Dijk Verlichting B.V.", "Koffiebranderij De Molen", "TUINCENTRUM HOEKSTRA BV", "Bakker & Zonen Installatietechniek"],
    buyers: ["Tandartspraktijk Smit", "Roeivereniging De Hoop", "Vastgoedbeheer Jansen B.V.", "Gemeente Zeewolde"],
    people: ["Dhr. Pieter van der Laan", "Mevr. Anouk Visser", "Sanne de Groot"],
    streets: ["Keizersgracht 112", "Dorpsstraat 7a", "Industrieweg 31", "Molenlaan 4"],
    towns: ["1015 CX Amsterdam", "3811 LJ Amersfoort", "9711 AB Groningen", "3891 AA Zeewolde"],
    goods: [["Hanglamp messing", 60, 180], ["Koffiebonen 1 kg", 15, 30], ["Webhosting 12 maanden", 90, 240], ["Plantenbak ceder", 50, 140], ["Advies (uren)", 55, 100]],
    legal: (s, st, t, vat, iban) => `${s} · ${st} · ${t} · KvK 6${vat.slice(2, 9)} · Btw-nr. ${vat} · IBAN ${iban}`,
    vatId: "Btw-nr."
  }
}

/** How the parties are printed. */
type Style =
  | "seller-left-billto-right" // seller's block on the left, "Bill to" block on the right, in the same rows (web payment services)
  | "letterhead-buyer-right" // letterhead top left, the buyer's block unlabelled on the right below it (ERP software)
  | "window-meta-right" // a small sender line, the buyer's block in the window on the left, the invoice's facts on the right in the same rows (letter-style invoices)
  | "billto-shipto-meta" // capitalised letterhead; "Bill to", "Ship to" and the facts in three columns (small-business accounting)
  | "buyer-meta-seller" // title, then the buyer unlabelled on the left, facts in the middle, the seller's block on the right (accounting software)
  | "labels-left" // "From:" and "To:" left of their blocks
  | "shipto-only" // a delivery address only, beside the facts
  | "soldby-billing" // "Sold by" block and a billing block side by side, a delivery block below (marketplaces)
  | "footer-only" // no letterhead text (a logo): the seller only in the footer's legal line; the buyer unlabelled beside the facts
  | "label-over-right" // the buyer's label and block on the right, the seller's letterhead and facts on the left
  | "inline-labels" // each party's label and name in one line ("Bill to Name", "From: Name"), its address below
  | "remit-to" // no letterhead text; the buyer after a label, the seller in a "Remit to" / "Payable to" block at the foot
  | "party-numbers" // ERP labels ("Bill-to party", "Ship-to party") over a customer number line, then the name
  | "caps-legal" // everything in capitals: the buyer after "BILL TO:", the seller only in a capitalised legal line
  | "details-right-letterhead" // the seller's letterhead right-aligned at the top right; the buyer in a details block of "Name: …" lines under a heading
  | "uneven-leading" // the seller's block set tight on the left, the buyer's labelled block at a wider line spacing on the right: their lines fall between one another
  | "sender-details-left" // the seller's block with its contact and tax details on the left, the buyer's beside it on the right, lower, no labels
  | "labels-one-line" // two labels in one run of text ("Bill to        Ship to", "Sold by: X      Billing address: Y"), the two blocks below in two columns
  | "noun-named" // a party whose name opens with a label's noun ("Client Services Ltd", "Kunde & Partner GmbH"), no label before it
  | "wrapped-name" // the seller's name wrapped over two lines ("… Trading and Logistics" / "Company Limited") over its address
  | "till-receipt" // a till receipt: the merchant centred at the top in capitals over its address and telephone, or only in the closing thanks
  | "header-name-only" // the seller named only in the page's header line, beside the title or the invoice's facts; only the buyer labelled

export const STYLES: ReadonlyArray<Style> = [
  "seller-left-billto-right", "letterhead-buyer-right", "window-meta-right", "billto-shipto-meta", "buyer-meta-seller",
  "labels-left", "shipto-only", "soldby-billing", "footer-only", "label-over-right",
  "inline-labels", "remit-to", "party-numbers", "caps-legal", "sender-details-left", "details-right-letterhead", "uneven-leading",
  "labels-one-line", "noun-named", "wrapped-name", "till-receipt", "header-name-only"
]

/** names opening with a party label's noun: the label's word is part of the name */
const NOUN_NAMED: Record<Lang, readonly [string, string]> = {
  en: ["Client Services Ltd", "Customer Care Centre"], de: ["Kunde & Partner GmbH", "Lieferant Direkt Logistik"],
  fr: ["Client Premier SARL", "Fournisseur Général du Rhône"], nl: ["Klant Contact Services B.V.", "Leverancier Groep Noord"]
}
/** a company's name wrapped over two lines: the first line's words, then the line it wraps onto */
const WRAPPED: Record<Lang, readonly [string, string]> = {
  en: ["Northwind Trading and Logistics", "Company Limited"], de: ["Albrecht Kaffeerösterei und", "Handelsgesellschaft mbH"],
  fr: ["Comptoir Lyonnais de Négoce et", "de Distribution"], nl: ["Van Dijk Verlichting en", "Installatietechniek B.V."]
}
/** a till receipt's closing thanks, naming the shop */
const THANKS: Record<Lang, (shop: string) => string> = {
  en: (x) => `Thank you for shopping at ${x}!`, de: (x) => `Vielen Dank für Ihren Einkauf bei ${x}!`,
  fr: (x) => `Merci de votre visite chez ${x} !`, nl: (x) => `Bedankt voor uw aankoop bij ${x}!`
}
/** a line centred on a till roll's width */
const centre = (text: string, width = 42) => `${" ".repeat(Math.max(0, Math.floor((width - text.length) / 2)))}${text}`

/** a details block's heading and its lines' labels: name, e-mail, telephone */
const DETAILS: Record<Lang, readonly [string, string, string, string]> = {
  en: ["Customer details", "Name", "E-mail", "Phone"], de: ["Kundendaten", "Name", "E-Mail", "Telefon"], fr: ["Coordonnées client", "Nom", "E-mail", "Téléphone"], nl: ["Klantgegevens", "Naam", "E-mail", "Telefoon"]
}

/** labels of a payee's block at an invoice's foot */
const REMIT: Record<Lang, ReadonlyArray<string>> = {
  en: ["Remit to", "Make cheques payable to", "Payable to"], de: ["Zahlungsempfänger", "Begünstigter"], fr: ["Bénéficiaire", "À l'ordre de"], nl: ["Begunstigde", "Te betalen aan"]
}
/** ERP labels of the parties (SAP-like) */
const PARTY: Record<Lang, readonly [string, string]> = {
  en: ["Bill-to party", "Ship-to party"], de: ["Rechnungsempfänger", "Warenempfänger"], fr: ["Client facturé", "Client livré"], nl: ["Factuurontvanger", "Goederenontvanger"]
}

const mark = (field: string, text: string) => `[[${field}|${text}]]`

/** an IBAN whose check digits hold (ISO 13616 mod 97), printed in groups of four */
const iban = (rng: Prng, lang: Lang) => {
  const country = { en: "GB", de: "DE", fr: "FR", nl: "NL" }[lang]
  const bban = lang === "en" ? `NWBK${digits(rng, 14)}` : lang === "nl" ? `RABO${digits(rng, 10)}` : digits(rng, lang === "de" ? 18 : 23)
  const numeric = (bban + country + "00").replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55))
  let rest = 0
  for (const d of numeric) rest = (rest * 10 + Number(d)) % 97
  return `${country}${String(98 - rest).padStart(2, "0")}${bban}`.replace(/(.{4})(?=.)/g, "$1 ")
}
const digits = (rng: Prng, n: number) => Array.from({ length: n }, () => String(rng.int(0, 9))).join("")

export const partyInvoice = (rng: Prng, lang: Lang, style: Style, k: number, target: Target): Model => {
  const w = WORDS[lang]
  const pick = <A>(xs: ReadonlyArray<A>, shift = 0) => xs[(k + shift) % xs.length]!
  const seller = pick(w.sellers)
  // a person is billed in some layouts (web shops, private customers)
  const person = style === "soldby-billing" || style === "shipto-only" || k % 5 === 3
  const buyer = person ? pick(w.people) : pick(w.buyers, 1)
  const issued = isoOf(2026, rng.int(1, 12), rng.int(1, 20))
  const due = addDays(issued, [14, 30][k % 2]!)
  const number = [`INV-${rng.int(1000, 9999)}`, `${rng.int(2025, 2026)}-${rng.int(10000, 99999)}`, `F${rng.int(100000, 999999)}`, `INV/2026/${rng.int(10, 999)}`][k % 4]!
  const vat = lang === "en" ? `GB${digits(rng, 9)}` : lang === "de" ? `DE${digits(rng, 9)}` : lang === "fr" ? `FR${digits(rng, 11)}` : `NL${digits(rng, 9)}B01`
  const account = iban(rng, lang)
  const lines = rng.sample(w.goods, rng.int(2, 3)).map(([description, lo, hi]) => {
    const quantity = rng.int(1, 6)
    const unit_price = rng.money(lo, hi)
    return { description, quantity, unit_price, amount: mul2(quantity, unit_price) }
  })
  const subtotal = sum2(lines.map((l) => l.amount))
  const tax = round2(subtotal * w.rate)
  const total = round2(subtotal + tax)
  const m = w.moneyOf
  const [sStreet, sTown] = [pick(w.streets), pick(w.towns)]
  const [bStreet, bTown] = [pick(w.streets, 2), pick(w.towns, 1)]
  const [dStreet, dTown] = [pick(w.streets, 3), pick(w.towns, 3)]
  const email = `info@${seller.toLowerCase().normalize("NFD").replace(/[^a-z]/g, "").slice(0, 12)}.example`
  const phone = lang === "en" ? "+44 117 496 0321" : lang === "de" ? "+49 711 123 456" : lang === "fr" ? "+33 4 72 00 11 22" : "+31 20 123 4567"
  const V = mark("vendor_name", seller)
  const B = mark("customer_name", buyer)
  const n = mark("invoice_number", number)
  const d = mark("invoice_date", w.dateOf(issued))
  const dd = mark("due_date", w.dateOf(due))
  const title = pick(w.title)
  const colon = lang === "fr" ? " :" : ":"
  const bill = pick(w.billTo, Math.floor(k / 2))
  const ship = pick(w.shipTo)
  const facts = (withColon: boolean) => [[pick(w.number), n], [pick(w.date, 1), d], [pick(w.due), dd]].map(([l, v]) => `${l}${withColon ? colon : ""} ${v}`)
  const factPairs = { kind: "labels", style: "inline", columns: 1, pairs: [{ label: pick(w.number), value: n }, { label: pick(w.date, 1), value: d }, { label: pick(w.due), value: dd }] } satisfies Block
  const upper = (s: string) => s.toUpperCase()
  let head: Array<Block> = []
  let footer: Array<Block> = [{ kind: "text", text: `${phone} · ${email} · ${w.vatId} ${vat}` }]
  switch (style) {
    case "seller-left-billto-right":
      head = [{ kind: "title", text: title }, factPairs, { kind: "columns", columns: [
        { at: 0, lines: [V, sStreet, sTown, w.country, email] },
        { at: 0.5, bold: true, lines: [bill, B, bStreet, bTown, w.country] }
      ] }]
      break
    case "letterhead-buyer-right":
      head = [{ kind: "lines", lines: [V, sStreet, sTown, w.country] }, { kind: "columns", columns: [
        { at: 0.55, lines: [B, bStreet, bTown, w.country] }
      ] }, { kind: "title", text: `${title} ${n}` }, { kind: "columns", columns: [
        { at: 0, lines: [`${pick(w.date, 1)}${colon}`, d] }, { at: 0.3, lines: [`${pick(w.due)}${colon}`, dd] }
      ] }]
      break
    case "window-meta-right":
      head = [{ kind: "text", text: `${seller} · ${sStreet} · ${sTown}` }, { kind: "columns", columns: [
        { at: 0, lines: [B, bStreet, bTown, ""] },
        { at: 0.6, lines: [...facts(true), `${w.customerNo}${colon} ${rng.int(10000, 99999)}`] }
      ] }, { kind: "title", text: title }]
      footer = [{ kind: "columns", columns: [
        { at: 0, lines: [V, sStreet, sTown] },
        { at: 0.36, lines: [`Tel. ${phone}`, email, `${w.vatId} ${vat}`] },
        { at: 0.7, lines: [`IBAN ${account}`, "BIC RABONL2U"] }
      ] }]
      break
    case "billto-shipto-meta":
      head = [{ kind: "lines", lines: [V, sStreet, sTown, email] }, { kind: "title", text: upper(title) }, { kind: "columns", columns: [
        { at: 0, bold: true, lines: [upper(bill), B, bStreet, bTown] },
        { at: 0.33, bold: true, lines: [upper(ship), buyer, dStreet, dTown] },
        { at: 0.66, lines: facts(false) }
      ] }]
      break
    case "buyer-meta-seller":
      head = [{ kind: "title", text: upper(title) }, { kind: "columns", columns: [
        { at: 0, lines: [B, bStreet, bTown, w.country] },
        { at: 0.42, lines: [pick(w.date, 1), d, pick(w.number), n] },
        { at: 0.7, lines: [V, sStreet, sTown, w.country] }
      ] }]
      footer = [{ kind: "text", text: `${w.vatId} ${vat} · IBAN ${account}` }]
      break
    case "labels-left":
      head = [{ kind: "title", text: title }, { kind: "columns", columns: [
        { at: 0, lines: [`${pick(w.seller)}${colon}`, "", "", "", `${bill}${colon}`, "", ""] },
        { at: 0.2, lines: [V, sStreet, sTown, "", B, bStreet, bTown] },
        { at: 0.6, lines: facts(true) }
      ] }]
      break
    case "shipto-only":
      head = [{ kind: "lines", lines: [V, `${sStreet}, ${sTown}`] }, { kind: "title", text: title }, { kind: "columns", columns: [
        { at: 0, bold: true, lines: [ship, B, bStreet, bTown, w.country] },
        { at: 0.55, lines: facts(true) }
      ] }]
      break
    case "soldby-billing":
      head = [{ kind: "title", text: title }, { kind: "columns", columns: [
        { at: 0, bold: true, lines: [pick(w.seller, 3), V, sStreet, sTown, `${w.vatId} ${vat}`] },
        { at: 0.5, bold: true, lines: [bill, B, bStreet, bTown, w.country] }
      ] }, { kind: "columns", columns: [
        { at: 0.5, bold: true, lines: [ship, buyer, dStreet, dTown] }
      ] }, factPairs]
      break
    case "footer-only":
      head = [{ kind: "title", text: title }, { kind: "columns", columns: [
        { at: 0, lines: [B, bStreet, bTown] },
        { at: 0.6, lines: facts(true) }
      ] }]
      footer = [{ kind: "text", text: w.legal(V, sStreet, sTown, vat, account) }]
      break
    case "label-over-right":
      head = [{ kind: "columns", columns: [
        { at: 0, lines: [V, sStreet, sTown, phone, ""] },
        { at: 0.55, bold: true, lines: [`${bill}${colon}`, B, bStreet, bTown, w.country] }
      ] }, { kind: "title", text: title }, factPairs]
      break
  }
  let foot: Array<Block> = []
  switch (style) {
    case "inline-labels":
      head = [{ kind: "title", text: title }, { kind: "columns", columns: [
        { at: 0, lines: [`${pick(w.seller, 1)}${k % 2 === 0 ? colon : ""} ${V}`, sStreet, sTown] },
        { at: 0.5, lines: [`${bill}${k % 2 === 0 ? colon : ""} ${B}`, bStreet, bTown] }
      ] }, factPairs]
      break
    case "remit-to":
      head = [{ kind: "title", text: title }, factPairs, { kind: "columns", columns: [{ at: 0, bold: true, lines: [`${bill}${colon}`, B, bStreet, bTown] }] }]
      foot = [{ kind: "columns", columns: [
        { at: 0, bold: true, lines: [`${pick(REMIT[lang])}${colon}`, V, sStreet, sTown] },
        { at: 0.5, lines: [`IBAN ${account}`, `${w.vatId} ${vat}`] }
      ] }]
      footer = []
      break
    case "party-numbers":
      head = [{ kind: "lines", lines: [V, `${sStreet} · ${sTown}`] }, { kind: "title", text: `${title} ${n}` }, { kind: "columns", columns: [
        { at: 0, bold: true, lines: [PARTY[lang][0], `${w.customerNo} ${rng.int(100000, 999999)}`, B, bStreet, bTown] },
        { at: 0.36, bold: true, lines: [PARTY[lang][1], `${w.customerNo} ${rng.int(100000, 999999)}`, buyer, dStreet, dTown] },
        { at: 0.7, lines: [`${pick(w.date, 1)}${colon}`, d, `${pick(w.due)}${colon}`, dd] }
      ] }]
      break
    case "caps-legal": {
      const capsBuyer = upper(buyer)
      head = [{ kind: "title", text: upper(title) }, { kind: "columns", columns: [
        { at: 0, bold: true, lines: [`${upper(bill)}${colon}`, mark("customer_name", capsBuyer), upper(bStreet), upper(bTown)] },
        { at: 0.55, lines: facts(true) }
      ] }]
      footer = [{ kind: "text", text: upper(w.legal(mark("vendor_name", upper(seller)), sStreet, sTown, vat, account)).replace(/\[\[VENDOR_NAME\|/, "[[vendor_name|") }]
      break
    }
    case "sender-details-left":
      head = [{ kind: "columns", columns: [
        { at: 0, lines: [V, sStreet, sTown, `Tel. ${phone}`, email, `${w.vatId} ${vat}`] },
        { at: 0.58, lines: ["", "", B, bStreet, bTown, w.country] }
      ] }, { kind: "title", text: `${title} ${n}` }, factPairs]
      break
    case "details-right-letterhead": {
      const [heading, nameLabel, mailLabel, phoneLabel] = DETAILS[lang]
      head = [{ kind: "columns", columns: [
        { at: 0, lines: [upper(title), "", `${pick(w.number)}${colon} ${n}`, `${pick(w.date, 1)}${colon} ${d}`, `${pick(w.due)}${colon} ${dd}`] },
        { at: 1, right: true, lines: [V, sStreet, sTown, email, `${w.vatId} ${vat}`] }
      ] }, { kind: "columns", columns: [
        { at: 0, bold: true, lines: [heading, `${nameLabel}${colon} ${B}`, `${mailLabel}${colon} ${buyer.toLowerCase().replace(/[^a-z]+/g, ".")}@mail.example`, `${phoneLabel}${colon} ${phone}`] }
      ] }]
      break
    }
    case "uneven-leading":
      head = [{ kind: "title", text: title }, { kind: "columns", columns: [
        { at: 0, leading: 11, lines: [V, sStreet, sTown, phone, email] },
        { at: 0.5, leading: 15, bold: true, lines: [`${bill}${colon}`, B, bStreet, bTown] }
      ] }, factPairs]
      break
    case "labels-one-line": {
      // the two labels in one run, many spaces apart; the delivery block names another recipient
      const other = pick(w.people, 1)
      const gap = " ".repeat(28)
      head = k % 2 === 0
        ? [{ kind: "lines", lines: [V, sStreet, sTown] }, { kind: "title", text: title }, factPairs, { kind: "text", text: `${upper(bill)}${gap}${upper(ship)}` }, { kind: "columns", columns: [
            { at: 0, lines: [B, bStreet, bTown] }, { at: 0.5, lines: [other, dStreet, dTown] }
          ] }]
        : [{ kind: "title", text: title }, factPairs, { kind: "text", text: `${pick(w.seller, 3)}${colon} ${V}${gap}${bill}${colon} ${B}` }, { kind: "columns", columns: [
            { at: 0, lines: [sStreet, sTown] }, { at: 0.5, lines: [bStreet, bTown] }
          ] }]
      break
    }
    case "noun-named":
      // the seller's letterhead opening with a label's noun over its address, the buyer after its own label; or the buyer so named, unlabelled
      head = k % 2 === 0
        ? [{ kind: "lines", lines: [mark("vendor_name", NOUN_NAMED[lang][0]), sStreet, sTown, email] }, { kind: "title", text: title }, factPairs, { kind: "lines", lines: [`${bill}${colon}`, B, bStreet, bTown] }]
        : [{ kind: "lines", lines: [V, sStreet, sTown] }, { kind: "columns", columns: [{ at: 0.55, lines: [mark("customer_name", NOUN_NAMED[lang][1]), bStreet, bTown] }] }, { kind: "title", text: title }, factPairs]
      break
    case "wrapped-name": {
      const [first, second] = WRAPPED[lang]
      head = k % 2 === 0
        ? [{ kind: "lines", lines: [first, second, sStreet, sTown, email] }, { kind: "title", text: title }, factPairs, { kind: "lines", lines: [`${bill}${colon}`, B, bStreet, bTown] }]
        : [{ kind: "title", text: title }, { kind: "columns", columns: [
            { at: 0, lines: [`${pick(w.seller)}${colon}`, first, second, sStreet, sTown] },
            { at: 0.5, lines: [`${bill}${colon}`, B, bStreet, bTown] }
          ] }, factPairs]
      break
    }
    case "till-receipt":
      // no buyer: the merchant centred over its address, or named only in the thanks at the foot
      head = k % 2 === 0
        ? [{ kind: "pre", lines: [centre(upper(seller)).replace(upper(seller), mark("vendor_name", upper(seller))), centre(sStreet), centre(sTown), centre(`Tel ${phone}`)] }, factPairs]
        : [factPairs]
      foot = k % 2 === 0 ? [] : [{ kind: "text", text: THANKS[lang](V) }]
      footer = []
      break
    case "header-name-only":
      // the name on the header's line beside the title (a logo's line), or right of the facts; no address of the seller's
      head = k % 2 === 0
        ? [{ kind: "columns", columns: [{ at: 0, lines: [V] }, { at: 0.75, lines: [upper(title)] }] }, factPairs, { kind: "lines", lines: [`${bill}${colon}`, B, bStreet, bTown] }]
        : [{ kind: "columns", columns: [{ at: 0, lines: facts(true) }, { at: 0.65, lines: [V] }] }, { kind: "title", text: title }, { kind: "lines", lines: [`${bill}${colon}`, B, bStreet, bTown] }]
      footer = [{ kind: "text", text: `${phone} · IBAN ${account}` }]
      break
    default:
  }
  const blocks: Array<Block> = [
    ...head,
    { kind: "table", header: [...w.headers], rows: lines.map((l, i) => [mark(`line_items.${i}.description`, l.description), String(l.quantity), m(l.unit_price), m(l.amount)]) },
    { kind: "labels", style: "inline", columns: 1, pairs: [{ label: w.subtotal, value: mark("subtotal", m(subtotal)) }, { label: w.tax, value: mark("tax", m(tax)) }, { label: w.total, value: mark("total", m(total)) }] },
    ...foot,
    ...footer
  ]
  return {
    id: `party-${lang}-${k + 1}`, type: "layout_invoice", category: "invoice", schema_name: "invoice", schema: INVOICE_SCHEMA, title, author: seller,
    notes: `${lang}; parties ${style}; buyer ${person ? "a person" : "an organisation"}`, target, font: k % 3 === 0 ? "serif" : "sans", blocks,
    fields: {
      invoice_number: number, invoice_date: issued, due_date: due, currency: w.currency, subtotal, tax, total,
      vendor_name: style === "caps-legal" || (style === "till-receipt" && k % 2 === 0) ? seller.toUpperCase() : style === "noun-named" && k % 2 === 0 ? NOUN_NAMED[lang][0] : style === "wrapped-name" ? WRAPPED[lang].join(" ") : seller,
      customer_name: style === "till-receipt" ? null : style === "caps-legal" ? buyer.toUpperCase() : style === "noun-named" && k % 2 === 1 ? NOUN_NAMED[lang][1] : buyer,
      line_items: lines
    }
  }
}

/**
 * Two invoices per style, in other languages and formats (PDF most); the first of each pair lands
 * at an even position (dev half), the second at an odd one (test half), when the list before them
 * is of even length.
 */
const SPACED: ReadonlyArray<Style> = ["labels-one-line", "till-receipt"]

export const partyLayoutModels = (rng: Prng): Array<Model> => {
  const langs: ReadonlyArray<Lang> = ["en", "de", "fr", "nl"]
  const targets: ReadonlyArray<Target> = ["pdf", "pdf", "txt", "pdf", "html", "pdf", "docx"]
  return STYLES.flatMap((style, s) => [0, 1].map((v) => {
    const k = 2 * s + v
    // the layouts that spaces or centring carry are rendered where they survive (HTML and DOCX collapse a run of spaces)
    const target = SPACED.includes(style) ? (["pdf", "txt"] as const)[v]! : targets[(s * 2 + v * 3) % targets.length]!
    return partyInvoice(rng.fork(`party-${k}`), langs[(s + 2 * v + Math.floor(s / 4)) % 4]!, style, k, target)
  }))
}
