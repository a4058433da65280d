/**
 * Shapes what an extractor produced into the data of an extract result: "shaped like the schema;
 * missing scalars are null, missing arrays are `[]`" (spec 2, "Extract result").
 *
 * - Every declared property is present, in schema order; undeclared properties are dropped.
 * - A scalar that is missing, of the wrong type (a string for a number, 1.5 for an integer) or
 *   outside its `enum` is null. Values are not converted: reading "1,234.50" as a number is the
 *   extractor's job.
 * - A missing or non-array array is `[]`. Its elements are shaped by `items`; elements that are
 *   not of the items' kind (a string in an array of objects, a null where null is not allowed, a
 *   value outside the enum) are dropped rather than kept as null.
 * - A missing or non-object object is an object of its shaped properties (all null / `[]`).
 * - A nullable (`[T, "null"]`) object or array the extractor stated as `null` stays null.
 */
import type { ArrayNode, CompiledExtractSchema, ObjectNode, ScalarNode, SchemaNode } from "./extract-schema.js"

/** JSON data of an extract result. */
export type ExtractedValue = string | number | boolean | null | ReadonlyArray<ExtractedValue> | ExtractedObject
export interface ExtractedObject {
  readonly [key: string]: ExtractedValue
}

const isObject = (v: unknown): v is Readonly<Record<string, unknown>> =>
  typeof v === "object" && v !== null && !Array.isArray(v)

/** Sets an own property even for names such as `__proto__`. */
export const setExtractedProperty = (target: Record<string, ExtractedValue>, name: string, value: ExtractedValue): void => {
  Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true })
}

const own = (o: Readonly<Record<string, unknown>>, name: string): unknown =>
  Object.prototype.hasOwnProperty.call(o, name) ? o[name] : undefined

/** The scalar if it fits the node, else undefined. */
const fitScalar = (node: ScalarNode, v: unknown): string | number | boolean | null | undefined => {
  let fits: boolean
  switch (node.type) {
    case "string":
      fits = typeof v === "string"
      break
    case "number":
      fits = typeof v === "number" && Number.isFinite(v)
      break
    case "integer":
      fits = typeof v === "number" && Number.isInteger(v)
      break
    case "boolean":
      fits = typeof v === "boolean"
      break
    case "null":
      fits = v === null
      break
  }
  if (!fits) return undefined
  const scalar = v as string | number | boolean | null
  if (node.enum !== null && !node.enum.some((e) => e === scalar)) return undefined
  return scalar
}

export const shapeObject = (node: ObjectNode, v: unknown): ExtractedObject | null => {
  if (v === null && node.nullable) return null
  const source = isObject(v) ? v : {}
  const out: Record<string, ExtractedValue> = {}
  for (const p of node.properties) setExtractedProperty(out, p.name, shapeNode(p.schema, own(source, p.name)))
  return out
}

export const shapeArray = (node: ArrayNode, v: unknown): ReadonlyArray<ExtractedValue> | null => {
  if (v === null && node.nullable) return null
  if (!Array.isArray(v)) return []
  const out: Array<ExtractedValue> = []
  for (const element of v) {
    const shaped = shapeElement(node.items, element)
    if (shaped !== undefined) out.push(shaped)
  }
  return out
}

/** An array element: kept (shaped) when it is of the items' kind, undefined when dropped. */
const shapeElement = (items: SchemaNode, element: unknown): ExtractedValue | undefined => {
  switch (items.type) {
    case "object":
      if (isObject(element) || (element === null && items.nullable)) return shapeObject(items, element)
      return undefined
    case "array":
      if (Array.isArray(element) || (element === null && items.nullable)) return shapeArray(items, element)
      return undefined
    default: {
      const fitted = fitScalar(items, element)
      if (fitted !== undefined) return fitted
      return element === null && items.nullable ? null : undefined
    }
  }
}

/** Shapes a value (undefined when missing) by one schema node. */
export const shapeNode = (node: SchemaNode, v: unknown): ExtractedValue => {
  switch (node.type) {
    case "object":
      return shapeObject(node, v)
    case "array":
      return shapeArray(node, v)
    default:
      return fitScalar(node, v) ?? null
  }
}

/** Shapes an extractor's output into the result `data`: always an object with every declared property. */
export const shapeExtracted = (schema: CompiledExtractSchema, value: unknown): ExtractedObject =>
  shapeObject({ ...schema.root, nullable: false }, value) as ExtractedObject
