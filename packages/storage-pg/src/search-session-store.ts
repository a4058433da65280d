/**
 * Deep-search sessions on PostgreSQL (`docket_ws_search_sessions`): `hold` is one conditional
 * UPDATE (a compare-and-set on `active`), `addTurn` reads the row `FOR UPDATE` and writes it back in
 * one transaction, so concurrent runs never lose a turn.
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface Row {
  readonly tenant_id: string
  readonly session_id: string
  readonly workspace_id: string
  readonly key_id: string
  readonly active: string | null
  readonly turns: string
  readonly created_at: string | number
  readonly updated_at: string | number
}

const sessionOf = (r: Row): Workspaces.IntelligentSearch.SearchSession => ({
  tenant_id: r.tenant_id,
  workspace_id: r.workspace_id,
  session_id: r.session_id,
  key_id: r.key_id,
  active: r.active,
  turns: JSON.parse(r.turns),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at)
})

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Workspaces.IntelligentSearch.SearchSessionStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "SearchSessionStore", cause }))
  return {
    create: (s) =>
      run(sql`
        INSERT INTO docket_ws_search_sessions (tenant_id, session_id, workspace_id, key_id, active, turns, created_at, updated_at)
        VALUES (${s.tenant_id}, ${s.session_id}, ${s.workspace_id}, ${s.key_id}, ${s.active}, ${JSON.stringify(s.turns)}, ${s.created_at}, ${s.updated_at})`).pipe(Effect.asVoid),
    get: (tenantId, sessionId) =>
      run(sql<Row>`SELECT * FROM docket_ws_search_sessions WHERE tenant_id = ${tenantId} AND session_id = ${sessionId}`).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), sessionOf))
      ),
    hold: (tenantId, sessionId, expected, next, at) =>
      run(sql`
        UPDATE docket_ws_search_sessions SET active = ${next}, updated_at = GREATEST(updated_at, ${at})
        WHERE tenant_id = ${tenantId} AND session_id = ${sessionId} AND active IS NOT DISTINCT FROM ${expected}
        RETURNING session_id`).pipe(Effect.map((rows) => rows.length === 1)),
    addTurn: (tenantId, sessionId, turn) =>
      run(sql.withTransaction(Effect.gen(function*() {
        const rows = yield* sql<Row>`SELECT * FROM docket_ws_search_sessions WHERE tenant_id = ${tenantId} AND session_id = ${sessionId} FOR UPDATE`
        const row = rows[0]
        if (row === undefined) return false
        const s = sessionOf(row)
        const turns = [...s.turns, turn].slice(-Workspaces.IntelligentSearch.MAX_SESSION_TURNS)
        const active = s.active === Workspaces.IntelligentSearch.jobHold(turn.job_id) ? null : s.active
        yield* sql`
          UPDATE docket_ws_search_sessions SET turns = ${JSON.stringify(turns)}, active = ${active}, updated_at = GREATEST(updated_at, ${turn.at})
          WHERE tenant_id = ${tenantId} AND session_id = ${sessionId}`
        return true
      }))),
    deleteWorkspace: (tenantId, workspaceId) =>
      run(sql`DELETE FROM docket_ws_search_sessions WHERE tenant_id = ${tenantId} AND workspace_id = ${workspaceId} RETURNING session_id`).pipe(
        Effect.map((rows) => rows.length)
      )
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Workspaces.IntelligentSearch.SearchSessionStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Workspaces.IntelligentSearch.SearchSessionStore, never, SqlClient.SqlClient> = Layer.effect(Workspaces.IntelligentSearch.SearchSessionStore, make)
