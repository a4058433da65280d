/** The storage ports of the workspace service (spec 3): one layer per storage adapter. */
import type { AccessLabelStore } from "./access/access-label-store.js"
import type { WorkspaceStore } from "./workspace/workspace-store.js"
import type { DomainStore } from "./domains/domain-store.js"
import type { WorkspaceFileStore } from "./files/file-store.js"
import type { FileIngestionStore } from "./ingestion/file-ingestion.js"
import type { WorkspaceSql } from "./tables/sql-engine.js"
import type { SearchIndex } from "./search/search-index.js"
import type { CatalogStore } from "./catalog/catalog-store.js"
import type { SearchSessionStore } from "./intelligent-search/search-session.js"
import type { KnowledgeGraphStore } from "./graph/graph-store.js"
import type { LedgerStore } from "./ledger/ledger-store.js"

export type WorkspaceStorage =
  | AccessLabelStore
  | WorkspaceStore
  | DomainStore
  | WorkspaceFileStore
  | FileIngestionStore
  | WorkspaceSql
  | SearchIndex
  | CatalogStore
  | SearchSessionStore
  | KnowledgeGraphStore
  | LedgerStore
