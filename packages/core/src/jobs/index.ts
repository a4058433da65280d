/**
 * Jobs: the one job model, its stores and signals, and the kind declaration API a context
 * (or a host, through `jobKinds` of makeDocket) registers its kinds with.
 */
export { IdempotencyConflict } from "./errors.js"
export { type Job, type JobForm, type JobKind, type JobProgress, type JobStatus, PAYLOAD_RETENTION_MS, SPEC_JOB_KINDS, withJobDefaults } from "./job.js"
export { type JobEvent, transition } from "./state-machine.js"
export { ActiveJobsAtLimit, CursorNotFound, type InsertedJob, type InsertOptions, type JobPage, type JobQuery, JobStore, type JobStoreService, SoleJobActive } from "./job-store.js"
export { JOB_LEASE_MS, type JobLease, JobQueue, type JobQueueService } from "./job-queue.js"
export { type JobEventData, type JobEventFrame, JobEventLog, type JobEventLogService, type JobEventRecord, MAX_EVENTS_PER_JOB } from "./job-event-log.js"
export type { V1Job, V1JobList, V1JobSummary } from "./projections.js"
export { JobSignals, type JobSignalsService, makeLocalJobSignals, makeLocalJobWatchers } from "./job-signals.js"
export { type AnyJobKind, defineJobKind, type JobArtifact, type JobKindDefinition, type JobKindRequirements, type JobOutcome, type JobUsage, type LinkOf, type ReportProgress, type ResultLinks } from "./job-kind.js"
export { JobKinds, jobKindsLayer, type JobKindsService } from "./job-kinds.js"
export { createJob, type CreateJob, IdempotencyKeyReused, JobQueueFull } from "./create-job.js"
export { onPayloadExpired } from "./job-retention.js"
export type { JobStorage } from "./storage.js"
