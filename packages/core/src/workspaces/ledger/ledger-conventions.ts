/**
 * The conventions of a journal: how amounts carry their side (debit/credit columns, a D/C
 * indicator, or a sign — and which sign is debit), how numbers and dates are written, and which
 * currencies the lines are in. A signed amount is read debit-positive (SAP, the ADS `Amount` with
 * its indicator folded in) unless the chart of accounts' types show the opposite: expense
 * accounts netting negative and revenue accounts positive.
 */
import type { AmountLayout, ColumnMapping } from "./column-mapping.js"
import type { ColumnReading } from "./column-reading.js"
import type { JournalLine } from "./journal-lines.js"
import type { DateFormat, DecimalSeparator, NegativeStyle } from "./value-readers.js"

export type SignConvention = "debit_credit_columns" | "indicator" | "debit_positive" | "credit_positive"

export interface NumberConvention {
  readonly column: string
  readonly decimal_separator: DecimalSeparator
  readonly thousands_separator: string | null
  readonly negative_style: NegativeStyle
}

export interface DateConvention {
  readonly field: "posting_date" | "document_date" | "entered_date"
  readonly column: string
  readonly format: DateFormat
  readonly parsed_share: number
  /** day-first and month-first both fit every cell; the choice is an open question */
  readonly ambiguous: boolean
}

export interface LedgerConventions {
  readonly amount_layout: AmountLayout | null
  readonly sign: {
    readonly convention: SignConvention
    /** `layout` (columns or indicator say it), `policy` (the workspace's `gl_parsing.sign_convention`), `account_types` (the chart's types showed it), `assumed` (debit-positive by default) */
    readonly basis: "layout" | "policy" | "account_types" | "assumed"
  }
  /** the amounts' decimal separator (the first amount column's), null without amounts */
  readonly decimal_separator: DecimalSeparator | null
  readonly number_formats: ReadonlyArray<NumberConvention>
  readonly date_formats: ReadonlyArray<DateConvention>
  readonly currency: {
    /** `column` (a currency column), `amount_text` (symbols or codes in the amounts), `none` */
    readonly basis: "column" | "amount_text" | "none"
    readonly column: string | null
    /** currencies with their line counts, most lines first */
    readonly currencies: ReadonlyArray<{ readonly code: string; readonly lines: number }>
    readonly lines_without_currency: number
    readonly multi_currency: boolean
  }
}

/**
 * Income-statement types only: an expense account nets to a debit over a period and a revenue
 * account to a credit, almost without exception; balance-sheet accounts move either way (cash
 * falls in a month of payments), so they do not vote.
 */
const DEBIT_NORMAL = /(expense|cost|cogs|aufwand|kosten|charge|gasto|costo|despesa|lasten)/i
const CREDIT_NORMAL = /(revenue|income|sales|ertrag|erlos|umsatz|produit|ingreso|ricavo|opbrengst|receita|omzet)/i

/** Share of voting accounts that must agree for the types to decide the sign. */
const SIGN_AGREEMENT = 2 / 3

/**
 * The sign convention of a signed-amount journal, from the chart's account types: `typeOf` gives
 * an account key's type text. Each expense and revenue account votes by the side its net falls
 * on; null when no account votes or the votes do not agree.
 */
export const signFromAccountTypes = (lines: ReadonlyArray<JournalLine>, typeOf: (key: string) => string | null): "debit_positive" | "credit_positive" | null => {
  const nets = new Map<string, { normal: 1 | -1; net: bigint }>()
  for (const l of lines) {
    if (l.account_key === null || l.amount === null) continue
    let n = nets.get(l.account_key)
    if (n === undefined) {
      const type = typeOf(l.account_key)
      const normal = type === null ? null : DEBIT_NORMAL.test(type) ? 1 : CREDIT_NORMAL.test(type) ? -1 : null
      if (normal === null) continue
      n = { normal, net: 0n }
      nets.set(l.account_key, n)
    }
    n.net += l.amount
  }
  const votes = [...nets.values()].filter((n) => n.net !== 0n)
  if (votes.length === 0) return null
  // with debits positive, a debit-normal account nets positive and a credit-normal one negative
  const agreeing = votes.filter((n) => (n.net > 0n ? 1 : -1) === n.normal).length / votes.length
  return agreeing >= SIGN_AGREEMENT ? "debit_positive" : agreeing <= 1 - SIGN_AGREEMENT ? "credit_positive" : null
}

export const describeConventions = (
  mapping: ColumnMapping,
  readings: ReadonlyArray<ColumnReading>,
  lines: ReadonlyArray<JournalLine>,
  sign: LedgerConventions["sign"]
): LedgerConventions => {
  const reading = (name: string | null) => (name === null ? undefined : readings.find((r) => r.name === name))
  const amountColumns = [mapping.debit, mapping.credit, mapping.amount].filter((c): c is string => c !== null)
  const number_formats = amountColumns.map((column) => {
    const f = reading(column)!.number_format
    return { column, decimal_separator: f.decimal_separator, thousands_separator: f.thousands_separator, negative_style: f.negative_style }
  })
  const date_formats = (["posting_date", "document_date", "entered_date"] as const).flatMap((field) => {
    const r = reading(mapping[field])
    return r?.date == null ? [] : [{ field, column: r.name, format: r.date.format, parsed_share: Math.round(r.date.parsed_share * 1000) / 1000, ambiguous: r.date.ambiguous }]
  })
  const counts = new Map<string, number>()
  let without = 0
  for (const l of lines) {
    if (l.currency === null) without++
    else counts.set(l.currency, (counts.get(l.currency) ?? 0) + 1)
  }
  const currencies = [...counts.entries()].map(([code, n]) => ({ code, lines: n })).sort((a, b) => b.lines - a.lines || a.code.localeCompare(b.code))
  const embedded = amountColumns.some((c) => (reading(c)?.embedded_currencies.length ?? 0) > 0)
  return {
    amount_layout: mapping.amount_layout,
    sign,
    decimal_separator: number_formats[0]?.decimal_separator ?? null,
    number_formats,
    date_formats,
    currency: {
      basis: mapping.currency !== null ? "column" : embedded ? "amount_text" : "none",
      column: mapping.currency,
      currencies,
      lines_without_currency: without,
      multi_currency: currencies.length > 1
    }
  }
}
