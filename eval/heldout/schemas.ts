/**
 * Extraction schemas for the held-out categories the first set does not have, written as a user
 * of spec 2 would: plain JSON Schema with a description per property. Invoices, receipts,
 * contracts and bank statements use the first set's schemas (lib/truth.ts).
 */
import type { JsonSchema } from "../lib/truth.js"

const str = (description: string): JsonSchema => ({ type: "string", description })
const num = (description: string): JsonSchema => ({ type: "number", description })
const date = (description: string): JsonSchema => ({ type: "string", description: `${description} (ISO date YYYY-MM-DD)` })
const currency: JsonSchema = { type: "string", description: "ISO 4217 currency code of the amounts, such as USD, EUR or GBP" }
const object = (title: string, description: string, properties: Record<string, JsonSchema>): JsonSchema => ({ type: "object", title, description, properties })

export const PURCHASE_ORDER_SCHEMA = object("Purchase order", "An order a buyer sends to a supplier", {
  po_number: str("The purchase order number as printed"),
  order_date: date("Date the order was placed"),
  buyer_name: str("Company placing the order (the buyer)"),
  supplier_name: str("Company the order is sent to (the supplier or vendor)"),
  currency,
  total: num("Total amount of the order"),
  line_items: {
    type: "array",
    description: "The ordered lines, in order",
    items: object("Order line", "One ordered line", {
      description: str("What is ordered"),
      quantity: num("Quantity ordered"),
      unit_price: num("Price per unit"),
      amount: num("Line amount")
    })
  }
})

const payLine = (what: string): JsonSchema => ({
  type: "array",
  description: `Every ${what} line, in order`,
  items: object(what, `One ${what} line`, { description: str(`Name of the ${what}`), amount: num(`Amount of the ${what} for this period`) })
})

export const PAYSLIP_SCHEMA = object("Payslip", "An employee's pay statement for one pay period", {
  employee_name: str("Name of the employee paid"),
  employer_name: str("Name of the employer"),
  pay_date: date("Date the pay is paid"),
  period_start: date("First day of the pay period"),
  period_end: date("Last day of the pay period"),
  currency,
  gross_pay: num("Gross pay for the period (total earnings)"),
  net_pay: num("Net pay for the period (paid to the employee)"),
  earnings: payLine("earning"),
  deductions: payLine("deduction")
})

export const INSURANCE_POLICY_SCHEMA = object("Insurance policy", "An insurance policy schedule or certificate", {
  policy_number: str("The policy number as printed"),
  insurer_name: str("Insurance company that issues the policy"),
  policyholder_name: str("Name of the insured or policyholder"),
  effective_date: date("Date the cover starts"),
  expiry_date: date("Date the cover ends"),
  currency,
  annual_premium: num("Premium for the policy period"),
  coverages: {
    type: "array",
    description: "Every coverage listed in the schedule, in order",
    items: object("Coverage", "One coverage of the policy", {
      coverage: str("Name of the coverage"),
      limit: num("Limit of liability or sum insured for the coverage"),
      deductible: num("Deductible or excess for the coverage")
    })
  }
})
