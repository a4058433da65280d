/// <reference types="bun" />
/**
 * Benchmark child process, run with Bun (`node_modules/.bin/bun bench/servers/docket-bun-server.ts`):
 * a Docket instance (memory storage) on an ephemeral port, served by `@docket/adapter-bun` —
 * `listen` (BunHttpServer) by default, or with BENCH_BUN_SERVE=fetch-handler a plain `Bun.serve`
 * with `makeBunFetchHandler` (the embedding path). Prints one JSON line `{"port":…,"key":"…"}` on
 * stdout when ready; then see `control.ts`.
 */
import { createDocket, listen, makeBunFetchHandler } from "@docket/adapter-bun"
import { control } from "./control.js"

const main = async (): Promise<void> => {
  const docket = createDocket()
  const account = await docket.admin.decision.createAccount({
    tier: "paid",
    // enough credit that a long run never reaches 402
    credit: Number.MAX_SAFE_INTEGER,
    custom_limits: { unlimited: true }
  })
  const { key } = await docket.admin.decision.createKey(account.account_id, "bench")
  let port: number
  let close: () => Promise<void>
  if (process.env.BENCH_BUN_SERVE === "fetch-handler") {
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: makeBunFetchHandler(docket) })
    port = server.port!
    close = () => server.stop(true)
  } else {
    const running = await listen(docket, { port: 0, hostname: "127.0.0.1" })
    port = running.address.port
    close = running.close
  }
  process.stdout.write(`${JSON.stringify({ port, key })}\n`)
  control(() => {
    void close().then(() => docket.dispose()).finally(() => process.exit(0))
  })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
