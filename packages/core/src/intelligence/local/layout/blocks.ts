/**
 * The seller and the buyer of a document printed as address blocks, read by horizontal region
 * (`regions.ts`: a block is one column of the page on consecutive lines, whatever shares its rows).
 *
 * - A block opened by a party's label ("Bill to", "Invoice to", "Sold to", "Customer",
 *   "Rechnungsempfänger", "Facturé à", "Factuuradres"; "Ship to", "Lieferadresse", "Livré à"; "Sold
 *   by", "Seller", "Supplier", "From"…), the label above the block, left of its first line, or
 *   before its name in one cell ("Client : …"), names that party: its first line that is a name. A
 *   delivery address names the buyer only when no billing one is printed. A payment slip's
 *   creditor and debtor labels ("Account / Payable to", "Zahlbar durch": `payment-slips.ts`) are
 *   the seller's and the buyer's; of labels joined by a slash, the party's one counts.
 * - The seller without a label: the company a footer's legal line names (registered office,
 *   company or register number, VAT id: a legal notice is the issuer's); else the letterhead, the
 *   first rows: a company name there, else the first line when the document names it again,
 *   else a company named twice, else the first company, else the first line, else a name in
 *   capitals alone on a line of the head (a logo's, under a title or a page number); a sender line
 *   ("Name · Street · Town") gives its first part. Of two blocks side by side without labels, the
 *   one with contact details (telephone, e-mail, VAT id) is the sender's, else the right one (the
 *   recipient's window is on the left).
 * - The buyer without a label: an address block above the line items (a name, then a street or a
 *   postcode and town) that is not the seller's, in reading order.
 * - Two labels side by side in one cell ("Bill To      Ship To") are cut apart first
 *   (`label-columns.ts`). A one-noun label opening a line without a colon ("Client Services Ltd")
 *   is a label only beside another block so labelled. A name wrapped onto a second line is joined
 *   (`wrapped`). A receipt's merchant: past a greeting or a store number, a name in capitals alone
 *   on the first line, or the closing thanks (`thanks.ts`).
 *
 * A name is a short line that is no street, postcode and town, country, e-mail, telephone, label
 * or document word; a digit only in a company name ("3D Druck GmbH").
 */
import { foldText } from "../../../decision/evaluator/local/text.js"
import { type LayoutCell, type LayoutRow, textOfRow } from "../../../documents/layout/layout.js"
import { COMPANY, COMPANY_IN_TEXT } from "./parties.js"
import { labelColumns } from "./label-columns.js"
import { type Region, regionsOf, SEPARATED } from "./regions.js"
import { thankedName } from "./thanks.js"
import { CREDITOR_LABELS, DEBTOR_LABELS } from "./payment-slips.js"
import { PAYMENT_MEANS } from "./payments.js"
import { toEnglish } from "./vocabulary.js"

const DOCUMENT_WORDS = /\b(invoice|receipt|statement|agreement|contract|order|quote|quotation|estimate|bill|payslip|policy|report|credit note|delivery note)\b/i

type Role = "buyer" | "delivery" | "seller"

/** party labels, matched on the folded text of a whole cell (no accents, lower case, without a closing colon) */
const LABELS: ReadonlyArray<readonly [Role, RegExp]> = [
  ["delivery", /^(?:ship(?:ping|ped)?[- ]to(?: party| address)?|deliver(?:y|ed)? to|delivery address|shipping address|consignee|lieferadresse|lieferanschrift|lieferung an|versandadresse|warenempfanger|livre a|livrer a|adresse de livraison|client livre|afleveradres|leveradres|verzendadres|bezorgadres|goederenontvanger|spedire a|indirizzo di consegna|destinazione|enviar a|direccion de envio|direccion de entrega)$/],
  ["seller", new RegExp(String.raw`^(?:from|seller|sold by|supplier|vendor|issuer|issued by|merchant|remit(?:tance)? to|pay to|payee|(?:make (?:all )?(?:checks|cheques) )?payable to|verkaufer|lieferant|rechnungssteller|absender|anbieter|zahlungsempfanger|begunstigter|vendeur|fournisseur|emetteur|prestataire|beneficiaire|a l'ordre de|leverancier|verkoper|afzender|begunstigde|te betalen aan|invoice from|bill(?:ed)? from|billed by|emisor|proveedor|vendedor|fornitore|cedente|venditore|mittente|${CREDITOR_LABELS})(?: details| information| address| name)?$`)],
  ["buyer", new RegExp(String.raw`^(?:bill(?:ed|ing)?[- ]to(?: party| address)?|invoice(?:d)? to|sold[- ]to(?: party)?|to|an|aan|customer|client|buyer|purchaser|payer|recipient|bill(?:ing)? address|billing details|invoice address|rechnungsempfanger|rechnungsadresse|rechnungsanschrift|rechnung an|kunde|kundenanschrift|kundenadresse|kaufer|empfanger|auftraggeber|leistungsempfanger|facture a|facturer a|facture a|adresse de facturation|client facture|adresse client|destinataire|acheteur|factuuradres|factuurontvanger|klant|klantgegevens|factuur aan|afnemer|koper|debiteur|opdrachtgever|issued to|prepared for|invoice for|ordered by|nom du client|kundenname|klantnaam|kundendaten|coordonnees client|coordonnees du client|cliente|destinatario|fatturare a|facturar a|intestatario|committente|cessionario|guest|passenger|patient|subscriber|${DEBTOR_LABELS})(?: details| information| address| name| data|gegevens)?$`)]
]

const COMPACT_LABELS = LABELS.map(([role, re]) => [role, new RegExp(re.source.replace(/\[- \]/g, "-?").replace(/ /g, ""))] as const)

const fold = (text: string) => foldText(text).replace(/\s+/g, " ").trim()

/** the role a whole cell names ("Bill to:", "FACTURÉ À", "Lieferadresse"), or null */
export const partyLabelOf = (text: string): Role | null => {
  const t = fold(text).replace(/\s*[:：]$/, "").trim()
  // a heading set in spaced letters ("B I L L T O"): its letters against the labels without spaces
  if (/^\p{L}(?: {1,2}\p{L}){3,}$/u.test(t)) return COMPACT_LABELS.find(([, re]) => re.test(t.replace(/ /g, "")))?.[0] ?? null
  if (t === "" || t.length > 48) return null
  // "Buyer (Bill to)", "Consignee (Ship to)": the label, else what its brackets say
  const [outer, inner] = [t.replace(/\s*\(([^)]*)\)\s*/g, " ").trim(), /\(([^)]*)\)/.exec(t)?.[1]?.trim()]
  for (const candidate of [outer, inner]) {
    const role = candidate === undefined ? undefined : LABELS.find(([, re]) => re.test(candidate))?.[0]
    if (role !== undefined) return role
  }
  // labels joined by a slash ("Account / Payable to", "Konto / Zahlbar an"; OCR reads the slash as a
  // bar): the role its party's labels agree on ("Bill to / Ship to" names none)
  const parts = outer.split(/\s*[/|]\s*/).filter((p) => p !== "")
  if (parts.length < 2 || parts.some((p) => p.split(" ").length > 4)) return null
  const roles = new Set(parts.map((p) => LABELS.find(([, re]) => re.test(p))?.[0]).filter((r) => r !== undefined))
  return roles.size === 1 ? [...roles][0]! : null
}

/** a label of several words ending in "to" or "by" opening a cell, the name after it without a colon ("Bill to Harrow Ltd") */
const labelBeforeName = (text: string): { readonly role: Role; readonly rest: string } | null => {
  const m = /^(\p{L}+(?:[- ]\p{L}+)*?[- ](?:to|by))\s+(\p{Lu}.*)$/iu.exec(text.trim())
  if (m === null) return null
  const role = partyLabelOf(m[1]!)
  return role === null ? null : { role, rest: m[2]! }
}

/**
 * A party's label opening the first line of an address block, its name after it without a colon
 * ("Kunde Pension Seeblick" over "Uferstraße 18"): the address below tells the label from a name
 * that begins with such a word. `words`: how many words the label has.
 */
const labelOpening = (text: string): { readonly role: Role; readonly rest: string; readonly words: number } | null => {
  const ws = text.trim().split(/\s+/)
  for (let n = Math.min(4, ws.length - 1); n >= 1; n--) {
    const role = partyLabelOf(ws.slice(0, n).join(" "))
    // "Customer ID: 4432" is another label, its colon after the next words
    if (role !== null && /^\p{Lu}/u.test(ws[n]!) && !/^[^:：]{0,24}[:：]/.test(ws.slice(n).join(" "))) return { role, rest: ws.slice(n).join(" "), words: n }
  }
  return null
}

/**
 * A label of one noun opening a line ("Client", "Customer", "Vendor", "Kunde") can as well be the
 * first word of a name ("Client Services Ltd", "Customer Care Centre", "Vendor Solutions GmbH"); a
 * preposition ("To", "An", "Aan", "From") cannot.
 */
const PREPOSITION_LABEL = /^(?:to|an|aan|from|von|de)$/i

/** "Label: rest" in one cell, the label a party's */
const labelledCell = (text: string): { readonly role: Role; readonly rest: string } | null => {
  const m = /^(.{1,48}?)\s*[:：]\s*(.+)$/.exec(text.trim())
  if (m === null) return labelBeforeName(text)
  const role = partyLabelOf(m[1]!)
  return role === null ? null : { role, rest: m[2]! }
}

const COUNTRIES = new Set([
  "united kingdom", "uk", "great britain", "england", "scotland", "wales", "ireland", "united states", "united states of america", "usa", "us", "canada", "australia",
  "germany", "deutschland", "france", "netherlands", "the netherlands", "nederland", "belgium", "belgique", "belgie", "luxembourg", "austria", "osterreich", "switzerland", "schweiz", "suisse",
  "spain", "espana", "espagne", "spanien", "italy", "italia", "italie", "italien", "portugal", "poland", "polska", "pologne", "polen", "denmark", "danmark", "sweden", "sverige", "norway", "norge", "finland",
  "frankreich", "niederlande", "belgien", "allemagne", "pays-bas", "duitsland", "frankrijk", "belgie", "engeland", "india", "china", "japan", "singapore", "new zealand"
])

const FACT_WORDS = /\b(?:date|dated|number|due|total|amount|reference|tax|vat|subtotal|balance|description|quantity|price|period|nr|no|issue|issued|payment|paid|terms|order|currency|wahrung|devise|valuta|moneda|divisa|waluta)\b/i

const CONTACT = /@|www\.|https?:|\b(?:tel|telefon|telephone|phone|fax|e-?mail|mobile|mob|vat|ust|tva|btw|iban|bic)\b/i

const GREETING = /^(?:welcome to|willkommen (?:bei|im)|bienvenue (?:chez|à)|welkom bij|benvenuti (?:da|a)|bienvenidos? a)\s+(?=[\p{Lu}\p{N}])/iu
/**
 * a template's placeholder left in place of the business's name or logo ("HEADER", "Company Name",
 * "Your Logo Here", "Lorem ipsum"): a word of the page's make-up, no one's name
 */
const PLACEHOLDER = String.raw`(?:page )?(?:header|footer|heading|title|logo|banner)(?: here)?|(?:your )?(?:company|business|shop|store) (?:name|logo)(?: here)?|your (?:logo|name)(?: here)?|lorem ipsum.*`
/** a line at a receipt's head that names nobody: a greeting alone, the store's number, the copy's kind, a placeholder */
const HEAD_NOISE = new RegExp(String.raw`^(?:welcome(?: to)?|willkommen|bienvenue|welkom|benvenuti|bienvenidos?|(?:store|shop|branch|filiale|magasin|winkel|location|outlet)\s*(?:#|no\.?|nr\.?|n°)?\s*\d+|original|copy|duplicate|reprint|(?:customer|merchant|cardholder)(?:'s)? copy|${PLACEHOLDER})$`, "i")

/** a line that can be a party's name, or null */
export const partyLine = (text: string): string | null => {
  // a receipt's greeting before its merchant ("Welcome to Corner Hardware")
  const t = text.trim().replace(/[\s;,!]+$/, "").replace(GREETING, "")
  if (t === "" || HEAD_NOISE.test(t) || PAYMENT_MEANS.test(t) || t.length > 70 || /[:：]/.test(t) || CONTACT.test(t) || SEPARATED.test(t)) return null
  // a digit: a street, postcode and town, telephone or number; only a company's name keeps one, or a
  // branch's number after it ("Metro Fuel #214")
  if (/\d/.test(t.replace(/\s#\s?\d{1,5}$/, "")) && (!COMPANY.test(t) || /\d\s*\p{L}{1,3}\.?$/u.test(t))) return null
  const english = toEnglish(t)
  if (t.split(/\s+/).length > 7 || COUNTRIES.has(fold(t)) || partyLabelOf(t) !== null || DOCUMENT_WORDS.test(english)) return null
  // a short label of the document's facts ("Datum", "Beleg-Nr.", "Total")
  if (t.split(/\s+/).length <= 3 && FACT_WORDS.test(english)) return null
  if (!/\p{L}{2}/u.test(t)) return null
  return t
}

/** whether a labelled value can be a party's name: a name line, or a company's name whatever else it holds */
export const isPartyName = (text: string): boolean => partyLine(text) !== null || COMPANY.test(text.trim())

/**
 * a line of an address after its name: a street with its number, a postcode and town, a PO box: a
 * digit and a word of its own (not an identifier like "INV-8345"), no amount, date or label
 */
const addressLine = (text: string) =>
  /\d/.test(text) && /(?:^|\s)\p{L}{3,}\.?,?(?=\s|$)/u.test(text) && !/[:：]/.test(text) && text.length <= 60 && !/[$€£¥]|\d[.,]\d{2}\b/.test(text) && !DATE.test(text)

const texts = (region: Region) => region.cells.map((c) => c.text)

/** the name of an address block: its first line, a name (with the line it wraps onto), with a street, a postcode and town or contact details among the next three */
const addressName = (lines: ReadonlyArray<string>): string | null => {
  // a greeting or the store's number over the merchant's name
  if (lines.length > 2 && HEAD_NOISE.test(lines[0]!.trim().replace(/[\s!]+$/, ""))) return addressName(lines.slice(1))
  if (lines.length < 2 || lines.length > 9) return null
  const first = partyLine(lines[0]!)
  const name = first === null ? null : wrapped(first, lines[1])
  const after = lines.slice(name === first ? 1 : 2)
  if (name === null || !after.slice(0, 3).some((l) => addressLine(l) || CONTACT_LINE.test(l.trim()))) return null
  return name
}

/** words of a company's legal form alone, a name's last line when it wraps ("Company Limited", "GmbH & Co. KG", "Pty Ltd") */
const LEGAL_FORM_LINE = /^(?:(?:and|&|und|et|en)\s+)?(?:(?:company|co\.?,?|limited|ltd\.?|inc\.?|incorporated|corporation|corp\.?|llc|llp|plc|gmbh|ag|kg|se|sa|s\.a\.|sarl|sas|bv|b\.v\.|nv|n\.v\.|pty|pte|private|public|holdings|group|&)\s*)+$/i
/** a word that leaves a name open at the end of its line ("Northwind Trading and") or opens its continuation */
const CONNECTOR = /(?:^|\s)(?:and|&|of|the|for|und|für|et|de|du|des|en|van|der|voor|e|di|y)$/i
const CONTINUATION = /^(?:and|&|of|for|und|für|et|de|du|des|en|van|der|voor)\s/i

/**
 * A company's name wrapped over two lines ("Northwind Trading and Logistics" / "Company Limited"):
 * the next line continues it when it is no line of an address (a digit, a label, contact details)
 * and reads as a name's end: its legal form alone, a lower-case start, or a connecting word at
 * the break. A name already ending in its legal form is whole.
 */
export const wrapped = (name: string, next: string | undefined): string => {
  const line = next?.trim().replace(/[\s;,]+$/, "") ?? ""
  if (line === "" || /\d/.test(line) || COMPANY.test(name) || partyLine(line) === null || /^(?:c\/o|attn|z\.\s?hd|t\.a\.v)\b/i.test(line)) return name
  const joined = `${name} ${line}`
  if (joined.length > 70 || joined.split(/\s+/).length > 8) return name
  return LEGAL_FORM_LINE.test(line) || /^\p{Ll}/u.test(line) || CONNECTOR.test(name) || CONTINUATION.test(line) ? joined : name
}

/** a line of contact details alone (an online business's block has no street): an e-mail address, a website, a telephone number */
const CONTACT_LINE = /^(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?:\/\/)?www\.[\w-]+(?:\.[\w-]+)+\/?|(?:tel\.?|phone|telefon|t[ée]l[ée]phone)?\s*:?\s*\+?[\d ()./-]{7,})$/iu

/** the first of a block's first two lines that is a name (a contact person or an e-mail may come first) */
const firstName = (lines: ReadonlyArray<string>): string | null => {
  for (const [i, line] of lines.slice(0, 2).entries()) {
    const name = partyLine(NAME_LABEL.exec(line.trim())?.[1] ?? line)
    if (name !== null) return wrapped(name, lines[i + 1])
  }
  return null
}

const NAME_LABEL_ALONE = /^(?:(?:full |company |customer |client )?name|company|nom|raison sociale|naam|bedrijfsnaam|firma|firmenname)\s*[:：]?$/iu

/** a line of a party's details that labels its name ("Name: …", "Company: …", "Nom : …", "Firma: …") */
const NAME_LABEL = /^(?:(?:full |company |customer |client )?name|company|nom|nom complet|raison sociale|soci[ée]t[ée]|naam|bedrijfsnaam|bedrijf|firma|firmenname)\s*[:：]\s*(.+)$/iu

interface Labelled { readonly role: Role; readonly name: string; readonly region: Region }

/** an amount alone in a cell ("£74.66", "1.049,72 €", "EUR 12,00") */
const AMOUNT = /^(?:[A-Z]{3}\s?|[$€£¥]\s?)?-?\d[\d.,'’ ]*[.,]\d{2}(?:\s?[$€£¥]|\s?[A-Z]{3}|\s?\p{L}{1,3})?$/u
const DATE = /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|^\p{L}{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}$|^\d{1,2}(?:st|nd|rd|th)?\.?\s+\p{L}{3,9}\.?,?\s+\d{4}$/u

/**
 * The first row of the line items: a row with an amount alone in a cell and a text in another
 * (not a "Label: value"); the row above it is their header.
 */
const itemsStart = (rows: ReadonlyArray<LayoutRow>): number => {
  const page = rows[0]?.page
  const item = (r: LayoutRow | undefined) => r !== undefined && r.cells.length >= 2 && r.cells.some((c) => AMOUNT.test(c.text.trim()) && !DATE.test(c.text)) &&
    r.cells.some((c) => /\p{L}{3}/u.test(c.text) && !/[:：]/.test(c.text))
  // three cells or more (quantity, price, amount), or two in two rows running (a till receipt's items); one
  // "Amount due | 300.00" at the head is no table
  const k = rows.findIndex((r, i) => r.page !== page || (item(r) && (r.cells.length >= 3 || item(rows[i + 1]))))
  return k < 0 ? rows.length : Math.max(0, k - 1)
}

export interface Parties {
  readonly seller: string | null
  readonly buyer: string | null
  /** the seller or buyer a label names: surer than any other reading */
  readonly labelledSeller: string | null
  readonly labelledBuyer: string | null
}

/** the blocks that a party's label opens: the label the block's first line, left of it in its row, or before the name in one cell */
const labelledBlocks = (rows: ReadonlyArray<LayoutRow>, regions: ReadonlyArray<Region>): Array<Labelled> => {
  const out: Array<Labelled> = []
  const regionOf = new Map<LayoutCell, Region>()
  for (const r of regions) for (const c of r.cells) regionOf.set(c, r)
  for (const region of regions) {
    const lines = texts(region)
    const role = partyLabelOf(lines[0]!)
    if (role !== null) {
      // "Name:" alone under the label, the name in the cell right of it
      const nameCell = region.cells.slice(1, 3).find((c) => NAME_LABEL_ALONE.test(c.text.trim()))
      const beside = nameCell === undefined ? undefined : rows[region.rows[region.cells.indexOf(nameCell)]!]!.cells.find((c) => c.x0 > nameCell.x1)
      const row = rows[region.rows[0]!]!
      const next = row.cells[row.cells.indexOf(region.cells[0]!) + 1]
      // a form's grid of labels and values ("| Ordered by | Vantablue GmbH |" over "| Currency | EUR |"):
      // the name is beside the label; what is under it is the next label, unless it is an address block
      const besideLabel = beside === undefined && next !== undefined && addressName(lines.slice(1)) === null ? partyLine(next.text) : null
      const name = (beside === undefined ? null : partyLine(beside.text)) ?? (besideLabel === null ? firstName(lines.slice(1)) : null)
      if (name !== null) out.push({ role, name, region })
      else {
        // a label alone left of its block: the block starts in the label's row, in the next cell
        const block = next === undefined ? undefined : regionOf.get(next)
        if (block !== undefined) {
          const from = block.cells.indexOf(next!)
          const named = firstName(texts(block).slice(from))
          if (named !== null) out.push({ role, name: named, region: block })
        } else if (region.cells.length === 1) {
          // a label set apart above its block (a heading with space below it): the block starting
          // within the next two lines under it
          const at = region.rows[0]!
          const label = region.cells[0]!
          const below = regions.find((r) => r.rows[0]! > at && r.rows[0]! <= at + 2 && Math.min(r.x1, label.x1) > Math.max(r.x0, label.x0) && partyLabelOf(r.cells[0]!.text) === null)
          const named = below === undefined ? null : firstName(texts(below))
          if (named !== null) out.push({ role, name: named, region: below! })
        }
      }
      continue
    }
    const inline = labelledCell(lines[0]!) ?? (lines.slice(1, 4).some(addressLine) ? labelOpening(lines[0]!) : null)
    // such a noun without a colon is a label only where the blocks beside it are labelled the same way
    // ("Supplier Verrerie Castagnet      Client Librairie des Quais"), as a form sets both
    if (inline !== null && "words" in inline && inline.words === 1 && !PREPOSITION_LABEL.test(lines[0]!.trim().split(/\s+/)[0]!)) {
      const beside = regions.filter((r) => r !== region && r.rows[0] === region.rows[0])
      const other = (r: Region) => (labelledCell(r.cells[0]!.text) ?? labelOpening(r.cells[0]!.text))?.role
      if (!beside.some((r) => { const role = other(r); return role !== undefined && role !== inline.role })) continue
    }
    if (inline !== null) {
      const rest = partyLine(inline.rest)
      const name = rest !== null ? wrapped(rest, lines[1]) : inline.rest.trim() === "" ? firstName(lines.slice(1)) : null
      if (name !== null) out.push({ role: inline.role, name, region })
    }
  }
  return out
}

const legalMarkers = /\b(?:registered|registration|reg\.? no|company (?:no|number|reg)|incorporated|hrb|hra|amtsgericht|registergericht|handelsregister|geschaftsfuhrer|geschaftsfuhrung|sitz|rcs|siret|siren|capital|kvk|vat (?:no|number|reg|id)|ust-?idnr|steuernummer|uid|tva|btw|abn|acn|gstin|cin|tax id|nif|cif|p\.? ?iva|partita iva|all rights reserved|copyright)\b|©/
/** a company's name in capitals ("HARROW SIGNS LIMITED") */
const CAPITALS_COMPANY = /(?<![\p{L}\p{N}])(?:[\p{Lu}\p{N}][\p{Lu}\p{N}&'’.-]*\s+){1,5}(?:LTD|LIMITED|INC|LLC|LLP|PLC|CORP|CORPORATION|GMBH|AG|KG|SE|SARL|SAS|SA|BV|B\.V|NV|N\.V)(?![\p{L}\p{N}])\.?/gu
/** the separator of a line of parts: a middle dot, bullet, bar or dash between spaces */
const PARTS = /\s[·•|–—-]\s/
const BANK = /\b(?:bank|banque|sparkasse|volksbank|raiffeisen|credit|kredit)\b/i

const occurrences = (text: string, phrase: string) => text.split(phrase).length - 1

/** the company a footer's legal line names (with a register or tax number, a registered office): the issuer's */
const legalCompany = (rows: ReadonlyArray<LayoutRow>, whole: string, excluded: (name: string) => boolean): string | null => {
  for (const row of rows) {
    const text = textOfRow(row)
    if (!legalMarkers.test(fold(text))) continue
    for (const m of [...text.matchAll(COMPANY_IN_TEXT), ...text.matchAll(CAPITALS_COMPANY)]) {
      const name = m[0].trim().replace(/[,;]$/, "")
      if (!BANK.test(name) && !excluded(name) && partyLine(name) !== null) return name
    }
    // a name without a legal suffix: the first part of a line of parts ("Name · Street · Registered …"),
    // or the first cell of a footer set in columns (the name, then the directors and register, the bank)
    const first = PARTS.test(text) ? partyLine(text.split(PARTS)[0]!) : row.cells.length > 1 ? partyLine(row.cells[0]!.text) : null
    // a footer's first cell only when the document names it again (a closing greeting is no name)
    if (first !== null && !BANK.test(first) && !excluded(first) && (PARTS.test(text) || occurrences(whole, first) >= 2)) return first
  }
  return null
}

const firstText = (row: LayoutRow) => (row.cells.length > 1 ? row.cells[0]!.text : textOfRow(row))

const letterheadName = (
  rows: ReadonlyArray<LayoutRow>, text: string, companies: ReadonlyArray<string>, excluded: (name: string) => boolean, headBlock: string | null
): string | null => {
  const own = companies.filter((c) => !excluded(c))
  const top = rows.filter((r) => textOfRow(r).trim() !== "").slice(0, 3)
  // a sender line over the recipient's window: its first part (the recipient's name may follow it in the head)
  const sender = top.flatMap((r) => r.cells).find((c) => SEPARATED.test(c.text))
  const senderName = sender === undefined ? null : partyLine(sender.text.split(PARTS)[0]!)
  if (senderName !== null && !excluded(senderName)) return senderName
  const inHead = own.find((c) => top.some((r) => textOfRow(r).includes(c)))
  if (inHead !== undefined) return inHead
  // an address block in the head, beside a title or a logo's place
  if (headBlock !== null && !excluded(headBlock)) return headBlock
  // the first line, else a name beside a title or a number in the first row ("INVOICE      Northwind Traders")
  const firstLine = top[0] === undefined ? null : partyLine(firstText(top[0])) ?? top[0].cells.map((c) => partyLine(c.text)).find((n) => n !== null) ?? null
  const first = firstLine !== null && !excluded(firstLine) ? firstLine : null
  if (first !== null && occurrences(text, first) >= 2) return first
  const repeated = own.find((c) => occurrences(text, c) >= 2)
  if (repeated !== undefined) return repeated
  if (own[0] !== undefined) return own[0]
  if (first !== null && first.split(/\s+/).length <= 5) return first
  // a logo's name in capitals alone on a line of the head, under a title or a page number ("BOOKING ORDER", "Page 1 of 1")
  const logo = top.slice(1).filter((r) => r.cells.length === 1).map((r) => partyLine(r.cells[0]!.text)).find((n) => n !== null && n === n.toUpperCase() && n.split(/\s+/).length <= 5)
  return logo !== undefined && logo !== null && !excluded(logo) ? logo : null
}

const sharesRows = (a: Region, b: Region) => a.rows.some((r) => b.rows.includes(r))

/**
 * The parties of the page of the first row. `companies`: the cells that are a company's name, in
 * reading order; `text`: the document's text.
 */
export const partiesOf = (allRows: ReadonlyArray<LayoutRow>, text: string, companies: ReadonlyArray<string>): Parties => {
  const rows = labelColumns(allRows.filter((r) => r.page === allRows[0]?.page && r.sheet === null), (t) => partyLabelOf(t) !== null || labelledCell(t) !== null)
  const end = itemsStart(rows)
  // labels anywhere on the page ("Remit to" at its foot); blocks without one only above the line items
  const regions = regionsOf(rows, rows.length, (c) => partyLabelOf(c.text) !== null || labelledCell(c.text) !== null)
  const labelled = labelledBlocks(rows, regions)
  const byRole = (role: Role) => labelled.find((l) => l.role === role)
  const labelledBuyer = byRole("buyer")?.name ?? null
  const labelledSeller = byRole("seller")?.name ?? null
  const delivery = byRole("delivery")
  const taken = new Set(labelled.map((l) => l.region))
  const unlabelled = regions.filter((r) => r.rows[0]! < end && !taken.has(r) && partyLabelOf(r.cells[0]!.text) === null && addressName(texts(r)) !== null)
  const buyerKnown = labelledBuyer ?? delivery?.name ?? null
  const isBuyer = (name: string) => buyerKnown !== null && (name === buyerKnown || name.includes(buyerKnown) || buyerKnown.includes(name))

  let seller = labelledSeller ?? legalCompany(allRows, text, isBuyer)
  // two blocks side by side without labels: the one with contact details is the sender's, else the right one
  if (seller === null && buyerKnown === null) {
    const pair = unlabelled.length >= 2 && sharesRows(unlabelled[0]!, unlabelled[1]!) ? [unlabelled[0]!, unlabelled[1]!].sort((a, b) => a.x0 - b.x0) : null
    if (pair !== null) {
      const contact = pair.filter((r) => texts(r).some((t) => CONTACT.test(t)))
      seller = addressName(texts(contact.length === 1 ? contact[0]! : pair[1]!))
    }
  }
  // the buyer's block labelled: the first other block is the seller's
  if (seller === null && buyerKnown !== null) seller = unlabelled.map((r) => addressName(texts(r))).find((n) => n !== null && !isBuyer(n)) ?? null
  const headRows = rows.map((r, i) => [r, i] as const).filter(([r]) => textOfRow(r).trim() !== "").slice(0, 3).map(([, i]) => i)
  const headBlock = unlabelled.find((r) => headRows.includes(r.rows[0]!))
  // a name alone on the page's first line, a block right under it: the name is the letterhead's (a
  // logo's line, a receipt's merchant over its tagline and address), the block its address or the recipient's
  const topCells = headRows[0] === undefined ? [] : rows[headRows[0]]!.cells
  const blockName = headBlock === undefined ? null : addressName(texts(headBlock))
  const topLine = topCells.length === 1 && headBlock !== undefined && headBlock.rows[0] === headRows[1] && !headBlock.cells.includes(topCells[0]!) ? partyLine(topCells[0]!.text) : null
  // a name set in capitals (a logo's, a till receipt's), unless the block's first line is the name the document repeats
  const topName = topLine !== null && topLine === topLine.toUpperCase() && !(blockName !== null && occurrences(text, blockName) > occurrences(text, topLine)) ? topLine : null
  // a receipt's closing thanks names its merchant ("Thank you for shopping at …") surer than its first
  // lines, unless they print a company's legal name (the thanks may use its trading name)
  const headCompany = companies.some((c) => headRows.some((i) => textOfRow(rows[i]!).includes(c)) && !isBuyer(c))
  if (!headCompany) seller ??= thankedName(rows, partyLine)
  seller ??= letterheadName(rows, text, companies.filter((c) => partyLine(c) !== null || !/\d/.test(c)), isBuyer, topName ?? blockName)

  let buyer = labelledBuyer
  if (buyer === null) {
    // the block under the letterhead's name line with its telephone or e-mail: the letterhead's address
    const sellerRegion = (seller === null ? undefined : unlabelled.find((r) => texts(r).some((t) => fold(t).includes(fold(seller!))) || addressName(texts(r)) === seller)) ??
      (seller !== null && seller === topName && texts(headBlock!).some((t) => CONTACT.test(t)) ? headBlock : undefined)
    let candidates = unlabelled.filter((r) => r !== sellerRegion && addressName(texts(r)) !== seller)
    // the seller not in any block: the first block at the head of the page is its letterhead
    const head = rows.findIndex((r) => textOfRow(r).trim() !== "")
    if (sellerRegion === undefined && candidates.length >= 2 && candidates[0]!.rows[0]! <= head + 1 && labelledSeller === null) candidates = candidates.slice(1)
    buyer = delivery?.name ?? (candidates[0] === undefined ? null : addressName(texts(candidates[0])))
  }
  return { seller, buyer, labelledSeller, labelledBuyer }
}
