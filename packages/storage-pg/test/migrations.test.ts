import { Decision } from "@docket/core"
import * as PgStorage from "@docket/storage-pg"
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

describe("migrations (postgres)", () => {
  it("several instances starting at once against a fresh database all start, each migration applied once", async () => {
    // each start is a layer with a pool of its own, as separate instances would have
    const start = Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* Decision.DecisionStore
      yield* Decision.LimiterStore
      yield* store.getAccount("acct_none")
      return yield* sql<{ migration_id: number; name: string }>`SELECT migration_id, name FROM docket_migrations ORDER BY migration_id`
    }).pipe(
      Effect.provide(Layer.provideMerge(PgStorage.layerFromClient(), PgStorage.clientLayer({ url: db.url, maxConnections: 2 }))),
      Effect.scoped
    )
    const results = await Effect.runPromise(Effect.all(Array.from({ length: 6 }, () => start), { concurrency: "unbounded" }))
    const expected = Object.keys(PgStorage.PgMigrations.migrations).map((key) => {
      const [, id, name] = /^(\d+)_(.+)$/.exec(key)!
      return { migration_id: Number(id), name }
    })
    for (const rows of results) expect(rows).toEqual(expected)
  })

  it("migration ids are unique and ascending in the record", () => {
    const ids = Object.keys(PgStorage.PgMigrations.migrations).map((k) => Number(/^(\d+)_/.exec(k)![1]))
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(new Set(ids).size).toBe(ids.length)
  })

  it("a second start applies nothing", async () => {
    const applied = await Effect.runPromise(
      PgStorage.PgMigrations.run.pipe(Effect.provide(PgStorage.clientLayer({ url: db.url })), Effect.scoped)
    )
    expect(applied).toEqual([])
  })
})
