/**
 * Migration 3: the document service's stores — tenants and their keys, jobs, the job queue,
 * upload handles, blobs, and the extraction-schema registry.
 *
 * - Times are the service clock (epoch ms, bigint), never the database's `now()`.
 * - Docs keys are stored only as the hash the port receives (hex SHA-256); `hash` is UNIQUE, the
 *   lookup of every authentication.
 * - Jobs: the whole job is one JSON document (`doc`, kept as text so the result reads back with
 *   its keys in their order); the columns beside it are what lists filter and order on. `seq`
 *   breaks ties of `created_at` in insertion order. An idempotency key is unique per tenant.
 * - Job queue: one row per queued job id, in offer order (`seq`); a claim sets `lease_id` and
 *   `lease_expires_at` (service clock) and counts `attempts`.
 * - Blobs: `docket_blobs` names, per key, the chunk set (`blob_id`) currently under it; chunks are
 *   bytea rows of at most 256 KiB written one statement each while the upload streams in. A put
 *   points the key at its chunks only once all are written, so a failed or oversized put leaves
 *   the key as it was.
 * - Schemas: every version is a row; `docket_schema_families` holds each family's latest version
 *   and is the row an append locks. Ids are `COLLATE "C"`: ordered by code unit, as in memory.
 *   `scope` is `p` for the platform, `t:<tenant id>` for a tenant.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_docs_tenants (
      tenant_id       text PRIMARY KEY,
      credits         bigint NOT NULL,
      paid_usage      boolean NOT NULL,
      rpm             integer NOT NULL,
      concurrent_jobs integer NOT NULL,
      sync_waits      integer NOT NULL,
      created_at      bigint NOT NULL
    )`
  yield* sql`
    CREATE TABLE docket_docs_keys (
      key_id        text PRIMARY KEY,
      tenant_id     text NOT NULL,
      hash          text NOT NULL UNIQUE,
      access_labels text NOT NULL,
      status        text NOT NULL CHECK (status IN ('active', 'revoked')),
      created_at    bigint NOT NULL
    )`
  yield* sql`
    CREATE TABLE docket_jobs (
      job_id          text PRIMARY KEY,
      seq             bigserial NOT NULL,
      tenant_id       text NOT NULL,
      kind            text NOT NULL,
      status          text NOT NULL,
      idempotency_key text,
      created_at      bigint NOT NULL,
      doc             text NOT NULL
    )`
  yield* sql`CREATE INDEX docket_jobs_by_tenant ON docket_jobs (tenant_id, created_at DESC, seq DESC)`
  yield* sql`CREATE UNIQUE INDEX docket_jobs_idempotency ON docket_jobs (tenant_id, idempotency_key) WHERE idempotency_key IS NOT NULL`
  yield* sql`
    CREATE TABLE docket_job_queue (
      job_id           text PRIMARY KEY,
      seq              bigserial NOT NULL,
      lease_id         text,
      lease_expires_at bigint,
      attempts         integer NOT NULL DEFAULT 0
    )`
  yield* sql`CREATE INDEX docket_job_queue_order ON docket_job_queue (seq)`
  yield* sql`
    CREATE TABLE docket_uploads (
      file_id    text PRIMARY KEY,
      tenant_id  text NOT NULL,
      file_name  text NOT NULL,
      size       bigint NOT NULL,
      created_at bigint NOT NULL,
      expires_at bigint NOT NULL
    )`
  yield* sql`
    CREATE TABLE docket_blobs (
      key     text PRIMARY KEY,
      blob_id text NOT NULL,
      size    bigint NOT NULL
    )`
  yield* sql`
    CREATE TABLE docket_blob_chunks (
      blob_id text NOT NULL,
      seq     integer NOT NULL,
      data    bytea NOT NULL,
      PRIMARY KEY (blob_id, seq)
    )`
  yield* sql`
    CREATE TABLE docket_schema_families (
      scope     text COLLATE "C" NOT NULL,
      schema_id text COLLATE "C" NOT NULL,
      latest    integer NOT NULL,
      PRIMARY KEY (scope, schema_id)
    )`
  yield* sql`
    CREATE TABLE docket_schema_versions (
      scope       text COLLATE "C" NOT NULL,
      schema_id   text COLLATE "C" NOT NULL,
      version     integer NOT NULL,
      owner       text NOT NULL CHECK (owner IN ('tenant', 'platform')),
      tenant_id   text,
      name        text NOT NULL,
      description text,
      schema      text NOT NULL,
      created_at  bigint NOT NULL,
      updated_at  bigint NOT NULL,
      PRIMARY KEY (scope, schema_id, version)
    )`
})
