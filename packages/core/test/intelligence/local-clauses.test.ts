/**
 * The local engine reading values out of clauses (`layout/clauses.ts`): defined terms, passive
 * agents, periods; the label phrases of bills ("Bill number", "before VAT", "From"/"To"); a payroll
 * table whose earnings column is headed "Payments".
 * Small fixtures written for these tests, in wordings no evaluation set uses.
 */
import { describe, expect, it } from "vitest"
import { extractFromText } from "./local-extract-fixture.js"
import { definedTerms, eventDates, passiveAgents, periodsIn } from "../../src/intelligence/local/layout/clauses.js"

const extract = (schema: unknown, markdown: string) => extractFromText(schema, markdown)

describe("clauses", () => {
  it("defined terms: the name before its role in parentheses, quoted or not, with 'hereinafter'", () => {
    expect(definedTerms(`This lease is made by Oakridge Property Holdings LLC (the "Landlord") and Maria Lopez ("Tenant").`)).toEqual([
      { name: "Oakridge Property Holdings LLC", role: "landlord" },
      { name: "Maria Lopez", role: "tenant" }
    ])
    expect(definedTerms("between Bank of Scotland plc (hereinafter the “Lender”) and others")).toEqual([{ name: "Bank of Scotland plc", role: "lender" }])
    // a role naming the document is no party
    expect(definedTerms(`This Master Services Agreement (the "Agreement") is entered into`)).toEqual([])
  })

  it("passive agents: the capitalised name after '<verb>ed by', up to the next plain word", () => {
    expect(passiveAgents("This certificate is signed by Dr. Ana Ruiz on behalf of the board.")).toEqual([{ name: "Dr. Ana Ruiz", verb: "sign" }])
    expect(passiveAgents("governed by the laws of Ireland")).toEqual([])
  })

  it("periods: two dates joined by to, until, through, and or a dash; not two dates apart", () => {
    expect(periodsIn("Cover applies from 3 March 2026 until 2 March 2027 inclusive.", "day-first")).toEqual([{ start: "2026-03-03", end: "2027-03-02" }])
    expect(periodsIn("Term: 2026-01-01 – 2026-12-31", "day-first")).toEqual([{ start: "2026-01-01", end: "2026-12-31" }])
    expect(periodsIn("Signed on 2026-01-01 and delivered on 2026-02-01 at the office.", "day-first")).toEqual([])
    // an end before its start is no period
    expect(periodsIn("from 2027-01-01 to 2026-01-01", "day-first")).toEqual([])
  })

  it("event dates: a date a verb starts or ends, not any date", () => {
    expect(eventDates("The engagement commences on 2 February 2026 and expires on the 1 February 2027.", "day-first")).toEqual([
      { date: "2026-02-02", kind: "start" }, { date: "2027-02-01", kind: "end" }
    ])
    expect(eventDates("Invoice dated 2026-02-02, paid 2026-02-10.", "day-first")).toEqual([])
  })
})

const LEASE = {
  type: "object",
  properties: {
    landlord_name: { type: "string", description: "Owner letting the property" },
    tenant_name: { type: "string", description: "Person renting the property" },
    lease_start: { type: "string", description: "First day of the lease (YYYY-MM-DD)" },
    lease_end: { type: "string", description: "Last day of the lease (YYYY-MM-DD)" },
    monthly_rent: { type: "number", description: "Rent due each month" }
  }
}

const WARRANTY = {
  type: "object",
  properties: {
    manufacturer: { type: "string", description: "Company that grants the warranty" },
    holder_name: { type: "string", description: "Name of the purchaser or holder" },
    valid_from: { type: "string", description: "Date the warranty starts" },
    valid_until: { type: "string", description: "Date the warranty ends" }
  }
}

describe("values from clauses", () => {
  it("a lease in running text: parties by their defined roles, the term's two ends, the rent after its head word", () => {
    const data = extract(LEASE,
      `RESIDENTIAL LEASE\n\nThis lease is made by Oakridge Property Holdings LLC (the "Landlord") and Maria Lopez (the "Tenant"). ` +
      `The lease runs from 1 September 2026 to 31 August 2027. The rent payable each month is $1,850.00, due on the first day of the month.`)
    expect(data).toEqual({ landlord_name: "Oakridge Property Holdings LLC", tenant_name: "Maria Lopez", lease_start: "2026-09-01", lease_end: "2027-08-31", monthly_rent: 1850 })
  })

  it("an agent of the field's own verb, a role named only in the description, a period in the sentence that shares the field's words", () => {
    const data = extract(WARRANTY,
      `WARRANTY CERTIFICATE\n\nOffice hours run from 2026-01-05 to 2026-01-09 for registration.\n\n` +
      `This warranty is granted by Kestrel Appliances GmbH to Tomasz Nowak (the "Purchaser"). The warranty is valid from 12/05/2026 to 11/05/2028.`)
    expect(data).toEqual({ manufacturer: "Kestrel Appliances GmbH", holder_name: "Tomasz Nowak", valid_from: "2026-05-12", valid_until: "2028-05-11" })
  })
})

describe("the agent's side", () => {
  it("a field that undergoes the verb ('Company or person billed') does not take the agent of 'billed by'", () => {
    const data = extract({ type: "object", properties: { customer_name: { type: "string", description: "Company or person billed" } } },
      "STATEMENT OF SERVICES\n\nThe services listed below are billed by Harrow Consulting Ltd at the agreed rates.")
    expect(data).toEqual({ customer_name: null })
  })
})

describe("a start from its verb", () => {
  it("a start field with no label and no period takes the date the text says something begins on", () => {
    const data = extract({ type: "object", properties: { start_date: { type: "string", description: "Date the engagement starts" }, end_date: { type: "string" } } },
      "CONSULTING LETTER\n\nThe engagement commences on 2 February 2026 and remains in force until 31 July 2026.")
    expect(data).toEqual({ start_date: "2026-02-02", end_date: "2026-07-31" })
  })
})

const BILL = {
  type: "object",
  properties: {
    invoice_number: { type: "string" },
    invoice_date: { type: "string", description: "Date issued" },
    due_date: { type: "string" },
    customer_name: { type: "string" },
    subtotal: { type: "number" },
    total: { type: "number" },
    period_start: { type: "string", description: "First day billed" },
    period_end: { type: "string", description: "Last day billed" }
  }
}

describe("the labels of bills", () => {
  it("'Bill number' and 'Bill date' are the invoice's, 'Bill to' still the customer; 'excl. VAT' is the subtotal; 'Direct debit on' the due date; 'From' and 'To' a period's ends", () => {
    const data = extract(BILL,
      "WATER BILL\n\nBill to: Henrik Dahl\nBill number: WB-20931\nBill date: 02/03/2026\nDirect debit on: 16/03/2026\n\nBilling period\nFrom: 01/02/2026\nTo: 28/02/2026\n\n" +
      "Amount excl. VAT: 40.00\nTotal: 48.00")
    expect(data).toEqual({
      invoice_number: "WB-20931", invoice_date: "2026-03-02", due_date: "2026-03-16", customer_name: "Henrik Dahl", subtotal: 40, total: 48,
      period_start: "2026-02-01", period_end: "2026-02-28"
    })
  })
})

const PAYSLIP = {
  type: "object",
  properties: {
    net_pay: { type: "number" },
    earnings: { type: "array", items: { type: "object", properties: { description: { type: "string", description: "Name of the earning" }, amount: { type: "number" } } } },
    deductions: { type: "array", items: { type: "object", properties: { description: { type: "string", description: "Name of the deduction" }, amount: { type: "number" } } } }
  }
}

describe("a payroll table", () => {
  it("'Payments' and 'Deductions' columns beside the elements' names are the earnings and the deductions, though 'Pay element' also speaks of pay", () => {
    const data = extract(PAYSLIP,
      "PAY ADVICE\n\nPay element\tPayments\tDeductions\nSalary\t2,100.00\t\nHoliday pay\t180.50\t\nPAYE tax\t\t310.20\nStudent loan\t\t42.00\n\nNet pay: 1,928.30")
    expect(data).toEqual({
      net_pay: 1928.3,
      earnings: [{ description: "Salary", amount: 2100 }, { description: "Holiday pay", amount: 180.5 }],
      deductions: [{ description: "PAYE tax", amount: 310.2 }, { description: "Student loan", amount: 42 }]
    })
  })
})

const ENGAGEMENT = {
  type: "object",
  properties: {
    start_date: { type: "string", description: "Date the engagement starts" },
    end_date: { type: "string", description: "Date the engagement ends" },
    signed_date: { type: "string", description: "Date the agreement was signed" }
  }
}

describe("a bare date label beside a clause's period", () => {
  it("'Date:' is the document's date; the start and end come from the clause that writes them", () => {
    expect(extract(ENGAGEMENT, "CONSULTING AGREEMENT\n\nDate: 3 February 2027\n\nThe engagement commences on 1 March 2027 and ends on 31 August 2027.")).toEqual({
      start_date: "2027-03-01", end_date: "2027-08-31", signed_date: "2027-02-03"
    })
    expect(extract(ENGAGEMENT, "CONSULTING AGREEMENT\n\nDated 3 February 2027\n\nThe engagement runs from 1 March 2027 to 31 August 2027.")).toMatchObject({
      start_date: "2027-03-01", end_date: "2027-08-31"
    })
  })

  it("a label naming the period's end still wins over the clause", () => {
    expect(extract(ENGAGEMENT, "CONSULTING AGREEMENT\n\nEnd date: 30 September 2027\n\nThe engagement commences on 1 March 2027 and ends on 31 August 2027.")).toMatchObject({
      end_date: "2027-09-30"
    })
  })
})

describe("a phrase after the field's words", () => {
  const LAW = { type: "object", properties: { governing_law: { type: "string", description: "Jurisdiction whose laws govern the agreement" } } }

  it("is the name after one of them, not the words after their last use", () => {
    expect(extract(LAW, "MAINTENANCE AGREEMENT\n\nThis Agreement is governed by the laws of the Province of Ontario, without regard to its conflict of laws rules.").governing_law).toBe("Province of Ontario")
  })

  it("a heading naming the field ends its sentence without a value; the clause after it gives one", () => {
    expect(extract(LAW, "MAINTENANCE AGREEMENT\n\n9. Governing law. Any dispute is governed by the laws of Quebec.").governing_law).toBe("Quebec")
  })
})
