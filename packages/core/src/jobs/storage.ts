/**
 * The storage ports of jobs: one layer per storage adapter (`JobSignals` wakes the waiters of a
 * job on every instance that shares the job store).
 */
import type { JobEventLog } from "./job-event-log.js"
import type { JobQueue } from "./job-queue.js"
import type { JobSignals } from "./job-signals.js"
import type { JobStore } from "./job-store.js"

export type JobStorage = JobStore | JobQueue | JobEventLog | JobSignals
