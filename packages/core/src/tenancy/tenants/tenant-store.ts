/**
 * The storage port of document-service tenants and their keys. Adapters implement it
 * (storage-memory) and pass `tenantStoreSuite` of `@docket/core/testing`.
 */
import { Context, type Effect, type Option } from "effect"
import type { DocsKeyRecord, Tenant, TenantPatch } from "./tenant.js"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"


export interface TenantStoreService {
  readonly createTenant: (tenant: Tenant) => Effect.Effect<Tenant, StorageUnavailable>
  readonly getTenant: (tenantId: string) => Effect.Effect<Option.Option<Tenant>, StorageUnavailable>
  readonly updateTenant: (tenantId: string, patch: TenantPatch) => Effect.Effect<Option.Option<Tenant>, StorageUnavailable>
  readonly createKey: (key: DocsKeyRecord) => Effect.Effect<DocsKeyRecord, StorageUnavailable>
  readonly findKeyByHash: (hash: string) => Effect.Effect<Option.Option<DocsKeyRecord>, StorageUnavailable>
  /** revokes a key; revoking a revoked key returns it unchanged */
  readonly revokeKey: (keyId: string) => Effect.Effect<Option.Option<DocsKeyRecord>, StorageUnavailable>
  /** whether an active key of the tenant is granted the access label `label` (revoked keys grant nothing) */
  readonly keyGrantsLabel: (tenantId: string, label: string) => Effect.Effect<boolean, StorageUnavailable>
}

export class TenantStore extends Context.Tag("@docket/core/TenantStore")<TenantStore, TenantStoreService>() {}
