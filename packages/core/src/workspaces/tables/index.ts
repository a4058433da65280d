/** Workspace tables (spec 3): typed, profiled tables from sheets, CSVs and document tables, and the SQL engine port over them. */
export * from "./column-types.js"
export * from "./postgres-dialect.js"
export * from "./sql-engine.js"
export * from "./table-name.js"
export * from "./table-profile.js"
export * from "./workspace-table.js"
export * from "./query-tables.js"
export * from "./table-listing.js"
