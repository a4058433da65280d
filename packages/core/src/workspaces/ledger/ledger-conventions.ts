/**
 * The conventions of a journal: how amounts carry their side (debit/credit columns, a D/C
 * indicator, or a sign — and which sign is debit), how numbers and dates are written, and which
 * currencies the lines are in. A signed amount is read debit-positive (SAP, the ADS `Amount` with
 * its indicator folded in) unless the chart of accounts' types show the opposite: debit-normal
 * accounts (assets, expenses) netting negative and credit-normal ones positive.
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
    /** `layout` (columns or indicator say it), `account_types` (the chart's types showed it), `assumed` (debit-positive by default) */
    readonly basis: "layout" | "account_types" | "assumed"
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

const DEBIT_NORMAL = /(asset|expense|cost|cogs|aktiv|aufwand|actif|charge|activo|gasto|attivo|costo|bezitting|kosten|despesa)/i
const CREDIT_NORMAL = /(liabilit|equity|capital|revenue|income|sales|passiv|ertrag|erlos|passif|produit|pasivo|ingreso|patrimonio|ricavo|passivo|opbrengst|receita)/i

/**
 * The sign convention of a signed-amount journal, from the chart's account types: `typeOf` gives an
 * account key's type text. Returns null when the types do not decide it.
 */
export const signFromAccountTypes = (lines: ReadonlyArray<JournalLine>, typeOf: (key: string) => string | null): "debit_positive" | "credit_positive" | null => {
  let debitNormal = 0n
  let creditNormal = 0n
  let seen = 0
  for (const l of lines) {
    if (l.account_key === null || l.amount === null) continue
    const type = typeOf(l.account_key)
    if (type === null) continue
    if (DEBIT_NORMAL.test(type)) {
      debitNormal += l.amount
      seen++
    } else if (CREDIT_NORMAL.test(type)) {
      creditNormal += l.amount
      seen++
    }
  }
  if (seen === 0) return null
  if (debitNormal > 0n && creditNormal < 0n) return "debit_positive"
  if (debitNormal < 0n && creditNormal > 0n) return "credit_positive"
  return null
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
