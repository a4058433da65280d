import { Documents, makeDocket, ManualClock } from "@docket/core"
import { decisionDocumentsHttpSuite, decisionHttpSuite, inProcessTarget, testParserLayer } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// The decision service in process, through the web-standard fetch handler, on PostgreSQL storage.
// Every test gets a fresh instance (its own pool) on the file's database, emptied first: the
// reset truncates every table, so no test sees another's accounts, counters or pool sizes.
decisionHttpSuite("in-process fetch, postgres storage", async (settings) => {
  const docket = makeDocket({ storage: PgStorage.layer({ url: db.url, maxConnections: 4 }), clock: new ManualClock(), settings })
  const target = inProcessTarget(docket)
  await target.admin.reset()
  return target
})

// its document routes on PostgreSQL: jobs, their counter (the request-rate store) and files in the database
decisionDocumentsHttpSuite("in-process fetch, postgres storage", async (settings) => {
  const docket = makeDocket({
    storage: PgStorage.layer({ url: db.url, maxConnections: 4 }),
    clock: new ManualClock(),
    parser: testParserLayer,
    httpFetcher: Documents.platformHttpFetcherLayer({ allowHttpLoopback: true }),
    settings
  })
  const target = inProcessTarget(docket)
  await target.admin.reset()
  return target
})
