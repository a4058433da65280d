/** Admin: the control plane's errors, its HTTP client and the test harness (clock, faults, reset). */
export * as Harness from "./harness.js"
export { AdminBadRequest, AdminConflict, type AdminError, AdminNotFound, AdminUnavailable } from "./errors.js"
export { controlPlaneClient, type Fetch } from "./client.js"
