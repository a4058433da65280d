/**
 * Migration 20: the search index (spec 3 "Search"; `search-index.ts`). Every table but the first is
 * keyed by `wid`, a number drawn once per indexed workspace (a new one after `removeWorkspace` or a
 * reset), so postings stay narrow and a process's cached vectors of a removed workspace never pass
 * for its successor's.
 *
 * - `docket_search_workspaces`: one row per indexed workspace (its existence is `indexed`), the
 *   latest model, file and chunk counts, and `seq`, the workspace's change counter. Every write
 *   locks this row first: writers of one workspace serialize on it (no deadlock, no lost update),
 *   and the counter grows in commit order, so any snapshot sees a prefix of the changes.
 * - `docket_search_files`: per file its `seq` (the change that last touched it: replace, relabel,
 *   remove) and `content_seq` (the replace that wrote its chunks); a removed file stays as a
 *   tombstone of 0 chunks, so a process catching up reads what changed since its last `seq`.
 *   `terms` lists its chunks' distinct terms, so its postings are found (and deleted) by the
 *   postings' own key, without a second index on them.
 * - `docket_search_chunks`: each chunk's reference, field lengths and vector (Float32 LE bytea).
 * - `docket_search_postings`: one row per (term, chunk) with the term's frequency per field.
 * - `docket_search_label_totals` and `docket_search_term_df`: chunk counts, summed field lengths
 *   and per-term document frequencies per access label ('' = unlabelled; names are never empty),
 *   kept in the writer's transaction, so the visible collection's statistics cost one row per
 *   label and term instead of a scan.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE SEQUENCE docket_search_wid`
  yield* sql`
    CREATE TABLE docket_search_workspaces (
      tenant_id    text NOT NULL,
      workspace_id text NOT NULL,
      wid          bigint NOT NULL UNIQUE DEFAULT nextval('docket_search_wid'),
      seq          bigint NOT NULL DEFAULT 0,
      model        text,
      files        integer NOT NULL DEFAULT 0,
      chunks       integer NOT NULL DEFAULT 0,
      PRIMARY KEY (tenant_id, workspace_id)
    )`
  yield* sql`
    CREATE TABLE docket_search_files (
      wid         bigint NOT NULL,
      file_id     text NOT NULL,
      fid         bigint NOT NULL DEFAULT nextval('docket_search_wid'),
      seq         bigint NOT NULL,
      content_seq bigint NOT NULL,
      chunks      integer NOT NULL,
      terms       text[] NOT NULL,
      PRIMARY KEY (wid, file_id)
    )`
  yield* sql`CREATE INDEX docket_search_files_by_seq ON docket_search_files (wid, seq)`
  yield* sql`
    CREATE TABLE docket_search_chunks (
      wid          bigint NOT NULL,
      fid          bigint NOT NULL,
      chunk_index  integer NOT NULL,
      file_id      text NOT NULL,
      path         text NOT NULL,
      access_label text,
      category     text,
      component    text,
      locator      text NOT NULL,
      title        text NOT NULL,
      body         text NOT NULL,
      len_title    integer NOT NULL,
      len_text     integer NOT NULL,
      vector       bytea,
      PRIMARY KEY (wid, fid, chunk_index)
    )`
  yield* sql`
    CREATE TABLE docket_search_postings (
      wid         bigint NOT NULL,
      term        text NOT NULL,
      fid         bigint NOT NULL,
      chunk_index integer NOT NULL,
      tf_title    integer NOT NULL,
      tf_text     integer NOT NULL,
      PRIMARY KEY (wid, term, fid, chunk_index)
    )`
  yield* sql`
    CREATE TABLE docket_search_label_totals (
      wid       bigint NOT NULL,
      label     text NOT NULL,
      chunks    bigint NOT NULL,
      len_title bigint NOT NULL,
      len_text  bigint NOT NULL,
      PRIMARY KEY (wid, label)
    )`
  yield* sql`
    CREATE TABLE docket_search_term_df (
      wid   bigint NOT NULL,
      term  text NOT NULL,
      label text NOT NULL,
      df    bigint NOT NULL,
      PRIMARY KEY (wid, term, label)
    )`
})
