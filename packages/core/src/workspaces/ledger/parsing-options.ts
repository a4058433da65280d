/**
 * Parsing options the engine takes from the workspace policy (`ledger_understanding.gl_parsing`):
 * conventions forced instead of inferred. A forced date format reads every date-like column in that
 * form alone (a column it reads in at least 90% of cells is a date column, never ambiguous); a
 * forced decimal separator reads every text amount with it (no vote); a forced sign convention
 * reads a single signed amount column that way (basis `policy`, no question asked).
 */
import type { DateFormat, DecimalSeparator } from "./value-readers.js"

export interface ParsingOptions {
  readonly date_format: DateFormat | null
  readonly decimal_separator: DecimalSeparator | null
  readonly sign_convention: "debit_positive" | "credit_positive" | null
}

export const INFERRED_PARSING: ParsingOptions = { date_format: null, decimal_separator: null, sign_convention: null }

/** whether any convention is forced (the reading then differs from the inferred one) */
export const forcesAnything = (o: ParsingOptions): boolean => o.date_format !== null || o.decimal_separator !== null || o.sign_convention !== null
