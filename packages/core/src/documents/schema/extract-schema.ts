/**
 * The compiled form of a caller's extraction schema: what the extractor walks and what the result
 * is shaped by. Only `compileExtractSchema` (compile.ts) builds one, so every value of these types
 * is inside the spec's subset (spec 2, "Extract schema subset").
 */

/** At most 5 levels of nesting (spec 2, "Limits"); see `compile.ts` for how levels are counted. */
export const MAX_SCHEMA_DEPTH = 5
/** At most 100 properties in total (spec 2, "Limits"); see `compile.ts` for how they are counted. */
export const MAX_SCHEMA_PROPERTIES = 100

/** The keywords the subset allows, in the spec's order. */
export const ALLOWED_KEYWORDS = ["type", "properties", "items", "required", "description", "enum", "title"] as const

/** The types the subset allows, in the spec's order. */
export const ALLOWED_TYPES = ["object", "array", "string", "number", "integer", "boolean", "null"] as const

export type SchemaType = (typeof ALLOWED_TYPES)[number]
export type ScalarType = "string" | "number" | "integer" | "boolean" | "null"

/** A JSON scalar allowed in `enum`. */
export type EnumValue = string | number | boolean | null

interface NodeBase {
  readonly title: string | null
  readonly description: string | null
  /**
   * The type was given as `[T, "null"]`: the extractor may state `null` explicitly. (A missing
   * scalar is null whatever this says.)
   */
  readonly nullable: boolean
}

export interface ObjectNode extends NodeBase {
  readonly type: "object"
  /** In the order the schema declares them. */
  readonly properties: ReadonlyArray<PropertyNode>
}

export interface PropertyNode {
  readonly name: string
  /** Listed in the parent's `required`. Informational: an absent required field does not fail the job. */
  readonly required: boolean
  readonly schema: SchemaNode
}

export interface ArrayNode extends NodeBase {
  readonly type: "array"
  readonly items: SchemaNode
}

export interface ScalarNode extends NodeBase {
  readonly type: ScalarType
  /** The allowed values, or null when any value of the type is allowed. */
  readonly enum: ReadonlyArray<EnumValue> | null
}

export type SchemaNode = ObjectNode | ArrayNode | ScalarNode

export interface CompiledExtractSchema {
  readonly root: ObjectNode
  /** Every property of every object, counted as the limit counts them. */
  readonly propertyCount: number
  /** Levels of nesting, counted as the limit counts them (the root object is level 1). */
  readonly depth: number
}

export const isScalarNode = (node: SchemaNode): node is ScalarNode => node.type !== "object" && node.type !== "array"
