/** Tenancy (spec 2): tenants and their keys, credits and usage, request-rate and sync-wait limits. */
export { applyTenantPatch, type DocsKeyRecord, type DocsKeyStatus, type Tenant, type TenantPatch } from "./tenants/tenant.js"
export { TenantStore, type TenantStoreService } from "./tenants/tenant-store.js"
/** The document service's control-plane operations (tenants, keys, platform schemas). */
export * as Admin from "./tenants/admin.js"
export { type UsageEvent } from "./billing/usage-event.js"
export type { UsageOverview, UsageReport } from "./billing/usage-report.js"
export { type UsageGrouping, type UsageQuery, UsageStore, type UsageStoreService, type UsageTotals, utcDay } from "./billing/usage-store.js"
export { type RateHit, type RateOutcome, RequestRateStore, type RequestRateStoreService } from "./limits/request-rate-store.js"
export { type SyncWaitHold, SyncWaitStore, type SyncWaitStoreService } from "./limits/sync-wait-store.js"
export type { TenancyStorage } from "./storage.js"
