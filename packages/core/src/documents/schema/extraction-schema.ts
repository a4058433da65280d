/**
 * One immutable version of a registry schema (spec 2, "Extraction schema version"), as stored and
 * as returned, and the rules on its `name` and `description`.
 */
import type { SchemaProblem } from "./schema-problem.js"

export const SCHEMA_ID_PREFIX = "sch_"
/** `name` max 128 chars (Unicode code points). */
export const MAX_SCHEMA_NAME_CHARS = 128
/** `description` max 2000 chars (Unicode code points). */
export const MAX_SCHEMA_DESCRIPTION_CHARS = 2000

export type SchemaOwner = "tenant" | "platform"

/** Who owns a schema family: one tenant, or the platform (visible to every tenant). */
export type SchemaScope =
  | { readonly owner: "tenant"; readonly tenantId: string }
  | { readonly owner: "platform" }

export const tenantSchemaScope = (tenantId: string): SchemaScope => ({ owner: "tenant", tenantId })
export const platformSchemaScope: SchemaScope = { owner: "platform" }

/** A version as the store keeps it. Times are epoch milliseconds of the service clock. */
export interface StoredSchemaVersion {
  readonly schema_id: string
  readonly version: number
  readonly owner: SchemaOwner
  /** the owning tenant; null for platform schemas */
  readonly tenant_id: string | null
  readonly name: string
  readonly description: string | null
  /** the caller's JSON Schema as sent (it compiled when written) */
  readonly schema: unknown
  /** when version 1 of the family was created */
  readonly created_at: number
  /** when this version was created */
  readonly updated_at: number
}

/** The version object of the v1 API. */
export interface ExtractionSchemaVersion {
  readonly schema_id: string
  readonly name: string
  readonly description: string | null
  readonly schema: unknown
  readonly version: number
  readonly owner: SchemaOwner
  readonly created_at: string
  readonly updated_at: string
}

/** List summaries omit `schema`. */
export type ExtractionSchemaSummary = Omit<ExtractionSchemaVersion, "schema">

const iso = (ms: number): string => new Date(ms).toISOString()

export const toSchemaSummary = (v: StoredSchemaVersion): ExtractionSchemaSummary => ({
  schema_id: v.schema_id,
  name: v.name,
  description: v.description,
  version: v.version,
  owner: v.owner,
  created_at: iso(v.created_at),
  updated_at: iso(v.updated_at)
})

export const toSchemaVersion = (v: StoredSchemaVersion): ExtractionSchemaVersion => ({
  schema_id: v.schema_id,
  name: v.name,
  description: v.description,
  schema: v.schema,
  version: v.version,
  owner: v.owner,
  created_at: iso(v.created_at),
  updated_at: iso(v.updated_at)
})

const chars = (s: string): number => {
  let n = 0
  for (const _ of s) n++
  return n
}

/** Problems of a `name`: a string of 1 to 128 chars, not only whitespace. */
export const schemaNameProblems = (name: unknown): ReadonlyArray<SchemaProblem> => {
  if (typeof name !== "string") return [{ path: "name", message: "must be a string" }]
  if (name.trim() === "") return [{ path: "name", message: "must not be empty" }]
  const n = chars(name)
  return n > MAX_SCHEMA_NAME_CHARS
    ? [{ path: "name", message: `must be at most ${MAX_SCHEMA_NAME_CHARS} characters (got ${n})` }]
    : []
}

/** Problems of a `description`: a string of at most 2000 chars, or null. */
export const schemaDescriptionProblems = (description: unknown): ReadonlyArray<SchemaProblem> => {
  if (description === null) return []
  if (typeof description !== "string") return [{ path: "description", message: "must be a string" }]
  const n = chars(description)
  return n > MAX_SCHEMA_DESCRIPTION_CHARS
    ? [{ path: "description", message: `must be at most ${MAX_SCHEMA_DESCRIPTION_CHARS} characters (got ${n})` }]
    : []
}

/** Platform schema ids chosen by an operator: `sch_` and 1 to 120 of `A-Z a-z 0-9 _ -`. */
export const isValidSchemaId = (id: string): boolean => /^sch_[A-Za-z0-9_-]{1,120}$/.test(id)
