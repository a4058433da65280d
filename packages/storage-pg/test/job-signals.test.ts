/**
 * Job signals on PostgreSQL between two pools (two instances): a publish on one wakes the other's
 * waiters of that job only, through LISTEN/NOTIFY; a listening connection that is lost (terminated
 * by the server) is noticed by the ping, the waiters poll the store meanwhile, and a new connection
 * hears again.
 */
import { waitUntil } from "@docket/core/testing"
import { PgJobSignals } from "@docket/storage-pg"
import * as PgStorage from "@docket/storage-pg"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Duration, Effect, Exit, ManagedRuntime, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestDatabase, type TestDatabase } from "./support/database.js"

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db?.drop())

/**
 * The fallback poll re-reads the store only while an instance is not hearing PostgreSQL. An hour:
 * a waiter woken while hearing was woken by the publish (no timing needed to tell); 300 ms for
 * the test of a lost connection, where the poll is what wakes waiters.
 */
const HOUR = Duration.hours(1)
const options = (fallbackPollInterval: Duration.Duration) => ({ operationTimeout: Duration.seconds(3), checkInterval: Duration.millis(200), fallbackPollInterval })

/** an instance: its own pool (named `app`) and its signals */
const instance = async (app: string, fallbackPollInterval: Duration.Duration = HOUR) => {
  const runtime = ManagedRuntime.make(PgStorage.clientLayer({ url: db.url, maxConnections: 2, applicationName: app }))
  const scope = await runtime.runPromise(Scope.make())
  const signals = await runtime.runPromise(Effect.flatMap(PgClient.PgClient, (pg) => PgJobSignals.makeWith(pg, options(fallbackPollInterval))).pipe(Scope.extend(scope)))
  /** starts waiting for `jobId`: resolves once woken */
  const waitFor = async (jobId: string) => {
    let resolveRegistered = () => {}
    const registered = new Promise<void>((resolve) => (resolveRegistered = resolve))
    const woken = runtime.runPromise(
      Effect.scoped(Effect.gen(function*() {
        const changed = yield* signals.watch(jobId)
        resolveRegistered()
        yield* changed
      }))
    )
    await registered
    return woken
  }
  return {
    runtime,
    signals,
    waitFor,
    publish: (jobId: string) => runtime.runPromise(signals.publish(jobId)),
    close: async () => {
      await runtime.runPromise(Scope.close(scope, Exit.void))
      await runtime.dispose()
    }
  }
}

describe("PostgreSQL job signals across instances", () => {
  it("a publish on A wakes B's waiters of that job (no poll could), and no others", async () => {
    const [a, b] = await Promise.all([instance("docket-sig-a"), instance("docket-sig-b")])
    try {
      expect(a.signals.hearing() && b.signals.hearing()).toBe(true)
      const woken = b.waitFor("job-1")
      let other = false
      void b.waitFor("job-2").then(() => (other = true))
      const local = a.waitFor("job-1")
      await a.publish("job-1")
      // woken at all: by the publish, the fallback poll being an hour away (and off while hearing)
      await woken
      await local
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(other).toBe(false)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it("a lost listening connection: waiters poll the store meanwhile, then a new connection hears again", async () => {
    const [a, b] = await Promise.all([instance("docket-sig-lost", Duration.millis(300)), instance("docket-sig-other")])
    const admin = ManagedRuntime.make(PgStorage.clientLayer({ url: db.url, maxConnections: 1 }))
    try {
      expect(a.signals.hearing()).toBe(true)
      const killed = await admin.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ readonly pid: number }>`
        SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
        WHERE application_name = 'docket-sig-lost' AND query LIKE 'LISTEN%'`))
      expect(killed).toHaveLength(1)
      // noticed within a check interval and a ping's timeout (2 s)
      await waitUntil(async () => !a.signals.hearing(), 5_000, "the lost connection to be noticed", 20)
      // deaf: a waiter is woken by the fallback poll (300 ms here), with no publish at all
      await a.waitFor("job-3")
      // a new connection (after 1 s) hears again: a publish on B wakes A (the poll is off while hearing)
      await waitUntil(async () => a.signals.hearing(), 10_000, "A to hear again", 20)
      const woken = a.waitFor("job-4")
      await b.publish("job-4")
      await woken
      expect(a.signals.hearing()).toBe(true)
    } finally {
      await Promise.all([a.close(), b.close(), admin.dispose()])
    }
  })
})

