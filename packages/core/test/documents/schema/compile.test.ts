import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { compileExtractSchema, FORBIDDEN_KEYWORDS } from "../../../src/documents/schema/compile.js"
import type { CompiledExtractSchema, SchemaNode } from "../../../src/documents/schema/extract-schema.js"
import type { SchemaProblem } from "../../../src/documents/schema/schema-problem.js"

const ok = (schema: unknown): CompiledExtractSchema => {
  const r = compileExtractSchema(schema)
  if (Either.isLeft(r)) throw new Error(`expected the schema to compile: ${JSON.stringify(r.left)}`)
  return r.right
}
const problems = (schema: unknown): ReadonlyArray<SchemaProblem> => {
  const r = compileExtractSchema(schema)
  if (Either.isRight(r)) throw new Error("expected problems")
  return r.left
}
const root = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...extra
})
const str = { type: "string" }

/** An object nested `levels` deep counting the root as level 1, with a string at the bottom. */
const nested = (levels: number): unknown => {
  let node: unknown = { type: "object", properties: { leaf: str } }
  for (let i = 1; i < levels; i++) node = { type: "object", properties: { child: node } }
  return node
}
const childPath = (levels: number): string => "/properties/child".repeat(levels - 1)

/** `count` properties spread over `objects` nested objects under the root. */
const withProperties = (count: number): unknown => {
  const properties: Record<string, unknown> = {}
  for (let i = 0; i < count; i++) properties[`p${i}`] = str
  return root(properties)
}

describe("compileExtractSchema: the subset", () => {
  it("compiles every allowed keyword and type into a typed description", () => {
    const compiled = ok({
      type: "object",
      title: "Invoice",
      description: "An invoice",
      required: ["number", "lines"],
      properties: {
        number: { type: "string", description: "invoice number", title: "No." },
        total: { type: "number" },
        count: { type: "integer", enum: [1, 2, 3] },
        paid: { type: "boolean" },
        nothing: { type: "null" },
        status: { type: ["string", "null"], enum: ["open", "closed", null] },
        lines: {
          type: "array",
          items: { type: "object", properties: { sku: str, qty: { type: "integer" } }, required: ["sku"] }
        },
        tags: { type: "array", items: str }
      }
    })
    expect(compiled.propertyCount).toBe(10)
    expect(compiled.depth).toBe(3)
    const r = compiled.root
    expect(r).toMatchObject({ type: "object", title: "Invoice", description: "An invoice", nullable: false })
    expect(r.properties.map((p) => [p.name, p.required, p.schema.type])).toEqual([
      ["number", true, "string"],
      ["total", false, "number"],
      ["count", false, "integer"],
      ["paid", false, "boolean"],
      ["nothing", false, "null"],
      ["status", false, "string"],
      ["lines", true, "array"],
      ["tags", false, "array"]
    ])
    const byName = (name: string): SchemaNode => r.properties.find((p) => p.name === name)!.schema
    expect(byName("number")).toEqual({ type: "string", title: "No.", description: "invoice number", nullable: false, enum: null })
    expect(byName("count")).toEqual({ type: "integer", title: null, description: null, nullable: false, enum: [1, 2, 3] })
    expect(byName("status")).toEqual({
      type: "string",
      title: null,
      description: null,
      nullable: true,
      enum: ["open", "closed", null]
    })
    expect(byName("nothing")).toMatchObject({ type: "null", nullable: true })
    const lines = byName("lines")
    expect(lines.type === "array" && lines.items.type === "object" && lines.items.properties.map((p) => [p.name, p.required]))
      .toEqual([["sku", true], ["qty", false]])
  })

  it("a root that is not a JSON object", () => {
    for (const v of [null, "x", 1, true, [], [{ type: "object" }]]) {
      const p = problems(v)
      expect(p).toHaveLength(1)
      expect(p[0].path).toBe("")
      expect(p[0].message).toMatch(/^the schema must be a JSON object with "type": "object" and properties, not /)
    }
    expect(problems([])[0].message).toBe(`the schema must be a JSON object with "type": "object" and properties, not an array`)
  })

  it("the root must have type object and properties", () => {
    expect(problems({ properties: { a: str } })).toEqual([
      { path: "", message: `type is required: the root schema must have "type": "object" and properties` }
    ])
    expect(problems({ type: "array", items: str })).toEqual([
      { path: "/type", message: `the root schema must have "type": "object"` },
      {
        path: "",
        message: `an object needs properties: declare each field to extract, such as "properties": {"total": {"type": "number"}}`
      },
      { path: "/items", message: `items is only allowed with "type": "array"` }
    ])
    expect(problems({ type: ["object", "null"], properties: { a: str } })).toEqual([
      { path: "/type", message: `the root schema must have "type": "object"` }
    ])
    expect(problems({ type: "object" })).toEqual([
      {
        path: "",
        message: `an object needs properties: declare each field to extract, such as "properties": {"total": {"type": "number"}}`
      }
    ])
    expect(problems({ type: "object", properties: {} })).toEqual([
      { path: "/properties", message: `properties must declare at least one property, such as {"total": {"type": "number"}}` }
    ])
    expect(problems({ type: "object", properties: [] })).toEqual([
      { path: "/properties", message: "properties must be an object that maps each property name to its schema, not an array" }
    ])
  })

  describe("each keyword the spec names as not supported", () => {
    const cases: Array<[string, unknown, string]> = [
      ["$ref", "#/$defs/x", "$ref is not supported; inline the referenced schema in its place"],
      ["$defs", { x: str }, "$defs is not supported; inline each definition where it is used"],
      [
        "anyOf",
        [str, { type: "number" }],
        `anyOf is not supported; use one type, or a type array such as ["string", "null"] for a value that may be null`
      ],
      [
        "oneOf",
        [str, { type: "number" }],
        `oneOf is not supported; use one type, or a type array such as ["string", "null"] for a value that may be null`
      ],
      ["allOf", [str], "allOf is not supported; merge the schemas into one schema"],
      ["not", { type: "null" }, "not is not supported; describe the constraint in description"],
      ["format", "date", "formats are not supported; remove format and describe the expected format in description"],
      ["default", "n/a", "defaults are not supported; remove default (a missing value is returned as null, or [] for an array)"]
    ]
    it("covers the spec's list exactly", () => {
      expect(Object.keys(FORBIDDEN_KEYWORDS).sort()).toEqual(cases.map(([k]) => k).sort())
    })
    for (const [keyword, value, message] of cases) {
      it(`${keyword} on a property is refused at its own path`, () => {
        expect(problems(root({ a: { type: "string", [keyword]: value } }))).toEqual([
          { path: `/properties/a/${keyword}`, message }
        ])
      })
      it(`${keyword} on the root is refused`, () => {
        expect(problems(root({ a: str }, { [keyword]: value }))).toEqual([{ path: `/${keyword}`, message }])
      })
      it(`${keyword} as a property name is an ordinary property`, () => {
        const compiled = ok(root({ [keyword]: str }))
        expect(compiled.root.properties.map((p) => p.name)).toEqual([keyword])
      })
    }
  })

  it("every other keyword outside the subset is refused, with the allowed list", () => {
    const allowed = "allowed keywords: type, properties, items, required, description, enum, title"
    expect(
      problems(
        root(
          {
            n: { type: "number", minimum: 0 },
            s: { type: "string", pattern: "^a", maxLength: 3 },
            o: { type: "object", properties: { x: str }, additionalProperties: false }
          },
          { $schema: "https://json-schema.org/draft/2020-12/schema", definitions: {} }
        )
      )
    ).toEqual([
      { path: "/$schema", message: `keyword "$schema" is not supported; remove it; ${allowed}` },
      { path: "/definitions", message: `keyword "definitions" is not supported; inline each definition where it is used; ${allowed}` },
      { path: "/properties/n/minimum", message: `keyword "minimum" is not supported; ${allowed}` },
      { path: "/properties/s/pattern", message: `keyword "pattern" is not supported; ${allowed}` },
      { path: "/properties/s/maxLength", message: `keyword "maxLength" is not supported; ${allowed}` },
      {
        path: "/properties/o/additionalProperties",
        message: `keyword "additionalProperties" is not supported; remove it (only declared properties are extracted); ${allowed}`
      }
    ])
  })

  it("a __proto__ keyword is refused like any other unknown keyword", () => {
    const schema = JSON.parse(`{"type":"object","properties":{"a":{"type":"string","__proto__":{"x":1}}}}`)
    expect(problems(schema)).toEqual([
      {
        path: "/properties/a/__proto__",
        message: `keyword "__proto__" is not supported; allowed keywords: type, properties, items, required, description, enum, title`
      }
    ])
  })

  it("a property named __proto__ is an ordinary property", () => {
    const schema = JSON.parse(`{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}`)
    const compiled = ok(schema)
    expect(compiled.root.properties).toEqual([
      { name: "__proto__", required: true, schema: { type: "string", title: null, description: null, nullable: false, enum: null } }
    ])
  })

  describe("types", () => {
    const types = "object, array, string, number, integer, boolean, null"
    it("type is required on every schema", () => {
      expect(problems(root({ a: { description: "x" } }))).toEqual([
        { path: "/properties/a", message: `type is required; use one of ${types}` }
      ])
    })
    it("unknown type names", () => {
      expect(problems(root({ a: { type: "float" }, b: { type: "date" } }))).toEqual([
        { path: "/properties/a/type", message: `type "float" is not supported; use one of ${types}` },
        { path: "/properties/b/type", message: `type "date" is not supported; use one of ${types}` }
      ])
    })
    it("type of the wrong JSON kind", () => {
      expect(problems(root({ a: { type: 1 } }))).toEqual([
        {
          path: "/properties/a/type",
          message: `type must be a string (one of ${types}) or an array such as ["string", "null"], not a number`
        }
      ])
    })
    it("type arrays: one type and null", () => {
      expect(ok(root({ a: { type: ["null", "integer"] } })).root.properties[0].schema).toMatchObject({
        type: "integer",
        nullable: true
      })
      expect(ok(root({ a: { type: ["boolean"] } })).root.properties[0].schema).toMatchObject({
        type: "boolean",
        nullable: false
      })
      expect(ok(root({ a: { type: ["null"] } })).root.properties[0].schema).toMatchObject({ type: "null", nullable: true })
      expect(problems(root({ a: { type: ["string", "number"] } }))).toEqual([
        {
          path: "/properties/a/type",
          message: `type may combine one type with "null" only, such as ["string", "null"]; "string" and "number" cannot be combined`
        }
      ])
      expect(problems(root({ a: { type: [] } }))).toEqual([
        { path: "/properties/a/type", message: `type must not be an empty array; use one of ${types}` }
      ])
      expect(problems(root({ a: { type: ["string", "string"] } }))).toEqual([
        { path: "/properties/a/type", message: `type lists "string" twice` }
      ])
      expect(problems(root({ a: { type: ["string", "text"] } }))).toEqual([
        { path: "/properties/a/type", message: `type "text" is not supported; use one of ${types}` }
      ])
    })
    it("a property schema that is not an object", () => {
      expect(problems(root({ a: "string", b: true, c: null }))).toEqual([
        { path: "/properties/a", message: `must be a schema object such as {"type": "string"}, not a string` },
        { path: "/properties/b", message: `must be a schema object such as {"type": "string"}, not a boolean` },
        { path: "/properties/c", message: `must be a schema object such as {"type": "string"}, not null` }
      ])
    })
  })

  describe("keywords in the wrong place or of the wrong kind", () => {
    it("properties, items, required only where they belong", () => {
      expect(problems(root({ a: { type: "string", properties: { x: str }, items: str, required: [] } }))).toEqual([
        { path: "/properties/a/properties", message: `properties is only allowed with "type": "object"` },
        { path: "/properties/a/items", message: `items is only allowed with "type": "array"` },
        { path: "/properties/a/required", message: `required is only allowed with "type": "object"` }
      ])
    })
    it("arrays need one items schema", () => {
      expect(problems(root({ a: { type: "array" } }))).toEqual([
        {
          path: "/properties/a",
          message: `an array needs items: the schema of each element, such as "items": {"type": "string"}`
        }
      ])
      expect(problems(root({ a: { type: "array", items: [str, str] } }))).toEqual([
        { path: "/properties/a/items", message: "items must be one schema object; an array of schemas (tuple items) is not supported" }
      ])
      expect(problems(root({ a: { type: "array", items: "string" } }))).toEqual([
        { path: "/properties/a/items", message: `must be a schema object such as {"type": "string"}, not a string` }
      ])
    })
    it("nested objects need properties", () => {
      expect(problems(root({ a: { type: "object" } }))).toEqual([
        {
          path: "/properties/a",
          message: `an object needs properties: declare each field to extract, such as "properties": {"total": {"type": "number"}}`
        }
      ])
    })
    it("required lists declared names, each once", () => {
      expect(problems(root({ a: str }, { required: ["a", "b", "a", 3] }))).toEqual([
        { path: "/required/1", message: `"b" is not a property of this object; declare it under properties or remove it from required` },
        { path: "/required/2", message: `"a" is listed twice; list each property once` },
        { path: "/required/3", message: "must be a property name (a string), not a number" }
      ])
      expect(problems(root({ a: str }, { required: "a" }))).toEqual([
        { path: "/required", message: "required must be an array of property names, not a string" }
      ])
    })
    it("description and title are strings", () => {
      expect(problems(root({ a: { type: "string", description: 1, title: ["x"] } }))).toEqual([
        { path: "/properties/a/description", message: "description must be a string, not a number" },
        { path: "/properties/a/title", message: "title must be a string, not an array" }
      ])
    })
    it("enum: scalars only, non-empty, values of the type, each once", () => {
      expect(
        problems(
          root({
            a: { type: "object", properties: { x: str }, enum: [{}] },
            b: { type: "string", enum: "x" },
            c: { type: "string", enum: [] },
            d: { type: "string", enum: ["x", 1, null, "x", { y: 1 }] },
            e: { type: "integer", enum: [1, 1.5] },
            f: { type: ["number", "null"], enum: [1, null, 1.0] }
          })
        )
      ).toEqual([
        { path: "/properties/a/enum", message: "enum is only allowed with a scalar type (string, number, integer, boolean, null)" },
        { path: "/properties/b/enum", message: "enum must be an array of the allowed values, not a string" },
        { path: "/properties/c/enum", message: "enum must list at least one value" },
        { path: "/properties/d/enum/1", message: "1 is not a string; every enum value must match the type" },
        { path: "/properties/d/enum/2", message: "null is not a string; every enum value must match the type" },
        { path: "/properties/d/enum/3", message: `"x" is listed twice; list each value once` },
        { path: "/properties/d/enum/4", message: "must be a string, number, boolean or null, not an object" },
        { path: "/properties/e/enum/1", message: "1.5 is not an integer; every enum value must match the type" },
        { path: "/properties/f/enum/2", message: "1 is listed twice; list each value once" }
      ])
    })
  })

  describe("depth: at most 5 levels of nesting, the root object being level 1", () => {
    it("5 nested objects compile", () => {
      const c = ok(nested(5))
      expect(c.depth).toBe(5)
    })
    it("6 nested objects are refused once, at the 6th", () => {
      expect(problems(nested(6))).toEqual([
        {
          path: childPath(6),
          message:
            "this object is at level 6 of nesting; at most 5 levels of nesting are allowed (the root object is level 1): flatten the schema"
        }
      ])
      // deeper still: still one problem, at the first level too deep
      expect(problems(nested(9))).toEqual([{ path: childPath(6), message: expect.stringMatching(/level 6 of nesting/) }])
    })
    it("arrays are levels; scalars are not", () => {
      // root(1) > array(2) > object(3) > array(4) > array(5) of strings: ok
      const five = root({
        a: {
          type: "array",
          items: { type: "object", properties: { b: { type: "array", items: { type: "array", items: str } } } }
        }
      })
      expect(ok(five).depth).toBe(5)
      // one more array level is refused at the array that reaches level 6
      const six = root({
        a: {
          type: "array",
          items: {
            type: "object",
            properties: { b: { type: "array", items: { type: "array", items: { type: "array", items: str } } } }
          }
        }
      })
      expect(problems(six)).toEqual([
        {
          path: "/properties/a/items/properties/b/items/items",
          message:
            "this array is at level 6 of nesting; at most 5 levels of nesting are allowed (the root object is level 1): flatten the schema"
        }
      ])
    })
    it("a flat schema has depth 1", () => {
      expect(ok(root({ a: str })).depth).toBe(1)
    })
    it("problems deeper than the limit are still reported in the same pass", () => {
      const six = nested(6) as { properties: Record<string, unknown> }
      const deep = JSON.parse(JSON.stringify(six).replace(`{"leaf":{"type":"string"}}`, `{"leaf":{"type":"string","format":"date"}}`))
      expect(problems(deep).map((p) => p.path)).toEqual([childPath(6), `${childPath(6)}/properties/leaf/format`])
    })
    it("a hostile nesting of thousands of levels is refused without exhausting the stack", () => {
      let node: unknown = str
      for (let i = 0; i < 20_000; i++) node = { type: "array", items: node }
      const p = problems(root({ a: node }))
      expect(p).toHaveLength(1)
      expect(p[0].message).toMatch(/level 6 of nesting/)
    })
  })

  describe("properties: at most 100 in total, nested ones included", () => {
    it("100 at the root compile", () => {
      expect(ok(withProperties(100)).propertyCount).toBe(100)
    })
    it("101 at the root are refused with one problem on the whole schema", () => {
      expect(problems(withProperties(101))).toEqual([
        {
          path: "",
          message:
            "the schema declares 101 properties in total; at most 100 properties are allowed (every property of every object counts, nested ones included)"
        }
      ])
    })
    it("nested properties and those of objects inside arrays count; the root and items do not", () => {
      const inner: Record<string, unknown> = {}
      for (let i = 0; i < 48; i++) inner[`i${i}`] = str
      // 2 (a, list) + 48 (a's) + 48 (list items') + 2 (x, y) = 100
      const hundred = root({
        a: { type: "object", properties: inner },
        list: { type: "array", items: { type: "object", properties: inner } },
        x: str,
        y: str
      })
      expect(ok(hundred).propertyCount).toBe(100)
      const hundredOne = root({
        a: { type: "object", properties: inner },
        list: { type: "array", items: { type: "object", properties: inner } },
        x: str,
        y: str,
        z: str
      })
      expect(problems(hundredOne)).toEqual([{ path: "", message: expect.stringMatching(/^the schema declares 101 properties/) }])
    })
  })

  it("reports every problem in one pass, the total first, then in document order", () => {
    const properties: Record<string, unknown> = {}
    for (let i = 0; i < 99; i++) properties[`p${i}`] = str
    const schema = {
      type: "object",
      $ref: "#/x",
      properties: {
        ...properties,
        when: { type: "string", format: "date-time", default: "now" },
        kind: { anyOf: [str] },
        list: { type: "array", items: { type: "tuple" } },
        deep: nested(5)
      },
      required: ["missing"]
    }
    expect(problems(schema)).toEqual([
      { path: "", message: expect.stringMatching(/^the schema declares 108 properties in total/) },
      { path: "/$ref", message: "$ref is not supported; inline the referenced schema in its place" },
      { path: "/properties/when/format", message: expect.stringMatching(/^formats are not supported/) },
      { path: "/properties/when/default", message: expect.stringMatching(/^defaults are not supported/) },
      { path: "/properties/kind/anyOf", message: expect.stringMatching(/^anyOf is not supported/) },
      { path: "/properties/kind", message: expect.stringMatching(/^type is required/) },
      { path: "/properties/list/items/type", message: expect.stringMatching(/^type "tuple" is not supported/) },
      { path: `/properties/deep${childPath(5)}`, message: expect.stringMatching(/^this object is at level 6 of nesting/) },
      { path: "/required/0", message: expect.stringMatching(/^"missing" is not a property of this object/) }
    ])
  })

  it("escapes ~ and / in property names of paths (JSON pointer)", () => {
    expect(problems(root({ "a/b": { type: "x" }, "c~d": { type: "y" } })).map((p) => p.path)).toEqual([
      "/properties/a~1b/type",
      "/properties/c~0d/type"
    ])
  })

  it("compiling is pure: the same input gives the same answer, and the input is not changed", () => {
    const schema = root({ a: { type: ["string", "null"], enum: ["x", null] } })
    const before = JSON.stringify(schema)
    expect(compileExtractSchema(schema)).toEqual(compileExtractSchema(schema))
    expect(JSON.stringify(schema)).toBe(before)
  })
})
