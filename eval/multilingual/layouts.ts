/**
 * Invoices in the layouts the local engine read worst (appended to the multilingual set as type
 * `layout_invoice`): the seller printed as a letterhead without a label (its name with or without
 * a legal suffix, repeated in a footer with its bank details), the buyer as an address block after
 * "Bill to" / "To" or in the recipient's position without any label; IBAN, BIC and VAT-id lines
 * beside the invoice number; fixed-width plain text whose labels sit in one row over their values
 * or in label/value pairs two to a line; line-item tables whose numbers are right-aligned under
 * left-aligned headings, shifted off their columns, with descriptions wrapped onto a second line.
 * English, German and French. Written from general knowledge of such documents, not from any real
 * invoice.
 */
import { addDays, dmy, groupedWith, isoOf, MONTHS, mul2, round2, sum2 } from "../lib/format.js"
import type { Prng } from "../lib/prng.js"
import { INVOICE_SCHEMA } from "../lib/truth.js"
import { stripMarks } from "../lib/doc.js"
import type { Block } from "../heldout/layout.js"
import type { Model, Target } from "../heldout/documents.js"

type Lang = "en" | "de" | "fr"

interface Words {
  readonly title: string
  readonly number: ReadonlyArray<string>
  readonly date: ReadonlyArray<string>
  readonly due: ReadonlyArray<string>
  readonly billTo: ReadonlyArray<string>
  readonly headers: readonly [string, string, string, string]
  readonly subtotal: string
  readonly tax: string
  readonly total: string
  readonly currency: "EUR" | "GBP"
  readonly vatId: string
  readonly page: string
  readonly dateOf: (iso: string) => string
  readonly moneyOf: (n: number) => string
  readonly sellers: ReadonlyArray<readonly [string, boolean]>
  readonly buyers: ReadonlyArray<string>
  readonly streets: ReadonlyArray<string>
  readonly towns: ReadonlyArray<string>
  readonly goods: ReadonlyArray<readonly [string, string, number, number]>
}


const WORDS: Record<Lang, Words> = {
  en: {
    title: "INVOICE", number: ["Invoice No.", "Invoice number"], date: ["Invoice date", "Date"], due: ["Due date", "Payment due"],
    billTo: ["Bill to:", "To:"], headers: ["Description", "Qty", "Unit price", "Amount"], subtotal: "Subtotal", tax: "VAT 20%", total: "Total due",
    currency: "GBP", vatId: "VAT Reg. No.", page: "Page 1 of 1",
    dateOf: (iso) => { const [y, m, d] = iso.split("-").map(Number) as [number, number, number]; return `${d} ${MONTHS[m - 1]} ${y}` },
    moneyOf: (n) => groupedWith(n, ",", "."),
    sellers: [["Harrowgate Signal Systems Ltd", true], ["Penwick Joinery", false], ["Calder Brook Analytics Limited", true], ["Tallis & Rowe Glazing", false]],
    buyers: ["Mossley Community Trust", "Brackenfield Veterinary Practice", "Dr Helena Marchbank", "Ouseburn Cycle Works"],
    streets: ["14 Tanner Row", "Unit 7, Riverside Estate", "2 Fenwick Close", "88 Wharf Street"],
    towns: ["York YO1 6JP", "Leeds LS11 5QN", "Durham DH1 3RL", "Hull HU1 1UU"],
    goods: [["Site survey and cable route", "plan for two floors", 180, 420], ["Cat6 patch leads 2 m", "(bag of 10)", 12, 30], ["Wall-mounted equipment rack", "incl. fixings and earthing", 140, 310], ["Labour: installation and", "testing, per hour", 38, 65], ["Annual support contract", "for network equipment", 300, 900]]
  },
  de: {
    title: "RECHNUNG", number: ["Rechnungsnr.", "Rechnungsnummer"], date: ["Rechnungsdatum", "Datum"], due: ["Fällig am", "Zahlbar bis"],
    billTo: ["Rechnung an:", "An:"], headers: ["Bezeichnung", "Menge", "Einzelpreis", "Betrag"], subtotal: "Nettobetrag", tax: "MwSt. 19 %", total: "Gesamtbetrag",
    currency: "EUR", vatId: "USt-IdNr.", page: "Seite 1 von 1",
    dateOf: (iso) => dmy(iso, "."),
    moneyOf: (n) => groupedWith(n, ".", ","),
    sellers: [["Elbtal Messtechnik GmbH", true], ["Schreinerei Brandauer", false], ["Hofmeister Datenservice GmbH", true], ["Druckerei Wendelin", false]],
    buyers: ["Praxis Dr. Kessler", "Stadtwerke Ammersee", "Bäckerei Kornblum", "Ingenieurbüro Falk"],
    streets: ["Lindenstraße 12", "Am Hafen 3a", "Gartenweg 41", "Bahnhofplatz 7"],
    towns: ["01067 Dresden", "86911 Dießen", "24103 Kiel", "79098 Freiburg"],
    goods: [["Wartung Klimaanlage", "inkl. Filterwechsel", 90, 260], ["Druckerpatrone schwarz", "XL, 2er-Pack", 25, 70], ["Montage Serverschrank", "mit Kabelführung", 180, 420], ["Arbeitszeit Techniker", "vor Ort, je Stunde", 55, 95], ["Software-Lizenz", "Jahresabonnement", 120, 480]]
  },
  fr: {
    title: "FACTURE", number: ["Facture n°", "N° de facture"], date: ["Date de facture", "Date"], due: ["Échéance", "Date d'échéance"],
    billTo: ["Facturé à :", "Destinataire :"], headers: ["Désignation", "Qté", "Prix unitaire", "Montant"], subtotal: "Total HT", tax: "TVA 20 %", total: "Total TTC",
    currency: "EUR", vatId: "N° TVA intracom.", page: "Page 1/1",
    dateOf: (iso) => dmy(iso, "/"),
    moneyOf: (n) => groupedWith(n, " ", ","),
    sellers: [["Menuiserie Garnier SARL", true], ["Atelier Vautrin", false], ["Solutions Ribeaud SAS", true], ["Imprimerie Delorme", false]],
    buyers: ["Cabinet Lemaire", "Mairie de Saint-Aubin", "Restaurant Le Cormoran", "Mme Odile Ferrand"],
    streets: ["12 rue des Tanneurs", "4 allée des Cerisiers", "27 quai Saint-Pierre", "9 place du Marché"],
    towns: ["67000 Strasbourg", "35000 Rennes", "33000 Bordeaux", "21000 Dijon"],
    goods: [["Fenêtre PVC double vitrage", "pose comprise", 280, 650], ["Étagère chêne massif", "sur mesure", 90, 240], ["Main d'œuvre", "forfait journée", 250, 420], ["Vernis incolore mat", "pot de 2,5 l", 18, 45], ["Déplacement", "zone 2", 30, 60]]
  }
}

const mark = (field: string, text: string) => `[[${field}|${text}]]`
const vis = (s: string) => stripMarks(s).length
/** `s` padded with spaces to `n` printed characters (at least one space after it) */
const padEnd = (s: string, n: number) => s + " ".repeat(Math.max(1, n - vis(s)))
/** `s` right-aligned in `n` printed characters */
const padStart = (s: string, n: number) => " ".repeat(Math.max(1, n - vis(s))) + s
const line = (cells: ReadonlyArray<readonly [string, number, "l" | "r"]>) =>
  cells.map(([s, n, a]) => (a === "l" ? padEnd(s, n) : padStart(s, n))).join("").replace(/\s+$/, "")

/** an IBAN whose check digits hold (ISO 13616 mod 97), printed in groups of four */
const iban = (rng: Prng, lang: Lang) => {
  const country = lang === "de" ? "DE" : lang === "fr" ? "FR" : "GB"
  const length = lang === "de" ? 18 : lang === "fr" ? 23 : 18
  const bban = (lang === "en" ? "NWBK" : "") + Array.from({ length: length - (lang === "en" ? 4 : 0) }, () => String(rng.int(0, 9))).join("")
  const digits = (bban + country + "00").replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55))
  let rest = 0
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97
  const compact = `${country}${String(98 - rest).padStart(2, "0")}${bban}`
  return compact.replace(/(.{4})(?=.)/g, "$1 ")
}

/** How the invoice's facts (number, dates) are printed. */
type Facts = "labels-over-values" | "pairs-two-columns" | "label-colon"

const layoutInvoice = (rng: Prng, lang: Lang, k: number, facts: Facts, target: Target): Model => {
  const w = WORDS[lang]
  const [seller, suffixed] = w.sellers[k % w.sellers.length]!
  const buyer = w.buyers[(k + 1) % w.buyers.length]!
  const issued = isoOf(2026, rng.int(1, 12), rng.int(10, 28))
  const due = addDays(issued, [14, 30][k % 2]!)
  const number = [`${rng.int(100, 999)}/${rng.int(2024, 2026)}`, `INV-${rng.int(10000, 99999)}`, `${rng.int(1000000, 9999999)}`, `RE${rng.int(2024, 2026)}-${rng.int(100, 999)}`][k % 4]!
  const bankIban = iban(rng, lang)
  const bic = ["NWBKGB2L", "COBADEFFXXX", "BNPAFRPPXXX", "DEUTDEDBDRE"][k % 4]!
  const vat = lang === "de" ? `DE${rng.int(100000000, 999999999)}` : lang === "fr" ? `FR${rng.int(10, 99)}${rng.int(100000000, 999999999)}` : `GB ${rng.int(100, 999)} ${rng.int(1000, 9999)} ${rng.int(10, 99)}`
  const rate = lang === "de" ? 0.19 : 0.2
  const lines = rng.sample(w.goods, rng.int(2, 4)).map(([first, second, lo, hi], i) => {
    const quantity = rng.int(1, 8)
    const unit_price = rng.money(lo, hi)
    // every other line's description is wrapped onto a second line
    const wrapped = (i + k) % 2 === 0
    return { first, second: wrapped ? second : null, description: wrapped ? `${first} ${second}` : first, quantity, unit_price, amount: mul2(quantity, unit_price) }
  })
  const subtotal = sum2(lines.map((l) => l.amount))
  const tax = round2(subtotal * rate)
  const total = round2(subtotal + tax)
  const m = w.moneyOf
  const pick = (xs: ReadonlyArray<string>) => xs[k % xs.length]!
  const letterhead: Block = { kind: "lines", lines: [mark("vendor_name", seller), w.streets[k % w.streets.length]!, w.towns[k % w.towns.length]!, `${w.vatId} ${vat}`] }
  // the buyer after "Bill to" / "To", or in the recipient's position without a label
  const recipientLines = [mark("customer_name", buyer), w.streets[(k + 2) % w.streets.length]!, w.towns[(k + 1) % w.towns.length]!]
  const labelled = k % 3 !== 2
  const recipient: Block = { kind: "lines", lines: labelled ? [w.billTo[k % 2]!, ...recipientLines] : recipientLines }
  // bank and tax identifiers printed beside the invoice number, before it
  const ids = [["IBAN", bankIban], ["BIC", bic]] as const
  const n = mark("invoice_number", number)
  const d = mark("invoice_date", w.dateOf(issued))
  const dd = mark("due_date", w.dateOf(due))
  const factBlocks: Array<Block> =
    facts === "labels-over-values"
      ? [{ kind: "pre", lines: [
          line([["IBAN", 30, "l"], ["BIC", 14, "l"]]),
          line([[bankIban, 30, "l"], [bic, 14, "l"]]),
          "",
          line([[pick(w.number), 18, "l"], [pick(w.date), 18, "l"], [pick(w.due), 18, "l"]]),
          line([[n, 18, "l"], [d, 18, "l"], [dd, 18, "l"]])
        ] }]
      : facts === "pairs-two-columns"
      ? [{ kind: "pre", lines: [
          line([["IBAN", 20, "l"], [bankIban, 38, "l"], ["BIC", 18, "l"], [bic, 14, "l"]]),
          line([[pick(w.number), 20, "l"], [n, 38, "l"], [pick(w.date), 18, "l"], [d, 14, "l"]]),
          line([[w.vatId, 20, "l"], [vat, 38, "l"], [pick(w.due), 18, "l"], [dd, 14, "l"]])
        ] }]
      : [{ kind: "labels", style: "inline", columns: 1, pairs: [...ids.map(([label, value]) => ({ label, value })), { label: pick(w.number), value: n }, { label: pick(w.date), value: d }, { label: pick(w.due), value: dd }] }]
  // the line items: headings left-aligned, numbers right-aligned and shifted by a few characters
  const widths = [34, 8, 16, 14] as const
  const shift = (i: number) => (i + k) % 3 - 1
  const itemLines: Array<string> = [line(w.headers.map((h, c) => [h, widths[c]!, "l"] as const))]
  lines.forEach((l, i) => {
    // a wrapped description is located only whole, so only an unwrapped one is marked
    const desc = l.second === null ? mark(`line_items.${i}.description`, l.first) : l.first
    itemLines.push(line([[desc, widths[0] + shift(i), "l"], [String(l.quantity), widths[1], "r"], [m(l.unit_price), widths[2] + shift(i + 1), "r"], [m(l.amount), widths[3], "r"]]))
    if (l.second !== null) itemLines.push(`  ${l.second}`)
  })
  const totalsLines = [
    line([[w.subtotal, 58, "r"], [mark("subtotal", m(subtotal)), 14, "r"]]),
    line([[w.tax, 58, "r"], [mark("tax", m(tax)), 14, "r"]]),
    line([[w.total, 58, "r"], [`${mark("total", m(total))} ${w.currency}`, 18, "r"]])
  ]
  const footer = `${seller} · ${w.streets[k % w.streets.length]} · ${w.towns[k % w.towns.length]} · IBAN ${bankIban} · BIC ${bic}`
  const blocks: Array<Block> = [
    letterhead,
    recipient,
    { kind: "title", text: w.title },
    ...factBlocks,
    { kind: "pre", lines: [...itemLines, "", ...totalsLines] },
    { kind: "text", text: footer },
    { kind: "text", text: w.page }
  ]
  return {
    id: `layout-${lang}-${k + 1}`, type: "layout_invoice", category: "invoice", schema_name: "invoice", schema: INVOICE_SCHEMA, title: w.title, author: seller,
    notes: `${lang}; letterhead${suffixed ? "" : " without a legal suffix"}; buyer ${labelled ? "after a label" : "unlabelled"}; facts ${facts}; ragged items, wrapped descriptions`,
    target, font: "sans", blocks,
    fields: {
      invoice_number: number, invoice_date: issued, due_date: due, vendor_name: seller, customer_name: buyer, currency: w.currency, subtotal, tax, total,
      line_items: lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_price: l.unit_price, amount: l.amount }))
    }
  }
}

/** Eight invoices over three languages and three ways of printing the facts; even positions are the dev half, odd ones the test half. */
export const layoutModels = (rng: Prng): Array<Model> => {
  const plan: ReadonlyArray<readonly [Lang, Facts, Target]> = [
    ["en", "labels-over-values", "txt"], ["de", "labels-over-values", "txt"],
    ["de", "pairs-two-columns", "pdf"], ["fr", "pairs-two-columns", "txt"],
    ["fr", "label-colon", "pdf"], ["en", "label-colon", "html"],
    ["en", "pairs-two-columns", "txt"], ["fr", "labels-over-values", "pdf"]
  ]
  return plan.map(([lang, facts, target], k) => layoutInvoice(rng.fork(`layout-${k}`), lang, k, facts, target))
}
