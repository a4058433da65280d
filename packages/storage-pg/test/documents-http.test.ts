import { Documents, type Kernel, makeDocket, ManualClock } from "@docket/core"
import {
  documentsBillingHttpSuite,
  documentsCategorizeHttpSuite,
  documentsExtractHttpSuite,
  documentsFaultsHttpSuite,
  documentsGroundHttpSuite,
  documentsHttpSuite,
  documentsJobsSuite,
  documentsRetentionHttpSuite,
  documentsSchemaHttpSuite,
  inProcessTarget,
  jobKindsHttpSuite,
  retentionSweepSuite,
  testParserLayer,
  workspaceFilesHttpSuite,
  workspacesConfigHttpSuite
} from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// The document service in process, through the web-standard fetch handler, on PostgreSQL storage
// (uploaded bytes included: blobs are chunk rows in the database).
// Every test gets a fresh instance (its own pool) on the file's database, emptied first.
const start = (maxUploadBytes?: number) => async (settings: Partial<Kernel.DocketSettings>) => {
  const docket = makeDocket({
    storage: PgStorage.layer({ url: db.url, maxConnections: 4, jobQueuePollInterval: 20 }),
    clock: new ManualClock(),
    parser: testParserLayer,
    httpFetcher: Documents.platformHttpFetcherLayer({ allowHttpLoopback: true }),
    settings: maxUploadBytes === undefined ? settings : { maxUploadBytes, ...settings }
  })
  const target = inProcessTarget(docket)
  await target.admin.reset()
  return target
}

documentsHttpSuite("in-process fetch, postgres storage", start(1024 * 1024))
documentsJobsSuite("in-process fetch, postgres storage", start(1024 * 1024))
documentsSchemaHttpSuite("in-process fetch, postgres storage", start())
documentsBillingHttpSuite("in-process fetch, postgres storage", start())
documentsCategorizeHttpSuite("in-process fetch, postgres storage", start())
documentsExtractHttpSuite("in-process fetch, postgres storage", start())
documentsGroundHttpSuite("in-process fetch, postgres storage", start())
documentsRetentionHttpSuite("in-process fetch, postgres storage", start())
documentsFaultsHttpSuite("in-process fetch, postgres storage", start())
workspacesConfigHttpSuite("in-process fetch, postgres storage", start())
workspaceFilesHttpSuite("in-process fetch, postgres storage", start())

jobKindsHttpSuite("in-process fetch, postgres storage", (extension) => async (settings) => {
  const docket = makeDocket({
    storage: PgStorage.layer({ url: db.url, maxConnections: 4, jobQueuePollInterval: 20 }),
    clock: new ManualClock(),
    ...extension,
    settings
  })
  const target = inProcessTarget(docket)
  await target.admin.reset()
  return target
})

retentionSweepSuite("postgres storage", async () => {
  const docket = makeDocket({
    storage: PgStorage.layer({ url: db.url, maxConnections: 4, jobQueuePollInterval: 20 }),
    clock: new ManualClock(),
    parser: testParserLayer,
    settings: { sweepIntervalMs: 0 }
  })
  await docket.admin.reset()
  return docket
})
