import { Decision } from "@docket/core"
import * as PgStorage from "@docket/storage-pg"
import { ConfigProvider, Duration, Effect, Option, Redacted } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

const withEnv = (env: Record<string, string>) => Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))

describe("configuration from the environment", () => {
  it("reads DATABASE_URL and the optional DOCKET_PG_* settings", async () => {
    const options = await Effect.runPromise(
      PgStorage.config.pipe(
        withEnv({
          DATABASE_URL: db.url,
          DOCKET_PG_MAX_CONNECTIONS: "7",
          DOCKET_PG_CONNECT_TIMEOUT_MS: "1500",
          DOCKET_PG_OPERATION_TIMEOUT_MS: "2500"
        })
      )
    )
    expect(Redacted.value(options.url as Redacted.Redacted)).toBe(db.url)
    expect(options.maxConnections).toBe(7)
    expect(Duration.toMillis(options.connectTimeout!)).toBe(1500)
    expect(Duration.toMillis(options.operationTimeout!)).toBe(2500)
    const defaults = await Effect.runPromise(PgStorage.config.pipe(withEnv({ DATABASE_URL: db.url })))
    expect([defaults.maxConnections, defaults.connectTimeout, defaults.operationTimeout]).toEqual([undefined, undefined, undefined])
  })

  it("refuses a missing DATABASE_URL or a bad setting", async () => {
    const envs: Array<Record<string, string>> = [
      {},
      { DATABASE_URL: db.url, DOCKET_PG_OPERATION_TIMEOUT_MS: "0" },
      { DATABASE_URL: db.url, DOCKET_PG_MAX_CONNECTIONS: "x" }
    ]
    for (const env of envs) {
      const result = await Effect.runPromise(Effect.either(PgStorage.config.pipe(withEnv(env))))
      expect(result._tag).toBe("Left")
    }
  })

  it("layerConfig builds the storage from DATABASE_URL", async () => {
    const account = await Effect.runPromise(
      Effect.flatMap(Decision.DecisionStore, (s) => s.getAccount("acct_none")).pipe(
        Effect.provide(PgStorage.layerConfig()),
        withEnv({ DATABASE_URL: db.url })
      )
    )
    expect(Option.isNone(account)).toBe(true)
  })
})
