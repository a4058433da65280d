/**
 * The conformance suite of the `JobStore` port: every adapter runs it against its own
 * storage layer (`jobStoreSuite("memory", MemoryStorage.layer)`). `insertWithin` is raced with
 * as many concurrent inserts as the adapter takes at once (a pool of connections for PostgreSQL).
 * Each test has jobs and tenants of its own (see `fresh`).
 */
import { expect } from "@effect/vitest"
import { Effect, Either, type Layer, Option } from "effect"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import type { Job } from "../jobs/job.js"
import { JobStore } from "../jobs/job-store.js"

/** the tenants and job-id prefix of the test that is running */
let tn = { t1: "t1", t2: "t2", t3: "t3" }
let idPrefix = "00000000-0000-4000-8000-"
/** a test's own tenants and job ids: the store is shared by every test of the suite */
const fresh = Effect.sync(() => {
  tn = { t1: unique("t1"), t2: unique("t2"), t3: unique("t3") }
  idPrefix = crypto.randomUUID().slice(0, 24)
})

const job = (id: string, over: Partial<Job> = {}): Job => ({
  job_id: id,
  tenant_id: tn.t1,
  kind: "parse",
  status: "queued",
  input: { source: { type: "upload", file_id: "f" }, file_name: "a.txt" },
  result: null,
  error: null,
  workspace_id: null,
  force: null,
  progress: null,
  units: 0,
  request_id: "req_1",
  idempotency_key: null,
  fingerprint: "fp",
  created_at: 1000,
  started_at: null,
  finished_at: null,
  // after every expiry listPayloadExpired's test asks about
  payload_expires_at: 1_000_000,
  ...over
})

const uuid = (n: number) => `${idPrefix}${String(n).padStart(12, "0")}`

export const jobStoreSuite = <E>(name: string, layer: Layer.Layer<JobStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`JobStore (${name})`, layer, options, (it) => {
    it("insert then get; an idempotency key returns the existing job per tenant", () =>
      Effect.gen(function*() {
        const s = yield* JobStore
        yield* fresh
        expect((yield* s.insert(job(uuid(1), { idempotency_key: "k" }))).created).toBe(true)
        const replay = yield* s.insert(job(uuid(2), { idempotency_key: "k" }))
        expect(replay).toEqual({ job: expect.objectContaining({ job_id: uuid(1) }), created: false })
        expect(Option.isNone(yield* s.get(uuid(2)))).toBe(true)
        expect((yield* s.insert(job(uuid(3), { idempotency_key: "k", tenant_id: tn.t2 }))).created).toBe(true)
        // the job of a key is found per tenant
        expect(Option.map(yield* s.findByIdempotencyKey(job(uuid(9)).tenant_id, "k"), (j) => j.job_id)).toEqual(Option.some(uuid(1)))
        expect(Option.map(yield* s.findByIdempotencyKey(tn.t2, "k"), (j) => j.job_id)).toEqual(Option.some(uuid(3)))
        expect(Option.isNone(yield* s.findByIdempotencyKey(tn.t3, "k"))).toBe(true)
        expect(Option.isNone(yield* s.findByIdempotencyKey(tn.t2, "other"))).toBe(true)
      }))
    it("transitions follow the state machine; a terminal job never changes", () =>
      Effect.gen(function*() {
        const s = yield* JobStore
        yield* fresh
        yield* s.insert(job(uuid(1)))
        expect(Option.getOrThrow(yield* s.apply(uuid(1), { type: "succeed", at: 5, result: 1, units: 1 })).changed).toBe(false)
        const started = Option.getOrThrow(yield* s.apply(uuid(1), { type: "start", at: 2 }))
        expect(started).toMatchObject({ changed: true, job: { status: "running", started_at: 2 } })
        const cancelled = Option.getOrThrow(yield* s.apply(uuid(1), { type: "cancel", at: 3, reason: "r" }))
        expect(cancelled.job).toMatchObject({ status: "cancelled", finished_at: 3, error: { code: "job_cancelled", message: "r" } })
        const late = Option.getOrThrow(yield* s.apply(uuid(1), { type: "succeed", at: 4, result: 1, units: 1 }))
        expect(late).toMatchObject({ changed: false, job: { status: "cancelled" } })
        expect(Option.isNone(yield* s.apply(uuid(9), { type: "start", at: 1 }))).toBe(true)
      }))
    it("insertWithin: N concurrent inserts of a tenant at cap C store exactly C; other tenants and replays are not held back", () =>
      Effect.gen(function*() {
        const s = yield* JobStore
        yield* fresh
        const cap = 3
        const outcomes = yield* Effect.all(
          Array.from({ length: 12 }, (_, i) => Effect.either(s.insertWithin(job(uuid(100 + i), { idempotency_key: `k${i}` }), cap))),
          { concurrency: "unbounded" }
        )
        const stored = outcomes.filter(Either.isRight).map((o) => o.right)
        expect(stored).toHaveLength(cap)
        expect(stored.every((o) => o.created)).toBe(true)
        for (const o of outcomes.filter(Either.isLeft)) expect(o.left).toMatchObject({ _tag: "ActiveJobsAtLimit", limit: cap })
        expect((yield* s.list({ tenantId: tn.t1, statuses: ["queued", "running"], limit: 1 })).total).toBe(cap)
        // a refused insert stored nothing, its key included: a later insert with it is new
        const refusedKey = outcomes.findIndex(Either.isLeft)
        expect(Option.isNone(yield* s.findByIdempotencyKey(tn.t1, `k${refusedKey}`))).toBe(true)

        // at the cap, a replay of a stored key returns its job; another tenant has its own cap
        const first = stored[0].job
        const replay = yield* s.insertWithin(job(uuid(200), { idempotency_key: first.idempotency_key }), cap)
        expect(replay).toEqual({ job: expect.objectContaining({ job_id: first.job_id }), created: false })
        expect((yield* s.insertWithin(job(uuid(201), { tenant_id: tn.t2 }), cap)).created).toBe(true)
        const full = yield* Effect.flip(s.insertWithin(job(uuid(202)), cap))
        expect(full._tag).toBe("ActiveJobsAtLimit")

        // a job that finished frees its slot; a running one still holds it
        yield* s.apply(stored[0].job.job_id, { type: "start", at: 2 })
        expect((yield* Effect.flip(s.insertWithin(job(uuid(203)), cap)))._tag).toBe("ActiveJobsAtLimit")
        yield* s.apply(stored[0].job.job_id, { type: "succeed", at: 3, result: 1, units: 1 })
        expect((yield* s.insertWithin(job(uuid(204)), cap)).created).toBe(true)
        expect((yield* Effect.flip(s.insertWithin(job(uuid(205)), cap)))._tag).toBe("ActiveJobsAtLimit")
        // a cap of 0 stores nothing new
        expect((yield* Effect.flip(s.insertWithin(job(uuid(206), { tenant_id: tn.t3 }), 0)))._tag).toBe("ActiveJobsAtLimit")
      }))
    it("insertWithin with sole: one job of a kind per workspace queued or running, raced; other kinds, workspaces, tenants and replays pass", () =>
      Effect.gen(function*() {
        const s = yield* JobStore
        yield* fresh
        const w1 = "00000000-0000-4000-8000-0000000000a1"
        const w2 = "00000000-0000-4000-8000-0000000000a2"
        const build = (n: number, over: Partial<Job> = {}) => job(uuid(n), { kind: "kg_build", workspace_id: w1, ...over })
        const raced = yield* Effect.all(
          Array.from({ length: 6 }, (_, i) => Effect.either(s.insertWithin(build(300 + i, { idempotency_key: `b${i}` }), 100, { sole: true }))),
          { concurrency: "unbounded" }
        )
        const stored = raced.flatMap((r) => r._tag === "Right" ? [r.right] : [])
        expect(stored).toHaveLength(1)
        const refused = raced.flatMap((r) => r._tag === "Left" ? [r.left] : [])
        expect(refused.map((e) => e._tag)).toEqual(Array(5).fill("SoleJobActive"))
        expect(new Set(refused.map((e) => (e as { jobId: string }).jobId))).toEqual(new Set([stored[0]!.job.job_id]))
        // a replay of the stored job's key returns it
        expect(yield* s.insertWithin(build(310, { idempotency_key: stored[0]!.job.idempotency_key }), 100, { sole: true }))
          .toEqual({ job: expect.objectContaining({ job_id: stored[0]!.job.job_id }), created: false })
        // another workspace, another kind, another tenant, or without sole: stored
        expect((yield* s.insertWithin(build(311, { workspace_id: w2 }), 100, { sole: true })).created).toBe(true)
        expect((yield* s.insertWithin(build(312, { kind: "ingestion" }), 100, { sole: true })).created).toBe(true)
        expect((yield* s.insertWithin(build(313, { tenant_id: tn.t2 }), 100, { sole: true })).created).toBe(true)
        expect((yield* s.insertWithin(build(314), 100)).created).toBe(true)
        // running still holds the workspace; finished frees it
        const first = stored[0]!.job.job_id
        yield* s.apply(first, { type: "start", at: 2 })
        yield* s.apply(uuid(314), { type: "start", at: 2 })
        yield* s.apply(uuid(314), { type: "succeed", at: 3, result: 1, units: 1 })
        expect((yield* Effect.flip(s.insertWithin(build(315), 100, { sole: true })))._tag).toBe("SoleJobActive")
        yield* s.apply(first, { type: "fail", at: 3, error: { code: "x", message: "x", retryable: false } })
        expect((yield* s.insertWithin(build(316), 100, { sole: true })).created).toBe(true)
      }))
    it("remove deletes the job and frees its idempotency key; removing it again answers false", () =>
      Effect.gen(function*() {
        const s = yield* JobStore
        yield* fresh
        yield* s.insert(job(uuid(1), { idempotency_key: "k" }))
        yield* s.insert(job(uuid(2)))
        expect(yield* s.remove(uuid(1))).toBe(true)
        expect(Option.isNone(yield* s.get(uuid(1)))).toBe(true)
        expect(Option.isNone(yield* s.findByIdempotencyKey(tn.t1, "k"))).toBe(true)
        expect(Option.isNone(yield* s.apply(uuid(1), { type: "start", at: 2000 }))).toBe(true)
        expect((yield* s.list({ tenantId: tn.t1, limit: 10 })).jobs.map((j) => j.job_id)).toEqual([uuid(2)])
        expect((yield* s.insert(job(uuid(3), { idempotency_key: "k" }))).created).toBe(true)
        expect(yield* s.remove(uuid(1))).toBe(false)
      }))
    it("lists newest first per tenant, with cursor, filters and total; a foreign or unknown cursor fails", () =>
      Effect.gen(function*() {
        const s = yield* JobStore
        yield* fresh
        for (let i = 1; i <= 4; i++) yield* s.insert(job(uuid(i), { created_at: i <= 2 ? 1000 : 2000 }))
        yield* s.insert(job(uuid(5), { tenant_id: tn.t2 }))
        const first = yield* s.list({ tenantId: tn.t1, limit: 3 })
        expect(first.jobs.map((j) => j.job_id)).toEqual([uuid(4), uuid(3), uuid(2)])
        expect(first).toMatchObject({ nextCursor: uuid(2), total: 4 })
        const second = yield* s.list({ tenantId: tn.t1, limit: 3, cursor: uuid(2) })
        expect(second.jobs.map((j) => j.job_id)).toEqual([uuid(1)])
        expect(second.nextCursor).toBeNull()
        expect((yield* s.list({ tenantId: tn.t1, limit: 10, createdAfter: 1000 })).total).toBe(2)
        expect((yield* s.list({ tenantId: tn.t1, limit: 10, statuses: ["running"] })).total).toBe(0)
        const foreign = yield* Effect.flip(s.list({ tenantId: tn.t1, limit: 3, cursor: uuid(5) }))
        expect(foreign._tag).toBe("CursorNotFound")
      }))
    it("keeps workspace_id, force and progress; lists a workspace's jobs only; progress moves only while running", () =>
      Effect.gen(function*() {
        const s = yield* JobStore
        yield* fresh
        yield* s.insert(job(uuid(1), { kind: "ingestion", workspace_id: "ws_a", force: true, input: { selection: { type: "file_ids", file_ids: [] } } }))
        yield* s.insert(job(uuid(2), { kind: "kg_build", workspace_id: "ws_b", force: false }))
        yield* s.insert(job(uuid(3)))
        yield* s.insert(job(uuid(4), { tenant_id: tn.t2, workspace_id: "ws_a" }))
        expect(Option.getOrThrow(yield* s.get(uuid(1)))).toEqual(
          job(uuid(1), { kind: "ingestion", workspace_id: "ws_a", force: true, input: { selection: { type: "file_ids", file_ids: [] } } })
        )
        const inA = yield* s.list({ tenantId: tn.t1, workspaceId: "ws_a", limit: 10 })
        expect(inA).toMatchObject({ total: 1, jobs: [{ job_id: uuid(1), force: true }] })
        expect((yield* s.list({ tenantId: tn.t1, workspaceId: "ws_none", limit: 10 })).total).toBe(0)
        expect((yield* s.list({ tenantId: tn.t1, limit: 10 })).total).toBe(3)
        const progress = { units_total: 10, units_done: 4, items_total: 3, items_done: 1, stage: "embedding" }
        expect(Option.getOrThrow(yield* s.apply(uuid(1), { type: "progress", at: 2, progress })).changed).toBe(false)
        yield* s.apply(uuid(1), { type: "start", at: 2 })
        const moved = Option.getOrThrow(yield* s.apply(uuid(1), { type: "progress", at: 3, progress }))
        expect(moved).toMatchObject({ changed: true, job: { status: "running", progress } })
        expect(Option.getOrThrow(yield* s.get(uuid(1))).progress).toEqual(progress)
      }))
    it("listPayloadExpired: succeeded jobs holding a result past payload_expires_at, earliest first, at most limit; expire removes them", () =>
      Effect.gen(function*() {
        const s = yield* JobStore
        yield* fresh
        const done = (id: string, expires: number, over: Partial<Job> = {}) =>
          job(id, { status: "succeeded", result: { pages: [id] }, finished_at: 1500, payload_expires_at: expires, ...over })
        yield* s.insert(done(uuid(1), 3000))
        yield* s.insert(done(uuid(2), 2000, { tenant_id: tn.t2, kind: "ground" }))
        yield* s.insert(done(uuid(3), 2500))
        // not yet expired; no result; not succeeded
        yield* s.insert(done(uuid(4), 3001))
        yield* s.insert(done(uuid(5), 1000, { result: null }))
        yield* s.insert(job(uuid(6), { status: "failed", payload_expires_at: 1000, error: { code: "x", message: "m", retryable: false } }))
        yield* s.insert(job(uuid(7), { payload_expires_at: 1000 }))
        const ids = (jobs: ReadonlyArray<Job>) => jobs.map((j) => j.job_id)
        const expired = yield* s.listPayloadExpired(3000, 10)
        expect(ids(expired)).toEqual([uuid(2), uuid(3), uuid(1)])
        expect(expired[0]).toEqual(done(uuid(2), 2000, { tenant_id: tn.t2, kind: "ground" }))
        expect(ids(yield* s.listPayloadExpired(3000, 2))).toEqual([uuid(2), uuid(3)])
        expect(yield* s.listPayloadExpired(1999, 10)).toEqual([])
        const expire = Option.getOrThrow(yield* s.apply(uuid(3), { type: "expire", at: 3000 }))
        expect(expire).toMatchObject({ changed: true, job: { status: "succeeded", result: null } })
        // a second expire (another sweeper, a late read) changes nothing
        expect(Option.getOrThrow(yield* s.apply(uuid(3), { type: "expire", at: 3000 })).changed).toBe(false)
        expect(ids(yield* s.listPayloadExpired(3000, 10))).toEqual([uuid(2), uuid(1)])
        expect(Option.getOrThrow(yield* s.get(uuid(3)))).toMatchObject({ status: "succeeded", result: null })
      }))
  })
