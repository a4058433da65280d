/**
 * Migration 23: each search chunk's postings beside it (`docket_search_chunks.postings`), so a
 * process's search cache reads a changed file's postings in the same catch-up query as its
 * vectors (`search-index.ts`): the chunk's terms with their frequency per field, as the JSON array
 * of flat triples `[term, tf_title, tf_text, …]` that core's `KeywordScan` takes. The postings
 * table keeps its rows (the writers' statistics deltas read them); the column is filled from it for
 * the chunks already indexed.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE docket_search_chunks ADD COLUMN postings text`
  yield* sql`
    UPDATE docket_search_chunks c SET postings = p.postings
    FROM (
      SELECT p.wid, p.fid, p.chunk_index, json_agg(u.e ORDER BY p.term, u.ord)::text AS postings
      FROM docket_search_postings p,
        LATERAL unnest(ARRAY[to_json(p.term), to_json(p.tf_title), to_json(p.tf_text)]) WITH ORDINALITY AS u(e, ord)
      GROUP BY p.wid, p.fid, p.chunk_index
    ) p
    WHERE c.wid = p.wid AND c.fid = p.fid AND c.chunk_index = p.chunk_index`
  yield* sql`UPDATE docket_search_chunks SET postings = '[]' WHERE postings IS NULL`
  yield* sql`ALTER TABLE docket_search_chunks ALTER COLUMN postings SET NOT NULL`
})
