/** Kernel: what every context shares — the clock, settings, faults, ids, JSON and the storage admin. */
export * from "./clock.js"
export * from "./config.js"
export * from "./faults.js"
export * from "./ids.js"
export * as Immediate from "./immediate.js"
export * from "./json.js"
export * from "./storage-admin.js"
export * from "./storage-unavailable.js"
