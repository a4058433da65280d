/**
 * A fresh PostgreSQL database per test file: `CREATE DATABASE docket_test_<random>` through a
 * connection to the server's `test` database (`DOCKET_TEST_DATABASE_URL`, default
 * `postgres://postgres@127.0.0.1:5432/test`), dropped (WITH FORCE) after the file.
 */
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Deferred, Effect, Fiber, Redacted } from "effect"
import { randomBytes } from "node:crypto"

export const ADMIN_URL = process.env.DOCKET_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"

/** Runs statements on a short-lived connection to `url`. */
export const runSql = (url: string, statements: ReadonlyArray<string>): Promise<void> =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    for (const s of statements) yield* sql.unsafe(s)
  }).pipe(
    Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 })),
    Effect.scoped,
    Effect.runPromise
  )

/** Runs one query on a short-lived connection to `url`: its rows. */
export const querySql = <A extends object = Record<string, unknown>>(url: string, statement: string, params: ReadonlyArray<unknown> = []): Promise<ReadonlyArray<A>> =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe<A>(statement, params as Array<any>)).pipe(
    Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 })),
    Effect.scoped,
    Effect.runPromise
  )

/**
 * Runs `statement` (a `SELECT … FOR UPDATE`, a `LOCK TABLE`) in a transaction on its own
 * connection and keeps the transaction open, holding its locks, until `release` (a rollback).
 */
export const holdLocks = async (url: string, statement: string, params: ReadonlyArray<unknown> = []): Promise<{ readonly rows: ReadonlyArray<object>; readonly release: () => Promise<void> }> => {
  const held = await Effect.runPromise(Deferred.make<ReadonlyArray<object>>())
  const done = await Effect.runPromise(Deferred.make<void>())
  const fiber = Effect.runFork(
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql.withTransaction(
        Effect.gen(function*() {
          yield* Deferred.succeed(held, yield* sql.unsafe(statement, params as Array<any>))
          yield* Deferred.await(done)
          // rolled back: the transaction only held locks
          return yield* Effect.fail("release" as const)
        })
      )).pipe(
        Effect.catchIf((e) => e === "release", () => Effect.void),
        Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 })),
        Effect.scoped
      )
  )
  const rows = await Effect.runPromise(Effect.race(Deferred.await(held), Effect.flatMap(Fiber.join(fiber), () => Effect.dieMessage("the lock holder ended early"))))
  return {
    rows,
    release: async () => {
      await Effect.runPromise(Deferred.succeed(done, undefined))
      await Effect.runPromise(Fiber.join(fiber))
    }
  }
}

export interface TestDatabase {
  readonly name: string
  readonly url: string
  readonly drop: () => Promise<void>
}

/** Creates an empty database on the server of `ADMIN_URL` (name `docket_test_<random>`). */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  const name = `docket_test_${randomBytes(6).toString("hex")}`
  await runSql(ADMIN_URL, [`CREATE DATABASE ${name}`])
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () => runSql(ADMIN_URL, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
  }
}
