/**
 * Migration 18: each workspace file's `kind` (`table`, `document`, `media`: core's
 * `contentKindOf`), a column beside the document so `folder-metadata`'s `kind` filter runs in the
 * list query (its counts and `coverage` exact). Existing rows are filled by the same core rule,
 * not by a copy of it in SQL.
 */
import { Workspaces } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE docket_ws_files ADD COLUMN kind text`
  const rows = yield* sql<{ readonly file_id: string; readonly doc: string }>`SELECT file_id, doc FROM docket_ws_files`
  for (const row of rows) {
    const file = JSON.parse(row.doc) as Workspaces.Files.WorkspaceFile
    yield* sql`UPDATE docket_ws_files SET kind = ${Workspaces.Files.contentKindOf(file.path, file.file_type)} WHERE file_id = ${row.file_id}`
  }
  yield* sql`ALTER TABLE docket_ws_files ALTER COLUMN kind SET NOT NULL`
})
