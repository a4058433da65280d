import { Intelligence, type Kernel, makeDocket, ManualClock } from "@docket/core"
import { inProcessTarget, testParserLayer, workspaceIntelligentSearchHttpSuite } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { Layer } from "effect"
import { afterAll } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

// fact and deep search in process on PostgreSQL storage (sessions and their holds in the
// database); the local engine with its high tier switched off, as the memory run
const intelligence = Layer.merge(Intelligence.LocalIntelligence.LocalIntelligenceLive, Intelligence.LocalIntelligence.localSearchAgentLayer({ low: 6, medium: 12, high: null }))

workspaceIntelligentSearchHttpSuite("in-process fetch, postgres storage", async (settings: Partial<Kernel.DocketSettings>) => {
  const docket = makeDocket({
    storage: PgStorage.layer({ url: db.url, maxConnections: 4, jobQueuePollInterval: 20 }),
    clock: new ManualClock(),
    parser: testParserLayer,
    settings,
    intelligence
  })
  const target = inProcessTarget(docket)
  await target.admin.reset()
  return target
})
