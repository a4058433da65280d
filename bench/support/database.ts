/**
 * A database of a benchmark's own: `docket_bench_<random>` created on the PostgreSQL server of
 * DOCKET_BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped by `drop`.
 * DOCKET_BENCH_DATABASE_PREFIX names it otherwise (`<prefix>_<random>`), so runs sharing a server
 * can tell their databases apart.
 */
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Redacted } from "effect"
import { randomBytes } from "node:crypto"

const runSql = (url: string, statement: string) =>
  Effect.runPromise(
    Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe(statement)).pipe(
      Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 })),
      Effect.scoped
    )
  )

export const createDatabase = async (): Promise<{ readonly url: string; readonly drop: () => Promise<void> }> => {
  const admin = process.env.DOCKET_BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"
  const prefix = process.env.DOCKET_BENCH_DATABASE_PREFIX ?? "docket_bench"
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`DOCKET_BENCH_DATABASE_PREFIX: lower-case letters, digits and _ only, not ${prefix}`)
  const name = `${prefix}_${randomBytes(6).toString("hex")}`
  await runSql(admin, `CREATE DATABASE ${name}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => runSql(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined) }
}
