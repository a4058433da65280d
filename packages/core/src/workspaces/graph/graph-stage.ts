/**
 * The knowledge graph as a stage of ingestion (`ingestion/stages.ts`):
 * - `afterIngestion`: with the workspace's `knowledge_graph.auto_build`, a job that ingested files
 *   chains a `kg_build` (its id is the result's `kg_build_job_id`). While a build of the workspace
 *   is queued or running, that build is the answer: it reads the files ingested meanwhile before it
 *   publishes (`kg-build-kind.ts`), so no second one is queued (spec: one build per workspace).
 * - `onFileDropped`: a file whose derived representations go loses its kept graph; the published
 *   snapshot no longer shows it either, since every read keeps only evidence of files that are
 *   still there and ingested (`graph-view.ts`).
 */
import { Effect } from "effect"
import { createJob } from "../../jobs/create-job.js"
import type { JobEventLog } from "../../jobs/job-event-log.js"
import type { JobKinds } from "../../jobs/job-kinds.js"
import type { JobQueue } from "../../jobs/job-queue.js"
import { JobStore, SoleJobActive } from "../../jobs/job-store.js"
import type { Ids } from "../../kernel/ids.js"
import type { IngestionStage } from "../ingestion/stages.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"
import { KnowledgeGraphStore } from "./graph-store.js"
import { KG_BUILD } from "./kg-build-kind.js"

/** what chaining a job needs */
type Chaining = Ids | JobKinds | JobStore | JobEventLog | JobQueue

export const graphStage: IngestionStage<KnowledgeGraphStore | Chaining> = {
  name: "knowledge_graph",
  afterIngestion: (s) =>
    Effect.gen(function*() {
      if (!s.workspace.knowledge_graph.auto_build || s.ingested_file_ids.length === 0) return {}
      const store = yield* JobStore
      const chained = yield* createJob(
        {
          tenantId: s.workspace.tenant_id,
          kind: KG_BUILD,
          input: { workspace_id: s.workspace.workspace_id, force: false },
          workspaceId: s.workspace.workspace_id,
          force: false,
          // one chain per ingestion job, also when the job is run again
          idempotencyKey: `kg-build-after:${s.job.job_id}`,
          requestId: s.job.request_id,
          payloadRetentionMs: workspaceJobRetentionMs(s.workspace)
        },
        (job) => store.insertWithin(job, Number.MAX_SAFE_INTEGER, { sole: true })
      ).pipe(
        Effect.map((stored) => stored.job.job_id),
        Effect.catchIf((e): e is SoleJobActive => e instanceof SoleJobActive, (e) => Effect.succeed(e.jobId))
      )
      return { kg_build_job_id: chained }
    }),
  onFileDropped: (tenantId, workspaceId, fileId) => Effect.flatMap(KnowledgeGraphStore, (s) => s.removeFileGraph(tenantId, workspaceId, fileId))
}
