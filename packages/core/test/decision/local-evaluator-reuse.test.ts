import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { evaluateLocally } from "../../src/decision/evaluator/local/index.js"
import type { Question, Questions } from "../../src/decision/question.js"

// The local evaluator reuses its index and scratch buffers from one call to the next (they only
// grow); stale data of an earlier call must never reach the answers of a later one.

const words = fc.constantFrom(
  "invoice", "paid", "unpaid", "not", "total", "customer", "angry", "happy", "very", "refund", "nonrefundable",
  "order", "shipped", "delivered", "1,500", "120.5", "no", "overdue", "invoices", "payment", "東京", "café"
)
const text = fc.array(words, { maxLength: 12 }).map((ws) => ws.join(" "))
const stateArb = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom("paid", "status", "total", "message", "customer", "items", "invoiceNumber"), fc.oneof(text, fc.double(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 4 })), { maxKeys: 6 })
)
const questionArb: fc.Arbitrary<Question> = fc.oneof(
  fc.record({ type: fc.constant("noul" as const), instructions: text }),
  fc.record({ type: fc.constant("noul" as const), instructions: text, criteria: fc.record({ true: text, false: text }) }),
  fc.record({ type: fc.constant("choice" as const), instructions: text, criteria: fc.dictionary(words, fc.option(text, { nil: null }), { minKeys: 1, maxKeys: 4 }) }),
  fc.record({ type: fc.constant("score" as const), criteria: fc.array(text, { minLength: 1, maxLength: 5 }) })
)
const questionsArb = fc.dictionary(fc.string({ maxLength: 4 }), questionArb, { minKeys: 1, maxKeys: 4 })

/** A state much larger than the others: every buffer grows past what they use. */
const large = {
  documents: Array.from({ length: 40 }, (_, i) => ({
    id: `DOC-${i}`,
    total: i * 137.5,
    paid: i % 3 === 0,
    notes: `Invoice ${i} for customer ${i % 7} is ${i % 2 === 0 ? "not paid" : "paid"}. The customer is ${i % 5 === 0 ? "angry" : "happy"} about the delivery. `.repeat(8)
  }))
}
const largeQuestions: Questions = {
  paid: { type: "noul", instructions: "Has the invoice been paid?" },
  mood: { type: "choice", instructions: "How does the customer feel?", criteria: { angry: "upset or furious", calm: null } },
  big: { type: "noul", instructions: "Is the total above 1000?" }
}

describe("evaluateLocally: consecutive calls", () => {
  it("answers a request the same whatever was evaluated before", () => {
    fc.assert(
      fc.property(stateArb, questionsArb, stateArb, questionsArb, (state, qs, other, otherQs) => {
        const first = JSON.stringify(evaluateLocally(state, qs))
        evaluateLocally(other, otherQs)
        expect(JSON.stringify(evaluateLocally(state, qs))).toBe(first)
        evaluateLocally(large, largeQuestions)
        expect(JSON.stringify(evaluateLocally(state, qs))).toBe(first)
      }),
      { numRuns: 150 }
    )
  })

  it("answers a large request the same after small ones", () => {
    const first = JSON.stringify(evaluateLocally(large, largeQuestions))
    evaluateLocally({ invoice: { number: "INV-1", total: 120.5, paid: false } }, { paid: { type: "noul", instructions: "Has the invoice been paid?" } })
    expect(JSON.stringify(evaluateLocally(structuredClone(large), largeQuestions))).toBe(first)
  })
})
