import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { decodeFields, fieldMessage } from "../../src/api/decode.js"
import { distinctArray, queryInt, withDefault } from "../../src/api/schemas.js"

const Key = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(5), fieldMessage("must be a string of 1 to 5 characters"))
const Body = Schema.Struct({
  file: Schema.Struct({ source_url: Schema.String.pipe(fieldMessage("is required and must be a string")), file_name: Schema.optional(Key) }).pipe(
    fieldMessage({ invalid: "must be an object with source_url", missing: "is required" })
  ),
  key: Schema.optional(Key),
  kind: Schema.optional(Schema.Union(
    Schema.Struct({ type: Schema.Literal("a").pipe(fieldMessage("must be a or b")), n: Schema.Number.pipe(fieldMessage("must be a number")) }),
    Schema.Struct({ type: Schema.Literal("b").pipe(fieldMessage("must be a or b")) })
  ).pipe(fieldMessage("must be an object with type")))
})

const errors = (value: unknown) => Either.match(decodeFields(Body, value), { onLeft: (e) => e, onRight: () => [] })

describe("decodeFields: a schema's refusals as the envelopes' field errors", () => {
  it("names unknown fields first, then each declared field in order, with its own message", () => {
    expect(errors({ colour: 1, file: { source_url: 3, x: 1, file_name: "" }, key: "" })).toEqual([
      { field: "colour", message: "unknown field" },
      { field: "file.x", message: "unknown field" },
      { field: "file.source_url", message: "is required and must be a string" },
      { field: "file.file_name", message: "must be a string of 1 to 5 characters" },
      { field: "key", message: "must be a string of 1 to 5 characters" }
    ])
  })

  it("an object's own message is for a value that is not one; a missing field takes the missing message", () => {
    expect(errors({ file: 3 })).toEqual([{ field: "file", message: "must be an object with source_url" }])
    expect(errors({})).toEqual([{ field: "file", message: "is required" }])
  })

  it("a refinement's message also covers a value of the wrong type (a number for a string)", () => {
    expect(errors({ file: { source_url: "u" }, key: 7 })).toEqual([{ field: "key", message: "must be a string of 1 to 5 characters" }])
  })

  it("a union of objects tells what is wrong inside the member its discriminator picks", () => {
    const file = { source_url: "u" }
    expect(errors({ file, kind: 3 })).toEqual([{ field: "kind", message: "must be an object with type" }])
    expect(errors({ file, kind: { type: "c" } })).toEqual([{ field: "kind.type", message: "must be a or b" }])
    expect(errors({ file, kind: { type: "a", n: "x", z: 1 } })).toEqual([
      { field: "kind.z", message: "unknown field" },
      { field: "kind.n", message: "must be a number" }
    ])
  })

  it("query parameters: strings checked and converted, with a default when absent", () => {
    const Query = Schema.Struct({ limit: withDefault(queryInt(1, 200), 50) })
    expect(decodeFields(Query, {})).toEqual(Either.right({ limit: 50 }))
    expect(decodeFields(Query, { limit: "7" })).toEqual(Either.right({ limit: 7 }))
    for (const bad of ["0", "x", "1.5", ""]) {
      expect(decodeFields(Query, { limit: bad })).toEqual(Either.left([{ field: "limit", message: "must be an integer from 1 to 200" }]))
    }
  })

  it("distinctArray: the length alone first; then each item, and a repeated key at its item even beside other refusals", () => {
    const Item = Schema.Struct({ id: Key, n: Schema.optional(Schema.Number.pipe(fieldMessage("must be a number"))) }).pipe(fieldMessage("must be an object with id"))
    const List = Schema.Struct({
      items: distinctArray(Item, {
        min: 1,
        max: 3,
        message: "must be an array of 1 to 3 items",
        keyField: "id",
        keyOf: (raw) => (raw as { id?: unknown } | null)?.id as string | undefined,
        repeated: (id) => `repeats ${id}`
      })
    })
    expect(decodeFields(List, { items: [] })).toEqual(Either.left([{ field: "items", message: "must be an array of 1 to 3 items" }]))
    expect(decodeFields(List, { items: "x" })).toEqual(Either.left([{ field: "items", message: "must be an array of 1 to 3 items" }]))
    expect(decodeFields(List, { items: [{ id: "a" }, { id: "a", n: "x", q: 1 }, 5] })).toEqual(Either.left([
      { field: "items.1.q", message: "unknown field" },
      { field: "items.1.id", message: "repeats a" },
      { field: "items.1.n", message: "must be a number" },
      { field: "items.2", message: "must be an object with id" }
    ]))
    expect(decodeFields(List, { items: [{ id: "a" }, { id: "b", n: 2 }] })).toEqual(Either.right({ items: [{ id: "a" }, { id: "b", n: 2 }] }))
  })
})
