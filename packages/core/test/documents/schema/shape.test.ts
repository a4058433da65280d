import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { compileExtractSchema } from "../../../src/documents/schema/compile.js"
import type { CompiledExtractSchema } from "../../../src/documents/schema/extract-schema.js"
import { mergeExtractedBatches } from "../../../src/documents/schema/merge.js"
import { shapeExtracted } from "../../../src/documents/schema/shape.js"

const compile = (schema: unknown): CompiledExtractSchema => Either.getOrThrow(compileExtractSchema(schema))

const invoice = compile({
  type: "object",
  properties: {
    number: { type: "string" },
    total: { type: "number" },
    count: { type: "integer" },
    paid: { type: "boolean" },
    currency: { type: "string", enum: ["EUR", "USD"] },
    note: { type: ["string", "null"] },
    nothing: { type: "null" },
    vendor: {
      type: "object",
      properties: { name: { type: "string" }, aliases: { type: "array", items: { type: "string" } } }
    },
    maybe: { type: ["object", "null"], properties: { x: { type: "string" } } },
    lines: {
      type: "array",
      items: { type: "object", properties: { sku: { type: "string" }, qty: { type: "integer" } } }
    },
    tags: { type: "array", items: { type: "string" } },
    optionalTags: { type: ["array", "null"], items: { type: "string" } }
  }
})

const empty = {
  number: null,
  total: null,
  count: null,
  paid: null,
  currency: null,
  note: null,
  nothing: null,
  vendor: { name: null, aliases: [] },
  maybe: { x: null },
  lines: [],
  tags: [],
  optionalTags: []
}

describe("shapeExtracted: shaped like the schema", () => {
  it("missing scalars are null, missing arrays are [], missing objects are shaped", () => {
    expect(shapeExtracted(invoice, {})).toEqual(empty)
    expect(shapeExtracted(invoice, undefined)).toEqual(empty)
    expect(shapeExtracted(invoice, null)).toEqual(empty)
    expect(shapeExtracted(invoice, "text")).toEqual(empty)
    expect(shapeExtracted(invoice, [1, 2])).toEqual(empty)
  })

  it("keeps values of the right type, in schema order, and drops undeclared properties", () => {
    const data = shapeExtracted(invoice, {
      extra: "dropped",
      tags: ["a", "b"],
      number: "INV-1",
      total: 12.5,
      count: 3,
      paid: false,
      currency: "EUR",
      note: "n",
      vendor: { name: "ACME", aliases: ["Acme Inc"], other: 1 },
      maybe: { x: "y" },
      lines: [{ sku: "A", qty: 2, colour: "red" }],
      optionalTags: ["o"]
    })
    expect(data).toEqual({
      number: "INV-1",
      total: 12.5,
      count: 3,
      paid: false,
      currency: "EUR",
      note: "n",
      nothing: null,
      vendor: { name: "ACME", aliases: ["Acme Inc"] },
      maybe: { x: "y" },
      lines: [{ sku: "A", qty: 2 }],
      tags: ["a", "b"],
      optionalTags: ["o"]
    })
    expect(Object.keys(data)).toEqual(Object.keys(empty))
  })

  it("a scalar of the wrong type or outside its enum is null; values are not converted", () => {
    const data = shapeExtracted(invoice, {
      number: 42,
      total: "12.50",
      count: 1.5,
      paid: "true",
      currency: "GBP",
      nothing: "something"
    })
    expect(data).toMatchObject({ number: null, total: null, count: null, paid: null, currency: null, nothing: null })
  })

  it("an array that is not an array is []; elements not of the items' kind are dropped", () => {
    const data = shapeExtracted(invoice, {
      tags: "a, b",
      lines: [{ sku: "A" }, "B", null, 3, [], { qty: 1.5 }],
      vendor: { aliases: ["x", 1, null, "y"] }
    })
    expect(data.tags).toEqual([])
    expect(data.lines).toEqual([{ sku: "A", qty: null }, { sku: null, qty: null }])
    expect(data.vendor).toEqual({ name: null, aliases: ["x", "y"] })
  })

  it("a nullable object or array stated as null stays null; a non-nullable one is shaped", () => {
    const data = shapeExtracted(invoice, { maybe: null, optionalTags: null, vendor: null, tags: null })
    expect(data.maybe).toBeNull()
    expect(data.optionalTags).toBeNull()
    expect(data.vendor).toEqual({ name: null, aliases: [] })
    expect(data.tags).toEqual([])
  })

  it("nullable items keep null elements; enum items drop values outside the enum", () => {
    const s = compile({
      type: "object",
      properties: {
        a: { type: "array", items: { type: ["integer", "null"] } },
        b: { type: "array", items: { type: "string", enum: ["x", "y"] } },
        c: { type: "array", items: { type: "array", items: { type: "number" } } },
        d: { type: "array", items: { type: ["object", "null"], properties: { k: { type: "boolean" } } } }
      }
    })
    expect(shapeExtracted(s, { a: [1, null, "2", 3], b: ["x", "z", "y"], c: [[1, "2"], "x", [3]], d: [null, { k: true }, 1] }))
      .toEqual({ a: [1, null, 3], b: ["x", "y"], c: [[1], [3]], d: [null, { k: true }] })
  })

  it("a property named __proto__ is data, not a prototype", () => {
    const s = compile(JSON.parse(`{"type":"object","properties":{"__proto__":{"type":"string"},"a":{"type":"string"}}}`))
    const data = shapeExtracted(s, JSON.parse(`{"__proto__":"p","a":"x"}`))
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype)
    expect(JSON.stringify(data)).toBe(`{"__proto__":"p","a":"x"}`)
    const missing = shapeExtracted(s, {})
    expect(JSON.stringify(missing)).toBe(`{"__proto__":null,"a":null}`)
  })

  it("does not change its input", () => {
    const input = { number: "1", lines: [{ sku: "A", extra: 1 }] }
    const before = JSON.stringify(input)
    shapeExtracted(invoice, input)
    expect(JSON.stringify(input)).toBe(before)
  })
})

describe("mergeExtractedBatches: first stated scalar, top-level arrays concatenated", () => {
  it("no batches give the empty shape", () => {
    expect(mergeExtractedBatches(invoice, [])).toEqual(empty)
  })

  it("one batch is that batch shaped", () => {
    const batch = { number: "INV-1", lines: [{ sku: "A", qty: 1 }], junk: true }
    expect(mergeExtractedBatches(invoice, [batch])).toEqual(shapeExtracted(invoice, batch))
  })

  it("scalars take the first stated value; null is not stated", () => {
    const merged = mergeExtractedBatches(invoice, [
      { total: 10, paid: null },
      { number: "INV-2", total: 20, paid: false },
      { number: "INV-3", paid: true, currency: "GBP" },
      { currency: "USD" }
    ])
    expect(merged).toMatchObject({ number: "INV-2", total: 10, paid: false, currency: "USD" })
  })

  it("a false or 0 is a stated value", () => {
    const merged = mergeExtractedBatches(invoice, [{ paid: false, total: 0 }, { paid: true, total: 5 }])
    expect(merged).toMatchObject({ paid: false, total: 0 })
  })

  it("top-level arrays are concatenated in batch order, duplicates kept", () => {
    const merged = mergeExtractedBatches(invoice, [
      { lines: [{ sku: "A", qty: 1 }], tags: ["x"] },
      { lines: [] },
      { lines: [{ sku: "B", qty: 2 }, { sku: "A", qty: 1 }], tags: ["x", "y"] }
    ])
    expect(merged.lines).toEqual([{ sku: "A", qty: 1 }, { sku: "B", qty: 2 }, { sku: "A", qty: 1 }])
    expect(merged.tags).toEqual(["x", "x", "y"])
  })

  it("objects merge field by field; their arrays are not top-level and take the first non-empty", () => {
    const merged = mergeExtractedBatches(invoice, [
      { vendor: { aliases: [] } },
      { vendor: { name: "ACME", aliases: ["a1"] } },
      { vendor: { name: "Other", aliases: ["a2", "a3"] } }
    ])
    expect(merged.vendor).toEqual({ name: "ACME", aliases: ["a1"] })
  })

  it("nullable values stated as null in every batch stay null; a stated batch wins", () => {
    const allNull = mergeExtractedBatches(invoice, [{ maybe: null, optionalTags: null }, { maybe: null, optionalTags: null }])
    expect(allNull.maybe).toBeNull()
    expect(allNull.optionalTags).toBeNull()
    const some = mergeExtractedBatches(invoice, [
      { maybe: null, optionalTags: null },
      { maybe: { x: "y" }, optionalTags: ["a"] },
      { optionalTags: ["b"] }
    ])
    expect(some.maybe).toEqual({ x: "y" })
    expect(some.optionalTags).toEqual(["a", "b"])
  })

  it("arrays inside top-level array elements stay with their element", () => {
    const s = compile({
      type: "object",
      properties: {
        groups: {
          type: "array",
          items: { type: "object", properties: { members: { type: "array", items: { type: "string" } } } }
        }
      }
    })
    const merged = mergeExtractedBatches(s, [{ groups: [{ members: ["a", "b"] }] }, { groups: [{ members: ["c"] }] }])
    expect(merged).toEqual({ groups: [{ members: ["a", "b"] }, { members: ["c"] }] })
  })

  it("arrays of arrays are concatenated one level, not flattened", () => {
    const s = compile({
      type: "object",
      properties: { rows: { type: "array", items: { type: "array", items: { type: "string" } } } }
    })
    expect(mergeExtractedBatches(s, [{ rows: [["a", "b"]] }, { rows: [["c"], []] }])).toEqual({ rows: [["a", "b"], ["c"], []] })
  })

  it("each batch is shaped before merging: wrong types are not stated values", () => {
    const merged = mergeExtractedBatches(invoice, [{ total: "12", lines: "x" }, { total: 12, lines: [{ sku: "A" }] }])
    expect(merged.total).toBe(12)
    expect(merged.lines).toEqual([{ sku: "A", qty: null }])
  })
})
