/**
 * Migration 24: the knowledge graph (spec 3; `Workspaces.Graph.KnowledgeGraphStore`).
 *
 * - `docket_kg_file_graphs`: each file's extracted graph, what a build resumes from; `path` is
 *   `COLLATE "C"` so listing orders by code points, as in every adapter.
 * - `docket_kg_snapshots`: one row per workspace, the published snapshot. The head (id, time,
 *   counts) has columns of its own, so `currentSnapshot` never touches `content`; `revision`
 *   takes a new value of `docket_kg_snapshot_revisions` on every publish (a sequence never gives
 *   one twice, even across workspaces, a removal or a reset), so a process that keeps a parsed
 *   snapshot knows it is still the current one without reading the content.
 *
 * The graphs are JSON text, not jsonb: they are only ever read whole, and text goes out as it is
 * stored (TOAST-compressed on disk) where jsonb is rebuilt into text on every read and parsed
 * into its binary form on every write — work nothing here needs, since no query looks inside a
 * graph. Read whole, a large snapshot costs about the same in every form (bench/graph-store.ts:
 * text, jsonb and gzip in the process all 1.2–1.4 s of this process's CPU for 70 MB of JSON — the
 * driver taking the value in, then `JSON.parse`, ~0.4 s), which is why the store keeps the parsed
 * snapshot (`graph-store.ts`).
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_kg_file_graphs (
      tenant_id     text NOT NULL,
      workspace_id  text NOT NULL,
      file_id       text COLLATE "C" NOT NULL,
      path          text COLLATE "C" NOT NULL,
      ingested_hash text NOT NULL,
      extracted_at  bigint NOT NULL,
      graph         text NOT NULL,
      PRIMARY KEY (tenant_id, workspace_id, file_id)
    )`
  yield* sql`CREATE SEQUENCE docket_kg_snapshot_revisions`
  yield* sql`
    CREATE TABLE docket_kg_snapshots (
      tenant_id    text NOT NULL,
      workspace_id text NOT NULL,
      snapshot_id  text NOT NULL,
      revision     bigint NOT NULL,
      built_at     bigint NOT NULL,
      node_count   integer NOT NULL,
      edge_count   integer NOT NULL,
      file_count   integer NOT NULL,
      content      text NOT NULL,
      PRIMARY KEY (tenant_id, workspace_id)
    )`
})
