/**
 * Where the workspace service's contexts plug into each other (docket.ts provides both lists):
 *
 * - `workspaceLabelReferences`: what may reference an access label of the catalog (deleting a
 *   label asks each; files add theirs).
 * - `workspaceIngestionStages`: what runs around each file ingested and each ingestion job.
 * - `workspaceTeardownSteps`: what a workspace's deletion removes before the workspace itself
 *   (files and blobs, index entries, tables add theirs), in order.
 */
import { Effect } from "effect"
import { keyGrantReference } from "./access/key-grants.js"
import type { LabelReference } from "./access/label-references.js"
import type { TeardownStep } from "./workspace/teardown.js"
import type { IngestionStage } from "./ingestion/stages.js"
import { FileIngestionStore } from "./ingestion/file-ingestion.js"
import { WorkspaceStore } from "./workspace/workspace-store.js"
import { WorkspaceSql } from "./tables/sql-engine.js"
import type { TenantStore } from "../tenancy/tenants/tenant-store.js"
import { fileLabelReference, fileTeardownStep } from "./files/file-seams.js"
import type { WorkspaceFileStore } from "./files/file-store.js"
import type { BlobStore } from "../documents/uploads/blob-store.js"
import type { Embedder } from "../intelligence/embedder.js"
import { SearchIndex } from "./search/search-index.js"
import { searchIndexingStage } from "./search/search-stage.js"
import type { CatalogExtractor } from "../intelligence/catalog-extractor.js"
import { catalogStage } from "./catalog/catalog-stage.js"
import { CatalogStore } from "./catalog/catalog-store.js"
import { SearchSessionStore } from "./intelligent-search/search-session.js"
import { graphStage } from "./graph/graph-stage.js"
import { KnowledgeGraphStore } from "./graph/graph-store.js"
import { LedgerStore } from "./ledger/ledger-store.js"
import { ledgerStage } from "./ledger/ledger-stage.js"
import type { Ids } from "../kernel/ids.js"
import type { Settings } from "../kernel/config.js"
import type { JobKinds } from "../jobs/job-kinds.js"
import type { JobStore } from "../jobs/job-store.js"
import type { JobEventLog } from "../jobs/job-event-log.js"
import type { JobQueue } from "../jobs/job-queue.js"

const workspaceReference: LabelReference<WorkspaceStore> = {
  holder: "workspace",
  references: (tenantId, label) => Effect.flatMap(WorkspaceStore, (s) => s.declaresLabel(tenantId, label))
}

/** widen the union of services when adding a holder that needs another */
export const workspaceLabelReferences: ReadonlyArray<LabelReference<WorkspaceStore | TenantStore | WorkspaceFileStore>> = [
  workspaceReference,
  keyGrantReference,
  fileLabelReference
]

/** what ingestion learnt of the workspace's files (the files, their outputs and tables go by their own steps) */
const ingestionRecordsStep: TeardownStep<FileIngestionStore> = {
  name: "ingestion_records",
  run: (tenantId, workspaceId) => Effect.asVoid(Effect.flatMap(FileIngestionStore, (s) => s.deleteWorkspace(tenantId, workspaceId)))
}


/**
 * What runs around each ingestion (`ingestion/stages.ts`): search indexing, catalog extraction,
 * the graph's auto-build and the ledger chain add theirs, in order. Widen the union of services
 * when adding a stage that needs some.
 */
export const workspaceIngestionStages: ReadonlyArray<
  IngestionStage<
    SearchIndex | Embedder | CatalogStore | CatalogExtractor | KnowledgeGraphStore | WorkspaceSql | WorkspaceFileStore | Settings | Ids | JobKinds | JobStore | JobEventLog | JobQueue
  >
> = [searchIndexingStage, catalogStage, graphStage, ledgerStage]

/** the workspace's tables and what isolates them in the SQL engine (schema, role) */
const tablesTeardown: TeardownStep<WorkspaceSql> = {
  name: "tables",
  run: (tenantId, workspaceId) => Effect.flatMap(WorkspaceSql, (s) => s.dropWorkspace(tenantId, workspaceId))
}

/** the workspace's search index (chunks, postings, vectors) */
const searchIndexTeardown: TeardownStep<SearchIndex> = {
  name: "search_index",
  run: (tenantId, workspaceId) => Effect.flatMap(SearchIndex, (s) => s.removeWorkspace(tenantId, workspaceId))
}

/** the workspace's catalog entries (filtered search) */
const catalogTeardown: TeardownStep<CatalogStore> = {
  name: "catalog",
  run: (tenantId, workspaceId) => Effect.flatMap(CatalogStore, (s) => s.removeWorkspace(tenantId, workspaceId))
}

/** the workspace's deep-search sessions (their turns quote its files) */
const searchSessionsTeardown: TeardownStep<SearchSessionStore> = {
  name: "search_sessions",
  run: (tenantId, workspaceId) => Effect.asVoid(Effect.flatMap(SearchSessionStore, (s) => s.deleteWorkspace(tenantId, workspaceId)))
}

/** the workspace's knowledge graph: the file graphs a build resumes from and the published snapshot */
const knowledgeGraphTeardown: TeardownStep<KnowledgeGraphStore> = {
  name: "knowledge_graph",
  run: (tenantId, workspaceId) => Effect.flatMap(KnowledgeGraphStore, (s) => s.removeWorkspace(tenantId, workspaceId))
}

/** the workspace's ledger understanding: its confirmed selections and latest reports */
const ledgerTeardown: TeardownStep<LedgerStore> = {
  name: "ledger_understanding",
  run: (tenantId, workspaceId) => Effect.flatMap(LedgerStore, (s) => s.removeWorkspace(tenantId, workspaceId))
}

/** widen the union of services when adding a step that needs another */
export const workspaceTeardownSteps: ReadonlyArray<
  TeardownStep<
    WorkspaceFileStore | BlobStore | WorkspaceSql | FileIngestionStore | SearchIndex | CatalogStore | SearchSessionStore | KnowledgeGraphStore | LedgerStore
  >
> = [
  searchSessionsTeardown,
  searchIndexTeardown,
  knowledgeGraphTeardown,
  ledgerTeardown,
  ingestionRecordsStep,
  catalogTeardown,
  fileTeardownStep,
  tablesTeardown
]
