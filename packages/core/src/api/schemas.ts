/**
 * Schemas shared by the routes of every service: query parameters (strings on the wire, checked
 * and converted, with the messages users see) and common body fields. Each carries the JSON Schema
 * that documents it (`jsonSchema` annotation) where its wire form differs from its decoded type.
 */
import { Either, JSONSchema, Option, ParseResult, Schema, SchemaAST } from "effect"
import { fieldMessage } from "./decode.js"
import { MAX_IDEMPOTENCY_KEY, UUID } from "./inputs.js"

/** A query parameter's value: the first when it is repeated. */
export const QueryValue = Schema.transform(Schema.Union(Schema.String, Schema.Array(Schema.String)), Schema.String, {
  strict: true,
  decode: (v) => (typeof v === "string" ? v : v[0] ?? ""),
  encode: (s) => s
})

/** Every value of a repeatable query parameter. */
export const QueryValues = Schema.transform(Schema.Union(Schema.String, Schema.Array(Schema.String)), Schema.Array(Schema.String), {
  strict: true,
  decode: (v) => (typeof v === "string" ? [v] : v),
  encode: (a) => a
})

const parsed = <A>(
  message: string,
  parse: (raw: string) => A | undefined,
  to: Schema.Schema<A>,
  jsonSchema: Record<string, unknown>
) =>
  Schema.transformOrFail(QueryValue, to, {
    strict: true,
    decode: (raw, _, ast) => {
      const v = parse(raw)
      return v === undefined ? ParseResult.fail(new ParseResult.Type(ast, raw)) : ParseResult.succeed(v)
    },
    encode: (v) => ParseResult.succeed(String(v))
  }).pipe(fieldMessage(message)).annotations({ jsonSchema })

/** An integer query parameter in [min, max] (digits only). */
export const queryInt = (min: number, max: number) =>
  parsed(
    `must be an integer from ${min} to ${max}`,
    (raw) => (/^\d+$/.test(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : undefined),
    Schema.Number,
    { type: "integer", minimum: min, maximum: max }
  )

/** A number query parameter in [min, max]. */
export const queryNumber = (min: number, max: number) =>
  parsed(
    `must be a number from ${min} to ${max}`,
    (raw) => {
      const n = Number(raw)
      return raw.trim() === "" || !Number.isFinite(n) || n < min || n > max ? undefined : n
    },
    Schema.Number,
    { type: "number", minimum: min, maximum: max }
  )

/** A query parameter that is one of `values`. */
export const queryLiteral = <const L extends ReadonlyArray<string>>(values: L, message: string) =>
  parsed(message, (raw) => (values.includes(raw) ? (raw as L[number]) : undefined), Schema.String as unknown as Schema.Schema<L[number]>, {
    type: "string",
    enum: values
  })

/** A query parameter matching `pattern`. */
export const queryPattern = (pattern: RegExp, message: string, jsonSchema: Record<string, unknown> = { type: "string" }) =>
  parsed(message, (raw) => (pattern.test(raw) ? raw : undefined), Schema.String, jsonSchema)

/** An optional query parameter with a default. */
export const withDefault = <A, I>(schema: Schema.Schema<A, I>, fallback: A) =>
  Schema.optionalWith(schema, { default: () => fallback })

/** An optional query parameter (`undefined` when absent). */
export const optionalParam = <A, I>(schema: Schema.Schema<A, I>) => Schema.optional(schema)

export const Uuid = Schema.String.pipe(Schema.pattern(UUID)).annotations({ jsonSchema: { type: "string", format: "uuid" } })

/** `idempotency_key` (flat body) / `Idempotency-Key` (v1 header). */
export const IdempotencyKey = Schema.String.pipe(
  Schema.minLength(1),
  Schema.maxLength(MAX_IDEMPOTENCY_KEY),
  fieldMessage(`must be a string of 1 to ${MAX_IDEMPOTENCY_KEY} characters`)
)

/** A JSON value that is absent or `null`: both mean "not given". */
export const optionalNullable = <A, I>(schema: Schema.Schema<A, I>) =>
  Schema.optionalWith(schema, { nullable: true, as: "Option" })

export const orUndefined = <A>(o: Option.Option<A>): A | undefined => Option.getOrUndefined(o)

/** A JSON body that must be empty (`{}`): every field is unknown. */
export const EmptyObject = Schema.Record({ key: Schema.String, value: Schema.Never.pipe(fieldMessage("unknown field")) }).annotations({
  jsonSchema: { type: "object", additionalProperties: false }
})

const LIST = Schema.Array(Schema.Unknown)

/**
 * An array of `min` to `max` items, each decoded with `item`, whose `keyField` values must be
 * distinct: a repeated key is told at its item (after the item's unknown fields) even when other
 * items are refused, as a reader checks a list. The length is checked first, alone.
 */
export const distinctArray = <A, I>(
  item: Schema.Schema<A, I>,
  options: {
    readonly min: number
    readonly max: number
    readonly message: string
    readonly keyField: string
    /** the key of a raw item, when it is a valid one */
    readonly keyOf: (raw: unknown) => string | undefined
    readonly repeated: (key: string) => string
  }
) =>
  Schema.transformOrFail(LIST, Schema.Array(Schema.typeSchema(item)), {
    strict: true,
    decode: (list, parseOptions, ast) => {
      if (list.length < options.min || list.length > options.max) return ParseResult.fail(new ParseResult.Type(ast, list))
      const issues: Array<ParseResult.ParseIssue> = []
      const out: Array<A> = []
      const seen = new Set<string>()
      list.forEach((raw, i) => {
        const key = options.keyOf(raw)
        const repeated = key !== undefined && seen.has(key)
        if (key !== undefined) seen.add(key)
        const decoded = ParseResult.decodeUnknownEither(item)(raw, parseOptions)
        const own: Array<ParseResult.ParseIssue> = []
        if (Either.isLeft(decoded)) {
          const e = decoded.left
          own.push(...(e._tag === "Composite" && e.ast._tag === "TypeLiteral" ? (Array.isArray(e.issues) ? e.issues : [e.issues as ParseResult.ParseIssue]) : [e]))
        } else out.push(decoded.right)
        if (repeated) {
          const at = own.findIndex((x) => !(x._tag === "Pointer" && x.issue._tag === "Unexpected"))
          const repeat = new ParseResult.Pointer(options.keyField, raw, new ParseResult.Type(SchemaAST.stringKeyword, key, options.repeated(key)))
          own.splice(at < 0 ? own.length : at, 0, repeat)
        }
        if (own.length > 0) issues.push(new ParseResult.Pointer(i, list, new ParseResult.Composite(LIST.ast, raw, own as unknown as readonly [ParseResult.ParseIssue, ...Array<ParseResult.ParseIssue>])))
      })
      return issues.length > 0 ? ParseResult.fail(new ParseResult.Composite(LIST.ast, list, issues as unknown as readonly [ParseResult.ParseIssue, ...Array<ParseResult.ParseIssue>])) : ParseResult.succeed(out)
    },
    encode: (list) => ParseResult.succeed(list)
  }).pipe(fieldMessage(options.message)).annotations({
    jsonSchema: {
      type: "array",
      minItems: options.min,
      maxItems: options.max,
      items: JSONSchema.fromAST(item.ast, { definitions: {}, target: "openApi3.1" }),
      description: `${options.keyField} values must be distinct`
    }
  })
