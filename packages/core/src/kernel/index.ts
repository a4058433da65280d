/** Kernel: what every context and adapter shares — settings, ids, JSON, the storage admin and `StorageUnavailable`. */
export { type DocketSettings, settingsConfig } from "./config.js"
export { cryptoIds, hex, newRequestId, prefixedId } from "./ids.js"
export * as Immediate from "./immediate.js"
export { stringifyJson } from "./json.js"
export { startModuleWorker } from "./module-worker.js"
export { StorageAdmin, type StorageAdminService } from "./storage-admin.js"
export { StorageUnavailable } from "./storage-unavailable.js"
