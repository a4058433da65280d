/**
 * Migration 30: the search index keeps only what it reads. Postings live beside each chunk
 * (`docket_search_chunks.postings`, migration 23) and BM25F's statistics (label totals, document
 * frequencies) are counted by core's `KeywordScan` from them in each process's cache, so the
 * per-term postings table, the label totals, the document frequencies and each file's term list
 * (which only located its postings) were written on every ingestion and never read.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`DROP TABLE docket_search_postings`
  yield* sql`DROP TABLE docket_search_label_totals`
  yield* sql`DROP TABLE docket_search_term_df`
  yield* sql`ALTER TABLE docket_search_files DROP COLUMN terms`
})
