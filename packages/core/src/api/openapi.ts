/**
 * OpenAPI 3.1 documents from endpoint declarations (`endpoint.ts`): each route with its path and
 * query parameters, headers, request body (JSON Schema from the same `Schema`s that decode it),
 * success responses and, per status, the error codes it may answer in its form's envelope.
 */
import { JSONSchema, Schema, SchemaAST } from "effect"
import type { ApiForm } from "./envelope.js"
import type { EndpointDoc } from "./endpoint.js"

type Json = Record<string, unknown>

/** Without the `$id`s Effect gives its built-in schemas (`/schemas/unknown`): one document may hold many. */
const withoutIds = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutIds)
    : value !== null && typeof value === "object"
    ? Object.fromEntries(Object.entries(value).filter(([k]) => k !== "$id" && k !== "$schema").map(([k, v]) => [k, withoutIds(v)]))
    : value

/** JSON Schema for one schema; its named definitions go to `components.schemas`. */
const jsonSchemaOf = (ast: SchemaAST.AST, definitions: Record<string, unknown>): Json => withoutIds(rawJsonSchemaOf(ast, definitions)) as Json

const rawJsonSchemaOf = (ast: SchemaAST.AST, definitions: Record<string, unknown>): Json => {
  const annotated = SchemaAST.getJSONSchemaAnnotation(ast)
  if (annotated._tag === "Some") return annotated.value as Json
  try {
    return JSONSchema.fromAST(ast, {
      definitions: definitions as Record<string, JSONSchema.JsonSchema7>,
      definitionPath: "#/components/schemas/",
      target: "openApi3.1",
      additionalPropertiesStrategy: "strict"
    }) as unknown as Json
  } catch {
    // a schema JSON Schema cannot describe (a declared predicate): documented by its description only
    const description = SchemaAST.getDescriptionAnnotation(ast)
    return description._tag === "Some" ? { description: description.value } : {}
  }
}

/** The object type a query or path schema decodes from (its defaults are transformations). */
const typeLiteralOf = (ast: SchemaAST.AST): SchemaAST.TypeLiteral | undefined => {
  switch (ast._tag) {
    case "TypeLiteral":
      return ast
    case "Transformation":
      return typeLiteralOf(ast.from)
    case "Refinement":
      return typeLiteralOf(ast.from)
    default:
      return undefined
  }
}

/** A property's type without the `undefined` that `optional` adds. */
const present = (ast: SchemaAST.AST): SchemaAST.AST =>
  ast._tag === "Union" ? (ast.types.filter((t) => t._tag !== "UndefinedKeyword").length === 1
    ? ast.types.find((t) => t._tag !== "UndefinedKeyword")!
    : SchemaAST.Union.make(ast.types.filter((t) => t._tag !== "UndefinedKeyword"))) : ast

const parametersOf = (schema: Schema.Schema<any, any> | undefined, where: "path" | "query", definitions: Record<string, unknown>) => {
  if (schema === undefined) return []
  const literal = typeLiteralOf(schema.ast)
  if (literal === undefined) return []
  return literal.propertySignatures.map((ps) => {
    const type = present(ps.type)
    const description = SchemaAST.getDescriptionAnnotation(ps).pipe((d) => (d._tag === "Some" ? d : SchemaAST.getDescriptionAnnotation(type)))
    return {
      name: String(ps.name),
      in: where,
      required: where === "path" || !ps.isOptional,
      ...(description._tag === "Some" ? { description: description.value } : {}),
      schema: where === "path" ? { type: "string" } : jsonSchemaOf(type, definitions)
    }
  })
}

const ERROR_SCHEMA: Record<ApiForm, string> = { flat: "#/components/schemas/FlatError", v1: "#/components/schemas/V1Error" }

const errorResponses = (e: EndpointDoc) => {
  const byStatus = new Map<number, Array<string>>()
  for (const [status, code] of e.errors) {
    const codes = byStatus.get(status) ?? []
    if (!codes.includes(code)) codes.push(code)
    byStatus.set(status, codes)
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((c) => `\`${c}\``).join(", "),
        headers: { "x-request-id": { $ref: "#/components/headers/RequestId" } },
        content: {
          "application/json": {
            schema: {
              allOf: [
                { $ref: ERROR_SCHEMA[e.form] },
                { type: "object", properties: { error: { type: "object", properties: { code: { enum: codes } } } } }
              ]
            }
          }
        }
      }
    ])
  )
}

const FIELD_ERRORS = {
  type: "array",
  items: { type: "object", required: ["field", "message"], properties: { field: { type: "string" }, message: { type: "string" } } }
}

const COMPONENTS = {
  headers: {
    RequestId: { description: "the request's id (the caller's `X-Request-Id` when valid)", schema: { type: "string" } }
  },
  schemas: {
    FlatError: {
      type: "object",
      required: ["error"],
      properties: {
        error: {
          type: "object",
          required: ["code", "message", "request_id"],
          properties: { code: { type: "string" }, message: { type: "string" }, request_id: { type: "string" }, errors: FIELD_ERRORS }
        }
      }
    },
    V1Error: {
      type: "object",
      required: ["error", "request_id"],
      properties: {
        error: {
          type: "object",
          required: ["code", "message", "detail", "retryable", "request_id"],
          properties: {
            code: { type: "string" },
            message: { type: "string" },
            detail: { type: ["object", "null"], properties: { errors: FIELD_ERRORS } },
            retryable: { type: "boolean" },
            request_id: { type: "string" }
          }
        },
        request_id: { type: "string" }
      }
    }
  }
}

export interface OpenApiInfo {
  readonly title: string
  readonly version: string
  readonly description: string
  /** security scheme name → OpenAPI Security Scheme Object */
  readonly securitySchemes: Readonly<Record<string, Json>>
}

/** The `/v1/jobs/:job_id` pattern as an OpenAPI path. */
export const openApiPath = (pattern: string) => pattern.replace(/:([A-Za-z0-9_]+)/g, "{$1}")

export const openApiDocument = (info: OpenApiInfo, endpoints: ReadonlyArray<EndpointDoc>) => {
  const definitions: Record<string, unknown> = {}
  const paths: Record<string, Record<string, unknown>> = {}
  for (const e of endpoints) {
    const parameters = [
      ...parametersOf(e.params, "path", definitions),
      ...parametersOf(e.query, "query", definitions),
      ...(e.headers ?? []).map((h) => ({
        name: h.name,
        in: "header",
        required: h.required ?? false,
        description: h.description,
        schema: h.schema === undefined ? { type: "string" } : jsonSchemaOf(h.schema.ast, definitions)
      }))
    ]
    const requestBody = e.body === undefined
      ? undefined
      : e.body._tag === "json"
      ? {
        required: e.body.optional !== true,
        content: { "application/json": { schema: jsonSchemaOf((e.body.document ?? e.body.schema).ast, definitions) } }
      }
      : {
        required: e.body.required !== false,
        description: e.body.description,
        content: Object.fromEntries(Object.entries(e.body.content).map(([type, schema]) => [type, { schema }]))
      }
    const responses = {
      ...Object.fromEntries(e.responses.map((r) => [
        String(r.status),
        {
          description: r.description,
          headers: { "x-request-id": { $ref: "#/components/headers/RequestId" } },
          content: Object.fromEntries(
            Object.entries(r.content ?? { "application/json": { type: "object" } }).map(([type, schema]) => [type, { schema }])
          )
        }
      ])),
      ...errorResponses(e)
    }
    const operation = {
      operationId: `${e.method.toLowerCase()}${openApiPath(e.path).replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
      summary: e.summary,
      ...(e.description === undefined ? {} : { description: e.description }),
      tags: [e.tag],
      ...(e.costClass === undefined ? {} : { "x-docket-cost-class": e.costClass }),
      security: e.security === undefined ? [] : [{ [e.security]: [] }],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody === undefined ? {} : { requestBody }),
      responses
    }
    ;(paths[openApiPath(e.path)] ??= {})[e.method.toLowerCase()] = operation
  }
  return {
    openapi: "3.1.0",
    info: { title: info.title, version: info.version, description: info.description },
    paths,
    components: {
      securitySchemes: info.securitySchemes,
      headers: COMPONENTS.headers,
      schemas: { ...COMPONENTS.schemas, ...(withoutIds(definitions) as Json) }
    }
  }
}
