/** Ingestion and reconciliation over HTTP, in process, on PostgreSQL storage (a database of its own; the test parser). */
import { makeDocket, ManualClock } from "@docket/core"
import { testParserLayer, workspaceIngestionHttpSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

workspaceIngestionHttpSuite("in-process fetch, postgres storage", async () => {
  const docket = makeDocket({
    storage: PgStorage.layer({ url: db.url, maxConnections: 4, jobQueuePollInterval: 20 }),
    clock: new ManualClock(),
    parser: testParserLayer,
    settings: { adminToken: "test-admin-token", sweepIntervalMs: 0 }
  })
  await docket.admin.reset()
  return docket
})
