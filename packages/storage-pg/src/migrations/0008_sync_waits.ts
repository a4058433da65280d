/**
 * Migration 8: the places of concurrent sync waits (spec 2's cap per tenant), shared by every
 * instance on the database (`sync-wait-store.ts`). A place is a row until its wait ends, or until
 * its expiry (service clock, epoch ms) for a wait whose instance died.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_sync_waits (
      wait_id    text PRIMARY KEY,
      tenant_id  text NOT NULL,
      expires_at bigint NOT NULL
    )`
  yield* sql`CREATE INDEX docket_sync_waits_tenant ON docket_sync_waits (tenant_id)`
})
