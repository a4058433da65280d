/**
 * Merges the outputs of a long document's batches (spec 2, "Extract schema subset"): "scalar
 * fields take the first stated value; top-level array fields are extracted per batch and
 * concatenated".
 *
 * Each batch is shaped first (shape.ts). Then, property by property:
 * - a top-level array (a property of the root object) is the concatenation of every batch's
 *   elements, in batch order;
 * - a scalar is the first non-null value, in batch order (null is "not stated");
 * - an object is merged property by property with the same rules, except that its arrays are
 *   not top-level: a nested array takes the first non-empty array stated, as a scalar would;
 * - a nullable object or array stated as null in every batch stays null.
 * No batches give the shape of nothing: every scalar null, every array `[]`.
 */
import type { CompiledExtractSchema, ObjectNode, SchemaNode } from "./extract-schema.js"
import { type ExtractedObject, type ExtractedValue, setExtractedProperty, shapeExtracted } from "./shape.js"

const isStated = (v: ExtractedValue): boolean => v !== null && !(Array.isArray(v) && v.length === 0)

/** The first stated value of a non-top-level node across already-shaped batch values. */
const firstStated = (node: SchemaNode, values: ReadonlyArray<ExtractedValue>): ExtractedValue => {
  if (node.type === "object") {
    const objects = values.filter((v): v is ExtractedObject => v !== null)
    if (objects.length === 0) return values[0]
    return mergeObject(node, objects, false)
  }
  return values.find(isStated) ?? values[0]
}

const mergeObject = (node: ObjectNode, objects: ReadonlyArray<ExtractedObject>, topLevel: boolean): ExtractedObject => {
  const out: Record<string, ExtractedValue> = {}
  for (const p of node.properties) {
    const values = objects.map((o) => o[p.name])
    if (topLevel && p.schema.type === "array") {
      const arrays = values.filter((v): v is ReadonlyArray<ExtractedValue> => Array.isArray(v))
      if (arrays.length === 0) {
        setExtractedProperty(out, p.name, values[0])
      } else {
        const all: Array<ExtractedValue> = []
        for (const a of arrays) for (const element of a) all.push(element)
        setExtractedProperty(out, p.name, all)
      }
    } else {
      setExtractedProperty(out, p.name, firstStated(p.schema, values))
    }
  }
  return out
}

/** The result `data` of a document extracted in batches, from each batch's raw output in order. */
export const mergeExtractedBatches = (schema: CompiledExtractSchema, batches: ReadonlyArray<unknown>): ExtractedObject => {
  const shaped = (batches.length === 0 ? [undefined] : batches).map((b) => shapeExtracted(schema, b))
  return mergeObject(schema.root, shaped, true)
}
