/** Job events in memory: per job, the latest `MAX_EVENTS_PER_JOB` events and the last sequence. */
import { Jobs } from "@docket/core"
import { Effect, Layer } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

const makeJobEventLog = (): Clearable<Jobs.JobEventLogService> => {
  const logs = new Map<string, { last: number; events: Array<Jobs.JobEventRecord> }>()
  return {
    append: (jobId, event) =>
      Effect.sync(() => {
        let log = logs.get(jobId)
        if (log === undefined) logs.set(jobId, (log = { last: 0, events: [] }))
        const record = { ...event, sequence: ++log.last }
        log.events.push(record)
        if (log.events.length > Jobs.MAX_EVENTS_PER_JOB) log.events.splice(0, log.events.length - Jobs.MAX_EVENTS_PER_JOB)
        return record
      }),
    since: (jobId, after) => Effect.sync(() => (logs.get(jobId)?.events ?? []).filter((e) => e.sequence > after)),
    clear: () => logs.clear()
  }
}

export const make: Effect.Effect<Jobs.JobEventLogService> = memoryStore(makeJobEventLog)

export const layer: Layer.Layer<Jobs.JobEventLog> = Layer.effect(Jobs.JobEventLog, make)
