import {
  decisionDocumentsHttpSuite,
  decisionHttpSuite,
  documentsBillingHttpSuite,
  documentsCategorizeHttpSuite,
  documentsExtractHttpSuite,
  documentsGroundHttpSuite,
  documentsHttpSuite,
  documentsJobsSuite,
  documentsFaultsHttpSuite,
  documentsRetentionHttpSuite,
  documentsSchemaHttpSuite,
  journalHttpSuite,
  remoteTarget,
  type StartTarget,
  workspaceFilteredSearchHttpSuite,
  workspaceIntelligentSearchHttpSuite,
  workspaceSearchHttpSuite,
  workspaceGraphHttpSuite,
  workspaceLedgerHttpSuite,
  workspaceToolsHttpSuite,
  workspaceFilesHttpSuite,
  workspaceIngestionHttpSuite,
  workspacesConfigHttpSuite
} from "@docket/core/testing"
import { afterAll } from "vitest"
import { createTestDatabase, type TestDatabase } from "../../storage-pg/test/support/database.js"
import { type BunProcess, FIXTURE, startBun } from "./bun-server.js"

// The decision service's HTTP conformance suite against real Bun processes running
// `fixtures/server.ts` on a manual clock, driven over HTTP (control plane included): served by
// `listen` (its own `Bun.serve`), by a host's `Bun.serve` with `makeBunFetchHandler`, and by the
// adapter's `layer` (BunHttpServer). One
// process per way of serving and distinct settings, reset before every test (starting Bun costs
// ~0.6 s, too much per test).
const servers = new Map<string, Promise<BunProcess>>()

// a database per process on PostgreSQL: processes on one database would claim each other's jobs
// (and run them on their own clocks)
const databases = new Map<string, Promise<TestDatabase>>()

afterAll(async () => {
  await Promise.all([...servers.values()].map(async (s) => (await s).stop()))
  await Promise.all([...databases.values()].map(async (d) => (await d).drop()))
})

const onBun = (
  serve: "listen" | "fetch-handler" | "layer",
  storage: "memory" | "postgres" = "memory",
  docs = false,
  workspaceTest = false,
  extra: Record<string, string> = {}
): StartTarget => async (settings) => {
  const env: Record<string, string> = { DOCKET_BUN_SERVE: serve, ...extra }
  if (docs) env.DOCKET_DOCS_TEST = "1"
  if (workspaceTest) env.DOCKET_WORKSPACE_TEST = "1"
  if (settings.adminToken !== undefined) env.DOCKET_ADMIN_TOKEN = settings.adminToken
  if (settings.maxBodyBytes !== undefined) env.DOCKET_MAX_BODY_BYTES = String(settings.maxBodyBytes)
  // any other setting a suite asks for (e.g. the retention suite's sweepIntervalMs)
  const { adminToken: _token, maxBodyBytes: _max, ...rest } = settings
  if (Object.keys(rest).length > 0) env.DOCKET_TEST_SETTINGS = JSON.stringify(rest)
  const id = JSON.stringify({ ...env, storage })
  let server = servers.get(id)
  if (server === undefined) {
    if (storage === "postgres") {
      const database = createTestDatabase()
      databases.set(id, database)
      server = database.then((d) => startBun(FIXTURE, { ...env, DATABASE_URL: d.url }))
    } else server = startBun(FIXTURE, env)
    servers.set(id, server)
  }
  const { url } = await server
  const target = remoteTarget(url, settings.adminToken ?? "", async () => {})
  await target.admin.reset()
  return target
}

decisionHttpSuite("Bun: listen", onBun("listen"))
decisionHttpSuite("Bun: Bun.serve + makeBunFetchHandler", onBun("fetch-handler"))
decisionHttpSuite("Bun: layer (BunHttpServer)", onBun("layer"))
// the same service, unchanged, on Bun with PostgreSQL storage
decisionHttpSuite("Bun: listen, PostgreSQL storage", onBun("listen", "postgres"))

// the decision service's document routes on Bun (the test parser), memory and PostgreSQL storage
decisionDocumentsHttpSuite("Bun: listen", onBun("listen", "memory", true))
decisionDocumentsHttpSuite("Bun: listen, PostgreSQL storage", onBun("listen", "postgres", true))

// the request journal on Bun, driven over HTTP (its settings through DOCKET_TEST_SETTINGS)
journalHttpSuite("Bun: listen", onBun("listen"))
journalHttpSuite("Bun: Bun.serve + makeBunFetchHandler", onBun("fetch-handler"))
journalHttpSuite("Bun: layer (BunHttpServer)", onBun("layer"))

// the document service's suites on Bun (the test parser, memory storage), both ways of serving
documentsHttpSuite("Bun: listen", onBun("listen", "memory", true))
documentsJobsSuite("Bun: listen", onBun("listen", "memory", true))
documentsJobsSuite("Bun: Bun.serve + makeBunFetchHandler", onBun("fetch-handler", "memory", true))

// the document-understanding operations on Bun (local engine, test parser)
documentsCategorizeHttpSuite("Bun: listen", onBun("listen", "memory", true))
documentsExtractHttpSuite("Bun: listen", onBun("listen", "memory", true))
documentsGroundHttpSuite("Bun: listen", onBun("listen", "memory", true))

// the schema registry, credits and usage, and retention sweeps on Bun
documentsSchemaHttpSuite("Bun: listen", onBun("listen", "memory", true))
documentsBillingHttpSuite("Bun: listen", onBun("listen", "memory", true))
documentsRetentionHttpSuite("Bun: listen", onBun("listen", "memory", true))
documentsFaultsHttpSuite("Bun: listen", onBun("listen", "memory", true))

// the workspace service's configuration (access labels, domains, workspaces) on Bun
workspacesConfigHttpSuite("Bun: listen", onBun("listen", "memory", true))

// the file tools on Bun: files uploaded and ingested through the routes (the test parser), the
// engine's tables and a label no upload can give read and set through the fixture server's test routes
workspaceToolsHttpSuite("Bun: listen", onBun("listen", "memory", true, true))
workspaceToolsHttpSuite("Bun: listen, PostgreSQL storage", onBun("listen", "postgres", true, true))
workspaceFilesHttpSuite("Bun: listen", onBun("listen", "memory", true))

// hybrid-search on Bun: files uploaded and ingested through the routes, indexed as they ingest
workspaceSearchHttpSuite("Bun: listen", onBun("listen", "memory", true))
workspaceSearchHttpSuite("Bun: listen, PostgreSQL storage", onBun("listen", "postgres", true))

// the knowledge graph on Bun: builds, the three tools and their access rules
workspaceGraphHttpSuite("Bun: listen", onBun("listen", "memory", true))
workspaceGraphHttpSuite("Bun: listen, PostgreSQL storage", onBun("listen", "postgres", true))

// ledger understanding on Bun: CSV journal packages uploaded and ingested, catalog, selections, runs and reports
workspaceLedgerHttpSuite("Bun: listen", onBun("listen", "memory", true))
workspaceLedgerHttpSuite("Bun: listen, PostgreSQL storage", onBun("listen", "postgres", true))

// filtered search on Bun: an outdated catalog set up through the fixture server's test routes
workspaceFilteredSearchHttpSuite("Bun: listen", onBun("listen", "memory", true, true))
workspaceFilteredSearchHttpSuite("Bun: listen, PostgreSQL storage", onBun("listen", "postgres", true, true))

// fact and deep search on Bun, the local engine offering the low and medium tiers (as the in-process runs)
workspaceIntelligentSearchHttpSuite("Bun: listen", onBun("listen", "memory", true, false, { DOCKET_SEARCH_TIERS: "low,medium" }))
workspaceIntelligentSearchHttpSuite("Bun: listen, PostgreSQL storage", onBun("listen", "postgres", true, false, { DOCKET_SEARCH_TIERS: "low,medium" }))

// ingestion and reconciliation on Bun: set-ups and facts no spec route has through the fixture
// server's test routes, the clock and sweeps through the control plane
workspaceIngestionHttpSuite("Bun: listen", onBun("listen", "memory", true, true))
workspaceIngestionHttpSuite("Bun: listen, PostgreSQL storage", onBun("listen", "postgres", true, true))
