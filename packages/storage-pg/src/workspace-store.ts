/**
 * Workspaces on PostgreSQL. The configuration blocks are one JSON document (`config`). Updates
 * are single statements guarded by the status, so a workspace marked `deleting` takes no update
 * that started after the mark; `name_contains` matches by `strpos` on lower-cased text (`%` and
 * `_` are plain characters). Pages follow `seq`.
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface Config {
  readonly domain_id: string
  readonly domain_slug: string
  readonly domain_version: number
  readonly access: Workspaces.WorkspaceAccess
  readonly retention_policy: Workspaces.RetentionPolicy
  readonly knowledge_graph: Workspaces.KnowledgeGraphPolicy
  readonly ledger_understanding: Workspaces.LedgerUnderstandingPolicy
}

interface Row {
  readonly seq: string | number
  readonly workspace_id: string
  readonly tenant_id: string
  readonly name: string
  readonly status: Workspaces.WorkspaceStatus
  readonly config_version: number
  /** jsonb: the driver parses it */
  readonly config: Config | string
  readonly created_at: string | number
  readonly updated_at: string | number
}

const toWorkspace = (r: Row): Workspaces.Workspace => {
  const c = (typeof r.config === "string" ? JSON.parse(r.config) : r.config) as Config
  return {
    workspace_id: r.workspace_id,
    tenant_id: r.tenant_id,
    name: r.name,
    domain_id: c.domain_id,
    domain_slug: c.domain_slug,
    domain_version: c.domain_version,
    access: c.access,
    retention_policy: c.retention_policy,
    knowledge_graph: c.knowledge_graph,
    ledger_understanding: c.ledger_understanding,
    config_version: r.config_version,
    status: r.status,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at)
  }
}

const configOf = (w: Workspaces.Workspace): Config => ({
  domain_id: w.domain_id,
  domain_slug: w.domain_slug,
  domain_version: w.domain_version,
  access: w.access,
  retention_policy: w.retention_policy,
  knowledge_graph: w.knowledge_graph,
  ledger_understanding: w.ledger_understanding
})

const COLUMNS = "seq, workspace_id, tenant_id, name, status, config_version, config, created_at, updated_at"

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Workspaces.WorkspaceStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "WorkspaceStore", cause }))
  const columns = sql.literal(COLUMNS)
  const one = (rows: ReadonlyArray<Row>) => Option.map(Option.fromNullable(rows[0]), toWorkspace)
  const get = (tenantId: string, id: string) =>
    run(sql<Row>`SELECT ${columns} FROM docket_workspaces WHERE tenant_id = ${tenantId} AND workspace_id = ${id}`).pipe(Effect.map(one))
  return {
    create: (w) =>
      run(sql`
        INSERT INTO docket_workspaces (workspace_id, tenant_id, name, status, config_version, config, created_at, updated_at)
        VALUES (${w.workspace_id}, ${w.tenant_id}, ${w.name}, ${w.status}, ${w.config_version}, ${JSON.stringify(configOf(w))}::jsonb,
                ${w.created_at}, ${w.updated_at})`).pipe(Effect.as(w)),
    get,
    listRetained: (afterSeq, limit) =>
      run(sql<Row>`
        SELECT ${columns} FROM docket_workspaces
        WHERE seq > ${afterSeq} AND status = 'active'
          AND (config -> 'retention_policy' ->> 'derived_ttl_days' IS NOT NULL OR config -> 'retention_policy' ->> 'source_ttl_days' IS NOT NULL)
        ORDER BY seq LIMIT ${Math.max(0, Math.floor(limit))}`).pipe(Effect.map((rows) => rows.map((r) => ({ ...toWorkspace(r), seq: Number(r.seq) })))),
    list: (tenantId, q) => {
      const name = q.nameContains === undefined ? sql`TRUE` : sql`strpos(lower(name), lower(${q.nameContains})) > 0`
      return run(
        Effect.all([
          sql<Row>`
            SELECT ${columns} FROM docket_workspaces
            WHERE tenant_id = ${tenantId} AND seq > ${q.after ?? 0} AND ${name}
            ORDER BY seq LIMIT ${Math.max(0, Math.floor(q.limit))}`,
          sql<{ readonly total: string | number }>`SELECT count(*) AS total FROM docket_workspaces WHERE tenant_id = ${tenantId} AND ${name}`
        ])
      ).pipe(Effect.map(([rows, count]) => ({ items: rows.map((r) => ({ ...toWorkspace(r), seq: Number(r.seq) })), total: Number(count[0]?.total ?? 0) })))
    },
    updatePolicies: (tenantId, id, policies, at) => {
      const patch: Record<string, unknown> = {}
      if (policies.knowledge_graph !== undefined) patch.knowledge_graph = policies.knowledge_graph
      if (policies.ledger_understanding !== undefined) patch.ledger_understanding = policies.ledger_understanding
      return run(sql<Row>`
        UPDATE docket_workspaces
        SET config = config || ${JSON.stringify(patch)}::jsonb, config_version = config_version + 1, updated_at = ${at}
        WHERE tenant_id = ${tenantId} AND workspace_id = ${id} AND status = 'active'
        RETURNING ${columns}`).pipe(
          Effect.flatMap((rows) =>
            rows.length > 0
              ? Effect.succeed(Option.some(toWorkspace(rows[0]!)))
              : Effect.flatMap(get(tenantId, id), (found) =>
                Option.isSome(found) ? Effect.fail(new Workspaces.WorkspaceIsDeleting({ workspaceId: id })) : Effect.succeed(Option.none())
              )
          )
        )
    },
    markDeleting: (tenantId, id, at) =>
      run(sql<Row>`
        UPDATE docket_workspaces
        SET status = 'deleting', updated_at = CASE WHEN status = 'deleting' THEN updated_at ELSE ${at} END
        WHERE tenant_id = ${tenantId} AND workspace_id = ${id}
        RETURNING ${columns}`).pipe(Effect.map(one)),
    remove: (tenantId, id) =>
      run(sql`DELETE FROM docket_workspaces WHERE tenant_id = ${tenantId} AND workspace_id = ${id} RETURNING seq`).pipe(Effect.map((rows) => rows.length > 0)),
    declaresLabel: (tenantId, label) =>
      run(sql`
        SELECT 1 FROM docket_workspaces
        WHERE tenant_id = ${tenantId} AND config -> 'access' -> 'labels' @> ${JSON.stringify([{ name: label }])}::jsonb
        LIMIT 1`).pipe(Effect.map((rows) => rows.length > 0))
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Workspaces.WorkspaceStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Workspaces.WorkspaceStore, never, SqlClient.SqlClient> = Layer.effect(Workspaces.WorkspaceStore, make)
