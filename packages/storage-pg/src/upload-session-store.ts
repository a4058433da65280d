/**
 * Resumable upload sessions on PostgreSQL (migration 5), shared by every instance on the database:
 * a part may go to one instance and the next part, or the completion, to another.
 *
 * - `appendPart` is one `UPDATE` whose condition is the rule itself (the session is open and has
 *   received exactly `part.offset` bytes) and which appends the part to the `jsonb` array. Of two
 *   parts racing for one offset (from any instances), the second waits for the first's row lock,
 *   finds the condition no longer holds, and changes nothing. Only when nothing was appended is
 *   the session read again (a new statement: it sees what got there first).
 * - `close` likewise: one `UPDATE … WHERE state = 'open'`, then a read when it closed nothing.
 * - `create` of an existing id replaces it, as the memory store does.
 */
import { Documents, Kernel } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface PartJson {
  readonly key: string
  readonly offset: number
  readonly size: number
}

interface SessionRow {
  readonly session_id: string
  readonly tenant_id: string
  readonly file_name: string
  /** bigint: the driver returns it as a string */
  readonly size: string | number
  readonly received: string | number
  /** jsonb: the driver parses it (text, should a host's client not) */
  readonly parts: string | ReadonlyArray<PartJson>
  readonly state: Documents.UploadSessionState
  readonly created_at: string | number
  readonly expires_at: string | number
  readonly completed_at: string | number | null
}

const partsOf = (parts: SessionRow["parts"]): ReadonlyArray<Documents.UploadPart> =>
  (typeof parts === "string" ? (JSON.parse(parts) as ReadonlyArray<PartJson>) : parts).map((p) => ({
    key: p.key,
    offset: Number(p.offset),
    size: Number(p.size)
  }))

const toSession = (r: SessionRow): Documents.UploadSession => ({
  session_id: r.session_id,
  tenant_id: r.tenant_id,
  file_name: r.file_name,
  size: Number(r.size),
  received: Number(r.received),
  parts: partsOf(r.parts),
  state: r.state,
  created_at: Number(r.created_at),
  expires_at: Number(r.expires_at),
  completed_at: r.completed_at === null ? null : Number(r.completed_at)
})

const COLUMNS = "session_id, tenant_id, file_name, size, received, parts, state, created_at, expires_at, completed_at"

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Documents.UploadSessionStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "UploadSessionStore", cause }))
  const columns = sql.literal(COLUMNS)
  const read = (id: string) =>
    Effect.map(sql<SessionRow>`SELECT ${columns} FROM docket_upload_sessions WHERE session_id = ${id}::text`, (rows) =>
      Option.map(Option.fromNullable(rows[0]), toSession))

  /** the row the update returned (`done: true`), else the session as it is now, if any */
  const updateOrRead = (id: string, updated: ReadonlyArray<SessionRow>) =>
    updated.length > 0
      ? Effect.succeed(Option.some({ session: toSession(updated[0]), done: true }))
      : Effect.map(read(id), Option.map((session) => ({ session, done: false })))

  return {
    create: (s) =>
      run(sql`
        INSERT INTO docket_upload_sessions (${columns})
        VALUES (${s.session_id}::text, ${s.tenant_id}::text, ${s.file_name}::text, ${s.size}::bigint, ${s.received}::bigint,
                ${JSON.stringify(s.parts)}::jsonb, ${s.state}::text, ${s.created_at}::bigint, ${s.expires_at}::bigint,
                ${s.completed_at}::bigint)
        ON CONFLICT (session_id) DO UPDATE SET
          tenant_id = EXCLUDED.tenant_id, file_name = EXCLUDED.file_name, size = EXCLUDED.size,
          received = EXCLUDED.received, parts = EXCLUDED.parts, state = EXCLUDED.state,
          created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, completed_at = EXCLUDED.completed_at`).pipe(
        Effect.as(s)
      ),

    get: (id) => run(read(id)),

    appendPart: (id, part) =>
      run(
        Effect.flatMap(
          sql<SessionRow>`
            UPDATE docket_upload_sessions
            SET received = received + ${part.size}::bigint,
                parts = parts || jsonb_build_array(jsonb_build_object(
                  'key', ${part.key}::text, 'offset', ${part.offset}::bigint, 'size', ${part.size}::bigint))
            WHERE session_id = ${id}::text AND state = 'open' AND received = ${part.offset}::bigint
            RETURNING ${columns}`,
          (rows) => updateOrRead(id, rows)
        )
      ).pipe(Effect.map(Option.map(({ done, session }) => ({ session, appended: done })))),

    close: (id, state, at, expiresAt) =>
      run(
        Effect.flatMap(
          sql<SessionRow>`
            UPDATE docket_upload_sessions
            SET state = ${state}::text, expires_at = ${expiresAt}::bigint,
                completed_at = ${state === "completed" ? at : null}::bigint
            WHERE session_id = ${id}::text AND state = 'open'
            RETURNING ${columns}`,
          (rows) => updateOrRead(id, rows)
        )
      ).pipe(Effect.map(Option.map(({ done, session }) => ({ session, closed: done })))),

    listExpired: (before, limit) =>
      run(sql<SessionRow>`
        SELECT ${columns} FROM docket_upload_sessions WHERE expires_at <= ${before}::bigint AND parts <> '[]'::jsonb
        ORDER BY expires_at LIMIT ${Math.max(0, Math.floor(limit))}`).pipe(Effect.map((rows) => rows.map(toSession))),

    // one statement: a part appended meanwhile (its key is not among these) stays
    dropParts: (id, keys) =>
      keys.length === 0 ? Effect.void : run(sql`
        UPDATE docket_upload_sessions
        SET parts = (
          SELECT coalesce(jsonb_agg(p ORDER BY i), '[]'::jsonb)
          FROM jsonb_array_elements(parts) WITH ORDINALITY AS e(p, i)
          WHERE (p ->> 'key') NOT IN ${sql.in(keys)}
        )
        WHERE session_id = ${id}::text`).pipe(Effect.asVoid)
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Documents.UploadSessionStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Documents.UploadSessionStore, never, SqlClient.SqlClient> = Layer.effect(Documents.UploadSessionStore, make)
