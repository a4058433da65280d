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
import { type Chaining, chainSoleJob } from "../ingestion/chain-job.js"
import type { IngestionStage } from "../ingestion/stages.js"
import { KnowledgeGraphStore } from "./graph-store.js"
import { KG_BUILD } from "./kg-build-kind.js"

export const graphStage: IngestionStage<KnowledgeGraphStore | Chaining> = {
  name: "knowledge_graph",
  afterIngestion: (s) =>
    Effect.gen(function*() {
      if (!s.workspace.knowledge_graph.auto_build || s.ingested_file_ids.length === 0) return {}
      const chained = yield* chainSoleJob(s, KG_BUILD, { workspace_id: s.workspace.workspace_id, force: false })
      return { kg_build_job_id: chained }
    }),
  onFileDropped: (tenantId, workspaceId, fileId) => Effect.flatMap(KnowledgeGraphStore, (s) => s.removeFileGraph(tenantId, workspaceId, fileId))
}
