/**
 * The knowledge graph on PostgreSQL (migration 24): a row per file graph and a row per workspace
 * for the published snapshot, each graph as JSON text (why text: the migration). Every write is one
 * statement — an upsert of the whole row — so a reader sees the old graph or snapshot or the new
 * one, never a mix; `currentSnapshot` reads the head columns only, so the content is neither
 * fetched nor decompressed.
 *
 * A large snapshot is slow to read whole (20,000 nodes and 60,000 edges: 70 MB of JSON, ~1.8 s of
 * this process's CPU — the driver, `JSON.parse`, the freeze), so `snapshot` is read only when
 * core's `KnowledgeGraphCache` (`workspaces/graph/loaded-graph.ts`) does not hold the head's
 * snapshot already; the store keeps none itself and every read is the row as it is now.
 * Snapshots are deep-frozen: the cache shares them between requests.
 *
 * Publishing and reading a snapshot whole, and listing every file graph, are bounded by
 * `BULK_TIMEOUT` rather than the operation timeout: tens of megabytes take seconds to move on a
 * busy machine, which is not a database that does not answer.
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Duration, Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

type GraphSnapshot = Workspaces.Graph.GraphSnapshot

/** the least bound of the operations that move a whole graph */
export const BULK_TIMEOUT = Duration.seconds(30)

interface FileGraphRow {
  readonly file_id: string
  readonly path: string
  readonly ingested_hash: string
  readonly extracted_at: string | number
  readonly graph: string
}

interface HeadRow {
  readonly snapshot_id: string
  readonly revision: string | number
  readonly built_at: string | number
  readonly node_count: number
  readonly edge_count: number
  readonly file_count: number
}

const recordOf = (r: FileGraphRow): Workspaces.Graph.FileGraphRecord => ({
  file_id: r.file_id,
  path: r.path,
  ingested_hash: r.ingested_hash,
  extracted_at: Number(r.extracted_at),
  graph: JSON.parse(r.graph)
})

const deepFreeze = <A>(value: A): A => {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Workspaces.Graph.KnowledgeGraphStoreService => {
  const unavailable = (cause: unknown) => new Kernel.StorageUnavailable({ store: "KnowledgeGraphStore", cause })
  const run = guard(options, unavailable)
  const bulk = guard({ operationTimeout: Duration.max(options.operationTimeout, BULK_TIMEOUT) }, unavailable)
  return {
    putFileGraph: (t, w, r) =>
      run(sql`
        INSERT INTO docket_kg_file_graphs (tenant_id, workspace_id, file_id, path, ingested_hash, extracted_at, graph)
        VALUES (${t}, ${w}, ${r.file_id}, ${r.path}, ${r.ingested_hash}, ${r.extracted_at}, ${JSON.stringify(r.graph)})
        ON CONFLICT (tenant_id, workspace_id, file_id) DO UPDATE SET
          path = EXCLUDED.path, ingested_hash = EXCLUDED.ingested_hash, extracted_at = EXCLUDED.extracted_at, graph = EXCLUDED.graph`).pipe(Effect.asVoid),
    removeFileGraph: (t, w, fileId) =>
      run(sql`DELETE FROM docket_kg_file_graphs WHERE tenant_id = ${t} AND workspace_id = ${w} AND file_id = ${fileId}`).pipe(Effect.asVoid),
    fileGraphs: (t, w) =>
      bulk(sql<FileGraphRow>`
        SELECT file_id, path, ingested_hash, extracted_at, graph FROM docket_kg_file_graphs
        WHERE tenant_id = ${t} AND workspace_id = ${w} ORDER BY path, file_id`).pipe(Effect.map((rows) => rows.map(recordOf))),
    fileGraphHashes: (t, w) =>
      run(sql<{ file_id: string; ingested_hash: string }>`
        SELECT file_id, ingested_hash FROM docket_kg_file_graphs WHERE tenant_id = ${t} AND workspace_id = ${w}`).pipe(
        Effect.map((rows) => new Map(rows.map((r) => [r.file_id, r.ingested_hash])))
      ),
    clearFileGraphs: (t, w) => run(sql`DELETE FROM docket_kg_file_graphs WHERE tenant_id = ${t} AND workspace_id = ${w}`).pipe(Effect.asVoid),
    publish: (t, w, s) =>
      bulk(sql`
        INSERT INTO docket_kg_snapshots (tenant_id, workspace_id, snapshot_id, revision, built_at, node_count, edge_count, file_count, content)
        VALUES (${t}, ${w}, ${s.snapshot_id}, nextval('docket_kg_snapshot_revisions'), ${s.built_at}, ${s.nodes.length}, ${s.edges.length}, ${s.file_ids.length}, ${JSON.stringify(s)})
        ON CONFLICT (tenant_id, workspace_id) DO UPDATE SET
          snapshot_id = EXCLUDED.snapshot_id, revision = EXCLUDED.revision, built_at = EXCLUDED.built_at, node_count = EXCLUDED.node_count,
          edge_count = EXCLUDED.edge_count, file_count = EXCLUDED.file_count, content = EXCLUDED.content`).pipe(Effect.asVoid),
    currentSnapshot: (t, w) =>
      run(sql<HeadRow>`
        SELECT snapshot_id, revision, built_at, node_count, edge_count, file_count FROM docket_kg_snapshots
        WHERE tenant_id = ${t} AND workspace_id = ${w}`).pipe(
        Effect.map((rows) =>
          Option.map(Option.fromNullable(rows[0]), (r) => ({
            snapshot_id: r.snapshot_id,
            revision: Number(r.revision),
            built_at: Number(r.built_at),
            node_count: r.node_count,
            edge_count: r.edge_count,
            file_count: r.file_count
          })))
      ),
    snapshot: (t, w) =>
      bulk(sql<{ content: string }>`SELECT content FROM docket_kg_snapshots WHERE tenant_id = ${t} AND workspace_id = ${w}`).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (r) => deepFreeze(JSON.parse(r.content) as GraphSnapshot)))
      ),
    // both tables in one transaction: a teardown that fails midway leaves the workspace whole
    removeWorkspace: (t, w) =>
      run(sql.withTransaction(Effect.all([
        sql`DELETE FROM docket_kg_file_graphs WHERE tenant_id = ${t} AND workspace_id = ${w}`,
        sql`DELETE FROM docket_kg_snapshots WHERE tenant_id = ${t} AND workspace_id = ${w}`
      ], { discard: true })))
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Workspaces.Graph.KnowledgeGraphStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Workspaces.Graph.KnowledgeGraphStore, never, SqlClient.SqlClient> = Layer.effect(Workspaces.Graph.KnowledgeGraphStore, make)
