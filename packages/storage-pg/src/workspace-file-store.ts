/**
 * Workspace files on PostgreSQL (tables of migration 13). A create is one `INSERT … ON CONFLICT
 * DO NOTHING` on the unique path index, so of two racing creates one inserts and the other finds
 * the winner. Changes of a file (versions, updates, outputs) run in a short transaction that
 * locks the file's row (`FOR UPDATE`), so compare-and-set holds across instances. Lists filter by
 * the caller's labels in the `WHERE` clause; one statement counts the visible and withheld matches
 * (and the withheld labels), another reads the page.
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient, type SqlError, type Statement } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface DocRow {
  readonly doc: string
}

const toFile = (r: DocRow): Workspaces.Files.WorkspaceFile => JSON.parse(r.doc) as Workspaces.Files.WorkspaceFile

const blobKeysOfOutput = (o: Workspaces.Files.FileOutput, members: ReadonlyArray<Workspaces.Files.OutputMember>) => [
  ...(o.blob_key === null ? [] : [o.blob_key]),
  ...members.map((m) => m.blob_key)
]

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Workspaces.Files.WorkspaceFileStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "WorkspaceFileStore", cause }))
  const changed = (file: Workspaces.Files.WorkspaceFile) =>
    new Workspaces.Files.FileStateChanged({ file_id: file.file_id, ingestion_status: file.ingestion_status, version: file.version })

  const writeFile = (f: Workspaces.Files.WorkspaceFile) =>
    sql`
      UPDATE docket_ws_files SET
        ingestion_status = ${f.ingestion_status}, category = ${f.category}, access_label = ${f.access_label},
        kind = ${Workspaces.Files.contentKindOf(f.path, f.file_type)},
        size_bytes = ${f.size_bytes}, page_count = ${f.page_count}, ingested_at = ${f.ingested_at}, doc = ${JSON.stringify(f)}
      WHERE file_id = ${f.file_id}`

  /** the file's row, locked for the rest of the transaction */
  const locked = (t: string, w: string, id: string) =>
    sql<DocRow & { readonly generation: number }>`
      SELECT doc, generation FROM docket_ws_files WHERE file_id = ${id} AND tenant_id = ${t} AND workspace_id = ${w} FOR UPDATE`

  /** a change of one locked file: `change` answers the value or a domain failure */
  const change = <A, E>(
    t: string,
    w: string,
    id: string,
    body: (file: Workspaces.Files.WorkspaceFile, generation: number) => Effect.Effect<Either<A, E>, SqlError.SqlError>
  ): Effect.Effect<A, E | Workspaces.Files.WorkspaceFileNotFound | Kernel.StorageUnavailable> =>
    run(sql.withTransaction(Effect.gen(function*() {
      const rows = yield* locked(t, w, id)
      if (rows.length === 0) return { ok: false as const, error: new Workspaces.Files.WorkspaceFileNotFound({ file: id }) as E | Workspaces.Files.WorkspaceFileNotFound }
      return yield* body(toFile(rows[0]), rows[0].generation)
    }))).pipe(Effect.flatMap((r) => (r.ok ? Effect.succeed(r.value) : Effect.fail(r.error))))

  const filterClauses = (t: string, w: string, q: Workspaces.Files.FileFilters): Array<Statement.Fragment> => {
    const clauses = [sql`tenant_id = ${t}`, sql`workspace_id = ${w}`]
    if (q.path_prefix !== undefined && q.path_prefix !== "") clauses.push(sql`starts_with(path, ${q.path_prefix})`)
    if (q.ingestion_status !== undefined) {
      clauses.push(q.ingestion_status.length === 0 ? sql`false` : sql`ingestion_status IN ${sql.in(q.ingestion_status)}`)
    }
    if (q.category !== undefined) clauses.push(sql`category = ${q.category}`)
    if (q.kind !== undefined) clauses.push(sql`kind = ${q.kind}`)
    if (q.name_contains !== undefined) clauses.push(sql`strpos(path_folded, ${Workspaces.Files.foldCase(q.name_contains)}) > 0`)
    return clauses
  }
  const visibleClause = (visible: Workspaces.Files.VisibleLabels): Statement.Fragment =>
    visible === "all" ? sql`true` : visible.length === 0 ? sql`access_label IS NULL` : sql`(access_label IS NULL OR access_label IN ${sql.in(visible)})`

  const outputsOf = (fileId: string) =>
    sql<DocRow>`SELECT doc FROM docket_ws_file_outputs WHERE file_id = ${fileId} ORDER BY path, output_id`.pipe(
      Effect.map((rows) => rows.map((r) => JSON.parse(r.doc) as Workspaces.Files.FileOutput))
    )
  const memberKeysOf = (fileId: string) =>
    sql<DocRow>`SELECT doc FROM docket_ws_output_members WHERE file_id = ${fileId}`.pipe(
      Effect.map((rows) => rows.map((r) => (JSON.parse(r.doc) as Workspaces.Files.OutputMember).blob_key))
    )

  /** deletes the file's rows (locked already or not), answering its blob keys */
  const removeFile = (file: Workspaces.Files.WorkspaceFile) =>
    Effect.gen(function*() {
      const versions = yield* sql<DocRow>`DELETE FROM docket_ws_file_versions WHERE file_id = ${file.file_id} RETURNING doc`
      const outputs = yield* sql<DocRow>`DELETE FROM docket_ws_file_outputs WHERE file_id = ${file.file_id} RETURNING doc`
      const members = yield* sql<DocRow>`DELETE FROM docket_ws_output_members WHERE file_id = ${file.file_id} RETURNING doc`
      yield* sql`DELETE FROM docket_ws_files WHERE file_id = ${file.file_id}`
      const keys = new Set<string>([file.blob_key])
      for (const v of versions) keys.add((JSON.parse(v.doc) as Workspaces.Files.FileVersion).blob_key)
      for (const o of outputs) {
        const key = (JSON.parse(o.doc) as Workspaces.Files.FileOutput).blob_key
        if (key !== null) keys.add(key)
      }
      for (const m of members) keys.add((JSON.parse(m.doc) as Workspaces.Files.OutputMember).blob_key)
      return { file, blob_keys: [...keys] } satisfies Workspaces.Files.DeletedFile
    })

  return {
    create: (n) =>
      Effect.gen(function*() {
        const file = Workspaces.Files.fileFromNew(n, Workspaces.Files.fileNameOf(n.path))
        const inserted = yield* run(sql<{ readonly file_id: string }>`
          INSERT INTO docket_ws_files (file_id, tenant_id, workspace_id, path, path_folded, ingestion_status, category, access_label,
            kind, size_bytes, page_count, created_at, ingested_at, doc)
          VALUES (${file.file_id}, ${file.tenant_id}, ${file.workspace_id}, ${file.path}, ${Workspaces.Files.foldCase(file.path)}, ${file.ingestion_status},
            ${file.category}, ${file.access_label}, ${Workspaces.Files.contentKindOf(file.path, file.file_type)}, ${file.size_bytes}, ${file.page_count},
            ${file.created_at}, ${file.ingested_at}, ${JSON.stringify(file)})
          ON CONFLICT (tenant_id, workspace_id, path) DO NOTHING
          RETURNING file_id`)
        if (inserted.length > 0) return file
        const winner = yield* run(sql<{ readonly file_id: string }>`
          SELECT file_id FROM docket_ws_files WHERE tenant_id = ${n.tenant_id} AND workspace_id = ${n.workspace_id} AND path = ${n.path}`)
        return yield* new Workspaces.Files.PathConflict({ workspace_id: n.workspace_id, path: n.path, file_id: winner[0]?.file_id ?? "" })
      }),
    get: (t, w, id) =>
      run(sql<DocRow>`SELECT doc FROM docket_ws_files WHERE file_id = ${id} AND tenant_id = ${t} AND workspace_id = ${w}`).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toFile))
      ),
    getByPath: (t, w, path) =>
      run(sql<DocRow>`SELECT doc FROM docket_ws_files WHERE tenant_id = ${t} AND workspace_id = ${w} AND path = ${path}`).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), toFile))
      ),
    addVersion: (t, w, id, next, expect) =>
      change<Workspaces.Files.WorkspaceFile, Workspaces.Files.FileStateChanged>(t, w, id, (file) =>
        Effect.gen(function*() {
          if (!Workspaces.Files.meets(file, expect)) return { ok: false as const, error: changed(file) }
          const replaced: Workspaces.Files.FileVersion = { ...Workspaces.Files.currentVersionOf(file), replaced_at: next.at, is_current: false }
          yield* sql`
            INSERT INTO docket_ws_file_versions (file_id, version, tenant_id, workspace_id, doc)
            VALUES (${id}, ${replaced.version}, ${t}, ${w}, ${JSON.stringify(replaced)})`
          const updated = Workspaces.Files.withNextVersion(file, next)
          yield* writeFile(updated)
          return { ok: true as const, value: updated }
        })),
    update: (t, w, id, patch, at, expect) =>
      change<Workspaces.Files.WorkspaceFile, Workspaces.Files.FileStateChanged>(t, w, id, (file) =>
        Effect.gen(function*() {
          if (!Workspaces.Files.meets(file, expect)) return { ok: false as const, error: changed(file) }
          const updated = Workspaces.Files.applyPatch(file, patch, at)
          yield* writeFile(updated)
          return { ok: true as const, value: updated }
        })),
    delete: (t, w, id) =>
      run(sql.withTransaction(Effect.gen(function*() {
        const rows = yield* locked(t, w, id)
        if (rows.length === 0) return Option.none()
        return Option.some(yield* removeFile(toFile(rows[0])))
      }))),
    list: (t, w, q) =>
      Effect.gen(function*() {
        const clauses = filterClauses(t, w, q)
        const visible = visibleClause(q.visible)
        const counts = yield* run(sql<{ readonly total: string | number; readonly withheld: string | number; readonly labels: ReadonlyArray<string> | null }>`
          SELECT count(*) FILTER (WHERE ${visible}) AS total,
                 count(*) FILTER (WHERE NOT ${visible}) AS withheld,
                 array_agg(DISTINCT access_label) FILTER (WHERE NOT ${visible}) AS labels
          FROM docket_ws_files WHERE ${sql.and(clauses)}`)
        const paged = [...clauses, visible]
        const after = q.after
        if (after !== undefined) {
          paged.push(
            after.order === "path"
              ? sql`path > ${after.path}`
              : sql`(created_at, file_id) > (${after.created_at}::bigint, ${after.file_id} COLLATE "C")`
          )
        }
        const limit = Math.max(0, Math.floor(q.limit))
        const order = q.order === "path" ? sql`path` : sql`created_at, file_id`
        const rows = yield* run(sql<DocRow>`SELECT doc FROM docket_ws_files WHERE ${sql.and(paged)} ORDER BY ${order} LIMIT ${limit + 1}`)
        const items = rows.slice(0, limit).map(toFile)
        const last = items.at(-1)
        const next_cursor: Workspaces.Files.FileCursor | null = rows.length > limit && last !== undefined
          ? q.order === "path" ? { order: "path", path: last.path } : { order: "created", created_at: last.created_at, file_id: last.file_id }
          : null
        return {
          items,
          next_cursor,
          total: Number(counts[0].total),
          withheld: { count: Number(counts[0].withheld), labels: [...(counts[0].labels ?? [])].sort(Workspaces.Files.compareCodePoints) }
        }
      }),
    listVersions: (t, w, id, page) =>
      Effect.gen(function*() {
        const file = yield* run(sql<DocRow>`SELECT doc FROM docket_ws_files WHERE file_id = ${id} AND tenant_id = ${t} AND workspace_id = ${w}`)
        if (file.length === 0) return Option.none()
        const current = Workspaces.Files.currentVersionOf(toFile(file[0]))
        const limit = Math.max(0, Math.floor(page.limit))
        const before = page.before ?? Number.MAX_SAFE_INTEGER
        const items: Array<Workspaces.Files.FileVersion> = current.version < before && limit > 0 ? [current] : []
        const rows = yield* run(sql<DocRow>`
          SELECT doc FROM docket_ws_file_versions WHERE file_id = ${id} AND version < ${Math.min(before, current.version)}
          ORDER BY version DESC LIMIT ${limit - items.length}`)
        items.push(...rows.map((r) => JSON.parse(r.doc) as Workspaces.Files.FileVersion))
        // versions are 1 to current without gaps: more follow while the last one is above 1
        const last = items.at(-1)
        return Option.some({ items, next_cursor: last !== undefined && last.version > 1 ? last.version : null, total: current.version })
      }),
    getVersion: (t, w, id, version) =>
      Effect.gen(function*() {
        const file = yield* run(sql<DocRow>`SELECT doc FROM docket_ws_files WHERE file_id = ${id} AND tenant_id = ${t} AND workspace_id = ${w}`)
        if (file.length === 0) return Option.none()
        const f = toFile(file[0])
        if (f.version === version) return Option.some(Workspaces.Files.currentVersionOf(f))
        const rows = yield* run(sql<DocRow>`SELECT doc FROM docket_ws_file_versions WHERE file_id = ${id} AND version = ${version}`)
        return Option.map(Option.fromNullable(rows[0]), (r) => JSON.parse(r.doc) as Workspaces.Files.FileVersion)
      }),
    replaceOutputs: (t, w, id, outputs, at) =>
      change<Workspaces.Files.OutputsReplaced, never>(t, w, id, (_file, previous) =>
        Effect.gen(function*() {
          const old = new Set<string>()
          for (const o of yield* outputsOf(id)) if (o.blob_key !== null) old.add(o.blob_key)
          for (const k of yield* memberKeysOf(id)) old.add(k)
          yield* sql`DELETE FROM docket_ws_file_outputs WHERE file_id = ${id}`
          yield* sql`DELETE FROM docket_ws_output_members WHERE file_id = ${id}`
          const generation = previous + 1
          yield* sql`UPDATE docket_ws_files SET generation = ${generation} WHERE file_id = ${id}`
          const stored: Array<Workspaces.Files.FileOutput> = []
          for (const o of outputs) {
            const out = Workspaces.Files.storedOutput(o, id, w, generation, at)
            stored.push(out)
            yield* sql`
              INSERT INTO docket_ws_file_outputs (output_id, file_id, tenant_id, workspace_id, path, created_at, doc)
              VALUES (${o.output_id}, ${id}, ${t}, ${w}, ${o.path}, ${at}, ${JSON.stringify(out)})`
            // members in batches (a folder output may hold thousands)
            for (let i = 0; i < o.members.length; i += 500) {
              const batch = o.members.slice(i, i + 500).map((m, j) => ({ output_id: o.output_id, idx: i + j, file_id: id, doc: JSON.stringify(m) }))
              yield* sql`INSERT INTO docket_ws_output_members ${sql.insert(batch)}`
            }
            for (const k of blobKeysOfOutput(out, o.members)) old.delete(k)
          }
          stored.sort((a, b) => Workspaces.Files.compareCodePoints(a.path, b.path) || Workspaces.Files.compareCodePoints(a.output_id, b.output_id))
          return { ok: true as const, value: { generation, outputs: stored, replaced_blob_keys: [...old] } }
        })),
    listOutputs: (t, w, id) =>
      run(sql<DocRow>`
        SELECT doc FROM docket_ws_file_outputs WHERE file_id = ${id} AND tenant_id = ${t} AND workspace_id = ${w} ORDER BY path, output_id`).pipe(
        Effect.map((rows) => rows.map((r) => JSON.parse(r.doc) as Workspaces.Files.FileOutput))
      ),
    getOutput: (t, w, id, outputId) =>
      run(sql<DocRow>`
        SELECT doc FROM docket_ws_file_outputs WHERE output_id = ${outputId} AND file_id = ${id} AND tenant_id = ${t} AND workspace_id = ${w}`).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (r) => JSON.parse(r.doc) as Workspaces.Files.FileOutput))
      ),
    findOutputByPath: (t, w, path) =>
      run(sql<{ readonly output: string; readonly file: string }>`
        SELECT o.doc AS output, f.doc AS file FROM docket_ws_file_outputs o JOIN docket_ws_files f ON f.file_id = o.file_id
        WHERE o.tenant_id = ${t} AND o.workspace_id = ${w} AND o.path = ${path}
        ORDER BY o.created_at DESC, o.output_id LIMIT 1`).pipe(
        Effect.map((rows) =>
          Option.map(Option.fromNullable(rows[0]), (r) => ({ file: JSON.parse(r.file) as Workspaces.Files.WorkspaceFile, output: JSON.parse(r.output) as Workspaces.Files.FileOutput }))
        )
      ),
    listOutputMembers: (t, w, outputId, page) =>
      Effect.gen(function*() {
        const owner = yield* run(sql<{ readonly file_id: string }>`
          SELECT file_id FROM docket_ws_file_outputs WHERE output_id = ${outputId} AND tenant_id = ${t} AND workspace_id = ${w}`)
        if (owner.length === 0) return { items: [], total: 0 }
        const total = yield* run(sql<{ readonly n: string | number }>`SELECT count(*) AS n FROM docket_ws_output_members WHERE output_id = ${outputId}`)
        const rows = yield* run(sql<DocRow>`
          SELECT doc FROM docket_ws_output_members WHERE output_id = ${outputId} AND idx >= ${Math.max(0, Math.floor(page.offset))}
          ORDER BY idx LIMIT ${Math.max(0, Math.floor(page.limit))}`)
        return { items: rows.map((r) => JSON.parse(r.doc) as Workspaces.Files.OutputMember), total: Number(total[0].n) }
      }),
    stats: (t, w, retention, now, windowMs) =>
      Effect.gen(function*() {
        const src = retention.source_ttl_ms
        const der = retention.derived_ttl_ms
        // the expiries as SQL expressions (null when that retention is off or does not apply)
        const sourceExpiry = src === null ? sql`NULL::bigint` : sql`(created_at + ${src}::bigint)`
        const derivedExpiry = der === null
          ? sql`NULL::bigint`
          : sql`(CASE WHEN ingestion_status IN ('ingested', 'stale') THEN ingested_at + ${der}::bigint END)`
        const cutoff = now + windowMs
        const rows = yield* run(sql<{
          readonly status: string
          readonly n: string | number
          readonly bytes: string | number | null
          readonly pages: string | number | null
          readonly last: string | number | null
          readonly next: string | number | null
          readonly expiring: string | number
        }>`
          SELECT ingestion_status AS status, count(*) AS n, sum(size_bytes) AS bytes,
                 sum(CASE WHEN ingestion_status IN ('ingested', 'stale') THEN page_count END) AS pages,
                 max(ingested_at) AS last,
                 min(LEAST(${sourceExpiry}, ${derivedExpiry})) AS next,
                 count(*) FILTER (WHERE ${sourceExpiry} <= ${cutoff}::bigint OR ${derivedExpiry} <= ${cutoff}::bigint) AS expiring
          FROM docket_ws_files WHERE tenant_id = ${t} AND workspace_id = ${w}
          GROUP BY ingestion_status`)
        const byStatus = Object.fromEntries(Workspaces.Files.INGESTION_STATUSES.map((s) => [s, 0])) as Record<Workspaces.Files.IngestionStatus, number>
        let total = 0
        let bytes = 0
        let pages = 0
        let last: number | null = null
        let next: number | null = null
        let expiring = 0
        for (const r of rows) {
          byStatus[r.status as Workspaces.Files.IngestionStatus] = Number(r.n)
          total += Number(r.n)
          bytes += Number(r.bytes ?? 0)
          pages += Number(r.pages ?? 0)
          if (r.last !== null && (last === null || Number(r.last) > last)) last = Number(r.last)
          if (r.next !== null && (next === null || Number(r.next) < next)) next = Number(r.next)
          expiring += Number(r.expiring)
        }
        return {
          files_total: total,
          files_by_ingestion_status: byStatus,
          bytes_total: bytes,
          pages_ingested: pages,
          last_ingestion_at: last,
          next_expiry_at: next,
          files_expiring_within: expiring
        }
      }),
    referencesLabel: (t, label) =>
      run(sql<{ readonly one: number }>`SELECT 1 AS one FROM docket_ws_files WHERE tenant_id = ${t} AND access_label = ${label} LIMIT 1`).pipe(
        Effect.map((rows) => rows.length > 0)
      ),
    deleteWorkspace: (t, w, limit) =>
      run(sql.withTransaction(Effect.gen(function*() {
        const n = Math.max(0, Math.floor(limit))
        const rows = yield* sql<DocRow>`
          SELECT doc FROM docket_ws_files WHERE tenant_id = ${t} AND workspace_id = ${w}
          ORDER BY file_id LIMIT ${n + 1} FOR UPDATE`
        const batch = rows.slice(0, n).map(toFile)
        const keys: Array<string> = []
        for (const f of batch) keys.push(...(yield* removeFile(f)).blob_keys)
        return { deleted: batch.length, blob_keys: keys, more: rows.length > n }
      })))
  }
}

type Either<A, E> = { readonly ok: true; readonly value: A } | { readonly ok: false; readonly error: E }

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Workspaces.Files.WorkspaceFileStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Workspaces.Files.WorkspaceFileStore, never, SqlClient.SqlClient> = Layer.effect(Workspaces.Files.WorkspaceFileStore, make)
