/**
 * The extraction-schema registry over HTTP (spec 2, "Extraction-schema registry"), v1 form:
 * create a family, append a version, read the latest or one version, list families and versions.
 * The rules (immutability, tenant over platform, order of checks) live in `../schema/registry.ts`.
 */
import { Effect } from "effect"
import type { StoreUnavailable } from "../../decision/decision-store.js"
import { route } from "../../platform/router.js"
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
import { type FieldError, ServiceUnavailable, storageUnavailable } from "../../api/errors.js"
import { docsJson } from "../../api/envelope.js"
import { authedHandler, type DocsContext } from "./handler.js"
import { failIfAny, intParam, isFieldError, type Json, jsonBody, queryOf, unknownFields } from "../../api/inputs.js"

const storeDown = <A, E, R>(self: Effect.Effect<A, E | StoreUnavailable, R>): Effect.Effect<A, Exclude<E, StoreUnavailable> | ServiceUnavailable, R> =>
  Effect.catchIf(
    self,
    (e): e is StoreUnavailable => (e as { _tag?: string })._tag === "StoreUnavailable",
    () => Effect.fail(storageUnavailable())
  ) as Effect.Effect<A, Exclude<E, StoreUnavailable> | ServiceUnavailable, R>

/** `cursor` and `limit` of a list route (limit 1 to 200, default 50). */
const pageOf = (ctx: DocsContext) =>
  Effect.gen(function*() {
    const q = queryOf(ctx.request)
    const limit = intParam(q, "limit", 1, SCHEMA_PAGE_MAX, 50)
    if (isFieldError(limit)) yield* failIfAny([limit])
    const cursor = q.get("cursor")
    return { limit: limit as number, cursor: cursor === null || cursor === "" ? undefined : cursor }
  })

/** A body with `schema` required and only `allowed` fields. */
const schemaBody = (ctx: DocsContext, allowed: ReadonlyArray<string>, required: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const body: Json = yield* jsonBody(ctx.request)
    const errors: Array<FieldError> = unknownFields(body, allowed)
    for (const field of required) if (body[field] === undefined) errors.push({ field, message: "is required" })
    yield* failIfAny(errors)
    return body
  })

const create = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const body = yield* schemaBody(ctx, ["name", "description", "schema"], ["name", "schema"])
    const created = yield* createExtractionSchema(caller.tenant.tenant_id, {
      name: body.name as string,
      description: body.description as string | null | undefined,
      schema: body.schema
    }).pipe(storeDown)
    return docsJson(201, created, ctx.requestId)
  })

const append = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const body = yield* schemaBody(ctx, ["name", "description", "schema"], ["schema"])
    const appended = yield* appendExtractionSchemaVersion(caller.tenant.tenant_id, ctx.params.schema_id, {
      schema: body.schema,
      name: body.name as string | undefined,
      description: body.description as string | null | undefined
    }).pipe(storeDown)
    return docsJson(201, appended, ctx.requestId)
  })

const list = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const page = yield* pageOf(ctx)
    const result = yield* listExtractionSchemas(caller.tenant.tenant_id, page).pipe(storeDown)
    return docsJson(200, result, ctx.requestId)
  })

const versions = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const page = yield* pageOf(ctx)
    const result = yield* listExtractionSchemaVersions(caller.tenant.tenant_id, ctx.params.schema_id, page).pipe(storeDown)
    return docsJson(200, result, ctx.requestId)
  })

const latest = (ctx: DocsContext, caller: Caller) =>
  Effect.map(getExtractionSchema(caller.tenant.tenant_id, ctx.params.schema_id).pipe(storeDown), (v) =>
    docsJson(200, v, ctx.requestId))

/** A version that is not a positive integer names no version: 404 `schema_not_found`. */
const oneVersion = (ctx: DocsContext, caller: Caller) =>
  Effect.gen(function*() {
    const raw = ctx.params.version
    const version = /^[1-9][0-9]{0,14}$/.test(raw) ? Number(raw) : undefined
    if (version === undefined) return yield* new SchemaNotFound({ schemaId: ctx.params.schema_id, version: Number(raw) || 0 })
    const v = yield* getExtractionSchemaVersion(caller.tenant.tenant_id, ctx.params.schema_id, version).pipe(storeDown)
    return docsJson(200, v, ctx.requestId)
  })

export const schemaRoutes = [
  route("GET", "/v1/extraction-schemas", authedHandler("v1", list)),
  route("POST", "/v1/extraction-schemas", authedHandler("v1", create)),
  route("GET", "/v1/extraction-schemas/:schema_id", authedHandler("v1", latest)),
  route("GET", "/v1/extraction-schemas/:schema_id/versions", authedHandler("v1", versions)),
  route("POST", "/v1/extraction-schemas/:schema_id/versions", authedHandler("v1", append)),
  route("GET", "/v1/extraction-schemas/:schema_id/versions/:version", authedHandler("v1", oneVersion))
]
