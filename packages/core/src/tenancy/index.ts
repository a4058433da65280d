/** Tenancy (spec 2): tenants and their keys, credits and usage, request-rate and sync-wait limits. */
export * from "./tenants/tenant.js"
export * from "./tenants/tenant-store.js"
/** The document service's control-plane operations (tenants, keys, platform schemas). */
export * as Admin from "./tenants/admin.js"
export * from "./errors.js"
export * from "./billing/credits.js"
export * from "./billing/usage-event.js"
export * from "./billing/usage-store.js"
export * from "./limits/request-rate-store.js"
export * from "./limits/sync-wait-store.js"
export type { TenancyStorage } from "./storage.js"
