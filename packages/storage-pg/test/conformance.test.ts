import {
  blobStoreSuite,
  decisionStoreSuite,
  extractionSchemaStoreSuite,
  jobEventLogSuite,
  jobQueueSuite,
  jobStoreSuite,
  limiterStoreSuite,
  requestRateStoreSuite,
  searchIndexSuite,
  storageAdminSuite,
  syncWaitStoreSuite,
  tenantStoreSuite,
  uploadSessionStoreSuite,
  uploadStoreSuite,
  usageStoreSuite,
  workspaceStoresSuite
} from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// each suite builds the layer once: a pool of its own, and the (already applied) migrations checked
const layer = PgStorage.layer({ url: db.url })

decisionStoreSuite("postgres", layer)
limiterStoreSuite("postgres", layer)
tenantStoreSuite("postgres", layer)
workspaceStoresSuite("postgres", layer)
jobStoreSuite("postgres", layer)
jobQueueSuite("postgres", PgStorage.layer({ url: db.url, jobQueuePollInterval: 20 }))
uploadStoreSuite("postgres", layer)
blobStoreSuite("postgres", layer)
extractionSchemaStoreSuite("postgres", layer)
jobEventLogSuite("postgres", layer)
usageStoreSuite("postgres", layer)
requestRateStoreSuite("postgres", layer)
uploadSessionStoreSuite("postgres", layer)
syncWaitStoreSuite("postgres", layer)
storageAdminSuite("postgres", layer)
searchIndexSuite("pg", layer)
