/**
 * The extraction-schema registry over HTTP (spec 2, "Extraction-schema registry"), v1 form:
 * create a family, append a version, read the latest or one version, list families and versions.
 * The rules (immutability, tenant over platform, order of checks) live in `../schema/registry.ts`.
 */
import { Effect, Schema } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import { jsonBodyOf } from "../../api/endpoint.js"
import { optionalParam, queryInt, QueryValue, withDefault } from "../../api/schemas.js"
import {
  appendExtractionSchemaVersion,
  createExtractionSchema,
  getExtractionSchema,
  getExtractionSchemaVersion,
  listExtractionSchemas,
  listExtractionSchemaVersions,
  SCHEMA_PAGE_MAX
} from "../schema/registry.js"
import { SchemaNotFound } from "../schema/errors.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { ServiceUnavailable, storageUnavailable } from "../../api/errors.js"
import { docsJson } from "../../api/envelope.js"
import { docsEndpoint } from "./endpoints.js"

const storeDown = <A, E, R>(self: Effect.Effect<A, E | StorageUnavailable, R>): Effect.Effect<A, Exclude<E, StorageUnavailable> | ServiceUnavailable, R> =>
  Effect.catchIf(
    self,
    (e): e is StorageUnavailable => (e as { _tag?: string })._tag === "StorageUnavailable",
    () => Effect.fail(storageUnavailable())
  ) as Effect.Effect<A, Exclude<E, StorageUnavailable> | ServiceUnavailable, R>

const PageQuery = Schema.Struct({
  limit: withDefault(queryInt(1, SCHEMA_PAGE_MAX), 50),
  cursor: optionalParam(QueryValue).annotations({ description: "next_cursor of the previous page" })
})

const pageOf = (query: typeof PageQuery.Type) => ({ limit: query.limit, cursor: query.cursor === undefined || query.cursor === "" ? undefined : query.cursor })

/** The registry checks the fields' values itself, in the order the spec fixes (`../schema/registry.ts`). */
const Name = Schema.Unknown.annotations({ jsonSchema: { type: "string", minLength: 1, maxLength: 200 } })
const Description = Schema.Unknown.annotations({ jsonSchema: { type: ["string", "null"], maxLength: 2000 } })
const SchemaValue = Schema.Unknown.annotations({ jsonSchema: { type: "object", description: "a JSON Schema in the extract subset" } })

const CreateBody = Schema.Struct({ name: Name, description: Schema.optional(Description), schema: SchemaValue })
const AppendBody = Schema.Struct({ name: Schema.optional(Name), description: Schema.optional(Description), schema: SchemaValue })

const SchemaIdParams = Schema.Struct({ schema_id: Schema.String })

/** A version that is not a positive integer names no version: 404 `schema_not_found`. */
const oneVersion = (caller: Caller, schemaId: string, raw: string) =>
  Effect.gen(function*() {
    const version = /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : undefined
    if (version === undefined) return yield* new SchemaNotFound({ schemaId, version: Number(raw) || 0 })
    return yield* getExtractionSchemaVersion(caller.tenant.tenant_id, schemaId, version).pipe(storeDown)
  })

const VERSION = { status: 200, description: "`{schema_id, version, name, description, schema, owner, created_at}`" }
const PAGE = { status: 200, description: "`{items, next_cursor}`" }

export const schemaEndpoints = [
  docsEndpoint({
    method: "GET",
    path: "/v1/extraction-schemas",
    form: "v1",
    tag: "v1 extraction schemas",
    summary: "List the extraction schemas you can use (yours and the platform's)",
    query: PageQuery,
    responses: [PAGE],
    errors: [[422, "invalid_request"]],
    handler: ({ ctx, caller, query }) =>
      Effect.map(listExtractionSchemas(caller.tenant.tenant_id, pageOf(query)).pipe(storeDown), (r) => docsJson(200, r, ctx.requestId))
  }),
  docsEndpoint({
    method: "POST",
    path: "/v1/extraction-schemas",
    form: "v1",
    tag: "v1 extraction schemas",
    summary: "Create an extraction schema (version 1)",
    body: jsonBodyOf(CreateBody),
    responses: [{ ...VERSION, status: 201 }],
    errors: [[422, "invalid_request"], [422, "invalid_schema"]],
    handler: ({ ctx, caller, body }) =>
      Effect.map(
        createExtractionSchema(caller.tenant.tenant_id, {
          name: body.name as string,
          description: body.description as string | null | undefined,
          schema: body.schema
        }).pipe(storeDown),
        (created) => docsJson(201, created, ctx.requestId)
      )
  }),
  docsEndpoint({
    method: "GET",
    path: "/v1/extraction-schemas/:schema_id",
    form: "v1",
    tag: "v1 extraction schemas",
    summary: "Read the latest version of an extraction schema",
    params: SchemaIdParams,
    responses: [VERSION],
    errors: [[404, "schema_not_found"]],
    handler: ({ ctx, caller, params }) =>
      Effect.map(getExtractionSchema(caller.tenant.tenant_id, params.schema_id).pipe(storeDown), (v) => docsJson(200, v, ctx.requestId))
  }),
  docsEndpoint({
    method: "GET",
    path: "/v1/extraction-schemas/:schema_id/versions",
    form: "v1",
    tag: "v1 extraction schemas",
    summary: "List the versions of an extraction schema",
    params: SchemaIdParams,
    query: PageQuery,
    responses: [PAGE],
    errors: [[404, "schema_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query }) =>
      Effect.map(
        listExtractionSchemaVersions(caller.tenant.tenant_id, params.schema_id, pageOf(query)).pipe(storeDown),
        (r) => docsJson(200, r, ctx.requestId)
      )
  }),
  docsEndpoint({
    method: "POST",
    path: "/v1/extraction-schemas/:schema_id/versions",
    form: "v1",
    tag: "v1 extraction schemas",
    summary: "Append a version to an extraction schema",
    params: SchemaIdParams,
    body: jsonBodyOf(AppendBody),
    responses: [{ ...VERSION, status: 201 }],
    errors: [[404, "schema_not_found"], [422, "invalid_request"], [422, "invalid_schema"]],
    handler: ({ ctx, caller, params, body }) =>
      Effect.map(
        appendExtractionSchemaVersion(caller.tenant.tenant_id, params.schema_id, {
          schema: body.schema,
          name: body.name as string | undefined,
          description: body.description as string | null | undefined
        }).pipe(storeDown),
        (appended) => docsJson(201, appended, ctx.requestId)
      )
  }),
  docsEndpoint({
    method: "GET",
    path: "/v1/extraction-schemas/:schema_id/versions/:version",
    form: "v1",
    tag: "v1 extraction schemas",
    summary: "Read one version of an extraction schema",
    params: Schema.Struct({ schema_id: Schema.String, version: Schema.String }),
    responses: [VERSION],
    errors: [[404, "schema_not_found"]],
    handler: ({ ctx, caller, params }) => Effect.map(oneVersion(caller, params.schema_id, params.version), (v) => docsJson(200, v, ctx.requestId))
  })
]
