/**
 * The extraction-schema subset compiler (spec 2, "Extract schema subset"). Takes a caller's JSON
 * Schema as parsed JSON and returns either the compiled schema the extractor walks, or every
 * problem found, in one pass, in document order (the total-properties problem, which concerns the
 * whole schema, first).
 *
 * The subset:
 * - The root is an object with `properties`: `"type": "object"` exactly.
 * - Allowed keywords: `type`, `properties`, `items`, `required`, `description`, `enum`, `title`.
 *   `$ref`, `$defs`, `anyOf`, `oneOf`, `allOf`, `not`, `format` and `default` get their own
 *   message; every other keyword (`additionalProperties`, `minimum`, `$schema`, …) is refused.
 *   Keywords are the keys of a schema object; the keys of `properties` are property names and
 *   may be anything, `format` and `$ref` included.
 * - Allowed types: `object`, `array`, `string`, `number`, `integer`, `boolean`, `null`. `type` is
 *   required on every schema. It may be an array of one type and `"null"` (`["string", "null"]`),
 *   which makes the value nullable; two types other than `null` are refused.
 * - Every object declares at least one property; every array has one `items` schema.
 * - `required` lists declared property names, each once. `enum` lists at least one distinct scalar,
 *   each of the node's type (or null when nullable), on scalar types only.
 * - Levels of nesting: the levels of the extracted JSON. The root object is level 1; each object
 *   or array inside it is one level deeper than its container; scalars add no level. At most 5:
 *   a 6th level is reported once, at the object or array that reaches it.
 * - Properties in total: every key of every `properties` map anywhere in the schema, nested ones
 *   and those of objects inside arrays included. The root object and array `items` are not
 *   properties. At most 100.
 *
 * The walk stops descending at 64 levels (already refused as too deep), so a hostile schema cannot
 * exhaust the stack; problems below that level are not reported.
 */
import { Array as Arr, Effect, Either } from "effect"
import { InvalidSchema } from "./errors.js"
import {
  ALLOWED_KEYWORDS,
  ALLOWED_TYPES,
  type ArrayNode,
  type CompiledExtractSchema,
  type EnumValue,
  MAX_SCHEMA_DEPTH,
  MAX_SCHEMA_PROPERTIES,
  type ObjectNode,
  type PropertyNode,
  type ScalarType,
  type SchemaNode,
  type SchemaType
} from "./extract-schema.js"
import { schemaPointer, type SchemaProblem } from "./schema-problem.js"

const WALK_LIMIT = 64

const allowedKeywords: ReadonlySet<string> = new Set(ALLOWED_KEYWORDS)
const allowedTypes: ReadonlySet<string> = new Set(ALLOWED_TYPES)
const keywordList = ALLOWED_KEYWORDS.join(", ")
const typeList = ALLOWED_TYPES.join(", ")

/** The keywords the spec names as not supported, each with what to do instead. */
export const FORBIDDEN_KEYWORDS: Readonly<Record<string, string>> = {
  $ref: "$ref is not supported; inline the referenced schema in its place",
  $defs: "$defs is not supported; inline each definition where it is used",
  anyOf: "anyOf is not supported; use one type, or a type array such as [\"string\", \"null\"] for a value that may be null",
  oneOf: "oneOf is not supported; use one type, or a type array such as [\"string\", \"null\"] for a value that may be null",
  allOf: "allOf is not supported; merge the schemas into one schema",
  not: "not is not supported; describe the constraint in description",
  format: "formats are not supported; remove format and describe the expected format in description",
  default: "defaults are not supported; remove default (a missing value is returned as null, or [] for an array)"
}

/** Extra advice for some common keywords outside the subset. */
const KEYWORD_HINTS: Readonly<Record<string, string>> = {
  definitions: "; inline each definition where it is used",
  additionalProperties: "; remove it (only declared properties are extracted)",
  $schema: "; remove it",
  $id: "; remove it"
}

type JsonObject = Readonly<Record<string, unknown>>

const isJsonObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v)
const has = (o: JsonObject, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k)

const describe = (v: unknown): string => {
  if (v === null) return "null"
  if (Array.isArray(v)) return "an array"
  switch (typeof v) {
    case "string":
      return "a string"
    case "number":
      return "a number"
    case "boolean":
      return "a boolean"
    case "object":
      return "an object"
    default:
      return typeof v
  }
}

const isEnumValue = (v: unknown): v is EnumValue =>
  v === null || typeof v === "string" || typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v))

const matchesScalar = (type: ScalarType, v: EnumValue): boolean => {
  switch (type) {
    case "string":
      return typeof v === "string"
    case "number":
      return typeof v === "number"
    case "integer":
      return typeof v === "number" && Number.isInteger(v)
    case "boolean":
      return typeof v === "boolean"
    case "null":
      return v === null
  }
}

/** Two enum values are the same when they are the same JSON (1 and 1.0 are the same number). */
const enumKey = (v: EnumValue): string => JSON.stringify(v)

interface Walk {
  readonly problems: Array<SchemaProblem>
  propertyCount: number
  depth: number
}

interface ParsedType {
  readonly type: SchemaType | undefined
  readonly nullable: boolean
}

const parseType = (node: JsonObject, path: string, isRoot: boolean, w: Walk): ParsedType => {
  const at = schemaPointer(path, "type")
  const fail = (message: string): ParsedType => {
    w.problems.push({ path: at, message })
    return { type: undefined, nullable: false }
  }
  if (!has(node, "type")) {
    w.problems.push({
      path,
      message: isRoot
        ? "type is required: the root schema must have \"type\": \"object\" and properties"
        : `type is required; use one of ${typeList}`
    })
    return { type: undefined, nullable: false }
  }
  const raw = node.type
  if (isRoot) {
    return raw === "object" ? { type: "object", nullable: false } : fail("the root schema must have \"type\": \"object\"")
  }
  if (typeof raw === "string") {
    return allowedTypes.has(raw)
      ? { type: raw as SchemaType, nullable: raw === "null" }
      : fail(`type ${JSON.stringify(raw)} is not supported; use one of ${typeList}`)
  }
  if (Array.isArray(raw)) {
    if (raw.length === 0) return fail(`type must not be an empty array; use one of ${typeList}`)
    const seen = new Set<string>()
    for (const t of raw) {
      if (typeof t !== "string" || !allowedTypes.has(t)) {
        return fail(`type ${JSON.stringify(t)} is not supported; use one of ${typeList}`)
      }
      if (seen.has(t)) return fail(`type lists ${JSON.stringify(t)} twice`)
      seen.add(t)
    }
    const nonNull = raw.filter((t) => t !== "null") as Array<SchemaType>
    if (nonNull.length > 1) {
      return fail(
        `type may combine one type with "null" only, such as ["string", "null"]; ${
          nonNull.map((t) => JSON.stringify(t)).join(" and ")
        } cannot be combined`
      )
    }
    return nonNull.length === 0 ? { type: "null", nullable: true } : { type: nonNull[0], nullable: raw.length === 2 }
  }
  return fail(`type must be a string (one of ${typeList}) or an array such as ["string", "null"], not ${describe(raw)}`)
}

/**
 * Walks one schema object. `parentLevel` is the level of the closest enclosing object or array (0
 * above the root). Returns the node when it and everything under it is valid.
 */
const walkNode = (value: unknown, path: string, parentLevel: number, isRoot: boolean, w: Walk): SchemaNode | undefined => {
  const before = w.problems.length
  if (!isJsonObject(value)) {
    w.problems.push({
      path,
      message: isRoot
        ? `the schema must be a JSON object with "type": "object" and properties, not ${describe(value)}`
        : `must be a schema object such as {"type": "string"}, not ${describe(value)}`
    })
    return undefined
  }
  const node = value

  // keywords, in the order the caller wrote them
  for (const key of Object.keys(node)) {
    const forbidden = has(FORBIDDEN_KEYWORDS, key) ? FORBIDDEN_KEYWORDS[key] : undefined
    if (forbidden !== undefined) {
      w.problems.push({ path: schemaPointer(path, key), message: forbidden })
    } else if (!allowedKeywords.has(key)) {
      const hint = has(KEYWORD_HINTS, key) ? KEYWORD_HINTS[key] : ""
      w.problems.push({
        path: schemaPointer(path, key),
        message: `keyword ${JSON.stringify(key)} is not supported${hint}; allowed keywords: ${keywordList}`
      })
    }
  }

  const { nullable, type } = parseType(node, path, isRoot, w)
  // the kind walked: the declared type, or what `properties` / `items` imply when it is missing or bad
  // (the root is always walked as an object)
  const kind: SchemaType | undefined = isRoot
    ? "object"
    : type ?? (has(node, "properties") ? "object" : has(node, "items") ? "array" : undefined)
  const container = kind === "object" || kind === "array"
  const level = container ? parentLevel + 1 : parentLevel
  if (container) {
    w.depth = Math.max(w.depth, level)
    if (level === MAX_SCHEMA_DEPTH + 1) {
      w.problems.push({
        path,
        message: `this ${kind} is at level ${level} of nesting; at most ${MAX_SCHEMA_DEPTH} levels of nesting are allowed (the root object is level 1): flatten the schema`
      })
    }
  }
  const descend = level < WALK_LIMIT

  for (const key of ["description", "title"] as const) {
    if (has(node, key) && typeof node[key] !== "string") {
      w.problems.push({ path: schemaPointer(path, key), message: `${key} must be a string, not ${describe(node[key])}` })
    }
  }

  // properties
  let properties: Array<PropertyNode> | undefined
  let declared: ReadonlySet<string> | undefined
  if (has(node, "properties")) {
    const at = schemaPointer(path, "properties")
    const raw = node.properties
    if (kind !== undefined && kind !== "object") {
      w.problems.push({ path: at, message: `properties is only allowed with "type": "object"` })
    }
    if (!isJsonObject(raw)) {
      w.problems.push({
        path: at,
        message: `properties must be an object that maps each property name to its schema, not ${describe(raw)}`
      })
    } else {
      const names = Object.keys(raw)
      w.propertyCount += names.length
      declared = new Set(names)
      if (names.length === 0 && kind === "object") {
        w.problems.push({
          path: at,
          message: `properties must declare at least one property, such as {"total": {"type": "number"}}`
        })
      }
      if (descend) {
        properties = []
        for (const name of names) {
          const child = walkNode(raw[name], schemaPointer(at, name), level, false, w)
          if (child !== undefined) properties.push({ name, required: false, schema: child })
        }
      }
    }
  } else if (kind === "object") {
    w.problems.push({
      path,
      message: `an object needs properties: declare each field to extract, such as "properties": {"total": {"type": "number"}}`
    })
  }

  // items
  let items: SchemaNode | undefined
  if (has(node, "items")) {
    const at = schemaPointer(path, "items")
    const raw = node.items
    if (kind !== undefined && kind !== "array") {
      w.problems.push({ path: at, message: `items is only allowed with "type": "array"` })
    }
    if (Array.isArray(raw)) {
      w.problems.push({
        path: at,
        message: `items must be one schema object; an array of schemas (tuple items) is not supported`
      })
    } else if (descend) {
      items = walkNode(raw, at, level, false, w)
    }
  } else if (kind === "array") {
    w.problems.push({
      path,
      message: `an array needs items: the schema of each element, such as "items": {"type": "string"}`
    })
  }

  // required
  const required = new Set<string>()
  if (has(node, "required")) {
    const at = schemaPointer(path, "required")
    const raw = node.required
    if (kind !== undefined && kind !== "object") {
      w.problems.push({ path: at, message: `required is only allowed with "type": "object"` })
    }
    if (!Array.isArray(raw)) {
      w.problems.push({ path: at, message: `required must be an array of property names, not ${describe(raw)}` })
    } else {
      raw.forEach((name, i) => {
        const item = schemaPointer(at, i)
        if (typeof name !== "string") {
          w.problems.push({ path: item, message: `must be a property name (a string), not ${describe(name)}` })
        } else if (required.has(name)) {
          w.problems.push({ path: item, message: `${JSON.stringify(name)} is listed twice; list each property once` })
        } else {
          required.add(name)
          if (declared !== undefined && !declared.has(name)) {
            w.problems.push({
              path: item,
              message: `${JSON.stringify(name)} is not a property of this object; declare it under properties or remove it from required`
            })
          }
        }
      })
    }
  }

  // enum
  let enumValues: Array<EnumValue> | null = null
  if (has(node, "enum")) {
    const at = schemaPointer(path, "enum")
    const raw = node.enum
    if (container) {
      w.problems.push({ path: at, message: `enum is only allowed with a scalar type (string, number, integer, boolean, null)` })
    } else if (!Array.isArray(raw)) {
      w.problems.push({ path: at, message: `enum must be an array of the allowed values, not ${describe(raw)}` })
    } else if (raw.length === 0) {
      w.problems.push({ path: at, message: `enum must list at least one value` })
    } else {
      enumValues = []
      const seen = new Set<string>()
      raw.forEach((v, i) => {
        const item = schemaPointer(at, i)
        if (!isEnumValue(v)) {
          w.problems.push({ path: item, message: `must be a string, number, boolean or null, not ${describe(v)}` })
          return
        }
        const scalar = type as ScalarType | undefined
        if (scalar !== undefined && !matchesScalar(scalar, v) && !(v === null && nullable)) {
          w.problems.push({
            path: item,
            message: `${JSON.stringify(v)} is not ${scalar === "integer" ? "an" : "a"} ${scalar}${
              nullable ? " or null" : ""
            }; every enum value must match the type`
          })
          return
        }
        const k = enumKey(v)
        if (seen.has(k)) {
          w.problems.push({ path: item, message: `${JSON.stringify(v)} is listed twice; list each value once` })
          return
        }
        seen.add(k)
        enumValues!.push(v)
      })
    }
  }

  if (w.problems.length !== before || type === undefined) return undefined
  const base = {
    title: typeof node.title === "string" ? node.title : null,
    description: typeof node.description === "string" ? node.description : null,
    nullable
  }
  if (type === "object") {
    const object: ObjectNode = {
      ...base,
      type,
      properties: (properties ?? []).map((p) => ({ ...p, required: required.has(p.name) }))
    }
    return object
  }
  if (type === "array") {
    const array: ArrayNode = { ...base, type, items: items! }
    return array
  }
  return { ...base, type, enum: enumValues }
}

/**
 * Compiles a caller's schema (parsed JSON) into the typed description the extractor walks, or
 * returns every problem found, at least one.
 */
export const compileExtractSchema = (
  input: unknown
): Either.Either<CompiledExtractSchema, Arr.NonEmptyReadonlyArray<SchemaProblem>> => {
  const w: Walk = { problems: [], propertyCount: 0, depth: 0 }
  const root = walkNode(input, "", 0, true, w)
  if (w.propertyCount > MAX_SCHEMA_PROPERTIES) {
    w.problems.unshift({
      path: "",
      message:
        `the schema declares ${w.propertyCount} properties in total; at most ${MAX_SCHEMA_PROPERTIES} properties are allowed ` +
        `(every property of every object counts, nested ones included)`
    })
  }
  if (Arr.isNonEmptyReadonlyArray(w.problems)) return Either.left(w.problems)
  return Either.right({ root: root as ObjectNode, propertyCount: w.propertyCount, depth: w.depth })
}

/** `compileExtractSchema` as an Effect that fails with `InvalidSchema`. */
export const compileExtractSchemaOrFail = (input: unknown): Effect.Effect<CompiledExtractSchema, InvalidSchema> =>
  Either.match(compileExtractSchema(input), {
    onLeft: (problems) => Effect.fail(new InvalidSchema({ problems })),
    onRight: Effect.succeed
  })
