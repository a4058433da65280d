/** Admin: the control plane's errors, its HTTP client and the test harness (clock, faults, reset). */
export * from "./errors.js"
export * as Harness from "./harness.js"
export { controlPlaneClient, type Fetch } from "./client.js"
