/**
 * Test only: a Docket server on PostgreSQL (DATABASE_URL) whose document service parses with the
 * deterministic test parser (`testParserLayer`: `#delay <ms>` makes a parse take that long on the
 * service clock), on a manual clock that starts at the same instant in every process, so that
 * several of them share one time. Settings: DOCKET_ADMIN_TOKEN, PORT (0 for any),
 * DOCKET_JOB_WORKERS (default 4; 0 for an API-only instance whose jobs other instances run). Prints
 * `listening on <url>` once ready; stops on SIGTERM/SIGINT or when stdin ends (so it never
 * outlives the test process).
 *
 *   node --import tsx packages/storage-pg/test/support/docs-server.ts
 */
import { listen } from "@docket/adapter-node"
import { Documents, makeDocket } from "@docket/core"
import * as PgStorage from "@docket/storage-pg"
// the parser alone: @docket/core/testing also holds the vitest suites, which need a vitest process
import { testParserLayer } from "../../../core/src/testing/test-parser.js"

const env = process.env
if (!env.DATABASE_URL) throw new Error("DATABASE_URL is required")

const docket = makeDocket({
  storage: PgStorage.layer({ url: env.DATABASE_URL, maxConnections: 6, jobQueuePollInterval: 50 }),
  clock: "manual",
  parser: testParserLayer,
  httpFetcher: Documents.platformHttpFetcherLayer({ allowHttpLoopback: true }),
  settings: {
    adminToken: env.DOCKET_ADMIN_TOKEN || undefined,
    maxUploadBytes: 1024 * 1024,
    jobWorkers: env.DOCKET_JOB_WORKERS === undefined ? undefined : Number(env.DOCKET_JOB_WORKERS),
    linkSecret: env.DOCKET_LINK_SECRET || undefined
  }
})

const running = await listen(docket, { port: Number(env.PORT ?? 0), host: "127.0.0.1" })
console.log(`listening on ${running.url}`)

let stopping = false
const stop = () => {
  if (stopping) return
  stopping = true
  void running.close().then(() => docket.dispose()).finally(() => process.exit(0))
}
process.once("SIGTERM", stop)
process.once("SIGINT", stop)
process.stdin.on("end", stop)
process.stdin.resume()
