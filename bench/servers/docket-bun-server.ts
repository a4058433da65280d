/// <reference types="bun" />
/**
 * Benchmark child process, run with Bun (`node_modules/.bin/bun bench/servers/docket-bun-server.ts`):
 * a Docket instance (memory storage) on an ephemeral port, served by `@docket/adapter-bun` —
 * `listen` (BunHttpServer) by default, or with BENCH_BUN_SERVE=fetch-handler a plain `Bun.serve`
 * with `makeBunFetchHandler` (the embedding path) — with one paid account whose limits are
 * `{unlimited: true}`. Prints one JSON line `{"port":…,"key":"…"}` on stdout when ready; then see
 * `control.ts`.
 */
import { createDocket, listen, makeBunFetchHandler } from "@docket/adapter-bun"
import { serveDocket } from "../support/docket-server.js"

serveDocket(() => createDocket(), { unlimited: true }, async (docket) => {
  if (process.env.BENCH_BUN_SERVE === "fetch-handler") {
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: makeBunFetchHandler(docket) })
    return { port: server.port!, close: () => server.stop(true) }
  }
  const running = await listen(docket, { port: 0, hostname: "127.0.0.1" })
  return { port: running.address.port, close: running.close }
})
