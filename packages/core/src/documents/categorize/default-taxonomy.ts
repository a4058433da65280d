/**
 * The default general business-document taxonomy (spec 2, categorize: "omitted means a default
 * general business-document taxonomy"). Keys are what results carry; descriptions say what
 * belongs, in the words such documents use (the local classifier matches on them, a model reads
 * them).
 */
import type { TaxonomyCategory } from "../../intelligence/classifier.js"

export const DEFAULT_TAXONOMY: ReadonlyArray<TaxonomyCategory> = [
  {
    key: "invoice",
    description:
      "A bill from a seller asking the buyer to pay for goods or services: invoice number, invoice date, due date, " +
      "bill to, remit to, line items with quantity, unit price and amount, subtotal, tax or VAT, total amount due, " +
      "balance due, payment terms, net 30."
  },
  {
    key: "receipt",
    description:
      "Proof of a payment already made at a store, shop, cafe, restaurant, fuel station or online shop: merchant, " +
      "cashier, till, register, server, table, order, time, transaction, items purchased, subtotal, tax, tip, " +
      "gratuity, total paid, amount tendered, change, cash, card, debit, credit, contactless, visa, mastercard, amex, " +
      "apple pay, google pay, approved, auth code, terminal, returns, exchanges, thanks, thank you for your purchase, " +
      "keep this receipt."
  },
  {
    key: "purchase_order",
    description:
      "A buyer's order to a supplier: purchase order number, PO, order date, ship to, deliver to, vendor, supplier, " +
      "requested delivery date, ordered items with quantities and prices, terms of delivery, authorized by, " +
      "approved by, buyer, requisition."
  },
  {
    key: "quote",
    description:
      "A price quotation, estimate or proposal offered before a sale: quote number, quotation, estimate, valid " +
      "until, proposed prices, offer, acceptance."
  },
  {
    key: "contract",
    description:
      "A legal agreement between parties: agreement, contract, parties, hereby, whereas, terms and conditions, " +
      "effective date, term, termination, obligations, governing law, confidentiality, indemnification, " +
      "liability, warranties, clauses, sections, signatures, witness, lease, license, employment, services."
  },
  {
    key: "bank_statement",
    description:
      "A periodic statement of a bank or credit card account: account number, account holder, statement period, " +
      "opening balance, closing balance, deposits, withdrawals, debits, credits, transactions with dates, " +
      "running balance, IBAN, sort code, branch."
  },
  {
    key: "financial_statement",
    description:
      "Financial reporting of a company: balance sheet, income statement, profit and loss, cash flow statement, " +
      "assets, liabilities, equity, revenue, expenses, net income, EBITDA, fiscal year, quarter, budget, forecast."
  },
  {
    key: "tax_form",
    description:
      "A tax return or tax form: IRS, form W-2, W-9, 1099, 1040, HMRC, taxpayer identification number, tax year, " +
      "taxable income, withholding, deductions, filing status, tax authority."
  },
  {
    key: "payslip",
    description:
      "A pay slip or pay stub for an employee: employee, employer, pay period, pay date, gross pay, net pay, " +
      "salary, wages, hours, overtime, deductions, income tax, social security, national insurance, year to date."
  },
  {
    key: "insurance_document",
    description:
      "An insurance policy, certificate or claim: insurer, insured, policyholder, policy number, premium, " +
      "coverage, deductible, beneficiary, claim number, endorsement."
  },
  {
    key: "identity_document",
    description:
      "An identity document: passport, driver's licence, driver license, national identity card, date of birth, " +
      "nationality, document number, place of birth, expiry, issuing authority."
  },
  {
    key: "resume",
    description:
      "A resume or curriculum vitae of a person: work experience, employment history, education, degree, " +
      "university, skills, certifications, references, objective, profile."
  },
  {
    key: "correspondence",
    description:
      "A letter, memo or e-mail message between people or organisations: dear, sincerely, regards, subject, " +
      "from, to, cc, memorandum, re:, attached, please find, reply."
  },
  {
    key: "report",
    description:
      "A report or analysis: executive summary, introduction, findings, results, analysis, methodology, " +
      "recommendations, conclusion, appendix, figures, chapters."
  },
  {
    key: "form",
    description:
      "A form or application to fill in: application form, applicant, please complete, fill in, check the box, " +
      "signature of applicant, for office use only, registration, request form."
  },
  {
    key: "shipping_document",
    description:
      "A shipping or logistics document: bill of lading, packing list, delivery note, waybill, consignee, " +
      "shipper, carrier, tracking number, shipment, freight, cartons, weight, port of loading."
  }
]
