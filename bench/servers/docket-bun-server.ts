/// <reference types="bun" />
/**
 * Benchmark child process, run with Bun (`node_modules/.bin/bun bench/servers/docket-bun-server.ts`):
 * a Docket instance (`createDocket` of `@docket/server`, memory storage) on an ephemeral port, served by `@docket/adapter-bun` —
 * `listen` (its own `Bun.serve`) by default; with BENCH_BUN_SERVE=fetch-handler a plain `Bun.serve`
 * with `makeBunFetchHandler` (the embedding path); with BENCH_BUN_SERVE=layer the adapter's `layer`
 * (`@effect/platform-bun`'s BunHttpServer) — with one paid account whose limits are
 * `{unlimited: true}`. Prints one JSON line `{"port":…,"key":"…"}` on stdout when ready; then see
 * `control.ts`.
 */
import { layer, listen, makeBunFetchHandler } from "@docket/adapter-bun"
import { createDocket } from "@docket/server"
import { HttpServer } from "@effect/platform"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { serveDocket } from "../support/docket-server.js"

serveDocket(() => createDocket(), { unlimited: true }, async (docket) => {
  if (process.env.BENCH_BUN_SERVE === "fetch-handler") {
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: makeBunFetchHandler(docket) })
    return { port: server.port!, close: () => server.stop(true) }
  }
  if (process.env.BENCH_BUN_SERVE === "layer") {
    const scope = Effect.runSync(Scope.make())
    const context = await docket.runtime.runPromise(Layer.buildWithScope(layer({ port: 0, hostname: "127.0.0.1" }), scope))
    const address = Context.get(context, HttpServer.HttpServer).address
    if (address._tag !== "TcpAddress") throw new Error("BunHttpServer did not listen on a TCP address")
    return { port: address.port, close: () => Effect.runPromise(Scope.close(scope, Exit.void)) }
  }
  const running = await listen(docket, { port: 0, hostname: "127.0.0.1" })
  return { port: running.address.port, close: running.close }
})
