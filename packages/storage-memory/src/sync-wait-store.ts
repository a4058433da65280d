/** The cap of concurrent sync waits in memory: places per tenant, each with its expiry. */
import { Tenancy } from "@docket/core"
import { Effect, Layer } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

const makeSyncWaitStore = (): Clearable<Tenancy.SyncWaitStoreService> => {
  /** tenant → wait id → expiry */
  const byTenant = new Map<string, Map<string, number>>()
  const tenantOf = new Map<string, string>()
  return {
    acquire: ({ tenantId, waitId, cap, now, expiresAt }) =>
      Effect.sync(() => {
        let places = byTenant.get(tenantId)
        if (places !== undefined) {
          for (const [id, expiry] of places) {
            if (expiry > now) continue
            places.delete(id)
            tenantOf.delete(id)
          }
        }
        if ((places?.size ?? 0) >= cap) return false
        if (places === undefined) byTenant.set(tenantId, (places = new Map()))
        places.set(waitId, expiresAt)
        tenantOf.set(waitId, tenantId)
        return true
      }),
    release: (waitId) =>
      Effect.sync(() => {
        const tenantId = tenantOf.get(waitId)
        if (tenantId === undefined) return
        tenantOf.delete(waitId)
        const places = byTenant.get(tenantId)
        places?.delete(waitId)
        if (places?.size === 0) byTenant.delete(tenantId)
      }),
    clear: () => {
      byTenant.clear()
      tenantOf.clear()
    }
  }
}

export const make: Effect.Effect<Tenancy.SyncWaitStoreService> = memoryStore(makeSyncWaitStore)

export const layer: Layer.Layer<Tenancy.SyncWaitStore> = Layer.effect(Tenancy.SyncWaitStore, make)
