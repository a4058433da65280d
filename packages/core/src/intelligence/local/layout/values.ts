/**
 * Reading typed values out of document text, for the local extractor: amounts ("$1,234.50",
 * "1.234,50 €", "1 234,50 zł", "(12.00)", "EUR 99"), integers ("12 months"), dates (ISO, day-first
 * and month-first numeric dates, "March 14, 2026", "14 Mar 2026", and month names in French,
 * German, Dutch, Polish, Spanish and Italian: "7. Mai 2014", "19 april 2014", "2 de marzo de 2026",
 * "5 lutego 2026", and a statement's "01Aug2018") normalised to `YYYY-MM-DD`, booleans, and currencies (symbols and ISO codes). A numeric date whose day and month could be
 * swapped (both 12 or less) is read day-first, unless the document's other dates show month-first.
 */

const CURRENCY_SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ["US$", "USD"], ["A$", "AUD"], ["C$", "CAD"], ["CA$", "CAD"], ["NZ$", "NZD"], ["HK$", "HKD"], ["S$", "SGD"], ["R$", "BRL"],
  ["$", "USD"], ["€", "EUR"], ["£", "GBP"], ["¥", "JPY"], ["₹", "INR"], ["₩", "KRW"], ["₽", "RUB"], ["₺", "TRY"], ["CHF", "CHF"],
  ["₱", "PHP"], ["฿", "THB"], ["₫", "VND"], ["₦", "NGN"], ["₪", "ILS"], ["₴", "UAH"],
  // "Rs." prints the rupee where "₹" is not at hand (India's, the most used)
  ["Rs.", "INR"], ["Rs", "INR"],
  ["zł", "PLN"], ["Kč", "CZK"]
]
/** ISO 4217 codes a document prints; those that are also English words ("ALL", "TOP", "PEN", "MAD", "PHP") are left out, an upper-case word is no currency */
export const CURRENCY_CODES: ReadonlySet<string> = new Set([
  "USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "NZD", "CNY", "HKD", "SGD", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF",
  "INR", "BRL", "MXN", "ZAR", "KRW", "RUB", "TRY", "AED", "SAR", "ILS", "RON", "BGN", "ISK", "UAH", "THB", "IDR", "MYR",
  "VND", "TWD", "PKR", "LKR", "BDT", "NGN", "KES", "EGP", "ARS", "CLP", "COP", "QAR", "KWD", "BHD", "OMR"
])

const escapeRe = (s: string) => s.replace(/[$.]/g, (c) => `\\${c}`)
/** a symbol spelt with letters ("Rs", "Kč", "CHF") stands alone, not inside a word ("HRs", "Prs") */
const SYMBOL_MENTION = new RegExp(
  CURRENCY_SYMBOLS.map(([symbol]) => (/^\p{L}/u.test(symbol) ? `(?<!\\p{L})${escapeRe(symbol)}(?![\\p{L}])` : escapeRe(symbol))).join("|"),
  "gu"
)
const CURRENCY_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bus\s+dollars?\b/i, "USD"], [/\bcanadian\s+dollars?\b/i, "CAD"], [/\baustralian\s+dollars?\b/i, "AUD"], [/\bswiss\s+francs?\b/i, "CHF"],
  [/\bdollars?\b/i, "USD"], [/\beuros?\b/i, "EUR"], [/\bpounds?(?:\s+sterling)?\b|\bsterling\b/i, "GBP"], [/\byen\b/i, "JPY"],
  [/\brupees?\b/i, "INR"], [/\b(?:yuan|renminbi)\b/i, "CNY"], [/\bz(?:ł|l)ot(?:y|ych)\b/i, "PLN"]
]

/** The ISO code of every currency code and symbol the text prints, in order. */
export const currencyMentions = (text: string): Array<string> => {
  const found: Array<{ readonly at: number; readonly iso: string }> = []
  for (const m of text.matchAll(/\b[A-Z]{3}\b/g)) if (CURRENCY_CODES.has(m[0])) found.push({ at: m.index, iso: m[0] })
  for (const m of text.matchAll(SYMBOL_MENTION)) {
    const iso = isoOfSymbol(m[0])
    if (iso !== null && !found.some((f) => f.at === m.index)) found.push({ at: m.index, iso })
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.iso)
}

/** The currency a text names (ISO code or symbol, else a currency's name: "US dollars", "rupees"), or null. */
export const currencyOf = (text: string): string | null => {
  const mentioned = currencyMentions(text)[0]
  if (mentioned !== undefined) return mentioned
  return CURRENCY_WORDS.find(([re]) => re.test(text))?.[1] ?? null
}

/** Indian grouping: thousands, then pairs of digits (lakhs, crores): "2,10,600.14" */
const LAKHS = "\\d{1,2}(?:,\\d{2})+,\\d{3}(?:\\.\\d{1,4})?"
const WHOLE_LAKHS = new RegExp(`^${LAKHS}$`)
const NUMBER_RE = new RegExp(String.raw`(\()?\s*(-|−)?\s*(?:[A-Z]{3}\s?|[$€£¥₹]\s?)?(${LAKHS}|\d{1,3}(?:[,.\s'’\`´°]\d{3})+(?:[.,]\d{1,4})?|\d+(?:[.,]\d{1,4})?)\s*(?:[A-Z]{3}|[$€£¥₹])?\s*(\))?(-)?`)

/**
 * Digits with thousands separators and a decimal mark as a plain decimal ("1.234,50" → "1234.50",
 * the fraction's digits as printed), read by which separator comes last; null when not a number.
 * Swiss amounts group thousands with an apostrophe, which fonts and typists also print as a
 * grave or acute accent ("3'667.35", "3`667.35", "3´667.35"), and OCR may read that raised mark
 * as a degree sign ("3°360.00"; only between digits and three more, so "20°C" is no amount).
 */
export const decimalOfDigits = (raw: string): string | null => {
  let s = raw.replace(/[\s'’`´°]/g, "")
  const lastDot = s.lastIndexOf(".")
  const lastComma = s.lastIndexOf(",")
  if (lastDot >= 0 && lastComma >= 0) {
    s = lastDot > lastComma ? s.replace(/,/g, "") : s.replace(/\./g, "").replace(",", ".")
  } else if (lastComma >= 0) {
    // "1,234" and "10,00,000" (lakhs) thousands; "12,5" / "12,50" decimal
    s = /^\d{1,3}(,\d{3})+$/.test(s) || WHOLE_LAKHS.test(s) ? s.replace(/,/g, "") : s.replace(",", ".")
  } else if (lastDot >= 0 && /^\d{1,3}(\.\d{3}){2,}$/.test(s)) {
    s = s.replace(/\./g, "")
  }
  return /^\d+(?:\.\d+)?$/.test(s) ? s.replace(/^0+(?=\d)/, "") : null
}

const numberOfDigits = (raw: string): number | null => {
  const d = decimalOfDigits(raw)
  return d === null ? null : Number(d)
}

/** letters OCR reads for digits of similar shape */
const DIGIT_OF_LETTER: Readonly<Record<string, string>> = { O: "0", o: "0", D: "0", I: "1", l: "1", "|": "1", S: "5", B: "8" }
/**
 * An amount with cents ("1,2O4.5O", "l99.00", "3S.00") with some digits OCR read as letters:
 * digits, separators and those letters only, a true digit before the decimal mark, ending in a two-digit
 * decimal part; a word with other letters ("SOLD", "B2B") is no amount.
 */
const OCR_AMOUNT = /(?<![\p{L}\d])(?=[OoDIl|SB,]*\d)[OoDIl|SB\d][OoDIl|SB\d,]*[.,][OoD\d]{2}(?![\p{L}\d])/gu

/** The text with the letters OCR put in an amount's digits read as the digits ("l,2O4.50" → "1,204.50"). */
export const withOcrDigits = (text: string): string =>
  text.replace(OCR_AMOUNT, (amount) => (/[^\d,.]/.test(amount) ? amount.replace(/[OoDIl|SB]/g, (c) => DIGIT_OF_LETTER[c]!) : amount))

/** The first amount of a text ("$1,234.50" → 1234.5, "(12.00)" → -12), or null. */
export const numberOf = (raw: string): number | null => {
  const text = withOcrDigits(raw)
  if (dateOf(text) !== null && !/[$€£¥₹]/.test(text)) return null
  const m = NUMBER_RE.exec(text)
  if (m === null) return null
  const n = numberOfDigits(m[3]!)
  if (n === null) return null
  const negative = (m[1] !== undefined && m[4] !== undefined) || m[2] !== undefined || m[5] !== undefined
  return negative ? -n : n
}

/** How much of a text is its amount: a value cell is mostly the number ("1,234.50 USD" yes, "Invoice 2 of 3" no). */
export const isMostlyNumber = (text: string): boolean => {
  const stripped = text.replace(/(?<=\d)°(?=\d{3})|[A-Z]{3}|[$€£¥₹%()\-−+\s.,'’`´]/g, "")
  return stripped.length > 0 && /^\d+$/.test(stripped)
}

export const integerOf = (text: string): number | null => {
  const n = numberOf(text)
  return n !== null && Number.isInteger(n) ? n : null
}

const MONTHS: ReadonlyArray<string> = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

/**
 * Month names and their usual abbreviations in French, German, Dutch, Polish (nominative and the
 * genitive dates use), Spanish and Italian, folded (no accents), one list per month.
 */
const FOREIGN_MONTHS: ReadonlyArray<string> = [
  "janvier janv januar janner jänner januari styczen stycznia sty enero ene gennaio gen",
  "fevrier fevr fev februar februari luty lutego lut febrero febbraio",
  "mars marz maerz maart mrt marzec marca marzo",
  "avril avr april kwiecien kwietnia kwi abril aprile",
  "mai mei maj maja mayo maggio mag",
  "juin juni czerwiec czerwca cze junio giugno giu",
  "juillet juil juli lipiec lipca lip julio luglio lug",
  "aout august augustus sierpien sierpnia sie agosto ago",
  "septembre sept september wrzesien wrzesnia wrz septiembre setiembre settembre set",
  "octobre oktober okt pazdziernik pazdziernika paz octubre ottobre ott",
  "novembre november listopad listopada lis noviembre",
  "decembre dezember dez december grudzien grudnia gru diciembre dic dicembre"
]
const FOREIGN_MONTH = new Map<string, number>(FOREIGN_MONTHS.flatMap((names, i) => names.split(" ").map((n) => [n, i + 1] as const)))

const foldWord = (word: string) => word.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase()

/** The month a word names (English by its first three letters, other languages by name or abbreviation), or null. */
export const monthOf = (word: string): number | null => {
  const folded = foldWord(word)
  const foreign = FOREIGN_MONTH.get(folded)
  if (foreign !== undefined) return foreign
  if (!/^[a-z]+$/.test(folded)) return null
  const i = MONTHS.indexOf(folded.slice(0, 3))
  return i < 0 ? null : i + 1
}
const pad = (n: number) => String(n).padStart(2, "0")
const iso = (y: number, m: number, d: number): string | null => {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1000 || y > 9999) return null
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCMonth() === m - 1 ? `${y}-${pad(m)}-${pad(d)}` : null
}
const year4 = (y: number) => (y < 100 ? (y < 70 ? 2000 + y : 1900 + y) : y)

export type DayOrder = "day-first" | "month-first"

/** "March 14, 2026", "Mar. 14th 2026" */
const MONTH_FIRST = /(?<![\p{L}\p{N}])(\p{L}{3,11})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s?,?\s+(\d{4})(?!\p{N})/u
/** "14 March 2026", "14th of March, 2026", "7. Mai 2014", "2 de marzo de 2026", "le 1er mars 2026" */
const DAY_FIRST = /(?<!\p{N})(\d{1,2})(?:st|nd|rd|th|er|\.)?\s+(?:day\s+of\s+|of\s+|de\s+)?(\p{L}{3,12})\.?,?\s+(?:de\s+|del\s+)?(\d{4})(?!\p{N})/u
/** "22-Jun-2026", "22/JUN/26", "22.Jun.2026": day, month's name and year joined by one separator */
const DAY_MONTH_JOINED = /(?<![\p{L}\p{N}])(\d{1,2})(?<sep>[-/.])(\p{L}{3,9})\k<sep>(\d{4}|\d{2})(?![\p{L}\p{N}])/u
const DAY_MONTH_JOINED_ALL = new RegExp(DAY_MONTH_JOINED.source, "gu")
/** "01Aug2018", "31JUL18": day, month's abbreviation and year with no separator, as bank statements print them */
const DAY_MONTH_GLUED = /(?<![\p{L}\p{N}])(\d{1,2})(\p{L}{3,4})(\d{4}|\d{2})(?![\p{L}\p{N}])/u
const DAY_MONTH_GLUED_ALL = new RegExp(DAY_MONTH_GLUED.source, "gu")
/** a glued date's month only by its abbreviation ("Aug", "Sept"), so a code's letters ("12ABC34") are no month */
const gluedMonthOf = (word: string): number | null => {
  const folded = foldWord(word)
  return folded.length === 3 || folded === "sept" ? monthOf(folded) : null
}
const MONTH_FIRST_ALL = new RegExp(MONTH_FIRST.source, "gu")
const DAY_FIRST_ALL = new RegExp(DAY_FIRST.source, "gu")

/** The first date of a text as `YYYY-MM-DD`, or null. */
export const dateOf = (text: string, order: DayOrder = "day-first"): string | null => {
  let m = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(text)
  if (m !== null) return iso(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/.exec(text)
  if (m !== null) {
    const a = Number(m[1])
    const b = Number(m[2])
    const y = year4(Number(m[3]))
    if (a > 12) return iso(y, b, a)
    if (b > 12) return iso(y, a, b)
    return order === "day-first" ? iso(y, b, a) : iso(y, a, b)
  }
  // the first phrase whose word is a month ("Invoice 12 2026" is none)
  for (const n of text.matchAll(MONTH_FIRST_ALL)) {
    const month = monthOf(n[1]!)
    if (month !== null) return iso(Number(n[3]), month, Number(n[2]))
  }
  for (const n of text.matchAll(DAY_FIRST_ALL)) {
    const month = monthOf(n[2]!)
    if (month !== null) return iso(Number(n[3]), month, Number(n[1]))
  }
  for (const n of text.matchAll(DAY_MONTH_JOINED_ALL)) {
    const month = monthOf(n[3]!)
    if (month !== null) return iso(year4(Number(n[4])), month, Number(n[1]))
  }
  for (const n of text.matchAll(DAY_MONTH_GLUED_ALL)) {
    const month = gluedMonthOf(n[2]!)
    if (month !== null) return iso(year4(Number(n[3])), month, Number(n[1]))
  }
  return null
}

/** what may be a date in any of the forms `dateOf` reads (it decides) */
const DATE_PATTERN = new RegExp(
  `\\b\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}\\b|\\b\\d{1,2}[-/.]\\d{1,2}[-/.](?:\\d{4}|\\d{2})\\b|${MONTH_FIRST.source}|${DAY_FIRST.source}|${DAY_MONTH_JOINED.source}|${DAY_MONTH_GLUED.source}`,
  "u"
)

/** Every date of a text, in order ("1 July 2026 – 31 July 2026" gives two). */
export const datesOf = (text: string, order: DayOrder = "day-first"): Array<string> => {
  const out: Array<string> = []
  let rest = text
  for (let guard = 0; guard < 20; guard++) {
    const m = new RegExp(DATE_PATTERN).exec(rest)
    if (m === null) break
    const d = dateOf(m[0], order)
    if (d !== null) out.push(d)
    rest = rest.slice(m.index + m[0].length)
  }
  return out
}

/** Month-first when some numeric date of the text can only be read month-first ("03/14/2026"), else day-first. */
export const dayOrderOf = (text: string): DayOrder => {
  const re = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})\b/g
  let m: RegExpExecArray | null
  let monthFirst = 0
  let dayFirst = 0
  while ((m = re.exec(text)) !== null) {
    if (Number(m[2]) > 12 && Number(m[1]) <= 12) monthFirst++
    if (Number(m[1]) > 12 && Number(m[2]) <= 12) dayFirst++
  }
  return monthFirst > dayFirst ? "month-first" : "day-first"
}

export const booleanOf = (text: string): boolean | null => {
  const t = text.trim().toLowerCase()
  if (/^(yes|y|true|x|✓|✔|☑|checked|on|1)$/.test(t)) return true
  if (/^(no|n|false|☐|unchecked|off|0|none)$/.test(t)) return false
  return null
}

/** An enum value the text names (case-insensitive, whole words), or undefined. */
export const enumOf = <T extends string | number | boolean | null>(text: string, values: ReadonlyArray<T>): T | undefined => {
  const folded = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")} `
  let best: T | undefined
  let bestLength = 0
  for (const v of values) {
    if (v === null) continue
    const word = String(v).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()
    if (word !== "" && folded.includes(` ${word} `) && word.length > bestLength) {
      best = v
      bestLength = word.length
    }
  }
  return best
}

/** The text with every date `dateOf` reads blanked out (same length), so its digits are no amount. */
export const maskDates = (text: string, order: DayOrder = "day-first"): string =>
  text.replace(new RegExp(DATE_PATTERN, "gu"), (m) => (dateOf(m, order) === null ? m : " ".repeat(m.length)))

/** what joins a period's two dates ("12/20/2024 - 12/31/2024", "1 March to 30 April") */
const RANGE_JOIN = /^\s*(?:[-–—]|to|until|till|through|bis|au|tot|al)\s*$/i

/**
 * The text with the dates of its periods blanked ("Booking dates: 12/20/2024 - 12/31/2024"): two
 * dates joined by a dash or "to" are a period's ends, not the one date a document states.
 */
export const maskDateRanges = (text: string, order: DayOrder = "day-first"): string => {
  const spans = [...text.matchAll(new RegExp(DATE_PATTERN, "gu"))].filter((m) => dateOf(m[0], order) !== null).map((m) => [m.index, m.index + m[0].length] as const)
  const out = [...text]
  spans.forEach(([from, to], i) => {
    const next = spans[i + 1]
    if (next === undefined || !RANGE_JOIN.test(text.slice(to, next[0]))) return
    for (let c = from; c < next[1]; c++) out[c] = " "
  })
  return out.join("")
}

export interface MoneyMention {
  /** a plain decimal (`decimalOfDigits`), negative when signed or in parentheses */
  readonly amount: string
  /** the ISO code of the symbol or code printed next to it, null when none */
  readonly currency: string | null
  /** as printed */
  readonly text: string
}

const SYMBOL_SOURCE = CURRENCY_SYMBOLS.map(([symbol]) => escapeRe(symbol)).join("|")
// a number glued to a letter, digit, dash or slash before it is part of a code ("INV-1234", "555-1234");
// a minus alone before it is its sign ("-25,00 €", "€ -25,00": a discount's line)
const MONEY_RE = new RegExp(
  `(?<![\\p{L}\\p{N}\\-/])(\\()?([-−])?\\s?(${SYMBOL_SOURCE}|\\b[A-Z]{3}\\b)?\\s?([-−])?` +
    `(?<![\\p{L}\\d.,/]|[\\p{L}\\p{N}]-)(${LAKHS}|\\d{1,3}(?: \\d{3})+(?:[.,]\\d{1,4})?(?=\\s?(?:${SYMBOL_SOURCE}|[A-Z]{3}\\b))|\\d{1,3}(?:[,.'’\\u0060´°\\u00A0\\u202F]\\d{3})+(?:[.,]\\d{1,4})?|\\d+(?:[.,]\\d{1,4})?)(?![\\d%]|\\s%|[.,]\\d)` +
    // a symbol after the number is its currency unless a number follows it ("12 $10.00": the price's)
    `(?:\\s?(${SYMBOL_SOURCE}|[A-Z]{3}\\b)(?!\\s?\\d))?(\\))?(?:\\s?(${SYMBOL_SOURCE}|[A-Z]{3}\\b)(?!\\s?\\d))?`,
  "gu"
)

const isoOfSymbol = (s: string | undefined): string | null => {
  if (s === undefined) return null
  if (CURRENCY_CODES.has(s)) return s
  return CURRENCY_SYMBOLS.find(([symbol]) => symbol === s)?.[1] ?? null
}

/**
 * Every number of a text that may be money (dates blanked out, percentages skipped), with the
 * currency printed next to it, if any: "EUR 1.234,50", "$99", "(12.00) USD", "1 250,00 €".
 */
export const moneyIn = (text: string, order: DayOrder = "day-first"): Array<MoneyMention> => {
  const out: Array<MoneyMention> = []
  const masked = maskDates(text, order)
  for (const m of masked.matchAll(MONEY_RE)) {
    const amount = decimalOfDigits(m[5]!)
    if (amount === null) continue
    const before = isoOfSymbol(m[3])
    const after = isoOfSymbol(m[6]) ?? (m[7] !== undefined ? isoOfSymbol(m[8]) : null)
    const negative = (m[1] !== undefined && m[7] !== undefined) || m[2] !== undefined || m[4] !== undefined
    const unsigned = /^0+(?:\.0+)?$/.test(amount)
    out.push({ amount: negative && !unsigned ? `-${amount}` : amount, currency: before ?? after, text: m[0].trim() })
  }
  return out
}

export interface DateSpan {
  readonly date: string
  readonly start: number
  readonly end: number
}

/** Every date of a text with where it is printed, in order. */
export const dateSpans = (text: string, order: DayOrder = "day-first"): Array<DateSpan> => {
  const out: Array<DateSpan> = []
  for (const m of text.matchAll(new RegExp(DATE_PATTERN, "gu"))) {
    const date = dateOf(m[0], order)
    if (date !== null) out.push({ date, start: m.index, end: m.index + m[0].length })
  }
  return out
}

const IBAN_SHAPE = /^[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?$/

/** an IBAN's head whose check digits OCR read as letters ("GBOO ALBN 0141 …"), then its digit groups */
const OCR_IBAN = /\b([A-Z]{2})([0-9OIl]{2})((?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?)\b/g

/**
 * The text with an IBAN's check digits read as digits: they always are (ISO 13616), so an "O" or
 * "l" there is OCR's reading of a 0 or 1; only where the groups after it hold digits.
 */
export const withOcrIbanCheckDigits = (text: string): string =>
  text.replace(OCR_IBAN, (whole, country: string, check: string, rest: string) =>
    /^\d{2}$/.test(check) || !/\d/.test(rest) ? whole : country + check.replace(/O/g, "0").replace(/[Il]/g, "1") + rest)

/** Whether the text is an IBAN: the ISO 13616 shape and its mod-97 check digits hold. */
export const isIban = (text: string): boolean => {
  const t = text.trim().toUpperCase()
  if (!IBAN_SHAPE.test(t)) return false
  const compact = t.replace(/ /g, "")
  const moved = compact.slice(4) + compact.slice(0, 4)
  let rest = 0
  for (const ch of moved) {
    const v = ch >= "A" && ch <= "Z" ? String(ch.charCodeAt(0) - 55) : ch
    for (const d of v) rest = (rest * 10 + Number(d)) % 97
  }
  return rest === 1
}
