/**
 * The port of the workspace SQL engine: typed tables per workspace, and one read-only query at a
 * time over them. Isolation and read-only-ness come from the engine, never from parsing the SQL
 * here (DESIGN.md, "Tables and SQL"): PostgreSQL on storage-pg, PGlite in storage-memory, both with
 * a schema and a role per workspace (see `postgres-dialect.ts` for the construction they share).
 */
import { Context, Data, type Effect } from "effect"
import type { ApiError, FlatError, V1Error } from "../../api/errors.js"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { SqlResult, TableRow, WorkspaceTable } from "./workspace-table.js"

/** Why the engine refused a query; every one is the caller's to fix (422). */
export type SqlRejectionReason =
  | "syntax"
  | "multiple_statements"
  | "not_read_only"
  | "permission_denied"
  | "unknown_table"
  | "unknown_column"
  | "unknown_function"
  | "timeout"
  | "invalid_value"
  | "too_complex"
  | "empty"

/** 422 `invalid_request`: the query is not one read-only statement the engine can run over this workspace's tables. */
export class SqlRejected extends Data.TaggedError("SqlRejected")<{
  readonly reason: SqlRejectionReason
  readonly message: string
}> implements ApiError {
  get text() {
    return this.message
  }
  get flat(): FlatError {
    return { status: 422, code: "validation_error", errors: [{ field: "sql", message: this.message }] }
  }
  get v1(): V1Error {
    return { status: 422, code: "invalid_request", detail: { reason: this.reason, errors: [{ field: "sql", message: this.message }] } }
  }
}

export interface SqlQueryOptions {
  /** rows returned at most; `truncated` says whether there were more */
  readonly maxRows: number
  /** the engine cancels the statement past this (milliseconds) */
  readonly timeoutMs: number
}

export interface WorkspaceSqlService {
  /** creates (or atomically replaces) the table `table.table_name` with `rows`, typed as its columns say */
  readonly loadTable: (tenantId: string, workspaceId: string, table: WorkspaceTable, rows: ReadonlyArray<TableRow>) => Effect.Effect<void, StorageUnavailable>
  readonly dropTables: (tenantId: string, workspaceId: string, tableNames: ReadonlyArray<string>) => Effect.Effect<void, StorageUnavailable>
  /** drops every table of the workspace and what isolates it (schema, role) */
  readonly dropWorkspace: (tenantId: string, workspaceId: string) => Effect.Effect<void, StorageUnavailable>
  /** the workspace's table descriptors, by table name */
  readonly listTables: (tenantId: string, workspaceId: string) => Effect.Effect<ReadonlyArray<WorkspaceTable>, StorageUnavailable>
  /** runs exactly one read-only statement over the workspace's tables */
  readonly query: (tenantId: string, workspaceId: string, sql: string, options: SqlQueryOptions) => Effect.Effect<SqlResult, SqlRejected | StorageUnavailable>
}

export class WorkspaceSql extends Context.Tag("@docket/core/WorkspaceSql")<WorkspaceSql, WorkspaceSqlService>() {}
