/**
 * Benchmark child process: the document service of a Docket instance (`createDocket` + `listen`
 * from `@docket/adapter-node`, with `@docket/formats`' worker-pool parser), on PostgreSQL storage
 * when DATABASE_URL is set, else in memory. One tenant whose limits and credits never refuse.
 * Prints one JSON line `{"port":…,"key":"…"}` on stdout when ready; then see `control.ts`.
 */
import { createDocket, listen } from "@docket/adapter-node"
import * as PgStorage from "@docket/storage-pg"
import { announce } from "./control.js"

const main = async (): Promise<void> => {
  const url = process.env.DATABASE_URL
  const docket = createDocket({ storage: url ? PgStorage.layer({ url }) : undefined })
  const tenant = await docket.admin.docs.createTenant({
    credits: 1_000_000_000,
    paid_usage: true,
    rpm: 1_000_000_000,
    concurrent_jobs: 10_000,
    sync_waits: 10_000
  })
  const running = await listen(docket, { port: 0, host: "127.0.0.1" })
  announce({ port: Number(new URL(running.url).port), key: tenant.api_key }, () => {
    void running.close().then(() => docket.dispose()).finally(() => process.exit(0))
  })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
