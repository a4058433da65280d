/** DocumentClassifier: the prompt, the checks on the model's answer, and the repair of page ranges. */
import { Intelligence } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { OpenAiIntelligence, repairRanges } from "../src/index.js"
import { userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const TAXONOMY: ReadonlyArray<Intelligence.TaxonomyCategory> = [
  { key: "invoice", description: "A bill asking the buyer to pay" },
  { key: "contract", description: "An agreement between parties" },
  { key: "bank_statement", description: null },
  { key: "receipt", description: "Proof of payment" }
]

const withClassifier = <A, E>(f: (c: Intelligence.DocumentClassifier["Type"]) => Effect.Effect<A, E>) =>
  Effect.flatMap(Intelligence.DocumentClassifier, f).pipe(Effect.provide(OpenAiIntelligence.layer(config())))

const fit = (key: string, confidence: number) => ({ key, confidence })
const cls = (categories: Array<{ key: string; confidence: number }>, extra: Record<string, unknown> = {}) => ({
  categories,
  freeform: null,
  freeform_confidence: 0,
  summary: "Summary.",
  ...extra
})

describe("classify", () => {
  it.effect("shows the taxonomy keys and descriptions and the text; returns the model's category", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: cls([fit("invoice", 0.93)], { summary: "  An invoice from Acme.  " }) })
      const c = yield* withClassifier((c) => c.classify({ text: "INVOICE\nTotal due 100", categories: TAXONOMY, multiLabel: false }))
      expect(c).toEqual({ categories: [{ key: "invoice", confidence: 0.93 }], freeform: null, freeformConfidence: 0, summary: "An invoice from Acme." })
      const prompt = userPrompt(fake().requests[0]!.body)
      expect(prompt).toContain("- invoice: A bill asking the buyer to pay")
      expect(prompt).toContain("- bank_statement\n")
      expect(prompt).toContain("INVOICE\nTotal due 100")
      expect(prompt).toContain("single key")
    }))

  it.effect("drops keys outside the taxonomy and repeats, clamps confidences, keeps the best one for a segment", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: cls([fit("memo", 0.99), fit("contract", 0.4), fit("invoice", 1.7), fit("contract", 0.9)]) })
      const c = yield* withClassifier((c) => c.classify({ text: "x", categories: TAXONOMY, multiLabel: false }))
      expect(c.categories).toEqual([{ key: "invoice", confidence: 1 }])
    }))

  it.effect("a sheet takes several categories, best first, at most three", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: cls([fit("receipt", 0.2), fit("invoice", 0.7), fit("bank_statement", 0.9), fit("contract", 0.5)]) })
      const c = yield* withClassifier((c) => c.classify({ text: "x", categories: TAXONOMY, multiLabel: true }))
      expect(c.categories.map((x) => x.key)).toEqual(["bank_statement", "invoice", "contract"])
      expect(userPrompt(fake().requests[0]!.body)).toContain("several categories")
    }))

  it.effect("no fitting key: a snake_case freeform label; a freeform label that is a taxonomy key counts as that key", () =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: cls([], { freeform: "Meeting Minutes", freeform_confidence: 0.7 }) })
      const a = yield* withClassifier((c) => c.classify({ text: "x", categories: TAXONOMY, multiLabel: false }))
      expect(a).toMatchObject({ categories: [], freeform: "meeting_minutes", freeformConfidence: 0.7 })
      fake().chat = () => ({ content: cls([], { freeform: "Bank Statement", freeform_confidence: 0.6 }) })
      const b = yield* withClassifier((c) => c.classify({ text: "x", categories: TAXONOMY, multiLabel: false }))
      expect(b).toMatchObject({ categories: [{ key: "bank_statement", confidence: 0.6 }], freeform: null })
      fake().chat = () => ({ content: cls([], { freeform: null }) })
      const none = yield* withClassifier((c) => c.classify({ text: "x", categories: TAXONOMY, multiLabel: false }))
      expect(none).toMatchObject({ categories: [], freeform: null, freeformConfidence: 0 })
    }))
})

describe("segment", () => {
  const pages = ["INVOICE page 1", "invoice page 2", "AGREEMENT page 1", "agreement page 2", "RECEIPT"]
  const seg = (page_start: number, page_end: number, key: string) => ({ page_start, page_end, ...cls([fit(key, 0.8)], { summary: key }) })
  const segment = (segments: Array<unknown>) =>
    Effect.gen(function*() {
      fake().chat = () => ({ content: { segments } })
      const out = yield* withClassifier((c) => c.segment({ pages, categories: TAXONOMY }))
      return out.map((s) => [s.page_start, s.page_end, s.classification.categories[0]?.key ?? s.classification.freeform])
    })

  it.effect("sends every page numbered, and keeps ranges that cover every page once in order", () =>
    Effect.gen(function*() {
      const out = yield* segment([seg(1, 2, "invoice"), seg(3, 4, "contract"), seg(5, 5, "receipt")])
      expect(out).toEqual([[1, 2, "invoice"], [3, 4, "contract"], [5, 5, "receipt"]])
      const request = fake().requests[0]!.body
      expect(request.response_format.json_schema.name).toBe("segmentation")
      const prompt = userPrompt(request)
      expect(prompt).toContain("--- page 1 of 5 ---\nINVOICE page 1")
      expect(prompt).toContain("--- page 5 of 5 ---\nRECEIPT")
      expect(prompt).toContain("every page from 1 to 5 exactly once")
    }))

  it.effect("repairs gaps, overlaps, ranges out of order or past the last page", () =>
    Effect.gen(function*() {
      // out of order, overlapping, a gap before the first range, a range past the end
      expect(yield* segment([seg(3, 5, "contract"), seg(2, 4, "invoice"), seg(7, 9, "receipt")])).toEqual([
        [1, 2, "invoice"],
        [3, 5, "contract"]
      ])
      // a gap between ranges joins the earlier segment
      expect(yield* segment([seg(1, 1, "invoice"), seg(4, 5, "contract")])).toEqual([[1, 3, "invoice"], [4, 5, "contract"]])
      // ranges ending too late are cut where the next starts
      expect(yield* segment([seg(1, 5, "invoice"), seg(5, 5, "receipt")])).toEqual([[1, 4, "invoice"], [5, 5, "receipt"]])
    }))

  it.effect("falls back to one segment when no range is usable", () =>
    Effect.gen(function*() {
      expect(yield* segment([seg(0, 0, "invoice"), seg(9, 12, "contract"), { ...seg(2, 3, "receipt"), page_start: 2.5 }])).toEqual([
        [1, 5, "invoice"]
      ])
      expect(fake().requests).toHaveLength(1)
    }))

  it.effect("no segment at all: one segment classified by a classify request", () =>
    Effect.gen(function*() {
      fake().chat = (body) =>
        body.response_format.json_schema.name === "segmentation"
          ? { content: { segments: [] } }
          : { content: cls([fit("contract", 0.66)]) }
      const out = yield* withClassifier((c) => c.segment({ pages, categories: TAXONOMY }))
      expect(out).toEqual([{ page_start: 1, page_end: 5, classification: { categories: [{ key: "contract", confidence: 0.66 }], freeform: null, freeformConfidence: 0, summary: "Summary." } }])
      expect(fake().requests.map((r) => r.body.response_format.json_schema.name)).toEqual(["segmentation", "classification"])
      expect(userPrompt(fake().requests[1]!.body)).toContain("AGREEMENT page 1")
    }))

  it.effect("no pages: no segment, no request", () =>
    Effect.gen(function*() {
      expect(yield* withClassifier((c) => c.segment({ pages: [], categories: TAXONOMY }))).toEqual([])
      expect(fake().requests).toHaveLength(0)
    }))

  it.effect("long documents are cut per page so the request stays bounded", () =>
    Effect.gen(function*() {
      const many = Array.from({ length: 100 }, (_, i) => `page ${i + 1} `.repeat(500))
      fake().chat = () => ({ content: { segments: [seg(1, 100, "contract")] } })
      yield* withClassifier((c) => c.segment({ pages: many, categories: TAXONOMY }))
      expect(userPrompt(fake().requests[0]!.body).length).toBeLessThan(80_000)
    }))
})

describe("repairRanges", () => {
  const r = (page_start: number, page_end: number, value = "") => ({ page_start, page_end, value })
  it("covers every page once, in order, for any input with a usable start", () => {
    const cases: Array<Array<ReturnType<typeof r>>> = [
      [r(1, 3)],
      [r(2, 2), r(1, 1)],
      [r(1, 10), r(1, 2), r(3, 3)],
      [r(3, 1), r(5, 5)],
      [r(-4, 2), r(4, 99)]
    ]
    for (const ranges of cases) {
      const out = repairRanges(5, ranges)!
      expect(out[0]!.page_start).toBe(1)
      expect(out[out.length - 1]!.page_end).toBe(5)
      for (let i = 1; i < out.length; i++) expect(out[i]!.page_start).toBe(out[i - 1]!.page_end + 1)
      for (const s of out) expect(s.page_end).toBeGreaterThanOrEqual(s.page_start)
    }
    expect(repairRanges(5, [r(0, 3), r(6, 6)])).toBeNull()
    expect(repairRanges(5, [])).toBeNull()
  })
})
