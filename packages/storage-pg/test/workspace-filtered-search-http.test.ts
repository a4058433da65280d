import { type Kernel, makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceFilteredSearchHttpSuite, workspaceTestRoutes } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// filtered search in process on PostgreSQL storage (the catalog's tables, keyset pages, revisions).
workspaceFilteredSearchHttpSuite("in-process fetch, postgres storage", async (settings: Partial<Kernel.DocketSettings>) => {
  const docket = makeDocket({
    storage: PgStorage.layer({ url: db.url, maxConnections: 4, jobQueuePollInterval: 20 }),
    clock: new ManualClock(),
    parser: testParserLayer,
    routes: workspaceTestRoutes,
    settings
  })
  const target = inProcessTarget(docket)
  await target.admin.reset()
  return target
})
