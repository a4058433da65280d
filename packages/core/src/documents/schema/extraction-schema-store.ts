/**
 * The storage port of the extraction-schema registry. Adapters implement it (storage-memory) and
 * pass `extractionSchemaStoreSuite` of `@docket/core/testing`.
 *
 * A family is identified by its scope (a tenant, or the platform) and its `schema_id`; the same id
 * may exist once in the platform scope and once in a tenant scope (the tenant's then shadows the
 * platform's for that tenant). Versions are never changed or deleted; only `reset` empties.
 */
import { Context, Data, type Effect, type Option } from "effect"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { SchemaScope, StoredSchemaVersion } from "./extraction-schema.js"

/** A family with this id already exists in this scope. */
export class SchemaIdTaken extends Data.TaggedError("SchemaIdTaken")<{ readonly schemaId: string }> {}

export interface NewSchemaFamily {
  readonly scope: SchemaScope
  readonly schemaId: string
  readonly name: string
  readonly description: string | null
  readonly schema: unknown
  /** creation time, epoch ms */
  readonly at: number
}

export interface SchemaVersionDraft {
  readonly schema: unknown
  /** undefined keeps the previous version's */
  readonly name?: string | undefined
  /** undefined keeps the previous version's; null clears it */
  readonly description?: string | null | undefined
  /** creation time, epoch ms */
  readonly at: number
}

export interface ExtractionSchemaStoreService {
  /** Inserts version 1 of a new family (`created_at` = `updated_at` = `at`). */
  readonly createFamily: (family: NewSchemaFamily) => Effect.Effect<StoredSchemaVersion, StorageUnavailable | SchemaIdTaken>
  /**
   * Appends the next version (latest + 1) in one atomic step: concurrent appends to one family
   * never get the same number and never skip one. `name` and `description` default to the
   * previous version's; `created_at` is the family's. None when the family does not exist in
   * this scope.
   */
  readonly appendVersion: (
    scope: SchemaScope,
    schemaId: string,
    draft: SchemaVersionDraft
  ) => Effect.Effect<Option.Option<StoredSchemaVersion>, StorageUnavailable>
  readonly getLatest: (scope: SchemaScope, schemaId: string) => Effect.Effect<Option.Option<StoredSchemaVersion>, StorageUnavailable>
  readonly getVersion: (
    scope: SchemaScope,
    schemaId: string,
    version: number
  ) => Effect.Effect<Option.Option<StoredSchemaVersion>, StorageUnavailable>
  /**
   * Versions of one family oldest to newest, those above `afterVersion` (0 for the first page),
   * at most `limit`. None when the family does not exist in this scope.
   */
  readonly listVersions: (
    scope: SchemaScope,
    schemaId: string,
    page: { readonly afterVersion: number; readonly limit: number }
  ) => Effect.Effect<Option.Option<ReadonlyArray<StoredSchemaVersion>>, StorageUnavailable>
  /**
   * The latest version of every family visible to a tenant: its own, and the platform's whose id
   * it has none of. Ordered by `schema_id` (code-unit order), those after `afterSchemaId` (null
   * for the first page), at most `limit`; `total` counts every visible family.
   */
  readonly listVisible: (
    tenantId: string,
    page: { readonly afterSchemaId: string | null; readonly limit: number }
  ) => Effect.Effect<{ readonly items: ReadonlyArray<StoredSchemaVersion>; readonly total: number }, StorageUnavailable>
}

export class ExtractionSchemaStore extends Context.Tag("@docket/core/ExtractionSchemaStore")<
  ExtractionSchemaStore,
  ExtractionSchemaStoreService
>() {}
