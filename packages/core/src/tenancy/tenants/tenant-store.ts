/**
 * The storage port of document-service tenants and their keys. Adapters implement it
 * (storage-memory) and pass `tenantStoreSuite` of `@docket/core/testing`.
 */
import { Context, Data, type Effect, type Option } from "effect"
import type { DocsKeyRecord, Tenant, TenantPatch } from "./tenant.js"

/** The store could not be reached. */
export class DocsStoreUnavailable extends Data.TaggedError("DocsStoreUnavailable")<{ readonly cause?: unknown }> {}

export interface TenantStoreService {
  readonly createTenant: (tenant: Tenant) => Effect.Effect<Tenant, DocsStoreUnavailable>
  readonly getTenant: (tenantId: string) => Effect.Effect<Option.Option<Tenant>, DocsStoreUnavailable>
  readonly updateTenant: (tenantId: string, patch: TenantPatch) => Effect.Effect<Option.Option<Tenant>, DocsStoreUnavailable>
  readonly createKey: (key: DocsKeyRecord) => Effect.Effect<DocsKeyRecord, DocsStoreUnavailable>
  readonly findKeyByHash: (hash: string) => Effect.Effect<Option.Option<DocsKeyRecord>, DocsStoreUnavailable>
  /** revokes a key; revoking a revoked key returns it unchanged */
  readonly revokeKey: (keyId: string) => Effect.Effect<Option.Option<DocsKeyRecord>, DocsStoreUnavailable>
}

export class TenantStore extends Context.Tag("@docket/core/TenantStore")<TenantStore, TenantStoreService>() {}
