/** The scoring rules of eval/lib/score.ts on small cases. */
import { describe, expect, it } from "vitest"
import { bestMatch, iou, judgeMatch, lineItemFields, normalizeText, parseRange, scoreFields } from "./lib/score.js"
import type { JsonSchema, Region } from "./lib/truth.js"

const schema: JsonSchema = {
  type: "object",
  properties: {
    name: { type: "string" },
    date: { type: "string" },
    total: { type: "number" },
    items: { type: "array", items: { type: "object", properties: { d: { type: "string" }, a: { type: "number" } } } },
    parties: { type: "array", items: { type: "string" } }
  }
}

describe("extraction scoring", () => {
  const truth = { name: "Acme  Ltd", date: "2026-03-14", total: 1234.5, items: [{ d: "Paper", a: 10 }, { d: "Ink", a: 2.5 }], parties: ["A", "B"] }

  it("counts every leaf; strings loosely, numbers within 0.005, dates exactly", () => {
    const s = scoreFields(truth, { name: " acme ltd.", date: "2026-03-14", total: 1234.504, items: [{ d: "paper", a: 10 }, { d: "Ink", a: 2.5 }], parties: ["a", "b"] }, schema)
    expect(s).toMatchObject({ total: 9, correct: 9 })
    const t = scoreFields(truth, { name: "Acme", date: "14/03/2026", total: "1234.50", items: [], parties: ["A"] }, schema)
    expect(t.total).toBe(9)
    expect(t.correct).toBe(1)
  })

  it("makes every leaf of an extra item wrong, and of a missing one", () => {
    const s = scoreFields(truth, { ...truth, items: [...truth.items, { d: "Extra", a: 1 }], parties: ["A", "B", "C"] }, schema)
    expect(s.total).toBe(9 + 2 + 1)
    expect(s.correct).toBe(9)
  })

  it("scores line items apart: top-level lists of objects only", () => {
    const items = lineItemFields(truth)
    expect(Object.keys(items)).toEqual(["items"])
    expect(lineItemFields({ parties: ["A"], total: 3, empty: [] })).toEqual({})
    const s = scoreFields(items, { ...truth, items: [{ d: "Paper", a: 10 }, { d: "Ink", a: 9 }] }, schema)
    expect(s).toMatchObject({ total: 4, correct: 3 })
  })

  it("matches an expected null by null, absence or an empty string", () => {
    expect(scoreFields({ x: null, y: null, z: null }, { x: null, z: " " }, undefined)).toMatchObject({ total: 3, correct: 3 })
    expect(scoreFields({ x: null }, { x: "something" }, undefined).correct).toBe(0)
    expect(normalizeText("  Grand   Total:  ")).toBe("grand total")
  })
})

describe("grounding verdicts", () => {
  const box: Region = { page: 2, x: 0.5, y: 0.1, w: 0.2, h: 0.02, text: "$1.00" }
  const cell: Region = { sheet_name: "Invoice", cell_range: "D12", text: "1" }
  const chars: Region = { start_char: 100, end_char: 110, text: "0123456789" }

  it("takes the most confident match", () => {
    expect(bestMatch([{ match_type: "a", confidence: 0.4 }, { match_type: "b", confidence: 0.9 }, { match_type: "c", confidence: 0.9 }])?.match_type).toBe("b")
    expect(bestMatch([])).toBeNull()
  })

  it("wants IoU ≥ 0.5 on the same page", () => {
    expect(iou({ x: 0, y: 0, w: 1, h: 1 }, { x: 0, y: 0, w: 0.5, h: 1 })).toBeCloseTo(0.5)
    expect(judgeMatch({ match_type: "visual_region", page: 2, x: 0.51, y: 0.1, w: 0.2, h: 0.02 }, [box]).hit).toBe(true)
    expect(judgeMatch({ match_type: "visual_region", page: 1, x: 0.5, y: 0.1, w: 0.2, h: 0.02 }, [box]).hit).toBe(false)
    expect(judgeMatch({ match_type: "visual_region", page: 2, x: 0.5, y: 0.1, w: 0.5, h: 0.02 }, [box]).hit).toBe(false)
    expect(judgeMatch({ match_type: "text_range", start_char: 0, end_char: 5 }, [box]).hit).toBe(false)
  })

  it("wants the truth cell inside the range, on the same sheet", () => {
    expect(parseRange("Sheet1!B2:$D$12")).toEqual({ r0: 1, c0: 1, r1: 11, c1: 3 })
    expect(judgeMatch({ match_type: "spreadsheet_range", sheet_name: "invoice", cell_range: "D12" }, [cell]).hit).toBe(true)
    expect(judgeMatch({ match_type: "spreadsheet_range", sheet_name: "Invoice", cell_range: "A10:D14" }, [cell]).hit).toBe(true)
    expect(judgeMatch({ match_type: "spreadsheet_range", sheet_name: "Invoice", cell_range: "C12" }, [cell]).hit).toBe(false)
    expect(judgeMatch({ match_type: "spreadsheet_range", sheet_name: "Other", cell_range: "D12" }, [cell]).hit).toBe(false)
  })

  it("wants overlapping characters", () => {
    expect(judgeMatch({ match_type: "text_range", start_char: 105, end_char: 120 }, [chars]).hit).toBe(true)
    expect(judgeMatch({ match_type: "text_range", start_char: 110, end_char: 120 }, [chars]).hit).toBe(false)
    expect(judgeMatch(null, [chars]).hit).toBe(false)
  })
})
