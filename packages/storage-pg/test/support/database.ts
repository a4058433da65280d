/**
 * A fresh PostgreSQL database per test file: `CREATE DATABASE docket_test_<random>` through a
 * connection to the server's `test` database (`DOCKET_TEST_DATABASE_URL`, default
 * `postgres://postgres@127.0.0.1:5432/test`), dropped (WITH FORCE) after the file.
 */
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"
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
