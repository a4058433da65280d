/**
 * Migration 19: an index that serves a prefix match on blob keys (`BlobStore.deletePrefix`, the
 * sweep of a deleted workspace's blobs), which the primary key, in the database's collation,
 * cannot: keys in code-point order (`COLLATE "C"`), where the keys under a prefix are one range.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE INDEX docket_blobs_by_key_prefix ON docket_blobs ((key COLLATE "C"))`
})
