/**
 * Rows of an item table that are no items, and numbers put in their fields by arithmetic:
 * - a subtotal line inside the table ("Subtotal", "Summe", "Sous-total" with only an amount) and
 *   a section's heading (a line with only a name: "Hardware", "Arbeitsleistung") are skipped when
 *   items follow them; a subtotal with no item after it ends the table;
 * - a line right after an item that reads as a heading (a few capitalised words, no digit, the item's
 *   description not ending as if it went on) heads the next section when items follow it, rather than
 *   continuing the item's description;
 * - a "carried forward" line at a page's foot or head ("Carried forward", "Übertrag", "À reporter",
 *   "Transport", "Przeniesienie") carries the page's sum, not an item;
 * - an item whose quantity, unit price and amount disagree (quantity × unit price is not the amount,
 *   even allowing a discount) takes them in the order the arithmetic fits, from the row's numbers;
 * - a "Price" column beside a quantity with no amount column is the line's total when the table's
 *   sum is printed below it as the prices' sum (not as the sum of quantity × price): each item's
 *   unit price is then its amount over its quantity;
 * - a till's "2 @ 3.50" beside the line's amount (in a cell of its own or closing the name's) gives
 *   the quantity and the unit price when their product is the amount;
 * - the short headings item tables use and no other label does ("Anz.", "EP", "GP", "Each", "Ext.
 *   Price", "PU") are read as the words they stand for, and a "Title" ("Course title", "Movie title")
 *   names what the line is (a table of titles names its items by them);
 * - without a table, a line "name: count x price = amount" or "name  count @ price  amount" is an
 *   item when its arithmetic holds.
 */
import type { LayoutRow } from "../../../documents/layout/layout.js"
import { isMostlyNumber, moneyIn, numberOf } from "./values.js"
import { toEnglish } from "./vocabulary.js"

/** a subtotal's label, read in English ("Zwischensumme", "Summe" → subtotal, total) */
const SUBTOTAL = /^(?:sub[- ]?total|total)\b/i

/** words of a carried-forward line that name nothing else */
const CARRIED = /^(?:carried\s+forward|brought\s+forward|c\/f|b\/f|(?:[üu]|ue)bertrag|vortrag|[àa]\s+reporter|report\s+(?:du\s+)?(?:total|page)|przeniesienie|z\s+przeniesienia|do\s+przeniesienia|riporto|suma\s+(?:z|do)\s+przeniesienia)\b/i
/** words that name a carried sum only at a page's edge ("Transport" is also a delivery line elsewhere) */
const CARRIED_AT_EDGE = /^(?:transport|report|a\s+reporter|van\s+vorige\s+pagina|naar\s+volgende\s+pagina)\s*:?$/i

const textCells = (row: LayoutRow) => row.cells.filter((c) => !isMostlyNumber(c.text))
const numberCells = (row: LayoutRow) => row.cells.filter((c) => isMostlyNumber(c.text))

/** A subtotal line: its text a subtotal's or total's label, at most one amount beside it. */
export const isSubtotalRow = (row: LayoutRow): boolean => {
  const texts = textCells(row)
  return texts.length === 1 && numberCells(row).length <= 1 && SUBTOTAL.test(toEnglish(texts[0]!.text.trim()))
}

/** A carried-forward line: its words and at most one amount; the ambiguous words only at a page's edge. */
export const isCarriedRow = (row: LayoutRow, atPageEdge: boolean): boolean => {
  const texts = textCells(row)
  if (texts.length !== 1 || numberCells(row).length > 1) return false
  const text = texts[0]!.text.trim()
  return CARRIED.test(text) || (atPageEdge && CARRIED_AT_EDGE.test(text))
}

/** A section's heading: one cell of words, no number, no label's colon. */
export const isSectionRow = (row: LayoutRow): boolean =>
  row.cells.length === 1 && !/\d/.test(row.cells[0]!.text) && !/[:：]\s*$/.test(row.cells[0]!.text) && row.cells[0]!.text.trim().length <= 60

/** words and signs a wrapped description's line ends with when its next line goes on with it */
const GOES_ON = /(?:[,;&/+(-]|\b(?:and|or|with|incl|inkl|for|of|the|a|an|to|und|mit|der|die|das|für|et|avec|de|du|des|le|la|les|pour|en|met|van|het|een|voor|oraz|dla))\s*\.?$/i

/** a detail's label: a word or two, an abbreviation's dots or a hyphen ("Zeitraum", "Art.-Nr.", "Serial no.") */
const DETAIL_LABEL = /^[\p{L}][\p{L}.\-/ ]{1,24}[:：]\s*\S/u
/** a period alone: two dates joined by a dash or "to"/"bis"/"t/m" */
const PERIOD = /^\s*(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})\s*(?:[-–—]|bis|to|t\/m|au|tot)\s*(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})\s*$/iu

/**
 * A line under an item's name that is a detail of it, not more of its name: a labelled value
 * ("Zeitraum: 01.10.2026 - 31.10.2026", "Art.-Nr.: 4711", "Serienummer: SN 44-1290") or a
 * billing period alone ("01.10.2026 - 31.10.2026"), as hosting and web-shop invoices print them.
 * The table goes on past it; the item's description keeps to its name.
 */
export const isItemDetail = (text: string): boolean => DETAIL_LABEL.test(text.trim()) || PERIOD.test(text)

/** Whether a description's text ends as if its next line went on with it ("…,", "… and", "… inkl.") */
export const goesOnAfter = (text: string): boolean => GOES_ON.test(text.trim())

/**
 * A section's heading right after an item (no subtotal between): a section's row whose text is a
 * few words, capitalised, and the item's description above it not ending as if it went on ("…,",
 * "… and"). A wrapped description's line ("two inspection visits") starts in lower case or carries
 * a size or a count ("Monthly, 2 TB") — those are left to join their item.
 */
export const isHeadingAfterItem = (row: LayoutRow, previousDescription: string | undefined): boolean => {
  if (!isSectionRow(row)) return false
  const text = row.cells[0]!.text.trim()
  if (!/^\p{Lu}/u.test(text) || /[,;.]$/.test(text) || text.split(/\s+/).length > 4) return false
  return previousDescription === undefined || !GOES_ON.test(previousDescription.trim())
}

/**
 * Items whose "price" is the line's total: no amount column, some quantity other than one, and the
 * table's sum printed below it (`sums`: the amounts of the lines after the table) is the prices'
 * sum and not the sum of quantity × price. The items with the price as their amount and the price
 * per unit as unit price; else the items as read.
 */
export const withLineTotals = (
  items: ReadonlyArray<Record<string, unknown>>,
  names: { readonly quantity: string; readonly unitPrice: string; readonly amount: string },
  sums: ReadonlyArray<number>
): ReadonlyArray<Record<string, unknown>> => {
  const { quantity, unitPrice, amount } = names
  const read = items.filter((i) => typeof i[quantity] === "number" && typeof i[unitPrice] === "number" && i[amount] === undefined)
  if (read.length < 1 || read.length !== items.length || !read.some((i) => i[quantity] !== 1 && i[quantity] !== 0)) return items
  const prices = read.reduce((s, i) => s + (i[unitPrice] as number), 0)
  const products = read.reduce((s, i) => s + (i[quantity] as number) * (i[unitPrice] as number), 0)
  if (!sums.some((s) => close(s, prices)) || sums.some((s) => close(s, products))) return items
  return items.map((i) => {
    const q = i[quantity] as number
    const total = i[unitPrice] as number
    return q === 0 ? i : { ...i, [unitPrice]: Math.round((total / q) * 100) / 100, [amount]: total }
  })
}

const ONE_NUMBER = /^\D*\d[\d\s.,'’]*\D*$/
const close = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.0005)
/** the amount is quantity × unit price, or that less a whole percent's discount (up to half), to the cent */
const fits = (quantity: number, price: number, amount: number) => {
  const gross = quantity * price
  if (close(gross, amount)) return true
  if (!(amount > 0 && amount < gross && amount >= gross * 0.5)) return false
  const percent = Math.round((1 - amount / gross) * 100)
  return percent > 0 && close(Math.round(gross * (100 - percent)) / 100, amount)
}

/**
 * The item with quantity, unit price and amount set as the arithmetic says, when the columns'
 * reading does not fit and one order of the row's numbers does: the amount is the product (less a
 * whole percent's discount), the exact product preferred. The item as read otherwise.
 */
export const byArithmetic = (
  item: Record<string, unknown>,
  row: LayoutRow,
  names: { readonly quantity?: string; readonly unitPrice?: string; readonly amount?: string; readonly quantityFirst?: boolean }
): Record<string, unknown> => {
  const { quantity, unitPrice, amount } = names
  if (quantity === undefined || unitPrice === undefined || amount === undefined) return item
  const q = item[quantity]
  const p = item[unitPrice]
  const a = item[amount]
  if (typeof q === "number" && typeof p === "number" && typeof a === "number" && fits(q, p, a)) return item
  // the row's numbers, each once (a percentage is a rate, not one of the three; the item's own
  // texts, its description, are no numbers: "Laptop, 16 GB RAM")
  const texts = new Set(Object.values(item).filter((v): v is string => typeof v === "string"))
  // (a cell of one run of digits is one number: "1 016,73" groups its thousands with a space)
  const numbers = row.cells
    .filter((c) => !texts.has(c.text.trim()))
    .flatMap((c) => (/%/.test(c.text) ? [] : ONE_NUMBER.test(c.text) ? [numberOf(c.text) ?? NaN] : moneyIn(c.text).map((m) => Number(m.amount))))
    .filter((n) => Number.isFinite(n) && n >= 0)
  if (numbers.length < 3 || numbers.length > 8) return item
  // the fit keeping the amount the columns gave, then an exact product over a discounted one, then the row's order
  const read = [q, p, a]
  let best: readonly [number, number, number] | undefined
  let bestRank = -1
  for (let i = 0; i < numbers.length; i++) {
    for (let j = 0; j < numbers.length; j++) {
      for (let k = 0; k < numbers.length; k++) {
        if (i === j || j === k || i === k) continue
        const triple = [numbers[i]!, numbers[j]!, numbers[k]!] as const
        if (triple[0] === 0 || triple[1] === 0 || !fits(triple[0], triple[1], triple[2])) continue
        // quantity and unit price multiply alike: their order in the row is the header's, else the
        // columns' reading decides, else quantity first
        const order = names.quantityFirst !== undefined
          ? ((i < j) === names.quantityFirst ? 1 : 0)
          : ((read[0] === triple[0] ? 0.4 : 0) + (read[1] === triple[1] ? 0.4 : 0) + (i < j ? 0.1 : 0))
        const rank = (read[2] === triple[2] ? 4 : 0) + (close(triple[0] * triple[1], triple[2]) ? 2 : 0) + order
        if (rank > bestRank) {
          best = triple
          bestRank = rank
        }
      }
    }
  }
  if (best === undefined) return item
  return { ...item, [quantity]: best[0], [unitPrice]: best[1], [amount]: best[2] }
}

/** "2 @ 3.50", "3 x €1,20", "1.5 × 40.00" closing a text: a count at a price */
const AT_PRICE = /(?:^|\s)(\d+(?:[.,]\d+)?)\s*(?:@|x|×|\*)\s*((?:[$€£]\s?)?\d[\d.,']*(?:\s?(?:[$€£]|[A-Z]{3}))?)\s*$/u

/**
 * The item with its quantity and unit price read from a till's "count @ price" (its own cell, or
 * the end of the name's: "Croissant 2 @ 3.50"), when it has an amount but neither of them and the
 * count times the price is the amount; the name then loses the "2 @ 3.50" (a name that was only
 * the count is none: a till prints the name on the line above). The item as read otherwise.
 */
export const withCountAtPrice = (
  item: Record<string, unknown>,
  row: LayoutRow,
  names: { readonly quantity?: string | undefined; readonly unitPrice?: string | undefined; readonly amount?: string | undefined }
): Record<string, unknown> => {
  const { quantity, unitPrice, amount } = names
  if (quantity === undefined || unitPrice === undefined || amount === undefined) return item
  const a = item[amount]
  if (typeof a !== "number" || item[quantity] !== undefined || item[unitPrice] !== undefined) return item
  for (const cell of row.cells) {
    const text = cell.text.trim()
    const m = AT_PRICE.exec(text)
    if (m === null) continue
    const q = numberOf(m[1]!)
    const money = moneyIn(m[2]!)
    const p = money.length === 1 ? Number(money[0]!.amount) : numberOf(m[2]!)
    if (q === null || p === null || q === 0 || !fits(q, p, a)) continue
    const out: Record<string, unknown> = { ...item, [quantity]: q, [unitPrice]: p }
    // the name's cell closing with the count: the name without it (none when the count was all of it: the name is on the line above)
    const rest = text.slice(0, m.index).trim()
    for (const [k, v] of Object.entries(item)) {
      if (v !== text) continue
      if (rest !== "") out[k] = rest
      else delete out[k]
    }
    return out
  }
  return item
}

/** headings of item tables, folded, and the words they stand for */
const ITEM_HEADINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^(?:anz|stk|st|nb|nbre|pcs|pces|szt|ilosc)$/, "quantity"],
  [/^(?:std|stunden|time|hrs?|uren|heures)$/, "hours"],
  [/^(?:ep|e preis|epreis|each|pu|p u|prix u|satz|unit cost|cost each|price each|eenheidsprijs|cena jedn)$/, "unit price"],
  [/^(?:gp|g preis|gpreis|gesamtpreis|ext|ext price|extended|extension|ext amount|fee|fees|line amount|bedrag excl btw|montant ht)$/, "amount"],
  [/^(?:leistung|leistungen|work performed|work|activity|services?|products?|produkt|artikelbezeichnung|pozycja|(?:\p{L}+ )?title)$/u, "description"]
]

/**
 * A price's or amount's basis beside its heading: "excl. BTW", "inkl. MwSt.", "(incl. VAT)", "HT",
 * "TTC", "netto", "brutto". The heading names the price all the same ("Prijs excl. BTW" is a unit
 * price, "Totaal incl. BTW" a line's amount), not a tax column; which of a net and a gross pair is
 * the line's is left to the arithmetic.
 */
const TAX_BASIS = /[(\[]?\s*\b(?:(?:excl|exkl|incl|inkl|zzgl|ohne|mit|hors|excluding|including|exclusive|inclusive|without|with|plus)\b\.?\s*(?:de\s+)?(?:btw|mwst|ust|vat|tva|iva|gst|tax|taxes|steuer|umsatzsteuer|mehrwertsteuer)\b\.?|(?:ht|ttc|netto|brutto|nett|net|gross)\b\.?)\s*[)\]]?/giu

/** The heading without its price's basis ("Prijs excl. BTW" → "Prijs"); the heading itself when that is all of it. */
export const withoutTaxBasis = (text: string): string => {
  const rest = text.replace(TAX_BASIS, " ").replace(/\s+/g, " ").trim()
  return /\p{L}{2}/u.test(rest) ? rest : text
}

/** What an item table's heading stands for ("EP" → "unit price", "Anz." → "quantity"), else the heading itself. */
export const itemHeading = (text: string): string => {
  const bare = withoutTaxBasis(text)
  const folded = bare.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase().replace(/[^\p{L}\s]+/gu, " ").replace(/\s+/g, " ").trim()
  return ITEM_HEADINGS.find(([re]) => re.test(folded))?.[1] ?? bare
}

export interface ItemLine {
  readonly description: string
  readonly quantity: number
  readonly unitPrice: number
  readonly amount: number
}

const TIMES = String.raw`\s*(?:x|×|\*)\s*`
/** "Toner, black: 6 x £115.60 = £693.60", "Site visit – 2 × 45.00 = 90.00" */
const NAME_FIRST = new RegExp(String.raw`^\s*(?:[-•*·]\s+|\d{1,3}[.)]\s+)?(.+?)\s*(?:[:–—-]\s*|\s)(\d+(?:[.,]\d+)?)(?:\s*\p{L}{1,5}\.?)?${TIMES}(.+?)\s*(?:=|→)\s*(.+?)\s*$`, "u")
/** "2 x Espresso cups @ 4.50 = 9.00", "3 × Notebook à 2,10 € 6,30 €" */
const COUNT_FIRST = new RegExp(String.raw`^\s*(?:[-•*·]\s+)?(\d+(?:[.,]\d+)?)${TIMES}(.+?)\s+(?:@|à|a|at|je|per)\s+(.+?)\s*(?:=|→)?\s+(\S.*?)\s*$`, "u")

/** a till's line: "Croissant   2 @ 3.50   7.00" */
const NAME_AT = new RegExp(String.raw`^\s*(\S.*?)\s+(\d+(?:[.,]\d+)?)\s*@\s*(\S+)\s+(\S+(?:\s?[$€£])?)\s*$`, "u")

/**
 * An item written as a line of text rather than a table's row: a name, a count times a price and
 * the amount ("- Toner: 6 x £115.60 = £693.60", "2 x Cups @ 4.50 = 9.00"), kept only when the
 * arithmetic holds. Null for any other line.
 */
export const itemLineOf = (text: string): ItemLine | null => {
  const one = (s: string) => {
    const m = moneyIn(s)
    return m.length === 1 && isMostlyNumber(s.replace(/\p{L}{1,3}\.?/gu, "")) ? Number(m[0]!.amount) : null
  }
  const a = NAME_FIRST.exec(text)
  const b = a === null ? COUNT_FIRST.exec(text) : null
  const c = a === null && b === null ? NAME_AT.exec(text) : null
  const [description, q, p, amount] = a !== null ? [a[1]!, a[2]!, a[3]!, a[4]!] : b !== null ? [b[2]!, b[1]!, b[3]!, b[4]!] : c !== null ? [c[1]!, c[2]!, c[3]!, c[4]!] : []
  if (description === undefined || /^\d/.test(description.trim()) && (a !== null || c !== null)) return null
  const quantity = numberOf(q!)
  const unitPrice = one(p!)
  const total = one(amount!)
  if (quantity === null || unitPrice === null || total === null || quantity === 0 || !fits(quantity, unitPrice, total)) return null
  return { description: description.trim().replace(/[:–—-]\s*$/, "").trim(), quantity, unitPrice, amount: total }
}
