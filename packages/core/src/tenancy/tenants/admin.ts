/**
 * The document service's control plane as a typed API (DESIGN.md, "Document and workspace
 * services"): tenants with their limits, keys with access labels, revocation.
 * `/_admin/docs/*` serves it over HTTP; embedders call it directly.
 */
import { Clock, Effect, Option } from "effect"
import { AdminNotFound, AdminUnavailable } from "../../admin/errors.js"
import { decodeInput, DocsKeyInput, TenantInput } from "../../admin/inputs.js"
import { Ids, prefixedId } from "../../kernel/ids.js"
import {
  applyTenantPatch,
  docsKeyView,
  generateDocsKey,
  hashDocsKey,
  type Tenant,
  TENANT_DEFAULTS,
  type TenantPatch,
  tenantView
} from "./tenant.js"
import { TenantStore } from "./tenant-store.js"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"

export interface DocsKeyInputValue {
  readonly access_labels?: ReadonlyArray<string> | undefined
}

const unavailable = (e: StorageUnavailable) => new AdminUnavailable({ message: `storage unavailable: ${String(e.cause ?? e._tag)}` })

const tenantNotFound = (id: string) => new AdminNotFound({ message: `tenant ${id} not found` })

const issueKey = (tenantId: string, accessLabels: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const ids = yield* Ids
    const store = yield* TenantStore
    const apiKey = generateDocsKey(ids)
    const record = yield* store.createKey({
      key_id: prefixedId(ids, "dkey"),
      tenant_id: tenantId,
      hash: hashDocsKey(apiKey),
      access_labels: [...new Set(accessLabels)],
      status: "active",
      created_at: yield* Clock.currentTimeMillis
    }).pipe(Effect.mapError(unavailable))
    return { key_id: record.key_id, api_key: apiKey, access_labels: record.access_labels }
  })

/** A tenant with the spec's defaults (overridable) and a first key: `{tenant_id, key_id, api_key}`. */
export const createTenant = (input: TenantPatch = {}) =>
  Effect.gen(function*() {
    const patch = yield* decodeInput(TenantInput)(input)
    const ids = yield* Ids
    const store = yield* TenantStore
    const tenant: Tenant = applyTenantPatch(
      { tenant_id: prefixedId(ids, "tnt"), ...TENANT_DEFAULTS, created_at: yield* Clock.currentTimeMillis },
      patch
    )
    yield* store.createTenant(tenant).pipe(Effect.mapError(unavailable))
    const key = yield* issueKey(tenant.tenant_id, [])
    return { tenant_id: tenant.tenant_id, key_id: key.key_id, api_key: key.api_key }
  })

export const getTenant = (tenantId: string) =>
  Effect.flatMap(TenantStore, (s) => s.getTenant(tenantId)).pipe(
    Effect.mapError(unavailable),
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(tenantNotFound(tenantId)), onSome: (t) => Effect.succeed(tenantView(t)) }))
  )

export const updateTenant = (tenantId: string, input: TenantPatch) =>
  Effect.gen(function*() {
    const patch = yield* decodeInput(TenantInput)(input)
    const store = yield* TenantStore
    const updated = yield* store.updateTenant(tenantId, patch).pipe(Effect.mapError(unavailable))
    if (Option.isNone(updated)) return yield* tenantNotFound(tenantId)
    return tenantView(updated.value)
  })

/** Another key of the tenant: `{key_id, api_key}` (the full key only here). */
export const createTenantKey = (tenantId: string, input: DocsKeyInputValue = {}) =>
  Effect.gen(function*() {
    const decoded = yield* decodeInput(DocsKeyInput)(input)
    yield* getTenant(tenantId)
    const key = yield* issueKey(tenantId, decoded.access_labels ?? [])
    return { key_id: key.key_id, api_key: key.api_key, access_labels: key.access_labels }
  })

/** Irreversible and effective at once: the next request with the key gets 401. */
export const revokeDocsKey = (keyId: string) =>
  Effect.gen(function*() {
    const store = yield* TenantStore
    const key = yield* store.revokeKey(keyId).pipe(Effect.mapError(unavailable))
    if (Option.isNone(key)) return yield* new AdminNotFound({ message: `key ${keyId} not found` })
    return docsKeyView(key.value)
  })
