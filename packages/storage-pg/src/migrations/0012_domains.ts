/**
 * Migration 12: tenant domains (spec 3; platform domains live in code). A domain is a row of
 * `docket_domains` (its slug unique in the tenant, `seq` for keyset paging) and its numbered
 * versions rows of `docket_domain_versions`; taxonomy and ontology are JSON text (read back with
 * their keys in order).
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_domains (
      seq        bigserial PRIMARY KEY,
      domain_id  text NOT NULL UNIQUE,
      tenant_id  text NOT NULL,
      slug       text NOT NULL,
      UNIQUE (tenant_id, slug)
    )`
  yield* sql`CREATE INDEX docket_domains_by_tenant ON docket_domains (tenant_id, seq)`
  yield* sql`
    CREATE TABLE docket_domain_versions (
      domain_id    text NOT NULL,
      version      integer NOT NULL,
      tenant_id    text NOT NULL,
      slug         text NOT NULL,
      display_name text NOT NULL,
      parent_slug  text,
      status       text NOT NULL,
      taxonomy     text NOT NULL,
      ontology     text NOT NULL,
      published_at bigint,
      created_at   bigint NOT NULL,
      updated_at   bigint NOT NULL,
      PRIMARY KEY (domain_id, version)
    )`
})
