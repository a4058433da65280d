/**
 * The conformance suite of the `TenantStore` port (document-service tenants and their keys):
 * every adapter runs it against its storage layer (`tenantStoreSuite("memory", MemoryStorage.layer)`).
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import { hashDocsKey, type DocsKeyRecord, type Tenant, TENANT_DEFAULTS } from "../tenancy/tenants/tenant.js"
import { TenantStore, type TenantStoreService } from "../tenancy/tenants/tenant-store.js"

const tenant = (over: Partial<Tenant> = {}): Tenant => ({ tenant_id: unique("ten"), ...TENANT_DEFAULTS, created_at: 1_000, ...over })
const key = (tenantId: string, over: Partial<DocsKeyRecord> = {}): DocsKeyRecord => ({
  key_id: unique("dkey"),
  tenant_id: tenantId,
  hash: hashDocsKey(unique("dk_secret")),
  access_labels: ["a", "b"],
  status: "active",
  created_at: 2_000,
  ...over
})

export const tenantStoreSuite = <E>(name: string, layer: Layer.Layer<TenantStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`TenantStore (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: TenantStoreService) => Effect.Effect<A, E2>) => Effect.flatMap(TenantStore, f)

    it("creates, reads and patches a tenant; unknown ids are none", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = tenant({ credits: 12, paid_usage: true })
          expect(yield* s.createTenant(t)).toEqual(t)
          expect(Option.getOrThrow(yield* s.getTenant(t.tenant_id))).toEqual(t)
          const patched = Option.getOrThrow(yield* s.updateTenant(t.tenant_id, { rpm: 5, credits: 0 }))
          expect(patched).toEqual({ ...t, rpm: 5, credits: 0 })
          expect(Option.getOrThrow(yield* s.updateTenant(t.tenant_id, {}))).toEqual(patched)
          expect(Option.getOrThrow(yield* s.getTenant(t.tenant_id))).toEqual(patched)
          expect(Option.isNone(yield* s.getTenant("ten_missing"))).toBe(true)
          expect(Option.isNone(yield* s.updateTenant("ten_missing", { rpm: 1 }))).toBe(true)
        })))

    it("finds a key by its hash only; revoking is idempotent and keeps the key findable as revoked", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = yield* s.createTenant(tenant())
          const k = key(t.tenant_id)
          const other = key(t.tenant_id, { access_labels: [] })
          expect(yield* s.createKey(k)).toEqual(k)
          yield* s.createKey(other)
          expect(Option.getOrThrow(yield* s.findKeyByHash(k.hash))).toEqual(k)
          expect(Option.getOrThrow(yield* s.findKeyByHash(other.hash))).toEqual(other)
          expect(Option.isNone(yield* s.findKeyByHash(hashDocsKey("dk_unknown")))).toBe(true)
          expect(Option.isNone(yield* s.findKeyByHash(k.key_id))).toBe(true)
          const revoked = Option.getOrThrow(yield* s.revokeKey(k.key_id))
          expect(revoked).toEqual({ ...k, status: "revoked" })
          expect(Option.getOrThrow(yield* s.revokeKey(k.key_id))).toEqual(revoked)
          expect(Option.getOrThrow(yield* s.findKeyByHash(k.hash)).status).toBe("revoked")
          expect(Option.getOrThrow(yield* s.findKeyByHash(other.hash)).status).toBe("active")
          expect(Option.isNone(yield* s.revokeKey("dkey_missing"))).toBe(true)
        })))
  
    it("tells whether an active key of the tenant grants a label (revoked keys and other tenants' keys do not)", () =>
      run((s) =>
        Effect.gen(function*() {
          const t = yield* s.createTenant(tenant())
          const other = yield* s.createTenant(tenant())
          const label = unique("lbl")
          expect(yield* s.keyGrantsLabel(t.tenant_id, label)).toBe(false)
          yield* s.createKey(key(other.tenant_id, { access_labels: [label] }))
          expect(yield* s.keyGrantsLabel(t.tenant_id, label)).toBe(false)
          const k = yield* s.createKey(key(t.tenant_id, { access_labels: ["x", label] }))
          expect(yield* s.keyGrantsLabel(t.tenant_id, label)).toBe(true)
          expect(yield* s.keyGrantsLabel(t.tenant_id, label.slice(0, -1))).toBe(false)
          yield* s.revokeKey(k.key_id)
          expect(yield* s.keyGrantsLabel(t.tenant_id, label)).toBe(false)
        })))
  })
