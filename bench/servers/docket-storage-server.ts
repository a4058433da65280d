/**
 * Benchmark child process: a Docket instance served by the Node adapter on an ephemeral port, on
 * PostgreSQL storage when DATABASE_URL is set (pool size DOCKET_PG_MAX_CONNECTIONS, default 10),
 * else in memory. One paid account whose limits never refuse (RPM 10^9, in-flight 10,000), so
 * every request takes the limiter's full path (account lock, RPM window, in-flight, fleet pool).
 * Prints one JSON line `{"port":…,"key":"…"}` on stdout when ready; then see `control.ts`.
 */
import { createDocket, listen } from "@docket/adapter-node"
import * as PgStorage from "@docket/storage-pg"
import { control } from "./control.js"

const main = async (): Promise<void> => {
  const url = process.env.DATABASE_URL
  const maxConnections = Number(process.env.DOCKET_PG_MAX_CONNECTIONS ?? 10)
  const docket = createDocket({ storage: url ? PgStorage.layer({ url, maxConnections }) : undefined })
  const account = await docket.admin.decision.createAccount({
    tier: "paid",
    credit: Number.MAX_SAFE_INTEGER,
    custom_limits: { rpm: 1_000_000_000, in_flight: 10_000 }
  })
  const { key } = await docket.admin.decision.createKey(account.account_id, "bench")
  const running = await listen(docket, { port: 0, host: "127.0.0.1" })
  const port = Number(new URL(running.url).port)
  process.stdout.write(`${JSON.stringify({ port, key })}\n`)
  control(() => {
    void running.close().then(() => docket.dispose()).finally(() => process.exit(0))
  })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
