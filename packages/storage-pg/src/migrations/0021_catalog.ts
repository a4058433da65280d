/**
 * Migration 21: the catalog of filtered search (spec 3; `Workspaces.Catalog.CatalogStore`).
 *
 * - `docket_ws_catalog_files`: each catalogued file, the catalog version that wrote its entries
 *   and its label (coverage and `exhaustive` count files, not entries).
 * - `docket_ws_catalog_entries`: one row per component, the columns a query scopes and orders by,
 *   the component and its cells as JSON text.
 * - `docket_ws_catalog_values`: one row per cell, with the keys filters compare
 *   (`Workspaces.Catalog.cellKeysOf`: folded text, scheme, ISO date, numeric amount, currency).
 * - `docket_ws_catalog_revisions`: a counter per workspace moved by every write (`catalog_drifted`).
 * Text that orders or compares is `COLLATE "C"` (code points, as in every adapter).
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_ws_catalog_files (
      tenant_id       text NOT NULL,
      workspace_id    text NOT NULL,
      file_id         text COLLATE "C" NOT NULL,
      catalog_version integer NOT NULL,
      access_label    text,
      PRIMARY KEY (tenant_id, workspace_id, file_id)
    )`
  yield* sql`
    CREATE TABLE docket_ws_catalog_entries (
      tenant_id       text NOT NULL,
      workspace_id    text NOT NULL,
      file_id         text COLLATE "C" NOT NULL,
      ordinal         integer NOT NULL,
      path            text COLLATE "C" NOT NULL,
      document_type   text,
      category        text,
      access_label    text,
      catalog_version integer NOT NULL,
      doc             text NOT NULL,
      PRIMARY KEY (tenant_id, workspace_id, file_id, ordinal)
    )`
  yield* sql`CREATE INDEX docket_ws_catalog_entries_path ON docket_ws_catalog_entries (tenant_id, workspace_id, path, file_id, ordinal)`
  yield* sql`
    CREATE TABLE docket_ws_catalog_values (
      tenant_id    text NOT NULL,
      workspace_id text NOT NULL,
      file_id      text COLLATE "C" NOT NULL,
      ordinal      integer NOT NULL,
      idx          integer NOT NULL,
      field        text NOT NULL,
      status       text NOT NULL,
      text         text COLLATE "C",
      scheme       text COLLATE "C",
      date         text COLLATE "C",
      amount       numeric,
      currency     text,
      PRIMARY KEY (tenant_id, workspace_id, file_id, ordinal, idx)
    )`
  yield* sql`CREATE INDEX docket_ws_catalog_values_field ON docket_ws_catalog_values (tenant_id, workspace_id, field, status)`
  yield* sql`
    CREATE TABLE docket_ws_catalog_revisions (
      tenant_id    text NOT NULL,
      workspace_id text NOT NULL,
      revision     bigint NOT NULL,
      PRIMARY KEY (tenant_id, workspace_id)
    )`
})
