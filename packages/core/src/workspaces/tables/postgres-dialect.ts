/**
 * What the PostgreSQL and PGlite engines of `WorkspaceSql` share: the names of a workspace's schema
 * and role, the statements that build and query them, the mapping of engine errors to
 * `SqlRejected`, and of result values to JSON.
 *
 * The construction: a schema per workspace holds its tables; a role per workspace (NOLOGIN) has
 * USAGE on that schema and SELECT on its tables, nothing else. A query runs in a READ ONLY
 * transaction after `SET LOCAL ROLE`, with `search_path` the schema then `pg_catalog` and a
 * `statement_timeout`; the text is handed as a parameter to `docket_sql.open_query`, which opens a
 * cursor on it (`OPEN … FOR EXECUTE`): the engine refuses more than one statement and anything
 * that is not a query ("cannot open INSERT query as cursor"). Rows are fetched up to maxRows + 1
 * (the cap never changes what the query means). `pg_catalog.set_config` is revoked from PUBLIC:
 * with it a query could `set_config('role', …)` back to the connection's own role mid-statement;
 * an engine refuses to run queries while PUBLIC can still execute it.
 */
import { SqlRejected, type SqlRejectionReason } from "./sql-engine.js"
import type { ColumnType, SqlValue, TableValue, WorkspaceTable } from "./workspace-table.js"

export const PG_TYPES: Record<ColumnType, string> = {
  integer: "bigint",
  numeric: "numeric",
  boolean: "boolean",
  date: "date",
  timestamp: "timestamp",
  text: "text"
}

/** `"name"` (names are SQL-safe already; quoting keeps reserved words and case exact) */
export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`

/** The schema (and role) name of a workspace: `docket_ws_` and 40 hex characters of the caller's digest. */
export const workspaceSchemaName = (digestHex: string) => `docket_ws_${digestHex.slice(0, 40)}`

/** The text a digest is taken of: the database (roles are cluster-wide), tenant and workspace. */
export const workspaceKey = (database: string, tenantId: string, workspaceId: string) => `${database}\u0000${tenantId}\u0000${workspaceId}`

/** Statements that create the helper schema and function, and close `set_config` (idempotent). */
export const SETUP_STATEMENTS: ReadonlyArray<string> = [
  `CREATE SCHEMA IF NOT EXISTS docket_sql`,
  `CREATE OR REPLACE FUNCTION docket_sql.open_query(query text) RETURNS refcursor LANGUAGE plpgsql SECURITY INVOKER AS $fn$
DECLARE c refcursor := 'docket_query';
BEGIN
  OPEN c FOR EXECUTE query;
  RETURN c;
END
$fn$`,
  `REVOKE ALL ON SCHEMA docket_sql FROM PUBLIC`,
  `REVOKE ALL ON FUNCTION docket_sql.open_query(text) FROM PUBLIC`,
  `REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC`,
  `GRANT EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) TO CURRENT_USER`
]

/** Whether PUBLIC (so every workspace role) may still call `set_config` — then queries are refused. */
export const SET_CONFIG_OPEN = `SELECT has_function_privilege('public', 'pg_catalog.set_config(text,text,boolean)', 'EXECUTE') AS open`

/** Statements (in a transaction) that make the workspace's schema and role exist, the role reading nothing yet. */
export const ensureWorkspaceStatements = (schema: string): ReadonlyArray<string> => [
  `CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`,
  `DO $do$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${schema}') THEN
    CREATE ROLE ${quoteIdent(schema)} NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION;
  END IF;
END $do$`,
  `REVOKE ALL ON SCHEMA ${quoteIdent(schema)} FROM PUBLIC`,
  `GRANT USAGE ON SCHEMA ${quoteIdent(schema)} TO ${quoteIdent(schema)}`,
  `GRANT USAGE ON SCHEMA docket_sql TO ${quoteIdent(schema)}`,
  `GRANT EXECUTE ON FUNCTION docket_sql.open_query(text) TO ${quoteIdent(schema)}`
]

/** Statements (in the same transaction) that replace the table and let the role read it. */
export const replaceTableStatements = (schema: string, table: WorkspaceTable): ReadonlyArray<string> => {
  const qualified = `${quoteIdent(schema)}.${quoteIdent(table.table_name)}`
  const columns = table.columns.map((c) => `${quoteIdent(c.name)} ${PG_TYPES[c.data_type]}`).join(", ")
  return [
    `DROP TABLE IF EXISTS ${qualified}`,
    `CREATE TABLE ${qualified} (${columns})`,
    `GRANT SELECT ON TABLE ${qualified} TO ${quoteIdent(schema)}`
  ]
}

/** Parameterised INSERTs of `rows`, in batches that stay under the protocol's 65535 parameters. */
export const insertBatches = (
  schema: string,
  table: WorkspaceTable,
  rows: ReadonlyArray<ReadonlyArray<TableValue>>
): ReadonlyArray<{ readonly sql: string; readonly params: ReadonlyArray<string | null> }> => {
  const width = table.columns.length
  if (width === 0 || rows.length === 0) return []
  const perBatch = Math.max(1, Math.min(1000, Math.floor(60000 / width)))
  const qualified = `${quoteIdent(schema)}.${quoteIdent(table.table_name)}`
  const names = table.columns.map((c) => quoteIdent(c.name)).join(", ")
  const casts = table.columns.map((c) => PG_TYPES[c.data_type])
  const out: Array<{ sql: string; params: Array<string | null> }> = []
  for (let start = 0; start < rows.length; start += perBatch) {
    const batch = rows.slice(start, start + perBatch)
    const params: Array<string | null> = []
    const tuples = batch.map((row) => {
      const slots = casts.map((cast, c) => {
        const v = row[c] ?? null
        params.push(v === null ? null : String(v))
        return `$${params.length}::${cast}`
      })
      return `(${slots.join(", ")})`
    })
    out.push({ sql: `INSERT INTO ${qualified} (${names}) VALUES ${tuples.join(", ")}`, params })
  }
  return out
}

/** The statements that begin a query's transaction, in order (after BEGIN). */
export const queryPreludeStatements = (schema: string, timeoutMs: number): ReadonlyArray<string> => [
  `SET TRANSACTION READ ONLY`,
  `SET LOCAL ROLE ${quoteIdent(schema)}`,
  `SET LOCAL search_path = ${quoteIdent(schema)}, pg_catalog`,
  `SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`
]

export const OPEN_QUERY = `SELECT docket_sql.open_query($1)`
export const fetchStatement = (maxRows: number) => `FETCH FORWARD ${Math.max(0, Math.floor(maxRows)) + 1} FROM docket_query`

/** Type names of the OIDs a result commonly holds (others are named by `format_type`). */
export const TYPE_NAMES: Record<number, string> = {
  16: "boolean",
  20: "integer",
  21: "integer",
  23: "integer",
  700: "double precision",
  701: "double precision",
  1700: "numeric",
  1082: "date",
  1114: "timestamp",
  1184: "timestamp with time zone",
  25: "text",
  1043: "text",
  1042: "text",
  19: "text",
  114: "json",
  3802: "jsonb",
  2278: "void"
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0")

/**
 * A result value as JSON: exact decimals, and integers beyond 2^53, as strings; dates `YYYY-MM-DD`,
 * timestamps ISO (`T` separator), JSON values as their text, bytes as `\x` hex.
 */
export const toSqlValue = (oid: number, value: unknown): SqlValue => {
  if (value === null || value === undefined) return null
  if (typeof value === "boolean") return value
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value)
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()
  if (value instanceof Date) {
    // node-postgres reads date and timestamp in local time; timestamptz is an instant
    if (oid === 1082) return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
    if (oid === 1114) {
      const ms = value.getMilliseconds()
      return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}T${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}${ms === 0 ? "" : `.${pad(ms, 3)}`}`
    }
    return value.toISOString()
  }
  if (value instanceof Uint8Array) return `\\x${Array.from(value, (b) => b.toString(16).padStart(2, "0")).join("")}`
  if (typeof value === "string") {
    if (oid === 1114 || oid === 1184) return value.replace(" ", "T")
    if (oid === 20 || oid === 21 || oid === 23) {
      const n = Number(value)
      return Number.isSafeInteger(n) ? n : value
    }
    return value
  }
  return JSON.stringify(value)
}

/** A failure of the engine, read from its SQLSTATE and message. */
export interface EngineFailure {
  readonly code: string | undefined
  readonly message: string
}

const UNKNOWN_TABLE = "unknown table: only this workspace's tables can be queried (folder-metadata with include_tables lists them)"

/**
 * The refusal an engine failure means for the caller, or null when it is the engine's own fault
 * (connection lost, out of resources) — then the port fails as unavailable. Messages never name
 * another workspace's schema: a relation outside the workspace reads as unknown, whether it
 * exists or not.
 */
export const rejectionOf = (failure: EngineFailure): SqlRejected | null => {
  const { code, message } = failure
  const reject = (reason: SqlRejectionReason, text: string) => new SqlRejected({ reason, message: text })
  if (code === undefined) return null
  if (/multiple commands|multi-query/i.test(message)) return reject("multiple_statements", "exactly one statement is accepted: remove everything after the first ';'")
  if (/cannot open .* query as cursor|must not contain data-modifying|DECLARE CURSOR/i.test(message) || code === "25006" || code === "42P11") {
    return reject("not_read_only", `only a read-only query (SELECT, WITH … SELECT, VALUES, TABLE) is accepted: ${message}`)
  }
  if (code === "57014") return reject("timeout", "the query ran past its time limit and was cancelled: narrow it (filters, LIMIT) or aggregate")
  if (code === "42P01" || code === "3F000") return reject("unknown_table", UNKNOWN_TABLE)
  if (code === "42501") {
    if (/for (schema|table|relation|view|sequence)/i.test(message)) return reject("unknown_table", UNKNOWN_TABLE)
    return reject("permission_denied", `not allowed over workspace tables: ${message.replace(/docket_ws_[0-9a-f]+/g, "<workspace>")}`)
  }
  if (code === "42601" || code === "42P02") return reject("syntax", `syntax error: ${message}`)
  if (code === "42703") return reject("unknown_column", message)
  if (code === "42883" || code === "42725") return reject("unknown_function", message)
  if (code.startsWith("42")) return reject("syntax", message.replace(/docket_ws_[0-9a-f]+/g, "<workspace>"))
  if (code.startsWith("22") || code.startsWith("2F") || code.startsWith("39") || code.startsWith("0A") || code.startsWith("21")) {
    return reject("invalid_value", message.replace(/docket_ws_[0-9a-f]+/g, "<workspace>"))
  }
  if (code === "54001" || code === "54000" || code === "53200" || code === "53400") return reject("too_complex", `the query is too large or deep for the engine: ${message}`)
  if (code === "25P02" || code === "25001" || code === "25P01" || code === "0B000") return reject("not_read_only", "transaction control is not accepted: send one query")
  return null
}
