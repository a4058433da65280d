/**
 * Migration 13: workspace files (spec 3, "Files"), their replaced versions, their derived outputs
 * and the members of folder outputs.
 *
 * - A file is one JSON document (`doc`, text: labels keep their key order); the columns beside
 *   it are what lists filter, order and count on, rewritten with the document on every change.
 * - `path` and `file_id` are `COLLATE "C"`: code-point order, as in memory. A path is unique per
 *   tenant and workspace (the create race is decided by that index).
 * - `path_folded` is the path case-folded by core (`foldCase`), so `name_contains` matches
 *   exactly as in memory whatever the database's locale.
 * - Only replaced versions have rows; the current version is read off the file.
 * - Times are the service clock (epoch ms, bigint).
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_ws_files (
      file_id          text COLLATE "C" PRIMARY KEY,
      tenant_id        text NOT NULL,
      workspace_id     text NOT NULL,
      path             text COLLATE "C" NOT NULL,
      path_folded      text NOT NULL,
      ingestion_status text NOT NULL,
      category         text,
      access_label     text,
      size_bytes       bigint NOT NULL,
      page_count       integer,
      created_at       bigint NOT NULL,
      ingested_at      bigint,
      generation       integer NOT NULL DEFAULT 0,
      doc              text NOT NULL
    )`
  yield* sql`CREATE UNIQUE INDEX docket_ws_files_by_path ON docket_ws_files (tenant_id, workspace_id, path)`
  yield* sql`CREATE INDEX docket_ws_files_by_created ON docket_ws_files (tenant_id, workspace_id, created_at, file_id)`
  yield* sql`
    CREATE TABLE docket_ws_file_versions (
      file_id      text NOT NULL,
      version      integer NOT NULL,
      tenant_id    text NOT NULL,
      workspace_id text NOT NULL,
      doc          text NOT NULL,
      PRIMARY KEY (file_id, version)
    )`
  yield* sql`
    CREATE TABLE docket_ws_file_outputs (
      output_id    text COLLATE "C" PRIMARY KEY,
      file_id      text NOT NULL,
      tenant_id    text NOT NULL,
      workspace_id text NOT NULL,
      path         text COLLATE "C" NOT NULL,
      created_at   bigint NOT NULL,
      doc          text NOT NULL
    )`
  yield* sql`CREATE INDEX docket_ws_file_outputs_by_file ON docket_ws_file_outputs (file_id)`
  yield* sql`CREATE INDEX docket_ws_file_outputs_by_path ON docket_ws_file_outputs (tenant_id, workspace_id, path)`
  yield* sql`
    CREATE TABLE docket_ws_output_members (
      output_id text NOT NULL,
      idx       integer NOT NULL,
      file_id   text NOT NULL,
      doc       text NOT NULL,
      PRIMARY KEY (output_id, idx)
    )`
  yield* sql`CREATE INDEX docket_ws_output_members_by_file ON docket_ws_output_members (file_id)`
})
