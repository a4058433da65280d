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

const options = { operationTimeout: Duration.seconds(3), checkInterval: Duration.millis(200), fallbackPollInterval: Duration.millis(300) }

/** an instance: its own pool (named `app`) and its signals */
const instance = async (app: string) => {
  const runtime = ManagedRuntime.make(PgStorage.clientLayer({ url: db.url, maxConnections: 2, applicationName: app }))
  const scope = await runtime.runPromise(Scope.make())
  const signals = await runtime.runPromise(Effect.flatMap(PgClient.PgClient, (pg) => PgJobSignals.makeWith(pg, options)).pipe(Scope.extend(scope)))
  /** starts waiting for `jobId`: resolves with the ms it took to be woken */
  const waitFor = async (jobId: string) => {
    let resolveRegistered = () => {}
    const registered = new Promise<void>((resolve) => (resolveRegistered = resolve))
    const woken = runtime.runPromise(
      Effect.scoped(Effect.gen(function*() {
        const changed = yield* signals.watch(jobId)
        resolveRegistered()
        const started = Date.now()
        yield* changed
        return Date.now() - started
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
  it("a publish on A wakes B's waiters of that job at once, and no others", async () => {
    const [a, b] = await Promise.all([instance("docket-sig-a"), instance("docket-sig-b")])
    try {
      expect(a.signals.hearing() && b.signals.hearing()).toBe(true)
      const woken = b.waitFor("job-1")
      let other = false
      void b.waitFor("job-2").then(() => (other = true))
      const local = a.waitFor("job-1")
      await a.publish("job-1")
      expect(await woken).toBeLessThan(250)
      expect(await local).toBeLessThan(50)
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(other).toBe(false)
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it("a lost listening connection: waiters poll the store meanwhile, then a new connection hears again", async () => {
    const [a, b] = await Promise.all([instance("docket-sig-lost"), instance("docket-sig-other")])
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
      expect(await a.waitFor("job-3")).toBeLessThan(1_000)
      // a new connection (after 1 s) hears again: a publish on B wakes A at once
      await waitUntil(async () => a.signals.hearing(), 10_000, "A to hear again", 20)
      const woken = a.waitFor("job-4")
      await b.publish("job-4")
      expect(await woken).toBeLessThan(250)
    } finally {
      await Promise.all([a.close(), b.close(), admin.dispose()])
    }
  })
})

