/**
 * `financial`: the documents of accounting, treasury, payroll and tax — what a finance team or an
 * accountant files — and an ontology adding ledger accounts, transactions, tax and reporting
 * periods to the generic one.
 */
import type { DomainDraft, Ontology, TaxonomyClass } from "../domain-definition.js"
import { edge, klass, node } from "./build.js"
import { CORRESPONDENCE_CLASSES, GENERIC_ONTOLOGY } from "./generic.js"

export const FINANCIAL_CLASSES: ReadonlyArray<TaxonomyClass> = [
  ...CORRESPONDENCE_CLASSES,
  klass("accounts_payable", "supplier_invoice", "An invoice received from a supplier or vendor requesting payment for goods or services, with invoice number, line items, VAT/sales tax and due date.", ["bill", "vendor invoice", "purchase invoice", "AP invoice"], "invoice"),
  klass("accounts_payable", "purchase_order", "A purchase order issued to a supplier authorising a purchase at stated quantities and prices.", ["PO", "purchase requisition"]),
  klass("accounts_payable", "goods_received_note", "A record that ordered goods were received, used in three-way matching with the purchase order and invoice.", ["GRN", "receiving report", "delivery note"]),
  klass("accounts_payable", "supplier_statement", "A supplier's statement of account listing invoices, payments and the balance owed to them.", ["vendor statement", "SOA", "statement of account"]),
  klass("accounts_payable", "remittance_advice", "A notice sent with or after a payment telling the payee which invoices it settles.", ["remittance", "payment advice", "remittance slip"]),
  klass("accounts_payable", "payment_run", "A payment proposal or batch listing supplier payments approved for release.", ["payment batch", "BACS run", "check run", "payment proposal"]),
  klass("accounts_receivable", "sales_invoice", "An invoice issued by the entity to a customer for goods or services sold.", ["customer invoice", "AR invoice", "tax invoice"], "invoice"),
  klass("accounts_receivable", "credit_note", "A document reducing an amount previously invoiced (return, discount, correction), referencing the original invoice.", ["credit memo", "credit memorandum"]),
  klass("accounts_receivable", "debit_note", "A document increasing an amount owed, or a buyer's claim against a supplier.", ["debit memo"]),
  klass("accounts_receivable", "receipt", "A receipt acknowledging money received: till receipt, cash receipt, card slip.", ["cash receipt", "proof of payment", "till slip"]),
  klass("accounts_receivable", "aged_debtors_report", "A report of amounts customers owe, split into ageing buckets (current, 30, 60, 90+ days).", ["aged receivables", "AR ageing", "debtors ageing"]),
  klass("accounts_receivable", "dunning_letter", "A payment reminder or demand for overdue invoices.", ["payment reminder", "collection letter", "final demand"]),
  klass("banking", "bank_statement", "A bank's statement for an account and period: opening balance, dated transactions, closing balance.", ["account statement", "bank extract"]),
  klass("banking", "bank_reconciliation", "A reconciliation of the ledger cash balance to the bank statement balance, listing reconciling items.", ["bank rec", "cash reconciliation"]),
  klass("banking", "payment_confirmation", "A bank's confirmation that a transfer or payment was executed (wire confirmation, SWIFT MT103).", ["wire confirmation", "transfer confirmation", "MT103"]),
  klass("banking", "loan_agreement", "A loan or credit facility agreement: lender, borrower, principal, interest, repayment schedule and covenants.", ["facility agreement", "credit agreement", "loan contract"]),
  klass("banking", "loan_statement", "A lender's statement of a loan's balance, interest charged and repayments.", ["mortgage statement", "amortisation schedule"]),
  klass("accounting_records", "general_ledger", "A general ledger listing or detail: postings by account with dates, references, debits, credits and balances.", ["GL", "nominal ledger", "GL detail"]),
  klass("accounting_records", "trial_balance", "A list of every ledger account with its debit or credit balance at a date, totals agreeing.", ["TB", "trial balance report"]),
  klass("accounting_records", "journal_entry", "A journal or journal voucher recording debits and credits with narrative and approval.", ["journal", "JE", "journal voucher", "manual journal"]),
  klass("accounting_records", "chart_of_accounts", "The list of ledger accounts with codes, names and types.", ["COA", "account list"]),
  klass("accounting_records", "fixed_asset_register", "A register of fixed assets with cost, acquisition date, depreciation and net book value.", ["asset register", "FAR", "depreciation schedule"]),
  klass("accounting_records", "inventory_listing", "A listing or count of inventory items with quantities and values.", ["stock list", "stock count", "inventory count sheet"]),
  klass("financial_statements", "balance_sheet", "A statement of financial position: assets, liabilities and equity at a date.", ["statement of financial position"]),
  klass("financial_statements", "income_statement", "A statement of profit or loss: revenue, expenses and result for a period.", ["profit and loss", "P&L", "statement of comprehensive income"]),
  klass("financial_statements", "cash_flow_statement", "A statement of cash flows from operating, investing and financing activities for a period.", ["statement of cash flows", "cash flow"]),
  klass("financial_statements", "annual_report", "A complete set of annual financial statements with notes, directors' report or annual report.", ["annual accounts", "statutory accounts", "10-K", "financial statements"]),
  klass("financial_statements", "management_accounts", "Monthly or quarterly internal management reports: P&L against budget, KPIs, commentary.", ["management pack", "monthly report", "flash report"]),
  klass("planning", "budget", "A budget or forecast of revenue, costs and cash by period.", ["forecast", "financial plan", "cash flow forecast"]),
  klass("planning", "financial_model", "A financial model or valuation workbook: projections, scenarios, DCF.", ["valuation model", "business plan model"]),
  klass("payroll", "payslip", "An employee's pay statement for a period: gross pay, deductions, taxes and net pay.", ["pay stub", "salary slip", "pay advice"]),
  klass("payroll", "payroll_report", "A payroll register or summary for a pay period covering all employees.", ["payroll register", "payroll journal", "payroll summary"]),
  klass("payroll", "employee_tax_form", "A year-end employee tax form: W-2, P60, P45, 1099 or equivalent.", ["W-2", "P60", "P45", "1099"]),
  klass("tax", "tax_return", "A tax return or filing to a tax authority: corporate income tax, VAT/GST or sales tax return.", ["tax filing", "VAT return", "GST return", "corporation tax return"]),
  klass("tax", "tax_assessment", "A tax authority's assessment, notice or demand stating tax due or refunded.", ["tax notice", "notice of assessment", "tax bill"]),
  klass("tax", "tax_computation", "A working computing taxable profit or tax due from accounting profit.", ["tax comp", "tax provision workpaper"]),
  klass("expenses", "expense_claim", "An employee expense claim with receipts, mileage or per-diem, for reimbursement.", ["expense report", "T&E claim", "reimbursement request"]),
  klass("expenses", "card_statement", "A corporate or credit card statement listing card transactions.", ["credit card statement", "corporate card statement", "Amex statement"])
]

export const FINANCIAL_ONTOLOGY: Ontology = {
  node_types: [
    ...GENERIC_ONTOLOGY.node_types,
    node("ledger_account", 2, "An account of the chart of accounts (code and name), such as 4000 Revenue."),
    node("transaction", 2, "A financial transaction: payment, receipt, transfer, journal posting."),
    node("invoice", 2, "An invoice or credit note as an instrument: number, parties, amount, due date."),
    node("tax", 2, "A tax, levy or duty (VAT, income tax, withholding tax) and its rate."),
    node("period", 3, "A reporting or accounting period: month, quarter, fiscal year."),
    node("currency", 3, "A currency code such as EUR or USD.")
  ],
  edge_types: [
    ...GENERIC_ONTOLOGY.edge_types,
    edge("billed_to", ["invoice"], ["organisation", "person"], "The invoice is addressed to the customer who owes it."),
    edge("billed_by", ["invoice"], ["organisation", "person"], "The invoice was issued by the supplier."),
    edge("settles", ["transaction"], ["invoice"], "The payment settles (part of) the invoice."),
    edge("posted_to", ["transaction"], ["ledger_account"], "The transaction is posted to the ledger account."),
    edge("from_account", ["transaction"], ["account"], "Money leaves the account."),
    edge("to_account", ["transaction"], ["account"], "Money arrives in the account."),
    edge("taxed_at", ["invoice", "transaction"], ["tax"], "The tax applies to the invoice or transaction."),
    edge("for_period", ["document", "transaction", "ledger_account"], ["period"], "The item covers or falls in the period."),
    edge("denominated_in", ["amount", "account", "invoice"], ["currency"], "The value is expressed in the currency."),
    edge("owes", ["organisation", "person"], ["organisation", "person"], "The first party owes money to the second (payable, loan).")
  ]
}

export const FINANCIAL: DomainDraft = {
  slug: "financial",
  display_name: "Financial",
  parent_slug: null,
  taxonomy: { classes: FINANCIAL_CLASSES, allow_other: true },
  ontology: FINANCIAL_ONTOLOGY
}
