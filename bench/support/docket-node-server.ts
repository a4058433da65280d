/** A Docket benchmark server on Node: `createDocket` of `@docket/server` + `listen` from `@docket/adapter-node` (see docket-server.ts). */
import { listen } from "@docket/adapter-node"
import type { Decision } from "@docket/core"
import { createDocket, type CreateDocketOptions } from "@docket/server"
import { serveDocket } from "./docket-server.js"

/** Serves a Docket instance on an ephemeral port of 127.0.0.1. */
export const serveDocketOnNode = (options: CreateDocketOptions, customLimits: Partial<Decision.CustomLimits>): void =>
  serveDocket(() => createDocket(options), customLimits, async (docket) => {
    const running = await listen(docket, { port: 0, host: "127.0.0.1" })
    return { port: Number(new URL(running.url).port), close: running.close }
  })
