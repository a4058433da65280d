import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { evaluateLocally } from "../../src/decision/evaluator/local/index.js"
import type { Answer, ChoiceAnswer, NoulAnswer, Question, Questions, ScoreAnswer } from "../../src/decision/question.js"

// ------------------------------------------------------------------ helpers

const noul = (state: unknown, question: Omit<Extract<Question, { type: "noul" }>, "type">): number =>
  (evaluateLocally(state, { q: { type: "noul", ...question } }).q as NoulAnswer).noul

const choice = (state: unknown, criteria: Record<string, string | null>, instructions?: string): ChoiceAnswer =>
  evaluateLocally(state, { q: { type: "choice", criteria, instructions } }).q as ChoiceAnswer

const score = (state: unknown, criteria: ReadonlyArray<string>, instructions?: string): ScoreAnswer =>
  evaluateLocally(state, { q: { type: "score", criteria, instructions } }).q as ScoreAnswer

/** Same JSON value, object keys in reverse order (recursively). */
const reverseKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reverseKeys)
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.keys(value).reverse().map((k) => [k, reverseKeys((value as Record<string, unknown>)[k])]))
  }
  return value
}

const isProbability = (x: number): boolean => Number.isFinite(x) && x >= 0 && x <= 1
const decimals = (x: number): boolean => Math.abs(x * 1e6 - Math.round(x * 1e6)) < 1e-6

/** Checks every documented invariant of an answer to a question. */
const expectValid = (question: Question, answer: Answer | undefined): void => {
  expect(answer).toBeDefined()
  expect(answer!.type).toBe(question.type)
  switch (question.type) {
    case "noul": {
      const a = answer as NoulAnswer
      expect(isProbability(a.noul)).toBe(true)
      expect(a.noul).toBeGreaterThanOrEqual(0.02)
      expect(a.noul).toBeLessThanOrEqual(0.98)
      expect(decimals(a.noul)).toBe(true)
      break
    }
    case "choice": {
      const a = answer as ChoiceAnswer
      const labels = Object.keys(question.criteria)
      expect(Object.keys(a.probabilities).sort()).toEqual([...labels].sort())
      const ps = labels.map((l) => a.probabilities[l]!)
      for (const p of ps) {
        expect(isProbability(p)).toBe(true)
        expect(decimals(p)).toBe(true)
      }
      expect(Math.abs(ps.reduce((x, y) => x + y, 0) - 1)).toBeLessThanOrEqual(1e-9)
      expect(labels).toContain(a.choice)
      expect(a.confidence).toBe(a.probabilities[a.choice])
      expect(a.confidence).toBe(Math.max(...ps))
      break
    }
    case "score": {
      const a = answer as ScoreAnswer
      const levels = question.criteria
      expect(a.probabilities).toHaveLength(levels.length)
      for (const p of a.probabilities) {
        expect(isProbability(p)).toBe(true)
        expect(decimals(p)).toBe(true)
      }
      expect(Math.abs(a.probabilities.reduce((x, y) => x + y, 0) - 1)).toBeLessThanOrEqual(1e-9)
      expect(Number.isInteger(a.score)).toBe(true)
      expect(a.probabilities[a.score]).toBe(Math.max(...a.probabilities))
      expect(a.probabilities.indexOf(Math.max(...a.probabilities))).toBe(a.score)
      expect(a.level).toBe(levels[a.score])
      expect(a.confidence).toBe(a.probabilities[a.score])
      const expected = a.probabilities.reduce((acc, p, i) => acc + i * p, 0)
      expect(Math.abs(a.expected_score - expected)).toBeLessThanOrEqual(1e-6)
      expect(a.expected_score).toBeGreaterThanOrEqual(0)
      expect(a.expected_score).toBeLessThanOrEqual(levels.length - 1)
      break
    }
  }
}

const expectAllValid = (questions: Questions, answers: ReturnType<typeof evaluateLocally>): void => {
  expect(Object.keys(answers)).toEqual(Object.keys(questions))
  for (const name of Object.keys(questions)) expectValid(questions[name]!, answers[name])
}

// ------------------------------------------------------------------ fixtures

const overdueInvoice = {
  document: {
    title: "Invoice INV-2024-0042",
    issued: "2024-01-15",
    due_date: "2024-02-14",
    status: "overdue",
    amount_due: 1250.5,
    currency: "EUR",
    paid: false,
    notes: "Payment reminder: this invoice is 30 days overdue. Please pay the outstanding balance to avoid late fees."
  }
}

const angryComplaint = {
  ticket: {
    customer: "Dana Smith",
    channel: "email",
    message:
      "I am absolutely furious. The blender broke after two days, nobody answers my emails and I was charged twice. This is unacceptable!"
  }
}

const calmThanks = {
  ticket: {
    customer: "Dana Smith",
    channel: "email",
    message: "Thank you so much for the quick help, the replacement works perfectly. Have a lovely day!"
  }
}

const angryQuestion = {
  instructions: "Is the customer angry?",
  criteria: { true: "customer is angry, furious, upset" }
} as const

const documentTypes = {
  invoice: "a bill requesting payment for goods or services",
  contract: "an agreement between parties setting terms and obligations",
  receipt: "proof that a payment has been completed"
}

const sentimentLevels = ["very negative", "negative", "neutral", "positive", "very positive"]

// ------------------------------------------------------------------ arbitraries

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.constantFrom("invoice", "paid", "not paid", "angry customer", "total above 1000", "très bien", "東京", "unpaid", ""),
  fc.array(fc.constantFrom("the", "invoice", "is", "not", "paid", "angry", "happy", "very", "1,500", "no", "customer"), { maxLength: 8 }).map((ws) => ws.join(" "))
)

const questionArb: fc.Arbitrary<Question> = fc.oneof(
  fc.record(
    {
      type: fc.constant("noul" as const),
      instructions: fc.option(text, { nil: undefined }),
      criteria: fc.option(
        fc.record({ true: fc.option(text, { nil: undefined }), false: fc.option(text, { nil: undefined }) }, { requiredKeys: [] }),
        { nil: undefined }
      )
    },
    { requiredKeys: ["type"] }
  ),
  fc.record(
    {
      type: fc.constant("choice" as const),
      instructions: fc.option(text, { nil: undefined }),
      criteria: fc.dictionary(text, fc.option(text, { nil: null }), { minKeys: 1, maxKeys: 6 })
    },
    { requiredKeys: ["type", "criteria"] }
  ),
  fc.record(
    {
      type: fc.constant("score" as const),
      instructions: fc.option(text, { nil: undefined }),
      criteria: fc.array(text, { minLength: 1, maxLength: 7 })
    },
    { requiredKeys: ["type", "criteria"] }
  )
)

const questionsArb = fc.dictionary(fc.string({ maxLength: 8 }), questionArb, { minKeys: 1, maxKeys: 5 })

const stateArb = fc.oneof(
  fc.jsonValue(),
  fc.jsonValue({ stringUnit: "binary" }),
  fc.dictionary(fc.constantFrom("paid", "status", "total", "message", "customer", "items"), fc.jsonValue(), { maxKeys: 5 })
)

// ------------------------------------------------------------------ tests

describe("evaluateLocally: validity", () => {
  it("answers every question with valid probabilities, for any JSON state", () => {
    fc.assert(
      fc.property(stateArb, questionsArb, (state, questions) => {
        expectAllValid(questions, evaluateLocally(state, questions))
      }),
      { numRuns: 300 }
    )
  })

  it("keeps the key order of the questions", () => {
    const questions: Questions = {
      zeta: { type: "noul", instructions: "Is it paid?" },
      alpha: { type: "score", criteria: ["low", "high"] },
      "10": { type: "choice", criteria: { a: null, b: null } },
      mid: { type: "noul" }
    }
    expect(Object.keys(evaluateLocally(overdueInvoice, questions))).toEqual(Object.keys(questions))
  })

  it("handles labels and keys that are not plain identifiers", () => {
    // JSON.parse makes "__proto__" an own key, as a request body would
    const questions = JSON.parse(
      '{"__proto__": {"type": "choice", "criteria": {"__proto__": "prototype", "constructor": null, "": "empty label"}},' +
        ' "q": {"type": "score", "criteria": ["same", "same", ""]}}'
    ) as Questions
    const state = JSON.parse('{"__proto__": {"constructor": "x"}, "toString": 1}')
    const answers = evaluateLocally(state, questions)
    expectAllValid(questions, answers)
    expect(Object.keys(answers)).toEqual(["__proto__", "q"])
    expect(Object.keys((answers.__proto__ as ChoiceAnswer).probabilities).sort()).toEqual(["", "__proto__", "constructor"])
  })

  it("survives deep nesting, long strings and odd values", () => {
    let deep: unknown = "bottom of the well: the invoice is paid"
    for (let i = 0; i < 20_000; i++) deep = i % 2 === 0 ? [deep] : { level: deep }
    const odd = { big: 1e308, tiny: -1e-308, neg: -0, nan: Number.NaN, inf: Infinity, long: "word ".repeat(50_000), empty: "", sym: "!!!???..." }
    const questions: Questions = {
      a: { type: "noul", instructions: "Is the invoice paid?" },
      b: { type: "choice", criteria: { paid: null, unpaid: null } },
      c: { type: "score", criteria: ["low", "medium", "high"] },
      d: { type: "noul", instructions: "Is big above 1000?" }
    }
    expectAllValid(questions, evaluateLocally(deep, questions))
    expectAllValid(questions, evaluateLocally(odd, questions))
  })
})

describe("evaluateLocally: determinism", () => {
  const questions: Questions = {
    kind: { type: "choice", instructions: "What kind of document is this?", criteria: documentTypes },
    paid: { type: "noul", instructions: "Has the invoice been paid?" },
    mood: { type: "score", instructions: "Rate the sentiment of the notes", criteria: sentimentLevels },
    big: { type: "noul", instructions: "Is the amount due above 1000?" }
  }

  it("gives the same answers for the same input", () => {
    const first = evaluateLocally(overdueInvoice, questions)
    const second = evaluateLocally(structuredClone(overdueInvoice), structuredClone(questions))
    expect(second).toEqual(first)
    expect(JSON.stringify(second)).toBe(JSON.stringify(first))
  })

  it("does not depend on the key order of state objects", () => {
    expect(evaluateLocally(reverseKeys(overdueInvoice), questions)).toEqual(evaluateLocally(overdueInvoice, questions))
    fc.assert(
      fc.property(stateArb, questionsArb, (state, qs) => {
        expect(evaluateLocally(reverseKeys(state), qs)).toEqual(evaluateLocally(state, qs))
      }),
      { numRuns: 150 }
    )
  })

  it("answers each question independently of the others", () => {
    fc.assert(
      fc.property(stateArb, questionsArb, (state, qs) => {
        const together = evaluateLocally(state, qs)
        for (const name of Object.keys(qs)) {
          expect(evaluateLocally(state, { [name]: qs[name]! })[name]).toEqual(together[name])
        }
      }),
      { numRuns: 100 }
    )
  })

  it("depends on array order only through content (same multiset, same answers here)", () => {
    const items = ["refund requested for a broken kettle", "thanks for the fast delivery", "invoice attached"]
    const q: Questions = { c: { type: "choice", criteria: { complaint: "refund, broken", praise: "thanks, fast" } } }
    expect(evaluateLocally({ items }, q)).toEqual(evaluateLocally({ items: [...items].reverse() }, q))
  })
})

describe("evaluateLocally: no evidence", () => {
  const questions: Questions = {
    kind: { type: "choice", criteria: documentTypes },
    angry: { type: "noul", ...angryQuestion },
    paid: { type: "noul", instructions: "Has the invoice been paid?" },
    both: { type: "noul", criteria: { true: "the customer is happy", false: "the customer is unhappy" } },
    mood: { type: "score", criteria: sentimentLevels }
  }

  for (const [name, state] of [
    ["null", null],
    ["an empty object", {}],
    ["an empty array", []],
    ["an empty string", ""],
    ["numbers only", [1, 2.5, -3, { a: 4 }, [5e10]]],
    ["a number", 42]
  ] as const) {
    it(`gives uniform answers for ${name}`, () => {
      const answers = evaluateLocally(state, questions)
      expectAllValid(questions, answers)
      const kind = answers.kind as ChoiceAnswer
      for (const p of Object.values(kind.probabilities)) expect(p).toBeCloseTo(1 / 3, 5)
      expect((answers.angry as NoulAnswer).noul).toBe(0.5)
      expect((answers.paid as NoulAnswer).noul).toBe(0.5)
      expect((answers.both as NoulAnswer).noul).toBe(0.5)
      const mood = answers.mood as ScoreAnswer
      for (const p of mood.probabilities) expect(p).toBeCloseTo(0.2, 5)
      expect(mood.expected_score).toBeCloseTo(2, 5)
    })
  }

  it("answers 0.5 to a noul without instructions or criteria", () => {
    expect(noul(overdueInvoice, {})).toBe(0.5)
  })

  it("stays near-uniform when the state says nothing related", () => {
    const state = { weather: "Sunny with a light breeze over the harbour" }
    const kind = choice(state, documentTypes)
    for (const p of Object.values(kind.probabilities)) expect(Math.abs(p - 1 / 3)).toBeLessThan(0.05)
    const paid = noul(state, { instructions: "Has the invoice been paid?" })
    expect(paid).toBeGreaterThan(0.25)
    expect(paid).toBeLessThan(0.5)
  })
})

describe("evaluateLocally: signal from the text", () => {
  it("recognises an overdue unpaid invoice", () => {
    const a = choice(overdueInvoice, documentTypes, "What kind of document is this?")
    expect(a.choice).toBe("invoice")
    expect(a.confidence).toBeGreaterThan(0.5)
    expect(a.confidence).toBeLessThan(1)
    // labels alone also work
    expect(choice(overdueInvoice, { invoice: null, contract: null, receipt: null }).choice).toBe("invoice")
  })

  it("picks the matching category of support tickets", () => {
    const teams = {
      billing: "payments, charges, refunds, invoices",
      technical: "login problems, errors, bugs, crashes",
      shipping: "delivery, packages, tracking, parcels"
    }
    const ask = (message: string) => choice({ message }, teams, "Which team should handle this ticket?").choice
    expect(ask("My card was charged twice for the same order, please refund the duplicate charge.")).toBe("billing")
    expect(ask("I cannot log in, the app shows an error after I enter my password.")).toBe("technical")
    expect(ask("The package has not arrived, tracking shows it stuck in transit for a week.")).toBe("shipping")
  })

  it("tells an angry customer from a calm one", () => {
    expect(noul(angryComplaint, angryQuestion)).toBeGreaterThan(0.5)
    expect(noul(calmThanks, angryQuestion)).toBeLessThan(0.5)
    // instructions only
    expect(noul(angryComplaint, { instructions: "Is the customer angry?" })).toBeGreaterThan(noul(calmThanks, { instructions: "Is the customer angry?" }))
    // both criteria
    const both = { instructions: "Is the customer angry?", criteria: { true: "customer is angry or upset", false: "customer is calm or satisfied" } }
    expect(noul(angryComplaint, both)).toBeGreaterThan(0.7)
    expect(noul(calmThanks, both)).toBeLessThan(0.3)
  })

  it("reads yes/no values and negations", () => {
    const q = { instructions: "Has the invoice been paid?" }
    expect(noul({ paid: true }, q)).toBeGreaterThan(0.7)
    expect(noul({ paid: false }, q)).toBeLessThan(0.3)
    expect(noul({ invoice: { number: "INV-7", paid: "yes" } }, q)).toBeGreaterThan(0.7)
    expect(noul({ invoice: { number: "INV-7", paid: "no" } }, q)).toBeLessThan(0.3)
    expect(noul({ invoice: { number: "INV-7", paid_at: null } }, q)).toBeLessThan(0.5)
    expect(noul({ note: "The invoice was paid on March 3rd." }, q)).toBeGreaterThan(0.7)
    expect(noul({ note: "The invoice has not been paid yet." }, q)).toBeLessThan(0.3)
    expect(noul({ note: "The customer hasn't paid the invoice." }, q)).toBeLessThan(0.3)
    expect(noul({ invoice: { status: "unpaid" } }, q)).toBeLessThan(0.3)
    expect(noul(overdueInvoice, q)).toBeLessThan(0.3)
  })

  it("answers what a question asks, not where it looks", () => {
    const q = { instructions: "Does the customer ask for a refund in the message?" }
    const ticket = (message: string) => ({ ticket: { customer: "Ann", message } })
    expect(noul(ticket("The kettle arrived broken, I want a refund."), q)).toBeGreaterThan(0.6)
    expect(noul(ticket("The kettle arrived broken, please send a replacement."), q)).toBeLessThan(0.5)
    expect(noul({ invoice: { number: "A-1", status: "paid" } }, { instructions: "Is the invoice overdue?" })).toBeLessThan(0.5)
    expect(noul({ invoice: { number: "A-1", status: "overdue" } }, { instructions: "Is the invoice overdue?" })).toBeGreaterThan(0.8)
    // a negated question
    expect(noul({ note: "The customer is satisfied." }, { instructions: "Is the customer not satisfied?" })).toBeLessThan(0.2)
    expect(noul({ note: "The customer is not satisfied." }, { instructions: "Is the customer not satisfied?" })).toBeGreaterThan(0.8)
  })

  it("never answers exactly 0 or 1", () => {
    const q = { instructions: "Has the invoice been paid?" }
    const strongYes = { invoice: { paid: true, status: "paid", note: "paid in full, payment received, invoice paid" } }
    expect(noul(strongYes, q)).toBeLessThanOrEqual(0.98)
    expect(noul({ paid: false, status: "not paid", note: "unpaid" }, q)).toBeGreaterThanOrEqual(0.02)
    const c = choice(overdueInvoice, { invoice: "invoice invoice overdue payment", other: null })
    expect(c.probabilities.other).toBeGreaterThan(0)
    expect(c.confidence).toBeLessThan(1)
  })

  it("compares numbers named in the question", () => {
    expect(noul({ invoice: { total: 1500, tax: 300 } }, { instructions: "Is the total above 1000?" })).toBeGreaterThan(0.8)
    expect(noul({ invoice: { total: 500, tax: 300 } }, { instructions: "Is the total above 1000?" })).toBeLessThan(0.2)
    expect(noul({ invoice: { total: 500 } }, { instructions: "Is the total less than 1,000?" })).toBeGreaterThan(0.8)
    expect(noul({ order: { note: "Total: $2,450.00 incl. VAT" } }, { instructions: "Is the total at least 2000?" })).toBeGreaterThan(0.8)
    expect(noul({ email: { attachments: ["a.pdf", "b.pdf", "c.pdf"] } }, { instructions: "Are there more than 2 attachments?" })).toBeGreaterThan(0.8)
    expect(noul({ email: { attachments: ["a.pdf"] } }, { instructions: "Are there more than 2 attachments?" })).toBeLessThan(0.2)
  })

  it("scores sentiment on ordered levels", () => {
    const rate = (state: unknown) => score(state, sentimentLevels, "Rate the sentiment of the customer's message")
    const angry = rate(angryComplaint)
    const calm = rate(calmThanks)
    const neutral = rate({ ticket: { message: "Please send me a copy of order 1234 by Friday." } })
    expect(angry.score).toBeLessThanOrEqual(1)
    expect(calm.score).toBeGreaterThanOrEqual(3)
    expect(neutral.score).toBe(2)
    expect(angry.expected_score).toBeLessThan(neutral.expected_score)
    expect(neutral.expected_score).toBeLessThan(calm.expected_score)
  })

  it("scores levels by their descriptions", () => {
    const levels = ["not urgent, can wait", "normal priority", "urgent, needs attention today", "critical emergency, production is down"]
    const urgent = score({ message: "URGENT: production is down for all customers, emergency!" }, levels, "How urgent is this request?")
    expect(urgent.score).toBe(3)
    expect(urgent.confidence).toBeGreaterThan(0.5)
  })

  it("uses the instructions to focus on the relevant part of the state", () => {
    const state = {
      customer_review: "Terrible service, I am very disappointed and angry.",
      agent_note: "Great call, the customer was lovely and everything went well."
    }
    const criteria = { positive: null, negative: null }
    expect(choice(state, criteria, "What is the sentiment of the customer review?").choice).toBe("negative")
    expect(choice(state, criteria, "What is the sentiment of the agent note?").choice).toBe("positive")
  })
})

describe("evaluateLocally: performance", () => {
  it("answers 512 questions about a ~1 MB state (its time: bench/validation.ts)", () => {
    let seed = 12345
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff
      return seed / 0x7fffffff
    }
    const common = (
      "invoice payment customer order shipping delivery refund angry happy late broken product service account " +
      "billing contract receipt total amount status pending overdue paid note message support ticket priority urgent " +
      "request thanks problem issue error login password email phone address"
    ).split(" ")
    const syllables = ["ka", "lo", "mi", "ter", "son", "val", "re", "dan", "pol", "ix", "or", "ent", "ba", "cu"]
    const rare = Array.from({ length: 4000 }, (_, i) => {
      let w = ""
      for (let x = i + 1; x > 0; x = Math.floor(x / syllables.length)) w += syllables[x % syllables.length]
      return w
    })
    const word = (): string =>
      random() < 0.3 ? common[Math.floor(random() * common.length)]! : rare[Math.floor(random() ** 2 * rare.length)]!
    const sentence = (n: number): string => Array.from({ length: n }, word).join(" ") + "."
    const records: Array<unknown> = []
    let size = 0
    for (let i = 0; size < 1_000_000; i++) {
      const record = {
        id: `R-${i}`,
        customer: { name: `Customer ${i}`, email: `c${i}@example.com`, vip: random() < 0.1 },
        total: Math.round(random() * 5000),
        status: common[i % common.length],
        paid: random() < 0.5,
        message: Array.from({ length: 1 + Math.floor(random() * 4) }, () => sentence(8 + Math.floor(random() * 10))).join(" "),
        tags: [word(), word()]
      }
      size += JSON.stringify(record).length
      records.push(record)
    }
    const state = { records }
    expect(JSON.stringify(state).length).toBeGreaterThan(1_000_000)
    const questions: Record<string, Question> = {}
    for (let q = 0; q < 512; q++) {
      if (q % 3 === 0) {
        questions[`q${q}`] = {
          type: "noul",
          instructions: `Is the ${word()} ${word()}?`,
          criteria: q % 2 === 1 ? { true: sentence(5), false: sentence(5) } : undefined
        }
      } else if (q % 3 === 1) {
        const criteria: Record<string, string> = {}
        for (let j = 0; j < 4; j++) criteria[`${word()}-${j}`] = sentence(6)
        questions[`q${q}`] = { type: "choice", instructions: sentence(6), criteria }
      } else {
        questions[`q${q}`] = { type: "score", instructions: sentence(6), criteria: Array.from({ length: 5 }, () => sentence(4)) }
      }
    }
    const answers = evaluateLocally(state, questions)
    expect(Object.keys(answers)).toHaveLength(512)
    for (const name of ["q0", "q1", "q2", "q511"]) expectValid(questions[name]!, answers[name])
  })
})
