import { makeDocket, ManualClock } from "@docket/core"
import { decisionHttpSuite, inProcessTarget } from "@docket/core/testing"
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
