/**
 * The extraction-schema registry (spec 2, "Extraction-schema registry"): immutable integer
 * versions per `schema_id`, tenant schemas over platform schemas of the same id, and the schema a
 * v1 extract job freezes at acceptance.
 *
 * Visibility: a tenant sees its own families and the platform's. When both have the id, the
 * tenant's family wins whole: its latest and its versions, never a mix (a version the tenant's
 * family lacks is `schema_not_found` even when the platform's has it). Tenants create and append
 * only their own; appending to a platform-only or another tenant's id is `schema_not_found`.
 *
 * Order of checks on writes: the family exists (append only) → `name`, `description`
 * (`InvalidSchemaRequest`) → the schema (`InvalidSchema`) → write. A refused request writes
 * nothing.
 */
import { Clock, Effect, Option } from "effect"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import { Ids, prefixedId } from "../../kernel/ids.js"
import { compileExtractSchemaOrFail } from "./compile.js"
import { InvalidSchema, InvalidSchemaRequest, SchemaNotFound } from "./errors.js"
import type { CompiledExtractSchema } from "./extract-schema.js"
import {
  schemaDescriptionProblems,
  type ExtractionSchemaSummary,
  type ExtractionSchemaVersion,
  isValidSchemaId,
  schemaNameProblems,
  platformSchemaScope,
  type SchemaScope,
  type StoredSchemaVersion,
  tenantSchemaScope,
  toSchemaSummary,
  toSchemaVersion
} from "./extraction-schema.js"
import { ExtractionSchemaStore, type SchemaIdTaken } from "./extraction-schema-store.js"
import type { SchemaProblem } from "./schema-problem.js"

/** Page size of the list routes (spec 2, "Limits"). */
export const SCHEMA_PAGE_DEFAULT = 50
export const SCHEMA_PAGE_MAX = 200

export interface CreateSchemaInput {
  readonly name: string
  readonly description?: string | null | undefined
  readonly schema: unknown
}

export interface AppendSchemaVersionInput {
  readonly schema: unknown
  /** omitted: the previous version's */
  readonly name?: string | undefined
  /** omitted: the previous version's; null clears it */
  readonly description?: string | null | undefined
}

export interface SchemaPageRequest {
  /** opaque; null or omitted for the first page */
  readonly cursor?: string | null | undefined
  /** 1 to 200, default 50 */
  readonly limit?: number | undefined
}

export interface SchemaPage<A> {
  readonly items: ReadonlyArray<A>
  readonly next_cursor: string | null
}

const fieldProblems = (input: { readonly name?: unknown; readonly description?: unknown }, nameRequired: boolean) => [
  ...(nameRequired || input.name !== undefined ? schemaNameProblems(input.name) : []),
  ...(input.description !== undefined ? schemaDescriptionProblems(input.description) : [])
]

const refuse = (problems: ReadonlyArray<SchemaProblem>) =>
  problems.length > 0 ? Effect.fail(new InvalidSchemaRequest({ problems })) : Effect.void

const pageLimit = (limit: number | undefined): Effect.Effect<number, InvalidSchemaRequest> => {
  if (limit === undefined) return Effect.succeed(SCHEMA_PAGE_DEFAULT)
  if (!Number.isInteger(limit) || limit < 1 || limit > SCHEMA_PAGE_MAX) {
    return Effect.fail(
      new InvalidSchemaRequest({
        problems: [{ path: "limit", message: `must be an integer from 1 to ${SCHEMA_PAGE_MAX}` }]
      })
    )
  }
  return Effect.succeed(limit)
}

/** The family a tenant sees under an id: its own, else the platform's. */
const visibleScope = (tenantId: string, schemaId: string) =>
  Effect.flatMap(ExtractionSchemaStore, (store) =>
    Effect.flatMap(store.getLatest(tenantSchemaScope(tenantId), schemaId), (own) =>
      Option.isSome(own)
        ? Effect.succeed(Option.some({ scope: tenantSchemaScope(tenantId), latest: own.value }))
        : Effect.map(
          store.getLatest(platformSchemaScope, schemaId),
          Option.map((latest) => ({ scope: platformSchemaScope as SchemaScope, latest }))
        )))

const notFound = (schemaId: string, version: number | null = null) => new SchemaNotFound({ schemaId, version })

/** POST /v1/extraction-schemas: a new family with version 1, owned by the tenant. */
export const createExtractionSchema = (
  tenantId: string,
  input: CreateSchemaInput
): Effect.Effect<ExtractionSchemaVersion, InvalidSchemaRequest | InvalidSchema | StorageUnavailable, ExtractionSchemaStore | Ids> =>
  Effect.gen(function*() {
    yield* refuse(fieldProblems(input, true))
    yield* compileExtractSchemaOrFail(input.schema)
    const store = yield* ExtractionSchemaStore
    const ids = yield* Ids
    const at = yield* Clock.currentTimeMillis
    const create = Effect.suspend(() =>
      store.createFamily({
        scope: tenantSchemaScope(tenantId),
        schemaId: prefixedId(ids, "sch"),
        name: input.name,
        description: input.description ?? null,
        schema: input.schema,
        at
      })
    )
    // 96 random bits make a collision all but impossible; retry a few times all the same
    const created = yield* create.pipe(
      Effect.retry({ times: 3, while: (e) => e._tag === "SchemaIdTaken" }),
      Effect.catchTag("SchemaIdTaken", (e) => Effect.die(e))
    )
    return toSchemaVersion(created)
  })

/** POST /v1/extraction-schemas/{schema_id}/versions: the next version of the tenant's own family. */
export const appendExtractionSchemaVersion = (
  tenantId: string,
  schemaId: string,
  input: AppendSchemaVersionInput
): Effect.Effect<
  ExtractionSchemaVersion,
  SchemaNotFound | InvalidSchemaRequest | InvalidSchema | StorageUnavailable,
  ExtractionSchemaStore
> =>
  Effect.gen(function*() {
    const store = yield* ExtractionSchemaStore
    const scope = tenantSchemaScope(tenantId)
    if (Option.isNone(yield* store.getLatest(scope, schemaId))) return yield* notFound(schemaId)
    yield* refuse(fieldProblems(input, false))
    yield* compileExtractSchemaOrFail(input.schema)
    const at = yield* Clock.currentTimeMillis
    const appended = yield* store.appendVersion(scope, schemaId, {
      schema: input.schema,
      name: input.name,
      description: input.description,
      at
    })
    return Option.isSome(appended) ? toSchemaVersion(appended.value) : yield* notFound(schemaId)
  })

/** GET /v1/extraction-schemas/{schema_id}: the latest visible version, the tenant's preferred. */
export const getExtractionSchema = (
  tenantId: string,
  schemaId: string
): Effect.Effect<ExtractionSchemaVersion, SchemaNotFound | StorageUnavailable, ExtractionSchemaStore> =>
  Effect.flatMap(visibleScope(tenantId, schemaId), (found) =>
    Option.isSome(found) ? Effect.succeed(toSchemaVersion(found.value.latest)) : Effect.fail(notFound(schemaId)))

/** The stored version a tenant sees: `version` omitted means the latest. */
const visibleVersion = (
  tenantId: string,
  schemaId: string,
  version: number | undefined
): Effect.Effect<StoredSchemaVersion, SchemaNotFound | StorageUnavailable, ExtractionSchemaStore> =>
  Effect.gen(function*() {
    const found = yield* visibleScope(tenantId, schemaId)
    if (Option.isNone(found)) return yield* notFound(schemaId, version ?? null)
    if (version === undefined) return found.value.latest
    if (!Number.isInteger(version) || version < 1 || version > found.value.latest.version) {
      return yield* notFound(schemaId, version)
    }
    const store = yield* ExtractionSchemaStore
    const v = yield* store.getVersion(found.value.scope, schemaId, version)
    return Option.isSome(v) ? v.value : yield* notFound(schemaId, version)
  })

/** GET /v1/extraction-schemas/{schema_id}/versions/{version}: one immutable version. */
export const getExtractionSchemaVersion = (
  tenantId: string,
  schemaId: string,
  version: number
): Effect.Effect<ExtractionSchemaVersion, SchemaNotFound | StorageUnavailable, ExtractionSchemaStore> =>
  Effect.map(visibleVersion(tenantId, schemaId, version), toSchemaVersion)

/**
 * GET /v1/extraction-schemas/{schema_id}/versions: oldest to newest. The cursor is the last
 * version of the previous page, in decimal.
 */
export const listExtractionSchemaVersions = (
  tenantId: string,
  schemaId: string,
  page: SchemaPageRequest = {}
): Effect.Effect<
  SchemaPage<ExtractionSchemaVersion>,
  SchemaNotFound | InvalidSchemaRequest | StorageUnavailable,
  ExtractionSchemaStore
> =>
  Effect.gen(function*() {
    const limit = yield* pageLimit(page.limit)
    let afterVersion = 0
    if (page.cursor !== undefined && page.cursor !== null) {
      if (!/^[1-9][0-9]{0,14}$/.test(page.cursor)) {
        return yield* new InvalidSchemaRequest({
          problems: [{ path: "cursor", message: "is not a cursor of this list; pass the next_cursor of the previous page" }]
        })
      }
      afterVersion = Number(page.cursor)
    }
    const found = yield* visibleScope(tenantId, schemaId)
    if (Option.isNone(found)) return yield* notFound(schemaId)
    const store = yield* ExtractionSchemaStore
    const versions = yield* store.listVersions(found.value.scope, schemaId, { afterVersion, limit: limit + 1 })
    if (Option.isNone(versions)) return yield* notFound(schemaId)
    const items = versions.value.slice(0, limit)
    return {
      items: items.map(toSchemaVersion),
      next_cursor: versions.value.length > limit ? String(items[items.length - 1].version) : null
    }
  })

/**
 * GET /v1/extraction-schemas: the latest summary of every visible family, ordered by `schema_id`.
 * The cursor is the last `schema_id` of the previous page.
 */
export const listExtractionSchemas = (
  tenantId: string,
  page: SchemaPageRequest = {}
): Effect.Effect<
  SchemaPage<ExtractionSchemaSummary> & { readonly total_count: number },
  InvalidSchemaRequest | StorageUnavailable,
  ExtractionSchemaStore
> =>
  Effect.gen(function*() {
    const limit = yield* pageLimit(page.limit)
    const store = yield* ExtractionSchemaStore
    const { items, total } = yield* store.listVisible(tenantId, {
      afterSchemaId: page.cursor === undefined || page.cursor === "" ? null : page.cursor,
      limit: limit + 1
    })
    const shown = items.slice(0, limit)
    return {
      items: shown.map(toSchemaSummary),
      next_cursor: items.length > limit ? shown[shown.length - 1].schema_id : null,
      total_count: total
    }
  })

/** The schema an extract job freezes at acceptance. */
export interface ResolvedExtractionSchema {
  /** null for an inline schema */
  readonly schema_id: string | null
  /** null for an inline schema */
  readonly schema_version: number | null
  readonly schema: unknown
  readonly compiled: CompiledExtractSchema
}

/**
 * The effective schema of an extract request: an inline `schema` is compiled (`InvalidSchema` when
 * outside the subset); a `schema_id` resolves to the version asked for, or the latest visible.
 * Callers check "exactly one of `schema_id` or `schema`" before.
 */
export const resolveExtractionSchema = (
  tenantId: string,
  ref:
    | { readonly schema: unknown }
    | { readonly schema_id: string; readonly schema_version?: number | undefined }
): Effect.Effect<ResolvedExtractionSchema, InvalidSchema | SchemaNotFound | StorageUnavailable, ExtractionSchemaStore> =>
  "schema_id" in ref
    ? Effect.gen(function*() {
      const stored = yield* visibleVersion(tenantId, ref.schema_id, ref.schema_version)
      const compiled = yield* compileExtractSchemaOrFail(stored.schema)
      return { schema_id: stored.schema_id, schema_version: stored.version, schema: stored.schema, compiled }
    })
    : Effect.map(compileExtractSchemaOrFail(ref.schema), (compiled) => ({
      schema_id: null,
      schema_version: null,
      schema: ref.schema,
      compiled
    }))

export interface PlatformSchemaDefinition {
  /** chosen by the operator: `sch_` and 1 to 120 of `A-Z a-z 0-9 _ -` */
  readonly schema_id: string
  readonly name: string
  readonly description?: string | null | undefined
  readonly schema: unknown
}

const sameJson = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]))
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  return ka.length === kb.length &&
    ka.every((k) =>
      Object.prototype.hasOwnProperty.call(b, k) &&
      sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
    )
}

/**
 * Registers a platform schema, visible to every tenant. Idempotent: version 1 when the id is new,
 * nothing when the latest version already has this name, description and schema (key order
 * ignored), else the next version. So instances may seed the same catalogue at every start.
 */
export const seedPlatformExtractionSchema = (
  definition: PlatformSchemaDefinition
): Effect.Effect<ExtractionSchemaVersion, InvalidSchemaRequest | InvalidSchema | StorageUnavailable, ExtractionSchemaStore> =>
  Effect.gen(function*() {
    const problems = [
      ...(isValidSchemaId(definition.schema_id)
        ? []
        : [{ path: "schema_id", message: "must be sch_ followed by 1 to 120 letters, digits, _ or -" }]),
      ...fieldProblems(definition, true)
    ]
    yield* refuse(problems)
    yield* compileExtractSchemaOrFail(definition.schema)
    const store = yield* ExtractionSchemaStore
    const description = definition.description ?? null
    const upsert: Effect.Effect<StoredSchemaVersion, StorageUnavailable | SchemaIdTaken> = Effect.gen(function*() {
      const at = yield* Clock.currentTimeMillis
      const latest = yield* store.getLatest(platformSchemaScope, definition.schema_id)
      if (Option.isNone(latest)) {
        return yield* store.createFamily({
          scope: platformSchemaScope,
          schemaId: definition.schema_id,
          name: definition.name,
          description,
          schema: definition.schema,
          at
        })
      }
      const l = latest.value
      if (l.name === definition.name && l.description === description && sameJson(l.schema, definition.schema)) return l
      const appended = yield* store.appendVersion(platformSchemaScope, definition.schema_id, {
        schema: definition.schema,
        name: definition.name,
        description,
        at
      })
      return Option.getOrThrow(appended)
    })
    // another instance created the family between the read and the insert: read again
    const stored = yield* upsert.pipe(
      Effect.retry({ times: 1, while: (e) => e._tag === "SchemaIdTaken" }),
      Effect.catchTag("SchemaIdTaken", (e) => Effect.die(e))
    )
    return toSchemaVersion(stored)
  })
