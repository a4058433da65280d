/** Document-service tenants and keys in memory. Every operation is one synchronous step. */
import { Tenancy } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

const makeTenantStore = (): Clearable<Tenancy.TenantStoreService> => {
  const tenants = new Map<string, Tenancy.Tenant>()
  const keys = new Map<string, Tenancy.DocsKeyRecord>()
  const keysByHash = new Map<string, string>()
  return {
    createTenant: (tenant) => Effect.sync(() => (tenants.set(tenant.tenant_id, tenant), tenant)),
    getTenant: (id) => Effect.sync(() => Option.fromNullable(tenants.get(id))),
    updateTenant: (id, patch) =>
      Effect.sync(() => {
        const t = tenants.get(id)
        if (t === undefined) return Option.none()
        const next = Tenancy.applyTenantPatch(t, patch)
        tenants.set(id, next)
        return Option.some(next)
      }),
    createKey: (key) =>
      Effect.sync(() => {
        keys.set(key.key_id, key)
        keysByHash.set(key.hash, key.key_id)
        return key
      }),
    findKeyByHash: (hash) =>
      Effect.sync(() => {
        const id = keysByHash.get(hash)
        return Option.fromNullable(id === undefined ? undefined : keys.get(id))
      }),
    revokeKey: (id) =>
      Effect.sync(() => {
        const k = keys.get(id)
        if (k === undefined) return Option.none()
        const revoked: Tenancy.DocsKeyRecord = { ...k, status: "revoked" }
        keys.set(id, revoked)
        return Option.some(revoked)
      }),
    keyGrantsLabel: (tenantId, label) =>
      Effect.sync(() => {
        for (const k of keys.values()) if (k.tenant_id === tenantId && k.status === "active" && k.access_labels.includes(label)) return true
        return false
      }),
    clear: () => {
      tenants.clear()
      keys.clear()
      keysByHash.clear()
    }
  }
}

export const make: Effect.Effect<Tenancy.TenantStoreService> = memoryStore(makeTenantStore)

export const layer: Layer.Layer<Tenancy.TenantStore> = Layer.effect(Tenancy.TenantStore, make)
