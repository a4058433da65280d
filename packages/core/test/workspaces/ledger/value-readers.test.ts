import { describe, expect, it } from "vitest"
import { amountOf, amountText } from "../../../src/workspaces/ledger/decimal-amount.js"
import { compact, headerMatches } from "../../../src/workspaces/ledger/field-vocabulary.js"
import { detectDateFormat, detectNumberFormat, readDate, readNumber } from "../../../src/workspaces/ledger/value-readers.js"

describe("amounts", () => {
  it("are exact millionths: sums of many decimals do not drift", () => {
    const sum = Array.from({ length: 1000 }, () => amountOf("0.1")!).reduce((a, b) => a + b, 0n)
    expect(amountText(sum)).toBe("100")
    expect(amountText(amountOf("-1234.5")!)).toBe("-1234.5")
    expect(amountText(amountOf("0.0000005")!)).toBe("0.000001")
    expect(amountOf("1,234")).toBeNull()
  })
  it("read point-decimal, comma-decimal, accounting negatives, trailing minus and currencies", () => {
    expect(readNumber("1,234.56", ".")).toEqual({ value: "1234.56", currency: null })
    expect(readNumber("1.234,56", ",")).toEqual({ value: "1234.56", currency: null })
    expect(readNumber("1 234,56 €", ",")).toEqual({ value: "1234.56", currency: "EUR" })
    expect(readNumber("(1,234.50)", ".")).toEqual({ value: "-1234.5", currency: null })
    expect(readNumber("1.234,56-", ",")).toEqual({ value: "-1234.56", currency: null })
    expect(readNumber("USD -12.00", ".")).toEqual({ value: "-12", currency: "USD" })
    expect(readNumber("1'234.00 CHF", ".")).toEqual({ value: "1234", currency: "CHF" })
    expect(readNumber("12a", ".")).toBeNull()
    expect(readNumber("1.234,56", ".")).toBeNull()
  })
  it("detect the decimal separator of a column by its values", () => {
    expect(detectNumberFormat(["1.234,56", "12,00", "-3,5"], "text")).toMatchObject({ decimal_separator: ",", thousands_separator: ".", negative_style: "minus" })
    expect(detectNumberFormat(["1,234.56", "(12.00)"], "text")).toMatchObject({ decimal_separator: ".", thousands_separator: ",", negative_style: "parentheses" })
    expect(detectNumberFormat(["12,50-", "3,00"], "text")).toMatchObject({ decimal_separator: ",", negative_style: "trailing_minus" })
    expect(detectNumberFormat(["12.5", "-3"], "numeric")).toMatchObject({ decimal_separator: ".", negative_style: "minus" })
  })
})

describe("dates", () => {
  it("read each format into ISO and refuse impossible dates", () => {
    expect(readDate("31.01.2024", "DD.MM.YYYY")).toBe("2024-01-31")
    expect(readDate("01/31/2024", "MM/DD/YYYY")).toBe("2024-01-31")
    expect(readDate("20240131", "YYYYMMDD")).toBe("2024-01-31")
    expect(readDate("2024-01-31T10:00:00", "YYYY-MM-DD")).toBe("2024-01-31")
    expect(readDate("31.02.2024", "DD.MM.YYYY")).toBeNull()
  })
  it("detect a column's format; a day above 12 settles day-first against month-first", () => {
    expect(detectDateFormat(["31/01/2024", "02/03/2024"])).toEqual({ format: "DD/MM/YYYY", parsed_share: 1, ambiguous: false })
    expect(detectDateFormat(["01/31/2024", "02/03/2024"])).toEqual({ format: "MM/DD/YYYY", parsed_share: 1, ambiguous: false })
    expect(detectDateFormat(["31.01.2024", "15.12.2024"])?.format).toBe("DD.MM.YYYY")
  })
  it("flag a day/month tie as ambiguous and break it by the neighbours' number format", () => {
    expect(detectDateFormat(["01/02/2024", "03/04/2024"])).toEqual({ format: "DD/MM/YYYY", parsed_share: 1, ambiguous: true })
    expect(detectDateFormat(["01/02/2024", "03/04/2024"], true)).toEqual({ format: "MM/DD/YYYY", parsed_share: 1, ambiguous: true })
  })
  it("do not take a column of ordinary numbers for YYYYMMDD dates", () => {
    expect(detectDateFormat(["20240131", "12345678"])).toBeNull()
    expect(detectDateFormat(["hello", "2024-01-01"])).toBeNull()
  })
})

describe("the field vocabulary", () => {
  it("compacts case, accents, punctuation and camel case", () => {
    expect(compact("JE_Number")).toBe(compact("je number"))
    expect(compact("EcritureNum")).toBe("ecriturenum")
    expect(compact("Währung")).toBe("wahrung")
  })
  it("recognises ADS names, abbreviations and other languages", () => {
    const field = (h: string) => headerMatches(h)[0]?.field ?? null
    expect(field("JE_Number")).toBe("entry_id")
    expect(field("Journal_ID")).toBe("entry_id")
    expect(field("Belegnummer")).toBe("entry_id")
    expect(field("EcritureNum")).toBe("entry_id")
    expect(field("GL_Account_Number")).toBe("account")
    expect(field("CompteNum")).toBe("account")
    expect(field("Amount_Credit_Debit_Indicator")).toBe("dc_indicator")
    expect(field("Effective_Date")).toBe("posting_date")
    expect(field("Entered_Date")).toBe("entered_date")
    expect(field("Entered_By")).toBe("user")
    expect(field("Soll")).toBe("debit")
    expect(field("Haber")).toBe("credit")
    expect(field("Account Name")).toBe("account_name")
    expect(field("Amount (EUR)")).toBe("amount")
    expect(field("Colour")).toBeNull()
  })
})
