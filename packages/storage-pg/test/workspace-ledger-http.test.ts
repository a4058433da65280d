import { type Kernel, makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceLedgerHttpSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// ledger understanding in process on PostgreSQL storage (selections and reports in tables, the package read through the workspace SQL engine).
workspaceLedgerHttpSuite("in-process fetch, postgres storage", async (settings: Partial<Kernel.DocketSettings>) => {
  const docket = makeDocket({
    storage: PgStorage.layer({ url: db.url, maxConnections: 4, jobQueuePollInterval: 20 }),
    clock: new ManualClock(),
    parser: testParserLayer,
    settings
  })
  const target = inProcessTarget(docket)
  await target.admin.reset()
  return target
})
