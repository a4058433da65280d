/**
 * Document-service tenants and their keys on PostgreSQL. Keys are stored only as the hash the
 * port receives (hex SHA-256 of the full key). Every operation is one statement.
 */
import { Kernel, Tenancy } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface TenantRow {
  readonly tenant_id: string
  /** bigint: the driver returns it as a string */
  readonly credits: string | number
  readonly paid_usage: boolean
  readonly rpm: number
  readonly concurrent_jobs: number
  readonly sync_waits: number
  readonly created_at: string | number
  /** JSON array, or NULL when never set */
  readonly buckets: string | null
}

interface KeyRow {
  readonly key_id: string
  readonly tenant_id: string
  readonly hash: string
  readonly access_labels: string
  readonly status: "active" | "revoked"
  readonly created_at: string | number
}

const toTenant = (r: TenantRow): Tenancy.Tenant => ({
  tenant_id: r.tenant_id,
  credits: Number(r.credits),
  paid_usage: r.paid_usage,
  rpm: r.rpm,
  concurrent_jobs: r.concurrent_jobs,
  sync_waits: r.sync_waits,
  created_at: Number(r.created_at),
  ...(r.buckets === null ? {} : { buckets: JSON.parse(r.buckets) as ReadonlyArray<string> })
})

const bucketsText = (buckets: ReadonlyArray<string> | undefined): string | null => (buckets === undefined ? null : JSON.stringify(buckets))

const toKey = (r: KeyRow): Tenancy.DocsKeyRecord => ({
  key_id: r.key_id,
  tenant_id: r.tenant_id,
  hash: r.hash,
  access_labels: JSON.parse(r.access_labels) as ReadonlyArray<string>,
  status: r.status,
  created_at: Number(r.created_at)
})

const TENANT_COLUMNS = "tenant_id, credits, paid_usage, rpm, concurrent_jobs, sync_waits, created_at, buckets"
const KEY_COLUMNS = "key_id, tenant_id, hash, access_labels, status, created_at"

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Tenancy.TenantStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "TenantStore", cause }))
  const tenantColumns = sql.literal(TENANT_COLUMNS)
  const keyColumns = sql.literal(KEY_COLUMNS)
  const oneTenant = (rows: ReadonlyArray<TenantRow>) => Option.map(Option.fromNullable(rows[0]), toTenant)
  const oneKey = (rows: ReadonlyArray<KeyRow>) => Option.map(Option.fromNullable(rows[0]), toKey)
  return {
    // creating an existing id replaces it, as the memory store does
    createTenant: (t) =>
      run(sql<TenantRow>`
        INSERT INTO docket_docs_tenants (${tenantColumns})
        VALUES (${t.tenant_id}, ${t.credits}, ${t.paid_usage}, ${t.rpm}, ${t.concurrent_jobs}, ${t.sync_waits}, ${t.created_at}, ${bucketsText(t.buckets)})
        ON CONFLICT (tenant_id) DO UPDATE SET
          credits = EXCLUDED.credits, paid_usage = EXCLUDED.paid_usage, rpm = EXCLUDED.rpm,
          concurrent_jobs = EXCLUDED.concurrent_jobs, sync_waits = EXCLUDED.sync_waits, created_at = EXCLUDED.created_at,
          buckets = EXCLUDED.buckets
        RETURNING ${tenantColumns}`).pipe(Effect.map((rows) => toTenant(rows[0]))),
    getTenant: (id) => run(sql<TenantRow>`SELECT ${tenantColumns} FROM docket_docs_tenants WHERE tenant_id = ${id}`).pipe(Effect.map(oneTenant)),
    // an absent field keeps its value (`applyTenantPatch` semantics), in one statement
    updateTenant: (id, p) =>
      run(sql<TenantRow>`
        UPDATE docket_docs_tenants SET
          credits = coalesce(${p.credits ?? null}::bigint, credits),
          paid_usage = coalesce(${p.paid_usage ?? null}::boolean, paid_usage),
          rpm = coalesce(${p.rpm ?? null}::integer, rpm),
          concurrent_jobs = coalesce(${p.concurrent_jobs ?? null}::integer, concurrent_jobs),
          sync_waits = coalesce(${p.sync_waits ?? null}::integer, sync_waits),
          buckets = coalesce(${p.buckets === undefined ? null : JSON.stringify([...new Set(p.buckets)])}::text, buckets)
        WHERE tenant_id = ${id}
        RETURNING ${tenantColumns}`).pipe(Effect.map(oneTenant)),
    createKey: (k) =>
      run(sql<KeyRow>`
        INSERT INTO docket_docs_keys (${keyColumns})
        VALUES (${k.key_id}, ${k.tenant_id}, ${k.hash}, ${JSON.stringify(k.access_labels)}, ${k.status}, ${k.created_at})
        ON CONFLICT (key_id) DO UPDATE SET
          tenant_id = EXCLUDED.tenant_id, hash = EXCLUDED.hash, access_labels = EXCLUDED.access_labels,
          status = EXCLUDED.status, created_at = EXCLUDED.created_at
        RETURNING ${keyColumns}`).pipe(Effect.map((rows) => toKey(rows[0]))),
    findKeyByHash: (hash) => run(sql<KeyRow>`SELECT ${keyColumns} FROM docket_docs_keys WHERE hash = ${hash}`).pipe(Effect.map(oneKey)),
    revokeKey: (id) =>
      run(sql<KeyRow>`UPDATE docket_docs_keys SET status = 'revoked' WHERE key_id = ${id} RETURNING ${keyColumns}`).pipe(Effect.map(oneKey)),
    // access_labels is a JSON array in text: `?` tests membership of a string in it
    keyGrantsLabel: (tenantId, label) =>
      run(sql<{ readonly found: number }>`
        SELECT 1 AS found FROM docket_docs_keys
        WHERE tenant_id = ${tenantId} AND status = 'active' AND access_labels::jsonb ? ${label}
        LIMIT 1`).pipe(Effect.map((rows) => rows.length > 0))
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Tenancy.TenantStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Tenancy.TenantStore, never, SqlClient.SqlClient> = Layer.effect(Tenancy.TenantStore, make)
