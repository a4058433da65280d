/**
 * Jobs in memory. Every operation is one synchronous step, so transitions are atomic, and so is
 * `insertWithin`'s count of the tenant's active jobs with the insert that follows it.
 */
import { Jobs } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

interface Entry {
  job: Jobs.Job
  readonly seq: number
}

/** newest first: creation time, then insertion order */
const newestFirst = (a: Entry, b: Entry) => b.job.created_at - a.job.created_at || b.seq - a.seq

const makeJobStore = (): Clearable<Jobs.JobStoreService> => {
  const jobs = new Map<string, Entry>()
  const byKey = new Map<string, string>()
  let seq = 0
  const replayOf = (job: Jobs.Job) => {
    if (job.idempotency_key === null) return undefined
    const existing = byKey.get(`${job.tenant_id}\n${job.idempotency_key}`)
    return existing === undefined ? undefined : jobs.get(existing)
  }
  const store = (job: Jobs.Job) => {
    if (job.idempotency_key !== null) byKey.set(`${job.tenant_id}\n${job.idempotency_key}`, job.job_id)
    jobs.set(job.job_id, { job, seq: seq++ })
    return { job, created: true }
  }
  const isActive = (j: Jobs.Job) => j.status === "queued" || j.status === "running"
  const soleOf = (job: Jobs.Job) => {
    for (const e of jobs.values()) {
      const j = e.job
      if (j.tenant_id === job.tenant_id && j.kind === job.kind && j.workspace_id === job.workspace_id && isActive(j)) return j
    }
    return undefined
  }
  const activeOf = (tenantId: string) => {
    let n = 0
    for (const e of jobs.values()) if (e.job.tenant_id === tenantId && (e.job.status === "queued" || e.job.status === "running")) n++
    return n
  }
  return {
    insert: (job) =>
      Effect.sync(() => {
        const replay = replayOf(job)
        return replay === undefined ? store(job) : { job: replay.job, created: false }
      }),
    insertWithin: (job, maxActive, options) =>
      Effect.suspend((): Effect.Effect<Jobs.InsertedJob, Jobs.ActiveJobsAtLimit | Jobs.SoleJobActive> => {
        const replay = replayOf(job)
        if (replay !== undefined) return Effect.succeed({ job: replay.job, created: false })
        if (options?.sole === true) {
          const busy = soleOf(job)
          if (busy !== undefined) return Effect.fail(new Jobs.SoleJobActive({ jobId: busy.job_id }))
        }
        if (activeOf(job.tenant_id) >= maxActive) return Effect.fail(new Jobs.ActiveJobsAtLimit({ limit: maxActive }))
        return Effect.succeed(store(job))
      }),
    get: (id) => Effect.sync(() => Option.fromNullable(jobs.get(id)?.job)),
    findByIdempotencyKey: (tenantId, key) =>
      Effect.sync(() => {
        const id = byKey.get(`${tenantId}\n${key}`)
        return Option.fromNullable(id === undefined ? undefined : jobs.get(id)?.job)
      }),
    apply: (id, event) =>
      Effect.sync(() => {
        const entry = jobs.get(id)
        if (entry === undefined) return Option.none()
        const next = Jobs.transition(entry.job, event)
        if (next === undefined) return Option.some({ job: entry.job, changed: false })
        entry.job = next
        return Option.some({ job: next, changed: true })
      }),
    listPayloadExpired: (now, limit) =>
      Effect.sync(() =>
        [...jobs.values()].map((e) => e.job)
          .filter((j) => j.status === "succeeded" && j.result !== null && j.payload_expires_at <= now)
          .sort((a, b) => a.payload_expires_at - b.payload_expires_at)
          .slice(0, Math.max(0, limit))
      ),
    list: (query) =>
      Effect.suspend(() => {
        const matching = [...jobs.values()].filter((e) =>
          e.job.tenant_id === query.tenantId &&
          (query.statuses === undefined || query.statuses.length === 0 || query.statuses.includes(e.job.status)) &&
          (query.kinds === undefined || query.kinds.length === 0 || query.kinds.includes(e.job.kind)) &&
          (query.workspaceId === undefined || e.job.workspace_id === query.workspaceId) &&
          (query.createdAfter === undefined || e.job.created_at > query.createdAfter)
        ).sort(newestFirst)
        let start = 0
        if (query.cursor !== undefined) {
          const cursor = jobs.get(query.cursor)
          if (cursor === undefined || cursor.job.tenant_id !== query.tenantId) {
            return Effect.fail(new Jobs.CursorNotFound({ cursor: query.cursor }))
          }
          // the first job after the cursor's position, whether or not the cursor matches the filters
          start = matching.findIndex((e) => newestFirst(cursor, e) < 0)
          if (start < 0) start = matching.length
        }
        const page = matching.slice(start, start + query.limit)
        const more = start + query.limit < matching.length
        return Effect.succeed({
          jobs: page.map((e) => e.job),
          nextCursor: more && page.length > 0 ? page[page.length - 1].job.job_id : null,
          total: matching.length
        })
      }),
    remove: (id) =>
      Effect.sync(() => {
        const entry = jobs.get(id)
        if (entry === undefined) return false
        jobs.delete(id)
        const key = entry.job.idempotency_key
        if (key !== null && byKey.get(`${entry.job.tenant_id}\n${key}`) === id) byKey.delete(`${entry.job.tenant_id}\n${key}`)
        return true
      }),
    clear: () => {
      jobs.clear()
      byKey.clear()
    }
  }
}

export const make: Effect.Effect<Jobs.JobStoreService> = memoryStore(makeJobStore)

export const layer: Layer.Layer<Jobs.JobStore> = Layer.effect(Jobs.JobStore, make)
