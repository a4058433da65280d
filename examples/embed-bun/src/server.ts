/// <reference types="bun" />
/**
 * An existing Bun server (`Bun.serve`) that keeps its own routes and hands everything else to
 * Docket. Run with Bun: `bun examples/embed-bun/src/server.ts` (PORT, default 3000; HOST, default
 * 127.0.0.1; DOCKET_ADMIN_TOKEN enables Docket's control plane under /_admin).
 */
import { makeBunFetchHandler, MAX_REQUEST_BODY_SIZE } from "@docket/adapter-bun"
import { createDocket } from "@docket/server"

const docket = createDocket({ settings: { adminToken: process.env.DOCKET_ADMIN_TOKEN || undefined } })

const server = Bun.serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: process.env.HOST ?? "127.0.0.1",
  // Docket caps request bodies itself (uploads up to 200 MB): lift Bun's own 128 MB cap
  maxRequestBodySize: MAX_REQUEST_BODY_SIZE,
  // the host's own routes come first
  routes: {
    "/health": Response.json({ ok: true }),
    "/hello/:name": (request) => new Response(`hello, ${request.params.name}\n`)
  },
  // everything else is Docket's: /v1/systemone, /v1/models, /openapi/decision.json, /_admin, ...
  fetch: makeBunFetchHandler(docket)
})

// a demo account and key, so the example can be tried at once
const account = await docket.admin.decision.createAccount({})
const { key } = await docket.admin.decision.createKey(account.account_id, "example")
console.log(`decision key: ${key}`)
console.log(`host server listening on ${server.url.origin} (GET /health is the host's own route)`)

const stop = () => {
  void server.stop(true).then(() => docket.dispose()).finally(() => process.exit(0))
}
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
