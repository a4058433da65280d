/**
 * A payment method read from a card's or wallet's brand (`layout/payments.ts`): till slips print
 * "DEBIT MASTERCARD" or "Apple Pay", an enum asks for the kind. Wordings no evaluation set uses.
 */
import { describe, expect, it } from "vitest"
import { extractFromText } from "./local-extract-fixture.js"
import { withPaymentKinds } from "../../src/intelligence/local/layout/payments.js"

const SLIP = {
  type: "object",
  properties: {
    shop: { type: "string", description: "Name of the shop" },
    paid_by: { type: "string", description: "How it was paid", enum: ["cash", "credit_card", "debit_card", "mobile_payment", "other"] }
  }
}

const slip = (payment: string) => `BRAMBLE & OAK DELI\n\n2 x Rye loaf 7.00\nTOTAL 7.00\n\n${payment}\n\nThank you for shopping local`

describe("payment kinds", () => {
  it("a scheme's kind follows its brand; Visa and Mastercard alone say only 'card'", () => {
    expect(withPaymentKinds("VISA DEBIT ****0042")).toBe("VISA DEBIT debit card ****0042")
    expect(withPaymentKinds("Maestro")).toBe("Maestro debit card")
    expect(withPaymentKinds("American Express")).toBe("American Express credit card")
    expect(withPaymentKinds("Mastercard")).toBe("Mastercard card")
    expect(withPaymentKinds("Paid by Google Pay")).toBe("Paid by Google Pay mobile payment")
  })

  it("words that only look like a scheme are left alone", () => {
    expect(withPaymentKinds("Diners welcome, discover our menu")).toBe("Diners welcome, discover our menu")
    expect(withPaymentKinds("MC Hammer")).toBe("MC Hammer")
  })

  it("an enum of kinds takes the kind the brand names", () => {
    expect(extractFromText(SLIP, slip("DEBIT MASTERCARD  7.00")).paid_by).toBe("debit_card")
    expect(extractFromText(SLIP, slip("AMEX ************1009")).paid_by).toBe("credit_card")
    expect(extractFromText(SLIP, slip("Paid with Apple Pay")).paid_by).toBe("mobile_payment")
    expect(extractFromText(SLIP, slip("CASH 10.00  CHANGE 3.00")).paid_by).toBe("cash")
  })

  it("'VISA' alone names no kind, so neither card enum is guessed", () => {
    expect(extractFromText(SLIP, slip("VISA 7.00")).paid_by ?? null).toBeNull()
  })
})
