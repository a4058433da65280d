/**
 * The store operations' time bound is wall-clock time, not the service clock: moving a manual
 * service clock forward (tests, `DOCKET_CLOCK=manual`) while a query waits in the database must
 * not fail that query as "unavailable" — the database is healthy, only the service time jumped.
 */
import { Decision, ManualClock } from "@docket/core"
import * as PgStorage from "@docket/storage-pg"
import { SqlClient } from "@effect/sql"
import { Deferred, Effect, Exit, Layer, ManagedRuntime } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
const clock = new ManualClock()
const service = ManagedRuntime.make(
  Layer.provideMerge(PgStorage.layerFromClient(), PgStorage.clientLayer({ url: db.url, maxConnections: 4 })).pipe(
    Layer.provide(Layer.setClock(clock))
  )
)
/** another connection pool: holds a row lock the service's query has to wait for */
const other = ManagedRuntime.make(PgStorage.clientLayer({ url: db.url, maxConnections: 1 }))

afterAll(async () => {
  await service.dispose()
  await other.dispose()
  await db.drop()
})

const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("PostgreSQL store time bound", () => {
  it("a query in flight survives a jump of the manual service clock", async () => {
    await service.runPromise(Effect.flatMap(Decision.DecisionStore, (s) =>
      s.createAccount({ account_id: "acct_lock", tier: "paid", credit: 100, custom_limits: Decision.noCustomLimits, unpaid_invoice: false })))

    const locked = Effect.runSync(Deferred.make<void>())
    const release = Effect.runSync(Deferred.make<void>())
    const holder = other.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql.withTransaction(Effect.gen(function*() {
        yield* sql`SELECT 1 FROM docket_accounts WHERE account_id = 'acct_lock' FOR UPDATE`
        yield* Deferred.succeed(locked, undefined)
        yield* Deferred.await(release)
      }))))
    await Effect.runPromise(Deferred.await(locked))

    // the debit waits for the row lock, its guard timer running
    const debit = service.runPromise(Effect.exit(Effect.flatMap(Decision.DecisionStore, (s) => s.debit("acct_lock", 30))))
    await realWait(300)
    clock.advance(24 * 60 * 60 * 1000)
    await realWait(300)
    await Effect.runPromise(Deferred.succeed(release, undefined))
    await holder

    const exit = await debit
    expect(Exit.isSuccess(exit) ? exit.value : exit).toEqual(expect.objectContaining({ _tag: "Some", value: 70 }))
  })
})
