/**
 * The schema of Docket on PostgreSQL: versioned, forward-only migrations, run at layer start-up.
 *
 * - `Migrator.fromRecord` with static imports: no file globbing, so it survives bundling.
 * - Ids only grow. The migrator skips every id at or below the latest applied one, so a new
 *   migration must take an id above the latest — never insert one below, never edit an applied one.
 * - Several instances starting at once against a fresh database: `@effect/sql`'s migrator alone is
 *   not safe then (two instances both find no migrations table and both `CREATE TABLE` it; one
 *   fails). So the whole run is one transaction that first takes a transaction-level advisory lock
 *   (`pg_advisory_xact_lock`): the second instance waits, then finds everything applied. The
 *   migrations table is created under that lock (`CREATE TABLE IF NOT EXISTS`), and the migrator's
 *   own transaction becomes a savepoint of ours. DDL in PostgreSQL is transactional, so a failed
 *   migration leaves nothing behind.
 */
import { Migrator, SqlClient, type SqlError } from "@effect/sql"
import { Effect } from "effect"
import decisionStore from "./migrations/0001_decision_store.js"
import limiterStore from "./migrations/0002_limiter_store.js"
import documentStores from "./migrations/0003_document_stores.js"
import tenantBuckets from "./migrations/0004_tenant_buckets.js"
import documentSharedState from "./migrations/0005_document_shared_state.js"
import activeJobsIndex from "./migrations/0006_active_jobs_index.js"
import retentionIndexes from "./migrations/0007_retention_indexes.js"
import syncWaits from "./migrations/0008_sync_waits.js"
import jobWorkspaces from "./migrations/0009_job_workspaces.js"
import accessLabels from "./migrations/0010_access_labels.js"
import workspaces from "./migrations/0011_workspaces.js"
import domains from "./migrations/0012_domains.js"
import workspaceFiles from "./migrations/0013_workspace_files.js"
import workspaceSql from "./migrations/0016_workspace_sql.js"
import fileIngestions from "./migrations/0017_file_ingestions.js"
import workspaceFileKind from "./migrations/0018_workspace_file_kind.js"
import blobKeyPrefixIndex from "./migrations/0019_blob_key_prefix_index.js"
import searchIndex from "./migrations/0020_search_index.js"
import catalog from "./migrations/0021_catalog.js"
import searchSessions from "./migrations/0022_search_sessions.js"
import searchPostings from "./migrations/0023_search_postings.js"
import knowledgeGraph from "./migrations/0024_knowledge_graph.js"
import ledgerUnderstanding from "./migrations/0025_ledger_understanding.js"
import searchStatisticsInCache from "./migrations/0030_search_statistics_in_cache.js"

/** Docket's own table (not `effect_sql_migrations`), so a host's migrations may share the database. */
export const MIGRATIONS_TABLE = "docket_migrations"

/** Every migration, by `<id>_<name>`; add new ones at the end with the next id. */
export const migrations: Record<string, Effect.Effect<void, unknown, SqlClient.SqlClient>> = {
  "1_decision_store": decisionStore,
  "2_limiter_store": limiterStore,
  "3_document_stores": documentStores,
  "4_tenant_buckets": tenantBuckets,
  "5_document_shared_state": documentSharedState,
  "6_active_jobs_index": activeJobsIndex,
  "7_retention_indexes": retentionIndexes,
  "8_sync_waits": syncWaits,
  "9_job_workspaces": jobWorkspaces,
  "10_access_labels": accessLabels,
  "11_workspaces": workspaces,
  "12_domains": domains,
  "13_workspace_files": workspaceFiles,
  "16_workspace_sql": workspaceSql,
  "17_file_ingestions": fileIngestions,
  "18_workspace_file_kind": workspaceFileKind,
  "19_blob_key_prefix_index": blobKeyPrefixIndex,
  "20_search_index": searchIndex,
  "21_catalog": catalog,
  "22_search_sessions": searchSessions,
  "23_search_postings": searchPostings,
  "24_knowledge_graph": knowledgeGraph,
  "25_ledger_understanding": ledgerUnderstanding,
  "30_search_statistics_in_cache": searchStatisticsInCache
}

/** Key of the advisory lock that serializes migration runs (any constant bigint). */
const LOCK_KEY = 7_263_413_902_144_021n

const migrator = Migrator.make({})

/**
 * Applies the pending migrations; returns those applied by this call. Safe to run from several
 * instances at once.
 */
export const run: Effect.Effect<
  ReadonlyArray<readonly [id: number, name: string]>,
  Migrator.MigrationError | SqlError.SqlError,
  SqlClient.SqlClient
> = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return yield* sql.withTransaction(
    Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(${LOCK_KEY.toString()}::bigint)`
      yield* sql`
        CREATE TABLE IF NOT EXISTS ${sql(MIGRATIONS_TABLE)} (
          migration_id integer PRIMARY KEY,
          created_at timestamp with time zone NOT NULL DEFAULT now(),
          name text NOT NULL
        )`
      return yield* migrator({ loader: Migrator.fromRecord(migrations), table: MIGRATIONS_TABLE })
    })
  )
})
