/**
 * The object-store buckets a document-service tenant's `s3://` sources may name: a JSON array of
 * names, NULL when none were ever set.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE docket_docs_tenants ADD COLUMN buckets text`
})
