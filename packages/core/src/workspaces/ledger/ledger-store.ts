/**
 * The ledger-understanding store port (spec 3, "Ledger understanding"): per workspace, the source
 * selections callers confirmed (`POST …/ledger-understanding/selections`) and the latest report
 * of each scope (`GET …/ledger-understanding`).
 *
 * Rules every adapter keeps (the conformance suite, `testing/ledger-store-suite.ts`, checks them):
 * - A selection is written once under its id and read back equal (deeply) to what was put.
 * - `putReport` replaces the scope's report whole (the latest run wins); `report` answers the
 *   scope's latest, equal to what was put, with the catalog revision it was made from (what a
 *   run compares to republish an unchanged package, and a read to say `stale`).
 * - `removeWorkspace` leaves nothing; another tenant's or workspace's records are unreachable.
 */
import { Context, type Effect, type Option } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { LedgerReport } from "./ledger-report.js"
import type { LedgerSelection } from "./source-selection.js"

export interface StoredSelection {
  readonly selection_id: string
  /** the checked selection, with the catalog revision it was made against */
  readonly selection: LedgerSelection
  /** the API key that made it */
  readonly key_id: string
  /** epoch ms on the service clock */
  readonly created_at: number
}

export interface StoredReport {
  /** `ledgerScopeKey` of the run's selectors */
  readonly scope_key: string
  /** the package's catalog revision the report was made from */
  readonly catalog_revision: string
  /** the run that made it */
  readonly job_id: string
  /** epoch ms on the service clock */
  readonly created_at: number
  readonly report: LedgerReport
}

export interface LedgerStoreService {
  readonly putSelection: (tenantId: string, workspaceId: string, selection: StoredSelection) => Effect.Effect<void, StorageUnavailable>
  readonly selection: (tenantId: string, workspaceId: string, selectionId: string) => Effect.Effect<Option.Option<StoredSelection>, StorageUnavailable>
  readonly putReport: (tenantId: string, workspaceId: string, report: StoredReport) => Effect.Effect<void, StorageUnavailable>
  readonly report: (tenantId: string, workspaceId: string, scopeKey: string) => Effect.Effect<Option.Option<StoredReport>, StorageUnavailable>
  readonly removeWorkspace: (tenantId: string, workspaceId: string) => Effect.Effect<void, StorageUnavailable>
}

export class LedgerStore extends Context.Tag("@docket/core/LedgerStore")<LedgerStore, LedgerStoreService>() {}
