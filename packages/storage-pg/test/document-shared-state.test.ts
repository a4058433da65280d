/**
 * The document-service state of migration 5 (job event log, usage, request rates, upload
 * sessions) as several instances see it: two storage layers, each with a pool of its own (as two
 * server processes would have), on one database. Also what the conformance suites cannot see:
 * the tables stay bounded.
 */
import { Documents, Jobs, Kernel, Tenancy } from "@docket/core"
import * as PgStorage from "@docket/storage-pg"
import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Option } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

type Ports = Jobs.JobEventLog | Tenancy.UsageStore | Tenancy.RequestRateStore | Documents.UploadSessionStore | Kernel.StorageAdmin

/** Runs `f` with two instances' stores (A and B) and a client of its own, starting from a reset. */
const withTwoInstances = <A, E>(
  f: (a: Context.Context<Ports>, b: Context.Context<Ports>, sql: SqlClient.SqlClient) => Effect.Effect<A, E>
) =>
  Effect.gen(function*() {
    const a = yield* Layer.build(PgStorage.layer({ url: db.url, maxConnections: 6 }))
    const b = yield* Layer.build(PgStorage.layer({ url: db.url, maxConnections: 6 }))
    const sql = yield* SqlClient.SqlClient
    yield* Context.get(a, Kernel.StorageAdmin).reset
    return yield* f(a, b, sql)
  }).pipe(Effect.provide(PgStorage.clientLayer({ url: db.url, maxConnections: 2 })), Effect.scoped, Effect.runPromise)

const JOB = "00000000-0000-4000-8000-000000000001"

describe("document shared state on PostgreSQL, two instances", () => {
  it("appends to one job's log from both instances at once: sequences 1…n, none repeated or skipped; each sees all", () =>
    withTwoInstances((a, b) =>
      Effect.gen(function*() {
        const logs = [Context.get(a, Jobs.JobEventLog), Context.get(b, Jobs.JobEventLog)]
        const n = 60
        const appended = yield* Effect.all(
          Array.from({ length: n }, (_, i) => logs[i % 2].append(JOB, { at: i, status: "running", progress: { i }, message: null })),
          { concurrency: "unbounded" }
        )
        expect(appended.map((e) => e.sequence).sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i + 1))
        for (const log of logs) expect(yield* log.since(JOB, 0)).toEqual([...appended].sort((x, y) => x.sequence - y.sequence))
      })))

  it("usage recorded for one job by both instances at once is charged once; both read the same totals", () =>
    withTwoInstances((a, b) =>
      Effect.gen(function*() {
        const stores = [Context.get(a, Tenancy.UsageStore), Context.get(b, Tenancy.UsageStore)]
        const event = (i: number) => ({
          job_id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
          tenant_id: "tnt_a",
          kind: "parse",
          workspace_id: null,
          units: i,
          pages: 1,
          bytes_ingested: 0,
          processing_ms: 10,
          at: 1_767_225_600_000
        })
        const outcomes = yield* Effect.all(
          Array.from({ length: 40 }, (_, i) => stores[i % 2].record(event(1 + (i % 10)))),
          { concurrency: "unbounded" }
        )
        expect(outcomes.filter((o) => o)).toHaveLength(10)
        for (const s of stores) expect(yield* s.unitsUsed("tnt_a")).toBe(55)
      })))

  it("request rates are exact across instances: 30 hits over both, limit 11 -> 11 admitted", () =>
    withTwoInstances((a, b) =>
      Effect.gen(function*() {
        const stores = [Context.get(a, Tenancy.RequestRateStore), Context.get(b, Tenancy.RequestRateStore)]
        const outcomes = yield* Effect.all(
          Array.from({ length: 30 }, (_, i) => stores[i % 2].hit({ key: "tnt_a", limit: 11, windowMs: 60_000, now: 1000 + i })),
          { concurrency: "unbounded" }
        )
        expect(outcomes.filter((o) => o.admitted)).toHaveLength(11)
      })))

  it("an upload session created on A takes its parts on B and closes on A, one offset at a time", () =>
    withTwoInstances((a, b) =>
      Effect.gen(function*() {
        const [sa, sb] = [Context.get(a, Documents.UploadSessionStore), Context.get(b, Documents.UploadSessionStore)]
        const id = "00000000-0000-4000-a000-000000000001"
        yield* sa.create({
          session_id: id,
          tenant_id: "ten_1",
          file_name: "a.txt",
          size: 20,
          received: 0,
          parts: [],
          state: "open",
          created_at: 0,
          expires_at: 1000,
          completed_at: null
        })
        const racing = yield* Effect.all(
          [sa, sb, sa, sb].map((s, i) => s.appendPart(id, { key: `k${i}`, offset: 0, size: 10 })),
          { concurrency: "unbounded" }
        )
        expect(racing.map(Option.getOrThrow).filter((r) => r.appended)).toHaveLength(1)
        expect(Option.getOrThrow(yield* sb.appendPart(id, { key: "k9", offset: 10, size: 10 })).appended).toBe(true)
        expect(Option.getOrThrow(yield* sa.close(id, "completed", 5, 500)).session).toMatchObject({ received: 20, state: "completed" })
        expect(Option.getOrThrow(yield* sb.get(id))).toMatchObject({ state: "completed", completed_at: 5, expires_at: 500 })
      })))
})

describe("document shared state on PostgreSQL: bounded tables", () => {
  it(`a job keeps at most ${Jobs.MAX_EVENTS_PER_JOB} event rows`, () =>
    withTwoInstances((a, _b, sql) =>
      Effect.gen(function*() {
        const log = Context.get(a, Jobs.JobEventLog)
        for (let i = 0; i < Jobs.MAX_EVENTS_PER_JOB + 30; i++) yield* log.append(JOB, { at: i, status: "queued", progress: null, message: null })
        const [{ n }] = yield* sql<{ n: string }>`SELECT count(*) AS n FROM docket_job_events WHERE job_id = ${JOB}`
        expect(Number(n)).toBe(Jobs.MAX_EVENTS_PER_JOB)
      })))

  it("a key's row holds only the admitted times still in the window; refused hits add nothing", () =>
    withTwoInstances((a, _b, sql) =>
      Effect.gen(function*() {
        const rates = Context.get(a, Tenancy.RequestRateStore)
        const hits = () =>
          Effect.map(
            sql<{ n: number | null }>`SELECT cardinality(hits) AS n FROM docket_request_rates WHERE key = 'tnt_a'`,
            (rows) => rows[0]?.n ?? 0
          )
        // 500 requests over 10 windows, limit 5
        for (let t = 0; t < 600_000; t += 1200) {
          yield* rates.hit({ key: "tnt_a", limit: 5, windowMs: 60_000, now: t })
          expect(yield* hits()).toBeLessThanOrEqual(5)
        }
        const [{ n }] = yield* sql<{ n: string }>`SELECT count(*) AS n FROM docket_request_rates`
        expect(Number(n)).toBe(1)
      })))

  it("idle keys (every admitted time out of the window) are deleted by the collector; active ones are kept", () =>
    withTwoInstances((a, _b, sql) =>
      Effect.gen(function*() {
        const rates = Context.get(a, Tenancy.RequestRateStore)
        for (let i = 0; i < 40; i++) yield* rates.hit({ key: `idle_${i}`, limit: 3, windowMs: 60_000, now: 1000 })
        yield* rates.hit({ key: "active", limit: 3, windowMs: 60_000, now: 60_500 })
        // at 61_000 every idle key's last request left the window; 16 at most per run
        const runs: Array<number> = []
        for (;;) {
          const [{ pruned }] = yield* sql<{ pruned: number }>`SELECT docket_request_rate_gc(61000) AS pruned`
          runs.push(pruned)
          if (pruned === 0) break
        }
        expect(runs).toEqual([16, 16, 8, 0])
        const keys = yield* sql<{ key: string }>`SELECT key FROM docket_request_rates`
        expect(keys.map((k) => k.key)).toEqual(["active"])
        // a pruned key starts over
        expect(yield* rates.hit({ key: "idle_0", limit: 1, windowMs: 60_000, now: 61_000 })).toEqual({ admitted: true })
      })))
})
