/**
 * The field extractor on a chat model with structured output: the caller's schema (compiled,
 * inside the spec's subset) becomes the response's JSON schema, and the batch's markdown is what
 * the model reads. The answer is returned as parsed; the operation shapes it by the schema.
 *
 * The response schema is strict-mode JSON schema: every property required and nullable (a value
 * the document does not state is null), objects closed (`additionalProperties: false`), arrays
 * allowed empty, enums kept (with null added), titles and descriptions passed on as descriptions.
 */
import { type Documents, type Intelligence } from "@docket/core"
import { Effect, Schema } from "effect"
import { type OpenAiClient, OpenAiFailure } from "./internal/client.js"
import { engineFailed, nullable } from "./internal/text.js"

const describe = (node: Documents.SchemaNode): Record<string, unknown> => {
  const parts = [node.title, node.description].filter((s): s is string => s !== null && s.trim() !== "").map((s) => s.trim())
  return parts.length === 0 ? {} : { description: parts.join(": ") }
}

/** The JSON schema of one node; `orNull`: the value may also be null. */
const nodeSchema = (node: Documents.SchemaNode, orNull: boolean): Record<string, unknown> => {
  switch (node.type) {
    case "object": {
      const schema = {
        type: "object",
        ...describe(node),
        properties: Object.fromEntries(node.properties.map((p) => [p.name, nodeSchema(p.schema, true)])),
        required: node.properties.map((p) => p.name),
        additionalProperties: false
      }
      return orNull ? nullable(schema) : schema
    }
    case "array": {
      const schema = { type: "array", ...describe(node), items: nodeSchema(node.items, false) }
      return orNull ? nullable(schema) : schema
    }
    default: {
      const withNull = (orNull || node.nullable) && node.type !== "null"
      const schema: Record<string, unknown> = { type: withNull ? [node.type, "null"] : node.type, ...describe(node) }
      if (node.enum !== null) schema.enum = withNull && !node.enum.includes(null) ? [...node.enum, null] : [...node.enum]
      return schema
    }
  }
}

/** The strict-mode response schema for a compiled extraction schema (the root object is never null). */
export const responseSchema = (schema: Documents.CompiledExtractSchema): Record<string, unknown> => nodeSchema(schema.root, false)

const SYSTEM = [
  "You extract data from a document into JSON that follows the given schema.",
  "Use only what the document states: a value it does not state is null (an array with no items is empty), never a guess.",
  "Copy values as written, converted to the property's type (numbers without currency symbols or thousands separators)."
].join(" ")

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

export const makeExtractor = (client: OpenAiClient): Intelligence.FieldExtractorService => ({
  extract: (input: Intelligence.ExtractInput) => {
    if (input.content.markdown.trim() === "") return Effect.succeed({})
    return client.chatJson(
      {
        messages: [
          { role: "system", content: SYSTEM },
          { role: "user", content: `Document (markdown):\n<<<\n${input.content.markdown}\n>>>` }
        ],
        jsonSchema: { name: "extraction", schema: responseSchema(input.schema) }
      },
      Schema.Unknown
    ).pipe(
      Effect.filterOrFail(isRecord, () => new OpenAiFailure({ message: "the model's answer is not a JSON object", retryable: false })),
      Effect.mapError(engineFailed("extract"))
    )
  }
})
