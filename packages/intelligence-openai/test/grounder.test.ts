/** Grounder: units and queries in, spans located in the units' text out; answers not in the text dropped. */
import { Intelligence } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { locate, OpenAiIntelligence } from "../src/index.js"
import { userPrompt } from "./support/fake-openai.js"
import { useFakeOpenAi } from "./support/setup.js"

const { config, fake } = useFakeOpenAi()

const unit = (id: number, text: string, extra: Partial<Intelligence.GroundUnit> = {}): Intelligence.GroundUnit => ({ id, text, section: "page:1", cell: null, right: null, below: null, ...extra })
const UNITS = [
  unit(0, "INVOICE"),
  unit(1, "Invoice Number: INV-1001", { right: 2 }),
  unit(2, "Total Amount Due 1,694.00"),
  unit(3, "Total", { section: "sheet:Summary", cell: "A7", right: 4 }),
  unit(4, "1694", { section: "sheet:Summary", cell: "B7" })
]
const NO_HINTS = { anchorText: null, pages: [], sheetName: null, cellHint: null, rangeHint: null }
const query = (itemId: string, q: string, semantic: boolean, hints: Partial<Intelligence.GroundQuery["hints"]> = {}): Intelligence.GroundQuery => ({
  itemId,
  query: q,
  semantic,
  hints: { ...NO_HINTS, ...hints }
})

const ground = (queries: ReadonlyArray<Intelligence.GroundQuery>, units = UNITS) =>
  Effect.flatMap(Intelligence.Grounder, (g) => g.locate({ units, queries })).pipe(Effect.provide(OpenAiIntelligence.layer(config())))

describe("ground", () => {
  it.effect("sends the numbered units and the queries with their hints, and turns matched text into offsets", () =>
    Effect.gen(function*() {
      fake().chat = () => ({
        content: {
          answers: [
            { item_id: "total", unit: 2, matched_text: "1,694.00", confidence: 0.7 },
            { item_id: "number", unit: 1, matched_text: "INV-1001", confidence: 0.95 },
            { item_id: "total", unit: 4, matched_text: "1694", confidence: 0.9 }
          ]
        }
      })
      const out = yield* ground([query("number", "INV-1001", false), query("total", "the total amount due", true, { pages: [1], anchorText: "Total" })])
      expect(out).toEqual([
        [{ unit: 1, start: 16, end: 24, confidence: 0.95 }],
        [{ unit: 4, start: 0, end: 4, confidence: 0.9 }, { unit: 2, start: 17, end: 25, confidence: 0.7 }]
      ])
      const body = fake().requests[0]!.body
      expect(body.response_format.json_schema.name).toBe("grounding")
      expect(body.response_format.json_schema.schema.properties.answers.items.properties.item_id.enum).toEqual(["number", "total"])
      const prompt = userPrompt(body)
      expect(prompt).toContain("[1] (page:1; right: 2) Invoice Number: INV-1001")
      expect(prompt).toContain("[3] (sheet:Summary A7; right: 4) Total")
      expect(prompt).toContain("\"total\" (find the value described): \"the total amount due\" — near \"Total\"; on page 1")
      expect(prompt).toContain("\"number\" (find this exact text): \"INV-1001\"")
    }))

  it.effect("drops answers whose text is not in the unit, unknown units and items, and repeats; matches ignoring case", () =>
    Effect.gen(function*() {
      fake().chat = () => ({
        content: {
          answers: [
            { item_id: "a", unit: 1, matched_text: "INV-9999", confidence: 0.99 },
            { item_id: "a", unit: 42, matched_text: "INVOICE", confidence: 0.9 },
            { item_id: "zzz", unit: 0, matched_text: "INVOICE", confidence: 0.9 },
            { item_id: "a", unit: 0, matched_text: "invoice", confidence: 0.8 },
            { item_id: "a", unit: 0, matched_text: "INVOICE", confidence: 0.5 },
            { item_id: "a", unit: 2, matched_text: "", confidence: 0.5 }
          ]
        }
      })
      expect(yield* ground([query("a", "invoice", false), query("b", "missing", true)])).toEqual([
        [{ unit: 0, start: 0, end: 7, confidence: 0.8 }],
        []
      ])
    }))

  it.effect("no queries or no units: no request", () =>
    Effect.gen(function*() {
      expect(yield* ground([])).toEqual([])
      expect(yield* ground([query("a", "x", false)], [])).toEqual([[]])
      expect(fake().requests).toHaveLength(0)
    }))

  it("locate: exact, then ignoring case, else null", () => {
    expect(locate("Total Due 5", "Due")).toEqual({ start: 6, end: 9 })
    expect(locate("Total Due 5", "due 5")).toEqual({ start: 6, end: 11 })
    expect(locate("Total Due 5", "Due 6")).toBeNull()
    expect(locate("abc", "")).toBeNull()
  })
})
