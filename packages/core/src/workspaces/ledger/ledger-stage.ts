/**
 * Ledger understanding as a stage of ingestion (`ingestion/stages.ts`), by the workspace's
 * `ledger_understanding.trigger` (spec 3):
 * - `always`: a job that ingested files chains a `ledger_understanding` run of the whole
 *   workspace (its id is the result's `ledger_understanding_job_id`);
 * - `auto`: the same, only when the workspace holds a journal-line table once the files are in
 *   (the catalog of every table recognises one: `role` `journal_lines`);
 * - `off`: never (an explicit POST is still accepted).
 * The chained run has no asker: it reads every table (`access_labels` null) and never forces, so
 * an ingestion that left the package unchanged republishes the stored report. While a run of the
 * workspace is queued or running, that run is the answer (one at a time, as for the graph).
 */
import { Effect } from "effect"
import { createJob } from "../../jobs/create-job.js"
import type { JobEventLog } from "../../jobs/job-event-log.js"
import type { JobKinds } from "../../jobs/job-kinds.js"
import type { JobQueue } from "../../jobs/job-queue.js"
import { JobStore, SoleJobActive } from "../../jobs/job-store.js"
import type { Ids } from "../../kernel/ids.js"
import type { Settings } from "../../kernel/config.js"
import type { WorkspaceFileStore } from "../files/file-store.js"
import type { IngestionStage } from "../ingestion/stages.js"
import type { WorkspaceSql } from "../tables/sql-engine.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"
import type { Workspace } from "../workspace/workspace.js"
import { ledgerScope } from "./ledger-scope.js"
import { LEDGER_UNDERSTANDING } from "./ledger-understanding-kind.js"
import { readCatalog } from "./source-catalog.js"
import { readLedgerSources } from "./workspace-sources.js"

/** what chaining a job needs */
type Chaining = Ids | JobKinds | JobStore | JobEventLog | JobQueue

/** whether the workspace's tables hold one the catalog recognises as journal lines */
export const holdsJournalLines = (w: Workspace) =>
  Effect.map(readLedgerSources(w.tenant_id, w.workspace_id, "all", ledgerScope(null, [], null)), ({ sources }) =>
    readCatalog(sources).catalog.entries.some((e) => e.role === "journal_lines")).pipe(
    // a table that cannot be read in time does not fail the ingestion: no run is chained
    Effect.catchTag("SqlRejected", () => Effect.succeed(false))
  )

export const ledgerStage: IngestionStage<WorkspaceSql | WorkspaceFileStore | Settings | Chaining> = {
  name: "ledger_understanding",
  afterIngestion: (s) =>
    Effect.gen(function*() {
      const trigger = s.workspace.ledger_understanding.trigger
      if (trigger === "off" || s.ingested_file_ids.length === 0) return {}
      if (trigger === "auto" && !(yield* holdsJournalLines(s.workspace))) return {}
      const store = yield* JobStore
      const chained = yield* createJob(
        {
          tenantId: s.workspace.tenant_id,
          kind: LEDGER_UNDERSTANDING,
          input: {
            workspace_id: s.workspace.workspace_id,
            key_id: null,
            access_labels: null,
            path_prefix: null,
            paths: [],
            selection_id: null,
            force: false,
            review: null,
            request: null
          },
          workspaceId: s.workspace.workspace_id,
          force: false,
          // one chain per ingestion job, also when the job is run again
          idempotencyKey: `ledger-understanding-after:${s.job.job_id}`,
          requestId: s.job.request_id,
          payloadRetentionMs: workspaceJobRetentionMs(s.workspace)
        },
        (job) => store.insertWithin(job, Number.MAX_SAFE_INTEGER, { sole: true })
      ).pipe(
        Effect.map((stored) => stored.job.job_id),
        Effect.catchIf((e): e is SoleJobActive => e instanceof SoleJobActive, (e) => Effect.succeed(e.jobId))
      )
      return { ledger_understanding_job_id: chained }
    })
}
