/**
 * Ledger understanding as a stage of ingestion (`ingestion/stages.ts`), by the workspace's
 * `ledger_understanding.trigger` (spec 3):
 * - `always`: a job that ingested files chains a `ledger_understanding` run of the whole
 *   workspace (its id is the result's `ledger_understanding_job_id`);
 * - `auto`: the same, only when the workspace holds a journal-line table once the files are in
 *   (the catalog of every table in the policy's package scope recognises one: `role` `journal_lines`);
 * - `off`: never (an explicit POST is still accepted).
 * The chained run has no asker: it reads every table (`access_labels` null) of the policy's package
 * scope (the whole workspace without one) and never forces, so
 * an ingestion that left the package unchanged republishes the stored report. While a run of the
 * workspace is queued or running, that run is the answer (one at a time, as for the graph).
 */
import { Effect } from "effect"
import type { Settings } from "../../kernel/config.js"
import type { WorkspaceFileStore } from "../files/file-store.js"
import { type Chaining, chainSoleJob } from "../ingestion/chain-job.js"
import type { IngestionStage } from "../ingestion/stages.js"
import type { WorkspaceSql } from "../tables/sql-engine.js"
import type { Workspace } from "../workspace/workspace.js"
import { ledgerPolicyOf, resolvedScopeOf } from "./ledger-policy.js"
import { ledgerScope, type LedgerScope } from "./ledger-scope.js"
import { LEDGER_UNDERSTANDING } from "./ledger-understanding-kind.js"
import { readCatalog } from "./source-catalog.js"
import { readLedgerSources } from "./workspace-sources.js"

/** whether the workspace's tables hold one the catalog recognises as journal lines */
export const holdsJournalLines = (w: Workspace, scope: LedgerScope) =>
  Effect.map(readLedgerSources(w.tenant_id, w.workspace_id, "all", scope, ledgerPolicyOf(w).max_rows), ({ sources }) =>
    readCatalog(sources, ledgerPolicyOf(w).parsing).catalog.entries.some((e) => e.role === "journal_lines")).pipe(
    // a table that cannot be read in time does not fail the ingestion: no run is chained
    Effect.catchTag("SqlRejected", () => Effect.succeed(false))
  )

export const ledgerStage: IngestionStage<WorkspaceSql | WorkspaceFileStore | Settings | Chaining> = {
  name: "ledger_understanding",
  afterIngestion: (s) =>
    Effect.gen(function*() {
      const trigger = s.workspace.ledger_understanding.trigger
      if (trigger === "off" || s.ingested_file_ids.length === 0) return {}
      // the policy's package scope was checked when the policy was accepted; one that no longer reads is the whole workspace
      const resolved = yield* resolvedScopeOf(s.workspace, {}).pipe(
        Effect.orElseSucceed(() => ({ scope: ledgerScope(null, [], null), from_policy: false }))
      )
      if (trigger === "auto" && !(yield* holdsJournalLines(s.workspace, resolved.scope))) return {}
      const chained = yield* chainSoleJob(s, LEDGER_UNDERSTANDING, {
        workspace_id: s.workspace.workspace_id,
        key_id: null,
        access_labels: null,
        path_prefix: resolved.scope.path_prefix,
        paths: resolved.scope.paths,
        selection_id: null,
        force: false,
        review: null,
        request: null,
        scope_from_policy: resolved.from_policy
      })
      return { ledger_understanding_job_id: chained }
    })
}
