/**
 * Tenant domains on PostgreSQL (platform domains live in core). A domain's slug is unique in its
 * tenant by index (`create` inserts `ON CONFLICT DO NOTHING`: `DomainSlugTaken`); a version
 * number is the primary key with the domain id, so two concurrent edits of a published version
 * cannot both add draft n+1 (`DomainVersionTaken`). `replaceDraft` and `publish` change a row
 * only while it is a draft, in one statement.
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface Row {
  readonly domain_id: string
  readonly version: number
  readonly tenant_id: string
  readonly slug: string
  readonly display_name: string
  readonly parent_slug: string | null
  readonly status: Workspaces.DomainStatus
  readonly taxonomy: string
  readonly ontology: string
  readonly published_at: string | number | null
  readonly created_at: string | number
  readonly updated_at: string | number
}

const toDomain = (r: Row): Workspaces.DomainVersion => ({
  domain_id: r.domain_id,
  tenant_id: r.tenant_id,
  owner: "tenant",
  slug: r.slug,
  display_name: r.display_name,
  parent_slug: r.parent_slug,
  version: r.version,
  status: r.status,
  taxonomy: JSON.parse(r.taxonomy),
  ontology: JSON.parse(r.ontology),
  published_at: r.published_at === null ? null : Number(r.published_at),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at)
})

const COLUMNS = "domain_id, version, tenant_id, slug, display_name, parent_slug, status, taxonomy, ontology, published_at, created_at, updated_at"
const V_COLUMNS = COLUMNS.split(", ").map((c) => `v.${c}`).join(", ")

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Workspaces.DomainStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "DomainStore", cause }))
  const columns = sql.literal(COLUMNS)
  const vColumns = sql.literal(V_COLUMNS)
  const one = (rows: ReadonlyArray<Row>) => Option.map(Option.fromNullable(rows[0]), toDomain)
  const insertVersion = (d: Workspaces.DomainVersion) =>
    sql<Row>`
      INSERT INTO docket_domain_versions (${columns})
      VALUES (${d.domain_id}, ${d.version}, ${d.tenant_id ?? ""}, ${d.slug}, ${d.display_name}, ${d.parent_slug}, ${d.status},
              ${JSON.stringify(d.taxonomy)}, ${JSON.stringify(d.ontology)}, ${d.published_at}, ${d.created_at}, ${d.updated_at})
      ON CONFLICT (domain_id, version) DO NOTHING
      RETURNING ${columns}`
  return {
    create: (d) =>
      run(
        sql.withTransaction(
          Effect.gen(function*() {
            const taken = yield* sql`
              INSERT INTO docket_domains (domain_id, tenant_id, slug) VALUES (${d.domain_id}, ${d.tenant_id ?? ""}, ${d.slug})
              ON CONFLICT (tenant_id, slug) DO NOTHING RETURNING seq`
            if (taken.length === 0) return false
            yield* insertVersion(d)
            return true
          })
        )
      ).pipe(Effect.flatMap((created) => created ? Effect.succeed(d) : Effect.fail(new Workspaces.DomainSlugTaken({ slug: d.slug })))),
    addVersion: (d) =>
      run(
        sql<Row>`
          INSERT INTO docket_domain_versions (${columns})
          SELECT ${d.domain_id}, ${d.version}, ${d.tenant_id ?? ""}, ${d.slug}, ${d.display_name}, ${d.parent_slug}, ${d.status},
                 ${JSON.stringify(d.taxonomy)}, ${JSON.stringify(d.ontology)}, ${d.published_at}, ${d.created_at}, ${d.updated_at}
          WHERE EXISTS (SELECT 1 FROM docket_domain_versions
                        WHERE domain_id = ${d.domain_id} AND tenant_id = ${d.tenant_id ?? ""} AND version = ${d.version - 1})
          ON CONFLICT (domain_id, version) DO NOTHING
          RETURNING ${columns}`
      ).pipe(
        Effect.flatMap((rows) =>
          rows.length === 0 ? Effect.fail(new Workspaces.DomainVersionTaken({ domainId: d.domain_id, version: d.version })) : Effect.succeed(toDomain(rows[0]!))
        )
      ),
    replaceDraft: (d) =>
      run(sql<Row>`
        UPDATE docket_domain_versions
        SET display_name = ${d.display_name}, parent_slug = ${d.parent_slug}, taxonomy = ${JSON.stringify(d.taxonomy)},
            ontology = ${JSON.stringify(d.ontology)}, updated_at = ${d.updated_at}
        WHERE domain_id = ${d.domain_id} AND tenant_id = ${d.tenant_id ?? ""} AND version = ${d.version} AND status = 'draft'
        RETURNING ${columns}`).pipe(Effect.map(one)),
    publish: (tenantId, domainId, version, at) =>
      run(sql<Row>`
        UPDATE docket_domain_versions SET status = 'published', published_at = ${at}, updated_at = ${at}
        WHERE domain_id = ${domainId} AND tenant_id = ${tenantId} AND version = ${version} AND status = 'draft'
        RETURNING ${columns}`).pipe(Effect.map(one)),
    versions: (tenantId, domainId) =>
      run(sql<Row>`SELECT ${columns} FROM docket_domain_versions WHERE domain_id = ${domainId} AND tenant_id = ${tenantId} ORDER BY version`).pipe(
        Effect.map((rows) => rows.map(toDomain))
      ),
    versionsBySlug: (tenantId, slug) =>
      run(sql<Row>`SELECT ${columns} FROM docket_domain_versions WHERE tenant_id = ${tenantId} AND slug = ${slug} ORDER BY version`).pipe(
        Effect.map((rows) => rows.map(toDomain))
      ),
    list: (tenantId, query) => {
      const statusClause = query.status === undefined ? sql`TRUE` : sql`v.status = ${query.status}`
      const latest = sql`
        FROM docket_domains d
        JOIN LATERAL (SELECT * FROM docket_domain_versions x WHERE x.domain_id = d.domain_id ORDER BY x.version DESC LIMIT 1) v ON TRUE
        WHERE d.tenant_id = ${tenantId} AND ${statusClause}`
      return run(
        Effect.all([
          sql<Row & { readonly seq: string | number }>`
            SELECT d.seq, ${vColumns} ${latest} AND d.seq > ${query.after ?? 0}
            ORDER BY d.seq LIMIT ${Math.max(0, Math.floor(query.limit))}`,
          sql<{ readonly total: string | number }>`SELECT count(*) AS total ${latest}`
        ])
      ).pipe(Effect.map(([rows, count]) => ({ items: rows.map((r) => ({ ...toDomain(r), seq: Number(r.seq) })), total: Number(count[0]?.total ?? 0) })))
    }
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Workspaces.DomainStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Workspaces.DomainStore, never, SqlClient.SqlClient> = Layer.effect(Workspaces.DomainStore, make)
