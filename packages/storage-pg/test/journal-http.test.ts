import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, journalHttpSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// The request journal in process on PostgreSQL storage: the journal itself is in each instance's
// memory, the callers it shows (accounts, tenants) authenticate against the database. Every test
// gets a fresh instance on the file's database, emptied first.
journalHttpSuite("in-process fetch, postgres storage", async (settings) => {
  const docket = makeDocket({ storage: PgStorage.layer({ url: db.url, maxConnections: 4 }), clock: new ManualClock(), settings })
  const target = inProcessTarget(docket)
  await target.admin.reset()
  return target
})
