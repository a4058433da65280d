/**
 * Jobs: the one job model, its stores and signals, and the kind declaration API a context
 * (or a host, through `jobKinds` of makeDocket) registers its kinds with.
 */
export * from "./errors.js"
export * from "./job.js"
export * from "./state-machine.js"
export * from "./job-store.js"
export * from "./job-queue.js"
export * from "./job-event-log.js"
export * from "./job-signals.js"
export { applyJobEvent, awaitSettled, JobRuntime } from "./job-runtime.js"
export * from "./job-kind.js"
export { fingerprintOf, JobKinds, jobKindsLayer, type JobKindsService } from "./job-kinds.js"
export { createJob, type CreateJob, IdempotencyKeyReused, JobQueueFull } from "./create-job.js"
export { onPayloadExpired } from "./job-retention.js"
export { flatJob, flatSummary, v1Job, v1Summary } from "./projections.js"
export type { JobStorage } from "./storage.js"
