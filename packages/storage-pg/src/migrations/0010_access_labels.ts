/**
 * Migration 10: the tenant's access-label catalog (spec 3). `seq` orders a tenant's labels for
 * keyset paging (a label created while a client pages lands after every cursor handed out); a
 * name is unique in its tenant.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_access_labels (
      seq             bigserial PRIMARY KEY,
      access_label_id text NOT NULL UNIQUE,
      tenant_id       text NOT NULL,
      name            text NOT NULL,
      description     text NOT NULL,
      created_at      bigint NOT NULL,
      updated_at      bigint NOT NULL,
      UNIQUE (tenant_id, name)
    )`
  yield* sql`CREATE INDEX docket_access_labels_by_tenant ON docket_access_labels (tenant_id, seq)`
})
