import { type Kernel, makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceTestRoutes, workspaceToolsHttpSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// The file tools in process on PostgreSQL storage (workspace tables in a schema and role per
// workspace); every test gets a fresh instance on the file's database, emptied first.
workspaceToolsHttpSuite("in-process fetch, postgres storage", async (settings: Partial<Kernel.DocketSettings>) => {
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
