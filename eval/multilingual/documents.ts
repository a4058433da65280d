/**
 * The multilingual understanding set (`npm run eval -- --set understanding-multilingual`):
 * invoices and till receipts in French, German, Dutch, Polish, Spanish and Italian, generated
 * from models whose values are the truth. Labels are the common words of each language for the
 * invoice's business terms (EN 16931's invoice number, issue date, due date, seller, buyer, sum
 * without VAT, VAT amount, amount due), printed left of, above or after their values; amounts in
 * the locale's forms (1.234,56 €, 1 234,56 zł, EUR 1.234,56), dates in the locale's numeric and
 * long forms ("7. Mai 2026", "19 april 2026", "2 de marzo de 2026"); a VAT breakdown table beside
 * the line items. Written from general knowledge of such documents, not from any real invoice.
 */
import { addDays, groupedWith, isoOf, mul2, parseIso, round2, sum2 } from "../lib/format.js"
import type { Prng } from "../lib/prng.js"
import { INVOICE_SCHEMA, RECEIPT_SCHEMA } from "../lib/truth.js"
import type { Block, Labelled } from "../heldout/layout.js"
import type { Model, Target } from "../heldout/documents.js"
import { layoutModels } from "./layouts.js"
import { itemTableModels } from "./item-tables.js"
import { partyLayoutModels } from "./party-layouts.js"

export type Language = "fr" | "de" | "nl" | "pl" | "es" | "it"
export const LANGUAGES: ReadonlyArray<Language> = ["fr", "de", "nl", "pl", "es", "it"]

type Currency = "EUR" | "PLN"

interface Vocabulary {
  readonly currency: Currency
  readonly invoiceTitle: ReadonlyArray<string>
  readonly number: ReadonlyArray<string>
  readonly date: ReadonlyArray<string>
  readonly due: ReadonlyArray<string>
  readonly seller: ReadonlyArray<string>
  readonly buyer: ReadonlyArray<string>
  /** item, quantity, unit price, amount */
  readonly headers: ReadonlyArray<readonly [string, string, string, string]>
  readonly subtotal: ReadonlyArray<string>
  /** `%` is replaced by the rate */
  readonly tax: ReadonlyArray<string>
  readonly total: ReadonlyArray<string>
  /** a VAT breakdown table's header: rate, base, VAT */
  readonly vatTable: readonly [string, string, string]
  readonly months: ReadonlyArray<string>
  /** the long date form */
  readonly longDate: (d: number, month: string, y: number) => string
  readonly receiptTitle: ReadonlyArray<string>
  readonly receiptTotal: ReadonlyArray<string>
  readonly cash: string
  readonly card: string
  readonly thanks: string
  readonly payText: (total: string, number: string) => string
  readonly sellers: ReadonlyArray<string>
  readonly buyers: ReadonlyArray<string>
  readonly shops: ReadonlyArray<string>
  readonly goods: ReadonlyArray<readonly [string, number, number]>
  readonly rates: ReadonlyArray<number>
}

const VOCABULARY: Record<Language, Vocabulary> = {
  fr: {
    currency: "EUR",
    invoiceTitle: ["FACTURE", "Facture", "FACTURE N° {n}"],
    number: ["Facture n°", "N° de facture", "Numéro de facture"],
    date: ["Date de facture", "Date d'émission", "Date de facturation"],
    due: ["Date d'échéance", "Échéance", "À régler avant le"],
    seller: ["Fournisseur", "Émetteur", "Vendeur"],
    buyer: ["Client", "Facturé à", "Destinataire"],
    headers: [["Désignation", "Qté", "Prix unitaire HT", "Montant HT"], ["Description", "Quantité", "P.U. HT", "Total HT"]],
    subtotal: ["Total HT", "Sous-total HT", "Montant HT"],
    tax: ["TVA %", "Montant TVA (%)", "TVA à %"],
    total: ["Total TTC", "Net à payer", "Montant TTC"],
    vatTable: ["Taux TVA", "Base HT", "Montant TVA"],
    months: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    longDate: (d, m, y) => `${d} ${m} ${y}`,
    receiptTitle: ["TICKET DE CAISSE", "REÇU"],
    receiptTotal: ["TOTAL", "Total à payer", "Montant payé"],
    cash: "Espèces", card: "Carte de crédit",
    thanks: "Merci de votre visite. Conservez ce ticket pour tout échange.",
    payText: (t, n) => `Merci de régler ${t} par virement en indiquant la référence ${n}.`,
    sellers: ["Atelier Marchand SARL", "Lumière du Rhône SAS", "Imprimerie Vasseur SA", "Boiseries Chevallier SARL"],
    buyers: ["Cabinet Roussel Associés", "Hôtel des Tilleuls SAS", "Mme Camille Perrin", "Garage Fontaine SARL"],
    shops: ["Boulangerie Lefèvre", "Librairie du Marché", "Quincaillerie Moreau"],
    goods: [["Cartouche d'encre noire", 18, 45], ["Ramette papier A4 80 g", 4, 9], ["Installation réseau sur site", 300, 900], ["Câble HDMI 2 m", 7, 19], ["Abonnement maintenance mensuel", 40, 150], ["Chaise de bureau ergonomique", 120, 380]],
    rates: [0.2, 0.1, 0.055]
  },
  de: {
    currency: "EUR",
    invoiceTitle: ["RECHNUNG", "Rechnung", "Rechnung Nr. {n}"],
    number: ["Rechnungsnummer", "Rechnung Nr.", "Rechnungsnr."],
    date: ["Rechnungsdatum", "Datum", "Ausstellungsdatum"],
    due: ["Fälligkeitsdatum", "Zahlbar bis", "Fällig am"],
    seller: ["Lieferant", "Rechnungssteller", "Verkäufer"],
    buyer: ["Kunde", "Rechnungsempfänger", "Empfänger"],
    headers: [["Bezeichnung", "Menge", "Einzelpreis", "Gesamtpreis"], ["Artikel", "Anzahl", "Preis", "Betrag"]],
    subtotal: ["Nettobetrag", "Zwischensumme", "Summe netto"],
    tax: ["MwSt. %", "Umsatzsteuer %", "zzgl. % MwSt."],
    total: ["Gesamtbetrag", "Rechnungsbetrag", "Summe brutto"],
    vatTable: ["MwSt.-Satz", "Netto", "MwSt."],
    months: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
    longDate: (d, m, y) => `${d}. ${m} ${y}`,
    receiptTitle: ["KASSENBON", "Quittung"],
    receiptTotal: ["SUMME", "Gesamt", "Zu zahlen"],
    cash: "Bar", card: "Kreditkarte",
    thanks: "Vielen Dank für Ihren Einkauf. Umtausch nur mit Kassenbon.",
    payText: (t, n) => `Bitte überweisen Sie ${t} unter Angabe der Rechnungsnummer ${n}.`,
    sellers: ["Klarwerk Maschinenbau GmbH", "Brenner & Vogt KG", "Nordlicht Medien GmbH", "Steinhaus Elektrotechnik AG"],
    buyers: ["Praxis Dr. Lena Hartmann", "Bäckerei Albrecht GmbH", "Herr Jonas Keller", "Stadtwerke Lindau GmbH"],
    shops: ["Drogerie Fuchs", "Buchhandlung am Markt", "Eisenwaren Schuster"],
    goods: [["Druckerpatrone schwarz", 18, 45], ["Kopierpapier A4, 500 Blatt", 4, 9], ["Netzwerkinstallation vor Ort", 300, 900], ["HDMI-Kabel 2 m", 7, 19], ["Wartungsvertrag monatlich", 40, 150], ["Bürostuhl ergonomisch", 120, 380]],
    rates: [0.19, 0.07]
  },
  nl: {
    currency: "EUR",
    invoiceTitle: ["FACTUUR", "Factuur", "Factuur {n}"],
    number: ["Factuurnummer", "Factuurnr.", "Nummer"],
    date: ["Factuurdatum", "Datum", "Datum factuur"],
    due: ["Vervaldatum", "Te betalen voor", "Uiterste betaaldatum"],
    seller: ["Leverancier", "Verkoper", "Afzender"],
    buyer: ["Klant", "Afnemer", "Factuuradres"],
    headers: [["Omschrijving", "Aantal", "Prijs", "Bedrag"], ["Artikel", "Aantal", "Stukprijs", "Totaal"]],
    subtotal: ["Subtotaal", "Totaal excl. BTW", "Bedrag excl. btw"],
    tax: ["BTW %", "Btw-bedrag (%)", "BTW hoog %"],
    total: ["Totaal", "Totaal incl. BTW", "Te betalen"],
    vatTable: ["BTW-tarief", "Grondslag", "BTW"],
    months: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
    longDate: (d, m, y) => `${d} ${m} ${y}`,
    receiptTitle: ["KASSABON", "Bon"],
    receiptTotal: ["TOTAAL", "Te betalen", "Totaal"],
    cash: "Contant", card: "Creditcard",
    thanks: "Bedankt voor uw bezoek. Bewaar deze bon bij ruilen.",
    payText: (t, n) => `Gelieve ${t} over te maken onder vermelding van ${n}.`,
    sellers: ["Van der Berg Installatietechniek B.V.", "Kooistra Drukwerk B.V.", "De Vries & Zonen V.O.F.", "Hollandse Houthandel N.V."],
    buyers: ["Huisartsenpraktijk Jansen", "Bakkerij Smit B.V.", "Dhr. Pieter Mulder", "Gemeente Zeewolde"],
    shops: ["Drogisterij Bakker", "Boekhandel De Linde", "IJzerwaren Visser"],
    goods: [["Inktcartridge zwart", 18, 45], ["Kopieerpapier A4 500 vel", 4, 9], ["Netwerkinstallatie op locatie", 300, 900], ["HDMI-kabel 2 m", 7, 19], ["Onderhoudsabonnement per maand", 40, 150], ["Ergonomische bureaustoel", 120, 380]],
    rates: [0.21, 0.09]
  },
  pl: {
    currency: "PLN",
    invoiceTitle: ["FAKTURA VAT", "Faktura", "Faktura VAT nr {n}"],
    number: ["Faktura nr", "Numer faktury", "Nr faktury"],
    date: ["Data wystawienia", "Data faktury", "Wystawiono dnia"],
    due: ["Termin płatności", "Zapłata do", "Płatne do"],
    seller: ["Sprzedawca", "Wystawca", "Dostawca"],
    buyer: ["Nabywca", "Odbiorca", "Kupujący"],
    headers: [["Nazwa towaru lub usługi", "Ilość", "Cena jedn.", "Wartość"], ["Nazwa", "Ilość", "Cena netto", "Wartość netto"]],
    subtotal: ["Razem netto", "Wartość netto", "Suma netto"],
    tax: ["VAT %", "Kwota VAT (%)", "Podatek VAT %"],
    total: ["Do zapłaty", "Razem brutto", "Wartość brutto"],
    vatTable: ["Stawka VAT", "Netto", "Kwota VAT"],
    months: ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"],
    longDate: (d, m, y) => `${d} ${m} ${y}`,
    receiptTitle: ["PARAGON FISKALNY", "Paragon"],
    receiptTotal: ["SUMA PLN", "Razem", "Do zapłaty"],
    cash: "Gotówka", card: "Karta kredytowa",
    thanks: "Dziękujemy za zakupy. Zachowaj paragon.",
    payText: (t, n) => `Prosimy o przelew kwoty ${t} z tytułem ${n}.`,
    sellers: ["Polmetal Sp. z o.o.", "Drukarnia Zawadzki Sp. z o.o.", "Elektrobud S.A.", "Meblex Nowak Sp. j."],
    buyers: ["Przychodnia Zdrowie Sp. z o.o.", "Piekarnia Wiśniewski", "Pan Marek Kowalczyk", "Urząd Gminy Lesznowola"],
    shops: ["Drogeria Anna", "Księgarnia Pod Arkadami", "Sklep Żelazny Lis"],
    goods: [["Toner do drukarki czarny", 70, 180], ["Papier ksero A4 ryza", 15, 35], ["Instalacja sieci na miejscu", 1200, 3600], ["Kabel HDMI 2 m", 25, 70], ["Abonament serwisowy miesięczny", 150, 600], ["Krzesło biurowe ergonomiczne", 450, 1500]],
    rates: [0.23, 0.08]
  },
  es: {
    currency: "EUR",
    invoiceTitle: ["FACTURA", "Factura", "Factura n.º {n}"],
    number: ["Número de factura", "Factura n.º", "Nº factura"],
    date: ["Fecha de factura", "Fecha de emisión", "Fecha"],
    due: ["Fecha de vencimiento", "Vencimiento", "Pagar antes del"],
    seller: ["Proveedor", "Emisor", "Vendedor"],
    buyer: ["Cliente", "Facturar a", "Destinatario"],
    headers: [["Descripción", "Cantidad", "Precio unitario", "Importe"], ["Concepto", "Uds.", "Precio", "Total"]],
    subtotal: ["Base imponible", "Subtotal", "Importe neto"],
    tax: ["IVA %", "Cuota IVA (%)", "IVA al %"],
    total: ["Total factura", "Total a pagar", "Importe total"],
    vatTable: ["Tipo IVA", "Base", "Cuota"],
    months: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
    longDate: (d, m, y) => `${d} de ${m} de ${y}`,
    receiptTitle: ["TICKET DE COMPRA", "Recibo"],
    receiptTotal: ["TOTAL", "Total a pagar", "Importe"],
    cash: "Efectivo", card: "Tarjeta de crédito",
    thanks: "Gracias por su compra. Conserve este ticket para cambios.",
    payText: (t, n) => `Rogamos transfieran ${t} indicando la referencia ${n}.`,
    sellers: ["Suministros Ortega S.L.", "Gráficas Navarro S.A.", "Instalaciones Beltrán S.L.", "Maderas del Norte S.A."],
    buyers: ["Clínica Dental Ruiz S.L.", "Panadería Gómez", "Sra. Lucía Herrera", "Ayuntamiento de Tordesillas"],
    shops: ["Droguería Sánchez", "Librería La Plaza", "Ferretería Molina"],
    goods: [["Cartucho de tinta negro", 18, 45], ["Papel A4 500 hojas", 4, 9], ["Instalación de red in situ", 300, 900], ["Cable HDMI 2 m", 7, 19], ["Mantenimiento mensual", 40, 150], ["Silla de oficina ergonómica", 120, 380]],
    rates: [0.21, 0.1]
  },
  it: {
    currency: "EUR",
    invoiceTitle: ["FATTURA", "Fattura", "Fattura n. {n}"],
    number: ["Fattura n.", "Numero fattura", "N. documento"],
    date: ["Data fattura", "Data di emissione", "Data documento"],
    due: ["Data di scadenza", "Scadenza", "Pagamento entro il"],
    seller: ["Fornitore", "Cedente", "Venditore"],
    buyer: ["Cliente", "Cessionario", "Destinatario"],
    headers: [["Descrizione", "Quantità", "Prezzo unitario", "Importo"], ["Articolo", "Q.tà", "Prezzo", "Totale"]],
    subtotal: ["Imponibile", "Totale imponibile", "Subtotale"],
    tax: ["IVA %", "Imposta (IVA %)", "IVA al %"],
    total: ["Totale fattura", "Totale da pagare", "Totale documento"],
    vatTable: ["Aliquota IVA", "Imponibile", "Imposta"],
    months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
    longDate: (d, m, y) => `${d} ${m} ${y}`,
    receiptTitle: ["SCONTRINO", "Ricevuta"],
    receiptTotal: ["TOTALE", "Totale da pagare", "Importo pagato"],
    cash: "Contanti", card: "Carta di credito",
    thanks: "Grazie per l'acquisto. Conservare lo scontrino per i cambi.",
    payText: (t, n) => `Si prega di versare ${t} indicando il riferimento ${n}.`,
    sellers: ["Officine Bellandi S.r.l.", "Tipografia Lombardi S.p.A.", "Impianti Ferraro S.r.l.", "Legnami Costa S.p.A."],
    buyers: ["Studio Medico Greco", "Panificio Ricci S.r.l.", "Sig.ra Giulia Marino", "Comune di Bardolino"],
    shops: ["Profumeria Conti", "Libreria della Piazza", "Ferramenta Gallo"],
    goods: [["Cartuccia inchiostro nero", 18, 45], ["Carta A4 500 fogli", 4, 9], ["Installazione rete in sede", 300, 900], ["Cavo HDMI 2 m", 7, 19], ["Canone assistenza mensile", 40, 150], ["Sedia da ufficio ergonomica", 120, 380]],
    rates: [0.22, 0.1]
  }
}

type NumberStyle = "dot" | "space" | "code_before" | "code_after"


/** an amount as the locale prints it: 1.234,56 €, 1 234,56 zł, EUR 1.234,56, 1.234,56 EUR */
const moneyOf = (value: number, currency: Currency, style: NumberStyle): string => {
  const symbol = currency === "EUR" ? "€" : "zł"
  switch (style) {
    case "dot": return `${groupedWith(value, ".", ",")} ${symbol}`
    case "space": return `${groupedWith(value, " ", ",")} ${symbol}`
    case "code_before": return `${currency} ${groupedWith(value, ".", ",")}`
    case "code_after": return `${groupedWith(value, " ", ",")} ${currency}`
  }
}

type DateForm = "long" | "dot" | "slash" | "dash"
const pad = (n: number) => String(n).padStart(2, "0")
const dateIn = (iso: string, v: Vocabulary, form: DateForm): string => {
  const { y, m, d } = parseIso(iso)
  switch (form) {
    case "long": return v.longDate(d, v.months[m - 1]!, y)
    case "dot": return `${pad(d)}.${pad(m)}.${y}`
    case "slash": return `${pad(d)}/${pad(m)}/${y}`
    case "dash": return `${pad(d)}-${pad(m)}-${y}`
  }
}

const mark = (field: string, text: string) => `[[${field}|${text}]]`
const dayOf = (rng: Prng): string => isoOf(2026, rng.int(1, 12), rng.int(13, 28))

/** The layouts an invoice is printed in. */
type InvoiceLayout = "inline" | "stacked" | "after"

const invoice = (rng: Prng, lang: Language, k: number, layout: InvoiceLayout, target: Target): Model => {
  const v = VOCABULARY[lang]
  const seller = rng.pick(v.sellers)
  const buyer = rng.pick(v.buyers)
  const issued = dayOf(rng)
  const due = addDays(issued, [14, 30, 21][k % 3]!)
  const number = [`${rng.int(2024, 2026)}-${rng.int(1000, 9999)}`, `${rng.int(10000000, 99999999)}`, `FV/${rng.int(10, 999)}/${rng.int(1, 12)}/2026`, `R${rng.int(100000, 999999)}`][(k + LANGUAGES.indexOf(lang)) % 4]!
  const rate = v.rates[k % v.rates.length]!
  const lines = rng.sample(v.goods, rng.int(2, 5)).map(([description, lo, hi]) => {
    const quantity = rng.int(1, 9)
    const unit_price = rng.money(lo, hi)
    return { description, quantity, unit_price, amount: mul2(quantity, unit_price) }
  })
  const subtotal = sum2(lines.map((l) => l.amount))
  const tax = round2(subtotal * rate)
  const total = round2(subtotal + tax)
  const style: NumberStyle = (["dot", "space", "code_after", "code_before"] as const)[(k + LANGUAGES.indexOf(lang)) % 4]!
  const form: DateForm = (["long", "dot", "slash", "long", "dash"] as const)[(k + 2 * LANGUAGES.indexOf(lang)) % 5]!
  const m = (x: number) => moneyOf(x, v.currency, style)
  const pct = `${String(Math.round(rate * 1000) / 10).replace(".", ",")}`
  const pick = (words: ReadonlyArray<string>, shift = 0) => words[(k + shift) % words.length]!
  const headers = v.headers[k % v.headers.length]!
  const parties: Array<Labelled> = [{ label: pick(v.seller), value: mark("vendor_name", seller) }, { label: pick(v.buyer, 1), value: mark("customer_name", buyer) }]
  const facts: Array<Labelled> = [
    { label: pick(v.number), value: mark("invoice_number", number) },
    { label: pick(v.date, 1), value: mark("invoice_date", dateIn(issued, v, form)) },
    { label: pick(v.due, 2), value: mark("due_date", dateIn(due, v, form)) }
  ]
  const totals: Array<Labelled> = [
    { label: pick(v.subtotal), value: mark("subtotal", m(subtotal)) },
    { label: pick(v.tax, 1).replace("%", `${pct} %`), value: mark("tax", m(tax)) },
    { label: pick(v.total, 2), value: mark("total", m(total)) }
  ]
  const title = pick(v.invoiceTitle).replace("{n}", number)
  const head: Array<Block> =
    layout === "stacked"
      ? [{ kind: "labels", style: "stacked", columns: 3, pairs: [...parties, ...facts, { label: "IBAN", value: `DE${rng.int(10, 99)} 3704 0044 0532 0130 00` }] }]
      : layout === "after"
      ? [{ kind: "labels", style: "after", columns: 1, pairs: [...facts, ...parties] }]
      : [{ kind: "labels", style: "inline", columns: 2, pairs: [...parties, ...facts, { label: "IBAN", value: `FR76 3000 6000 01${rng.int(10, 99)} 2345 6789 0189` }] }]
  const blocks: Array<Block> = [
    { kind: "title", text: title.includes(number) ? title.replace(number, mark("invoice_number", number)) : title },
    ...head,
    { kind: "table", header: [...headers], rows: lines.map((l, i) => [mark(`line_items.${i}.description`, l.description), String(l.quantity), m(l.unit_price), m(l.amount)]) },
    ...(k % 2 === 0 ? [{ kind: "table", header: [...v.vatTable], rows: [[`${pct} %`, m(subtotal), m(tax)]] } satisfies Block] : []),
    { kind: "labels", style: layout === "after" ? "after" : "inline", columns: 1, pairs: totals },
    { kind: "text", text: v.payText(m(total), number) }
  ]
  return {
    id: `ml-${lang}-inv-${k + 1}`, type: "invoice", category: "invoice", schema_name: "invoice", schema: INVOICE_SCHEMA, title: title, author: seller,
    notes: `${lang} invoice; labels ${layout}; ${style} amounts; ${form} dates${k % 2 === 0 ? "; VAT table" : ""}`, target, font: k % 2 === 0 ? "sans" : "serif", blocks,
    fields: { invoice_number: number, invoice_date: issued, due_date: due, vendor_name: seller, customer_name: buyer, currency: v.currency, subtotal, tax, total, line_items: lines }
  }
}

const receipt = (rng: Prng, lang: Language, k: number, target: Target): Model => {
  const v = VOCABULARY[lang]
  const shop = rng.pick(v.shops)
  const day = dayOf(rng)
  const items = rng.sample(v.goods.slice(0, 4), rng.int(2, 4)).map(([d, lo]) => ({ d, amount: rng.money(lo / 2, lo) }))
  const total = sum2(items.map((x) => x.amount))
  const cash = k % 2 === 0
  const style: NumberStyle = k % 2 === 0 ? "dot" : "space"
  const m = (x: number) => moneyOf(x, v.currency, style)
  const form: DateForm = (["dot", "slash", "dash"] as const)[(k + LANGUAGES.indexOf(lang)) % 3]!
  const blocks: Array<Block> = [
    { kind: "title", text: mark("merchant_name", shop) },
    { kind: "text", text: `${v.receiptTitle[k % v.receiptTitle.length]} ${rng.int(100, 999)} ${mark("date", dateIn(day, v, form))} ${rng.int(10, 19)}:${rng.int(10, 59)}` },
    { kind: "table", header: [v.headers[0]![0], v.headers[0]![3]], rows: items.map((x) => [x.d, m(x.amount)]) },
    { kind: "labels", style: "inline", columns: 1, pairs: [{ label: v.receiptTotal[k % v.receiptTotal.length]!, value: mark("total", m(total)) }, { label: cash ? v.cash : v.card, value: m(total) }] },
    { kind: "text", text: v.thanks }
  ]
  return {
    id: `ml-${lang}-rcp-1`, type: "receipt", category: "receipt", schema_name: "receipt", schema: RECEIPT_SCHEMA, title: v.receiptTitle[0]!, author: shop,
    notes: `${lang} till receipt; paid ${cash ? "cash" : "by card"}; ${style} amounts`, target, font: "sans", blocks,
    fields: { merchant_name: shop, date: day, total, currency: v.currency, payment_method: cash ? "cash" : "credit_card" }
  }
}

/**
 * Per language three invoices (labels inline, stacked, after their values) and a receipt, then
 * eight invoices in hard layouts (`layouts.ts`), then thirty-four in the layouts invoicing software prints
 * parties in (`party-layouts.ts`), then invoices whose item tables are printed as invoicing software
 * prints them (`item-tables.ts`); even positions are the dev half, odd ones the test half.
 */
export const multilingualModels = (rng: Prng): Array<Model> =>
  [...languageModels(rng), ...layoutModels(rng.fork("layouts")), ...partyLayoutModels(rng.fork("parties")), ...itemTableModels(rng.fork("item-tables"))]

const languageModels = (rng: Prng): Array<Model> =>
  LANGUAGES.flatMap((lang, li) => {
    const targets: ReadonlyArray<Target> = (["pdf", "txt", "html", "docx"] as const)
    // the PDF writer's standard fonts have no Polish letters (ą, ł, ż…): Polish documents are HTML, TXT or DOCX
    const noPdf = (target: Target, instead: Target): Target => (lang === "pl" && target === "pdf" ? instead : target)
    const t = (n: number) => noPdf(targets[(n + li) % targets.length]!, "txt")
    const inline = invoice(rng.fork(`${lang}-inv-0`), lang, 0, "inline", t(0))
    const stacked = invoice(rng.fork(`${lang}-inv-1`), lang, 1, "stacked", noPdf("pdf", "html"))
    const after = invoice(rng.fork(`${lang}-inv-2`), lang, 2, "after", noPdf(li % 2 === 0 ? "pdf" : "txt", "txt"))
    const slip = receipt(rng.fork(`${lang}-rcp-0`), lang, li, t(1))
    // every layout lands in both halves across the languages
    return li % 2 === 0 ? [inline, stacked, after, slip] : [stacked, inline, slip, after]
  })
