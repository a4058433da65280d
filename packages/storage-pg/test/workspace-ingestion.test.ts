/** Ingestion and reconciliation over HTTP, in process, on PostgreSQL storage (a database of its own; the test parser; the suite's test routes). */
import { makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceIngestionHttpSuite, workspaceTestRoutes } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

workspaceIngestionHttpSuite("in-process fetch, postgres storage", async (settings) => {
  const docket = makeDocket({
    storage: PgStorage.layer({ url: db.url, maxConnections: 4, jobQueuePollInterval: 20 }),
    clock: new ManualClock(),
    parser: testParserLayer,
    routes: workspaceTestRoutes,
    settings
  })
  await docket.admin.reset()
  return inProcessTarget(docket)
})
