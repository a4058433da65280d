/**
 * The manifest: every generated document with its ground truth (category, schema, expected
 * field values, value locations), and the extraction schemas, one per document type.
 */

export type DocType = "invoice" | "receipt" | "contract" | "bank_statement" | "spreadsheet"
  | "purchase_order" | "payslip" | "insurance_policy" | "utility_bill" | "real_invoice" | "layout_invoice"
export const DOC_TYPES: ReadonlyArray<DocType> = ["invoice", "receipt", "contract", "bank_statement", "spreadsheet"]
/** the held-out set's types (eval/heldout): the first set's four document types, four new ones, and real invoices */
export const HELDOUT_TYPES: ReadonlyArray<DocType> = ["invoice", "receipt", "purchase_order", "bank_statement", "contract", "payslip", "utility_bill", "insurance_policy", "real_invoice"]

export type FileFormat = "pdf" | "docx" | "html" | "txt" | "xlsx" | "csv" | "png"

/** The keys of the engine's default general business-document taxonomy. */
export const TAXONOMY = [
  "invoice", "receipt", "purchase_order", "quote", "contract", "bank_statement", "financial_statement", "tax_form",
  "payslip", "insurance_document", "identity_document", "resume", "correspondence", "report", "form", "shipping_document"
] as const
export type Category = (typeof TAXONOMY)[number]

export type JsonSchema = {
  readonly type: "object" | "array" | "string" | "number" | "integer" | "boolean" | "null" | ReadonlyArray<string>
  readonly description?: string
  readonly title?: string
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly items?: JsonSchema
  readonly enum?: ReadonlyArray<string | number | boolean | null>
}

/**
 * Where a value is printed. `field` is the path of the value in `fields` (`total`,
 * `parties[0]`); `query` is the value as printed (the literal grounding query); `semantic` a
 * description of the field (the semantic query). A value printed more than once has one region
 * per occurrence (`£1,234.56` in a summary, `1,234.56` in a balance column): any of them is a
 * hit; `query` is the first form.
 */
export interface VisualRegion { readonly page: number; readonly x: number; readonly y: number; readonly w: number; readonly h: number }
export interface CellRegion { readonly sheet_name: string; readonly cell_range: string }
export interface CharRegion { readonly start_char: number; readonly end_char: number }
/** `text`: the value as printed at that place (a value may be printed in several forms) */
export type Region = (VisualRegion | CellRegion | CharRegion) & { readonly text: string }

export interface Location {
  readonly field: string
  readonly query: string
  readonly semantic: string
  readonly regions: ReadonlyArray<Region>
}

export interface SheetTruth { readonly sheet_name: string; readonly category: Category }

export interface DocumentTruth {
  readonly id: string
  readonly file: string
  readonly format: FileFormat
  readonly type: DocType
  /** what varies in this document (layout, labels, formats), for reading failures */
  readonly notes: string
  readonly pages: number | null
  readonly bytes: number
  readonly sha256: string
  /** the expected category of the document (for a spreadsheet, of its main sheet) */
  readonly category: Category
  /** spreadsheets: the expected category of each sheet */
  readonly sheets: ReadonlyArray<SheetTruth> | null
  readonly schema_name: string
  readonly schema: JsonSchema
  /** expected extraction: numbers as numbers, dates as YYYY-MM-DD, currencies as ISO codes */
  readonly fields: Readonly<Record<string, unknown>>
  readonly locations: ReadonlyArray<Location>
}

export interface Manifest {
  readonly version: 1
  readonly seed: number
  readonly generator: string
  readonly documents: ReadonlyArray<DocumentTruth>
}

// ---------------------------------------------------------------- schemas

const str = (description: string): JsonSchema => ({ type: "string", description })
const num = (description: string): JsonSchema => ({ type: "number", description })
const date = (description: string): JsonSchema => ({ type: "string", description: `${description} (ISO date YYYY-MM-DD)` })
const currency: JsonSchema = { type: "string", description: "ISO 4217 currency code of the amounts, such as USD, EUR or GBP" }

const object = (title: string, description: string, properties: Record<string, JsonSchema>, required: ReadonlyArray<string> = []): JsonSchema => ({
  type: "object",
  title,
  description,
  properties,
  ...(required.length > 0 ? { required } : {})
})

export const INVOICE_SCHEMA = object("Invoice", "A supplier invoice", {
  invoice_number: str("The invoice number or identifier as printed"),
  invoice_date: date("Date the invoice was issued"),
  due_date: date("Date payment is due"),
  vendor_name: str("Legal name of the company issuing the invoice (the seller)"),
  customer_name: str("Name of the company or person billed (the buyer)"),
  currency,
  subtotal: num("Sum of the line items before tax"),
  tax: num("Total tax (VAT or sales tax) amount"),
  total: num("Total amount of the invoice including tax"),
  line_items: {
    type: "array",
    description: "The invoiced lines, in order",
    items: object("Line item", "One invoiced line", {
      description: str("What was sold"),
      quantity: num("Quantity or hours"),
      unit_price: num("Price per unit"),
      amount: num("Line amount (quantity times unit price)")
    })
  }
}, ["invoice_number", "total"])

export const RECEIPT_SCHEMA = object("Receipt", "A point-of-sale or online purchase receipt", {
  merchant_name: str("Name of the shop or business that issued the receipt"),
  date: date("Date of the purchase"),
  total: num("Total amount paid"),
  currency,
  payment_method: {
    type: "string",
    description: "How the purchase was paid",
    enum: ["cash", "credit_card", "debit_card", "mobile_payment", "other"]
  }
}, ["merchant_name", "total"])

export const CONTRACT_SCHEMA = object("Contract", "A legal agreement between parties", {
  parties: { type: "array", description: "Legal names of the parties to the agreement, in the order they are introduced", items: { type: "string" } },
  effective_date: date("Date the agreement takes effect"),
  term_months: { type: "integer", description: "Initial term of the agreement in months" },
  governing_law: str("Jurisdiction whose laws govern the agreement, as named in the governing-law clause (for example State of New York, England and Wales)"),
  contract_type: {
    type: "string",
    description: "Kind of agreement",
    enum: ["services_agreement", "nda", "lease", "employment", "license", "supply", "consulting"]
  }
}, ["parties"])

const transactions: JsonSchema = {
  type: "array",
  description: "Every transaction listed, in order",
  items: object("Transaction", "One statement line", {
    date: date("Booking date of the transaction"),
    description: str("Transaction description as printed"),
    amount: num("Signed amount: positive for money in (credits), negative for money out (debits)")
  })
}

export const BANK_STATEMENT_SCHEMA = object("Bank statement", "A bank account statement for one period", {
  account_holder: str("Name of the account holder"),
  account_number: str("Account number or IBAN as printed"),
  statement_period_start: date("First day of the statement period"),
  statement_period_end: date("Last day of the statement period"),
  opening_balance: num("Balance at the start of the period"),
  closing_balance: num("Balance at the end of the period"),
  currency,
  transactions
}, ["account_number", "closing_balance"])

export const BANK_EXPORT_SCHEMA = object("Bank transactions export", "Transactions exported from online banking", {
  account_number: str("Account number or IBAN the transactions belong to"),
  currency,
  transactions
})

export const INVOICE_REGISTER_SCHEMA = object("Invoice register", "A list of issued invoices", {
  company_name: str("Company that issued the invoices"),
  currency,
  invoices: {
    type: "array",
    description: "Every invoice listed, in order",
    items: object("Invoice entry", "One row of the register", {
      invoice_number: str("Invoice number"),
      invoice_date: date("Invoice date"),
      customer_name: str("Customer billed"),
      amount: num("Invoice amount including tax")
    })
  },
  total_amount: num("Sum of all invoice amounts")
})

export const EXPENSE_REPORT_SCHEMA = object("Expense report", "An employee expense claim", {
  employee_name: str("Employee claiming the expenses"),
  department: str("Department of the employee"),
  currency,
  total: num("Total amount claimed"),
  expenses: {
    type: "array",
    description: "Every expense line, in order",
    items: object("Expense", "One expense line", {
      date: date("Date of the expense"),
      category: str("Expense category such as Travel, Meals or Lodging"),
      description: str("What the expense was for"),
      amount: num("Amount of the expense")
    })
  }
})

export const FINANCIALS_SCHEMA = object("Financial statements", "Summary figures from a company's financial statements", {
  company_name: str("Company the statements are for"),
  period_end: date("End date of the reporting period"),
  currency,
  revenue: num("Total revenue for the period"),
  net_income: num("Net income (profit after tax) for the period"),
  total_assets: num("Total assets at the period end"),
  total_liabilities: num("Total liabilities at the period end"),
  total_equity: num("Total equity at the period end")
})
