/**
 * The catalog on PostgreSQL (migration 21): entries with the columns a query scopes and orders by,
 * one row per cell with the keys filters compare (`Workspaces.Catalog.cellKeysOf`), a row per
 * catalogued file and a revision per workspace. The query semantics of `catalog-query.ts` are
 * written as SQL over those keys — folded text compared in core's fold, ISO dates as `COLLATE
 * "C"` text, amounts as `numeric` — so memory and PostgreSQL answer the same rows in the same
 * order. A replace and a remove are each one transaction that first takes the file's
 * row, so concurrent writers of one file serialize and a reader sees one whole set.
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Layer } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

type CatalogEntry = Workspaces.Catalog.CatalogEntry
type CatalogQuery = Workspaces.Catalog.CatalogQuery

interface EntryRow {
  readonly file_id: string
  readonly ordinal: number
  readonly path: string
  readonly document_type: string | null
  readonly category: string | null
  readonly access_label: string | null
  readonly catalog_version: number
  readonly doc: string
}

const count = (n: string | number | bigint | null | undefined) => Number(n ?? 0)

/** a count of hidden rows and the distinct labels (sorted, null left out) of them */
const withheldOf = (n: string | number | null | undefined, labels: ReadonlyArray<string | null> | null | undefined): Workspaces.Files.Withheld => ({
  count: count(n),
  labels: (labels ?? []).filter((l): l is string => l !== null).sort(Workspaces.Files.compareCodePoints)
})

const toEntry = (r: EntryRow): CatalogEntry => {
  const c = JSON.parse(r.doc) as Workspaces.Catalog.CatalogComponent
  return {
    component: c.component,
    component_kind: c.component_kind,
    page_start: c.page_start,
    page_end: c.page_end,
    cells: c.cells,
    file_id: r.file_id,
    ordinal: r.ordinal,
    path: r.path,
    document_type: r.document_type,
    category: r.category,
    access_label: r.access_label,
    catalog_version: r.catalog_version
  }
}

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Workspaces.Catalog.CatalogStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "CatalogStore", cause }))

  const bump = (t: string, w: string) =>
    sql`
      INSERT INTO docket_ws_catalog_revisions (tenant_id, workspace_id, revision) VALUES (${t}, ${w}, 1)
      ON CONFLICT (tenant_id, workspace_id) DO UPDATE SET revision = docket_ws_catalog_revisions.revision + 1`

  const deleteFileRows = (t: string, w: string, fileId: string) =>
    Effect.all([
      sql`DELETE FROM docket_ws_catalog_values WHERE tenant_id = ${t} AND workspace_id = ${w} AND file_id = ${fileId}`,
      sql`DELETE FROM docket_ws_catalog_entries WHERE tenant_id = ${t} AND workspace_id = ${w} AND file_id = ${fileId}`
    ], { discard: true })

  const visibleClause = (visible: Workspaces.Files.VisibleLabels): Statement.Fragment =>
    visible === "all" ? sql`true` : visible.length === 0 ? sql`access_label IS NULL` : sql`(access_label IS NULL OR access_label IN ${sql.in(visible)})`

  const filterClause = (f: Workspaces.Catalog.CatalogFilter): Statement.Fragment => {
    const fold = Workspaces.Catalog.foldCatalogText
    const conds: Array<Statement.Fragment> = [sql`v.field = ${f.field}`]
    switch (f.op) {
      case "status":
        conds.push(sql`v.status = ${f.status}`)
        break
      case "equals":
      case "contains":
        conds.push(sql`v.status = 'found'`, sql`v.text IS NOT NULL`)
        conds.push(f.op === "equals" ? sql`v.text = ${fold(f.value)}` : sql`strpos(v.text, ${fold(f.value)}) > 0`)
        if (f.scheme !== undefined) conds.push(sql`v.scheme = ${fold(f.scheme)}`)
        break
      case "date_range":
        conds.push(sql`v.status = 'found'`, sql`v.date IS NOT NULL`)
        if (f.from !== undefined) conds.push(sql`v.date >= ${f.from}`)
        if (f.to !== undefined) conds.push(sql`v.date <= ${f.to}`)
        break
      case "amount_range":
        conds.push(sql`v.status = 'found'`, sql`v.amount IS NOT NULL`, sql`v.currency = ${f.currency}`)
        if (f.min !== undefined) conds.push(sql`v.amount >= ${f.min}::numeric`)
        if (f.max !== undefined) conds.push(sql`v.amount <= ${f.max}::numeric`)
        break
    }
    return sql`EXISTS (
      SELECT 1 FROM docket_ws_catalog_values v
      WHERE v.tenant_id = e.tenant_id AND v.workspace_id = e.workspace_id AND v.file_id = e.file_id AND v.ordinal = e.ordinal AND ${sql.and(conds)})`
  }

  const scopeClauses = (t: string, w: string, q: CatalogQuery): Array<Statement.Fragment> => {
    const clauses: Array<Statement.Fragment> = [sql`e.tenant_id = ${t}`, sql`e.workspace_id = ${w}`]
    if (q.path_prefix !== undefined && q.path_prefix !== "") clauses.push(sql`starts_with(e.path, ${q.path_prefix})`)
    if (q.document_types !== undefined && q.document_types.length > 0) clauses.push(sql`e.document_type IN ${sql.in(q.document_types)}`)
    for (const f of q.filters) clauses.push(filterClause(f))
    return clauses
  }

  /** the sort's value of each entry, as `k` (text for dates, numeric for money), by a lateral join */
  const sortJoin = (sort: Workspaces.Catalog.CatalogSort): Statement.Fragment => {
    const field = Workspaces.Catalog.catalogFieldOf(sort.field)
    const key = field?.kind === "money" ? sql`v.amount` : sql`v.date`
    const has = field?.kind === "money" ? sql`v.amount IS NOT NULL AND v.currency = ${sort.currency ?? ""}` : sql`v.date IS NOT NULL`
    return sql`LEFT JOIN LATERAL (
      SELECT ${key} AS k FROM docket_ws_catalog_values v
      WHERE v.tenant_id = e.tenant_id AND v.workspace_id = e.workspace_id AND v.file_id = e.file_id AND v.ordinal = e.ordinal
        AND v.field = ${sort.field} AND v.status = 'found' AND ${has}
      ORDER BY v.idx LIMIT 1) s ON true`
  }

  const afterClause = (q: CatalogQuery, after: Workspaces.Catalog.CatalogCursor): Statement.Fragment => {
    const position = sql`(e.path, e.file_id, e.ordinal) > (${after.path}, ${after.file_id}, ${after.ordinal}::integer)`
    if (q.sort === undefined) return position
    if (after.key === null) return sql`(s.k IS NULL AND ${position})`
    const money = Workspaces.Catalog.catalogFieldOf(q.sort.field)?.kind === "money"
    const key = money ? sql`${after.key}::numeric` : sql`${after.key}`
    const beyond = q.sort.direction === "asc" ? sql`s.k > ${key}` : sql`s.k < ${key}`
    return sql`(s.k IS NULL OR ${beyond} OR (s.k = ${key} AND ${position}))`
  }

  return {
    replaceFile: (t, w, file) =>
      run(sql.withTransaction(Effect.gen(function*() {
        // the file's row first: concurrent replaces of one file wait here, then see the winner's rows
        yield* sql`
          INSERT INTO docket_ws_catalog_files (tenant_id, workspace_id, file_id, catalog_version, access_label)
          VALUES (${t}, ${w}, ${file.file_id}, ${file.catalog_version}, ${file.access_label})
          ON CONFLICT (tenant_id, workspace_id, file_id)
          DO UPDATE SET catalog_version = EXCLUDED.catalog_version, access_label = EXCLUDED.access_label`
        yield* deleteFileRows(t, w, file.file_id)
        const entries = Workspaces.Catalog.entriesOf(file)
        for (let i = 0; i < entries.length; i += 200) {
          const batch = entries.slice(i, i + 200).map((e) => ({
            tenant_id: t,
            workspace_id: w,
            file_id: e.file_id,
            ordinal: e.ordinal,
            path: e.path,
            document_type: e.document_type,
            category: e.category,
            access_label: e.access_label,
            catalog_version: e.catalog_version,
            doc: JSON.stringify({ component: e.component, component_kind: e.component_kind, page_start: e.page_start, page_end: e.page_end, cells: e.cells })
          }))
          yield* sql`INSERT INTO docket_ws_catalog_entries ${sql.insert(batch)}`
        }
        const values = entries.flatMap((e) =>
          e.cells.map((c, idx) => ({
            tenant_id: t,
            workspace_id: w,
            file_id: e.file_id,
            ordinal: e.ordinal,
            idx,
            field: c.field,
            status: c.status,
            ...Workspaces.Catalog.cellKeysOf(c)
          }))
        )
        for (let i = 0; i < values.length; i += 500) yield* sql`INSERT INTO docket_ws_catalog_values ${sql.insert(values.slice(i, i + 500))}`
        yield* bump(t, w)
      }))).pipe(Effect.asVoid),
    removeFile: (t, w, fileId) =>
      run(sql.withTransaction(Effect.gen(function*() {
        const gone = yield* sql`DELETE FROM docket_ws_catalog_files WHERE tenant_id = ${t} AND workspace_id = ${w} AND file_id = ${fileId} RETURNING file_id`
        yield* deleteFileRows(t, w, fileId)
        if (gone.length > 0) yield* bump(t, w)
      }))),
    removeWorkspace: (t, w) =>
      run(sql.withTransaction(Effect.all([
        sql`DELETE FROM docket_ws_catalog_values WHERE tenant_id = ${t} AND workspace_id = ${w}`,
        sql`DELETE FROM docket_ws_catalog_entries WHERE tenant_id = ${t} AND workspace_id = ${w}`,
        sql`DELETE FROM docket_ws_catalog_files WHERE tenant_id = ${t} AND workspace_id = ${w}`,
        sql`DELETE FROM docket_ws_catalog_revisions WHERE tenant_id = ${t} AND workspace_id = ${w}`
      ], { discard: true }))),
    query: (t, w, q) =>
      run(Effect.gen(function*() {
        const clauses = scopeClauses(t, w, q)
        const visible = visibleClause(q.visible)
        const counts = yield* sql<{ readonly total: string | number; readonly withheld: string | number; readonly labels: ReadonlyArray<string | null> | null }>`
          SELECT count(*) FILTER (WHERE ${visible}) AS total,
                 count(*) FILTER (WHERE NOT ${visible}) AS withheld,
                 array_agg(DISTINCT access_label) FILTER (WHERE NOT ${visible}) AS labels
          FROM docket_ws_catalog_entries e WHERE ${sql.and(clauses)}`
        const limit = Math.max(0, Math.floor(q.limit))
        let rows: ReadonlyArray<EntryRow> = []
        if (limit > 0) {
          const paged = [...clauses, visible]
          if (q.after !== undefined) paged.push(afterClause(q, q.after))
          const sort = q.sort
          rows = sort === undefined
            ? yield* sql<EntryRow>`
              SELECT e.file_id, e.ordinal, e.path, e.document_type, e.category, e.access_label, e.catalog_version, e.doc
              FROM docket_ws_catalog_entries e WHERE ${sql.and(paged)}
              ORDER BY e.path, e.file_id, e.ordinal LIMIT ${limit + 1}`
            : yield* sql<EntryRow>`
              SELECT e.file_id, e.ordinal, e.path, e.document_type, e.category, e.access_label, e.catalog_version, e.doc
              FROM docket_ws_catalog_entries e ${sortJoin(sort)} WHERE ${sql.and(paged)}
              ORDER BY (s.k IS NULL), s.k ${sort.direction === "asc" ? sql`ASC` : sql`DESC`}, e.path, e.file_id, e.ordinal LIMIT ${limit + 1}`
        }
        const entries = rows.slice(0, limit).map(toEntry)
        const last = entries.at(-1)
        const c = counts[0]
        return {
          rows: entries,
          next_cursor: rows.length > limit && last !== undefined ? Workspaces.Catalog.cursorOf(last, q.sort) : null,
          total: count(c?.total),
          withheld: withheldOf(c?.withheld, c?.labels)
        }
      })),
    coverage: (t, w, visible, version) =>
      run(Effect.gen(function*() {
        const rows = yield* sql<{
          readonly current: string | number
          readonly outdated: string | number
          readonly withheld: string | number
          readonly labels: ReadonlyArray<string | null> | null
        }>`
          SELECT count(*) FILTER (WHERE ${visibleClause(visible)} AND catalog_version = ${version}) AS current,
                 count(*) FILTER (WHERE ${visibleClause(visible)} AND catalog_version <> ${version}) AS outdated,
                 count(*) FILTER (WHERE NOT ${visibleClause(visible)}) AS withheld,
                 array_agg(DISTINCT access_label) FILTER (WHERE NOT ${visibleClause(visible)}) AS labels
          FROM docket_ws_catalog_files WHERE tenant_id = ${t} AND workspace_id = ${w}`
        const revision = yield* sql<{ readonly revision: string | number }>`
          SELECT revision FROM docket_ws_catalog_revisions WHERE tenant_id = ${t} AND workspace_id = ${w}`
        const r = rows[0]
        return {
          current: count(r?.current),
          outdated: count(r?.outdated),
          withheld: withheldOf(r?.withheld, r?.labels),
          revision: count(revision[0]?.revision)
        }
      })),
    uncatalogued: (t, w, fileIds, version) =>
      fileIds.length === 0
        ? Effect.succeed([])
        : run(sql<{ readonly file_id: string }>`
          SELECT file_id FROM docket_ws_catalog_files
          WHERE tenant_id = ${t} AND workspace_id = ${w} AND catalog_version = ${version} AND file_id IN ${sql.in(fileIds)}`).pipe(
          Effect.map((rows) => {
            const covered = new Set(rows.map((r) => r.file_id))
            return fileIds.filter((id) => !covered.has(id))
          })
        )
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Workspaces.Catalog.CatalogStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Workspaces.Catalog.CatalogStore, never, SqlClient.SqlClient> = Layer.effect(Workspaces.Catalog.CatalogStore, make)
