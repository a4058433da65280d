/** The storage ports of tenancy (tenants and keys, limits, billing): one layer per storage adapter. */
import type { UsageStore } from "./billing/usage-store.js"
import type { RequestRateStore } from "./limits/request-rate-store.js"
import type { SyncWaitStore } from "./limits/sync-wait-store.js"
import type { TenantStore } from "./tenants/tenant-store.js"

export type TenancyStorage = TenantStore | UsageStore | RequestRateStore | SyncWaitStore
