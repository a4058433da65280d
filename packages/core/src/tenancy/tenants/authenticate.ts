/**
 * `X-API-Key` authentication (spec 2, "Authentication"): the key is hashed and looked up; a
 * missing, malformed, unknown or revoked key, or a key whose tenant is gone, is 401.
 */
import { Effect, Option } from "effect"
import { storageUnavailable } from "../../api/errors.js"
import { Unauthorized } from "../errors.js"
import { DOCS_KEY_PATTERN, type DocsKeyRecord, hashDocsKey, type Tenant } from "./tenant.js"
import { TenantStore } from "./tenant-store.js"
import { noteCaller } from "../../platform/request-caller.js"

export interface Caller {
  readonly tenant: Tenant
  readonly key: DocsKeyRecord
  /** the access labels the key is granted (spec 3, "Access labels"): what it may see in workspaces */
  readonly access_labels: ReadonlyArray<string>
}

export const authenticateDocs = (header: string | undefined) =>
  Effect.gen(function*() {
    const key = header?.trim()
    if (key === undefined || !DOCS_KEY_PATTERN.test(key)) return yield* new Unauthorized()
    const store = yield* TenantStore
    const record = yield* store.findKeyByHash(hashDocsKey(key))
    if (Option.isNone(record) || record.value.status !== "active") return yield* new Unauthorized()
    const tenant = yield* store.getTenant(record.value.tenant_id)
    if (Option.isNone(tenant)) return yield* new Unauthorized()
    // the request journal shows the tenant
    yield* noteCaller({ tenant_id: tenant.value.tenant_id })
    return { tenant: tenant.value, key: record.value, access_labels: record.value.access_labels } satisfies Caller
  }).pipe(Effect.catchTag("StorageUnavailable", () => storageUnavailable()))
