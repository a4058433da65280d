/** The decision evaluator: calibrated probabilities from the logprobs of one answer token. */
import { Decision } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { codeDistribution, OpenAiIntelligence } from "../src/index.js"
import { oneToken, userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const STATE = { invoice: { status: "overdue", total: 1694 } }

const evaluate = (questions: Decision.Questions, over: Parameters<typeof config>[0] = {}) =>
  Effect.flatMap(Decision.Evaluator, (e) => e.evaluate({ model: Decision.MODELS["dm-v1.5"], state: STATE, questions })).pipe(
    Effect.provide(OpenAiIntelligence.evaluatorLayer(config(over)))
  )

const sum = (xs: ReadonlyArray<number>) => xs.reduce((a, b) => a + b, 0)

const modelFailed = (exit: Exit.Exit<Decision.Answers, Decision.ModelFailed>): string => {
  if (Exit.isSuccess(exit)) throw new Error("expected a failure")
  const e = exit.cause._tag === "Fail" ? exit.cause.error : undefined
  expect(e).toBeInstanceOf(Decision.ModelFailed)
  return String((e!.cause as { message?: string }).message)
}

describe("evaluator", () => {
  it.effect("noul: one token, logprobs and top_logprobs requested; p(yes) = softmax over yes/no (yes -0.105, no -2.303 → 0.9)", () =>
    Effect.gen(function*() {
      fake().chat = () => oneToken([{ token: "yes", logprob: -0.105 }, { token: "no", logprob: -2.303 }])
      const answers = yield* evaluate({ overdue: { type: "noul", instructions: "Is the invoice overdue?", criteria: { true: "past its due date" } } })
      expect(Object.keys(answers.overdue!)).toEqual(["type", "noul"])
      expect(answers.overdue!.type).toBe("noul")
      expect((answers.overdue as { noul: number }).noul).toBeCloseTo(0.9, 3)
      const body = fake().requests[0]!.body
      expect(body).toMatchObject({ model: "fake-chat", temperature: 0, logprobs: true, top_logprobs: 20, max_tokens: 1 })
      expect(body.response_format).toBeUndefined()
      expect(fake().requests[0]!.headers.authorization).toBe("Bearer sk-test-key")
      const prompt = userPrompt(body)
      expect(prompt).toContain(JSON.stringify(STATE))
      expect(prompt).toContain("Question: Is the invoice overdue?")
      expect(prompt).toContain("Answer \"yes\" when: past its due date")
    }))

  it.effect("noul: case and space variants of yes and no are summed", () =>
    Effect.gen(function*() {
      fake().chat = () =>
        oneToken([
          { token: "Yes", logprob: Math.log(0.5) },
          { token: " yes", logprob: Math.log(0.2) },
          { token: "No", logprob: Math.log(0.1) },
          { token: "NO", logprob: Math.log(0.1) },
          { token: "Maybe", logprob: Math.log(0.1) }
        ])
      const answers = yield* evaluate({ q: { type: "noul", instructions: "?" } })
      expect((answers.q as { noul: number }).noul).toBeCloseTo(0.7 / 0.9, 6)
    }))

  it.effect("noul: a side missing from top_logprobs gets the mass the list leaves uncovered", () =>
    Effect.gen(function*() {
      fake().chat = () => oneToken([{ token: "yes", logprob: Math.log(0.6) }, { token: "Sure", logprob: Math.log(0.1) }])
      const answers = yield* evaluate({ q: { type: "noul", instructions: "?" } })
      // no = 1 - 0.7 = 0.3 → 0.6 / 0.9
      expect((answers.q as { noul: number }).noul).toBeCloseTo(0.666667, 6)
    }))

  it.effect("choice: labels as letters, the distribution read over them sums to 1; missing labels share the rest", () =>
    Effect.gen(function*() {
      fake().chat = () =>
        oneToken([
          { token: "B", logprob: Math.log(0.6) },
          { token: " A", logprob: Math.log(0.2) },
          { token: "b", logprob: Math.log(0.05) },
          { token: "The", logprob: Math.log(0.05) }
        ])
      const answers = yield* evaluate({
        status: { type: "choice", instructions: "What is the invoice's status?", criteria: { paid: "settled in full", overdue: "past due", draft: null, void: null } }
      })
      const a = answers.status as { type: string; choice: string; confidence: number; probabilities: Record<string, number> }
      expect(Object.keys(a)).toEqual(["type", "choice", "confidence", "probabilities"])
      expect(a.choice).toBe("overdue")
      expect(Object.keys(a.probabilities)).toEqual(["paid", "overdue", "draft", "void"])
      expect(sum(Object.values(a.probabilities))).toBeCloseTo(1, 9)
      // B 0.6 + 0.05 ("b"), A 0.2; the uncovered mass 0.1 shared by C and D (0.05 each); "The" (0.05) is no label:
      // renormalized over the labels' 0.95
      expect(a.probabilities.overdue).toBeCloseTo(0.65 / 0.95, 5)
      expect(a.probabilities.paid).toBeCloseTo(0.2 / 0.95, 5)
      expect(a.probabilities.draft).toBeCloseTo(0.05 / 0.95, 5)
      expect(a.probabilities.void).toBeCloseTo(0.05 / 0.95, 5)
      expect(a.confidence).toBe(a.probabilities.overdue)
      const prompt = userPrompt(fake().requests[0]!.body)
      expect(prompt).toContain("A. paid — settled in full\nB. overdue — past due\nC. draft\nD. void")
      expect(prompt).toContain("Question: What is the invoice's status?")
    }))

  it.effect("choice: more than 26 labels are numbered", () =>
    Effect.gen(function*() {
      const criteria = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`label${i}`, null]))
      fake().chat = () => oneToken([{ token: "27", logprob: Math.log(0.9) }])
      const a = (yield* evaluate({ q: { type: "choice", criteria } })).q as { choice: string; probabilities: Record<string, number> }
      expect(a.choice).toBe("label26")
      expect(sum(Object.values(a.probabilities))).toBeCloseTo(1, 9)
      expect(userPrompt(fake().requests[0]!.body)).toContain("27. label26")
    }))

  it.effect("score: levels as their indices; score, level, confidence, expected score and probabilities in level order", () =>
    Effect.gen(function*() {
      fake().chat = () =>
        oneToken([
          { token: "2", logprob: Math.log(0.5) },
          { token: "1", logprob: Math.log(0.3) },
          { token: "3", logprob: Math.log(0.2) }
        ])
      const a = (yield* evaluate({ urgency: { type: "score", instructions: "How urgent?", criteria: ["none", "low", "medium", "high"] } })).urgency as any
      expect(Object.keys(a)).toEqual(["type", "score", "level", "confidence", "expected_score", "probabilities"])
      expect(a).toMatchObject({ type: "score", score: 2, level: "medium", confidence: 0.5 })
      expect(a.probabilities).toEqual([0, 0.3, 0.5, 0.2])
      expect(a.expected_score).toBeCloseTo(1.9, 6)
      expect(userPrompt(fake().requests[0]!.body)).toContain("0. none\n1. low\n2. medium\n3. high")
    }))

  it.effect("answers every question (one request each) in the questions' key order", () =>
    Effect.gen(function*() {
      fake().chat = (body) =>
        userPrompt(body).includes("Options:") ? oneToken([{ token: "A", logprob: 0 }]) : oneToken([{ token: "no", logprob: -0.01 }, { token: "yes", logprob: -4.6 }])
      const answers = yield* evaluate(
        { z: { type: "noul", instructions: "a?" }, a: { type: "choice", criteria: { x: null, y: null } }, m: { type: "noul", instructions: "b?" } },
        { concurrency: 2 }
      )
      expect(Object.keys(answers)).toEqual(["z", "a", "m"])
      expect((answers.z as any).noul).toBeLessThan(0.05)
      expect((answers.a as any).choice).toBe("x")
      expect(fake().requests).toHaveLength(3)
    }))

  it.effect("no logprobs, an answer that is none of the codes, or an HTTP failure is a ModelFailed", () =>
    Effect.gen(function*() {
      const q: Decision.Questions = { q: { type: "noul", instructions: "?" } }
      fake().chat = () => ({ content: "yes", logprobs: null })
      expect(modelFailed(yield* Effect.exit(evaluate(q)))).toContain("no logprobs")
      fake().chat = () => oneToken([{ token: "Perhaps", logprob: -0.1 }, { token: "I", logprob: -2.5 }])
      expect(modelFailed(yield* Effect.exit(evaluate(q)))).toContain("none of yes, no")
      fake().failNext({ kind: "status", status: 500 }, { kind: "status", status: 500 })
      expect(modelFailed(yield* Effect.exit(evaluate(q)))).toContain("answered 500")
      fake().failNext({ kind: "hang" })
      expect(modelFailed(yield* Effect.exit(evaluate(q, { timeoutMs: 50 })))).toContain("did not answer within 50 ms")
    }))

  it("codeDistribution sums to 1 whatever the logprobs", () => {
    const codes = ["A", "B", "C"]
    for (const top of [
      [{ token: "A", logprob: -0.01 }],
      [{ token: "C", logprob: -3 }, { token: "x", logprob: -0.1 }],
      [{ token: "A", logprob: -0.5 }, { token: "B", logprob: -1 }, { token: "C", logprob: -1.5 }]
    ]) {
      const p = codeDistribution(codes, { token: top[0]!.token, logprob: top[0]!.logprob, top_logprobs: top }, (t) => t.trim().toUpperCase())!
      expect(sum(p)).toBeCloseTo(1, 12)
      for (const x of p) expect(x).toBeGreaterThanOrEqual(0)
    }
  })
})
