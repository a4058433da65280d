import { type Kernel, makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceGraphHttpSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// the knowledge graph in process on PostgreSQL storage (its file graphs and snapshots in tables).
workspaceGraphHttpSuite("in-process fetch, postgres storage", async (settings: Partial<Kernel.DocketSettings>) => {
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
