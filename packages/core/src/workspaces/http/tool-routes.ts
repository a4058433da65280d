/** The file tools `read-file`, `qa-file`, `run-sql`, `query-tables` over HTTP (spec 3, "File tools"; shapes in the README). */
import { Effect } from "effect"
import { jsonBodyOf } from "../../api/endpoint.js"
import { docsJson } from "../../api/envelope.js"
import { getWorkspace } from "../workspace/workspaces.js"
import { qaFile } from "../tools/qa-file.js"
import { readFile } from "../tools/read-file.js"
import { queryTables, runSql } from "../tools/table-tools.js"
import { pagesOf, QaFileBody, QueryTablesBody, ReadFileBody, RunSqlBody } from "../tools/tool-input.js"
import { visibleLabelsOf } from "../files/file-access.js"
import { ingestedToolFile } from "../tools/tool-file.js"
import { WorkspaceIdParams, workspaceEndpoint } from "./endpoints.js"
import { storeDown } from "./store-errors.js"

const TAG = "file tools"

const FILE_ERRORS = [[404, "workspace_not_found"], [404, "file_not_found"], [409, "file_not_ingested"], [422, "invalid_request"]] as const
const SQL_ERRORS = [[404, "workspace_not_found"], [422, "invalid_request"]] as const

/** What the caller may see of the workspace the route names. */
const callerView = (tenantId: string, workspaceId: string, grants: ReadonlyArray<string>) =>
  Effect.map(getWorkspace(tenantId, workspaceId), (workspace) => ({ workspace, visible: visibleLabelsOf(workspace, grants) }))

export const toolEndpoints = [
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/tools/read-file",
    costClass: "light",
    tag: TAG,
    summary: "Read an ingested file's text: whole, a component, pages; bounded, with truncated and next_offset",
    params: WorkspaceIdParams,
    body: jsonBodyOf(ReadFileBody),
    responses: [{ status: 200, description: "`{path, file_id, version, component, pages, text, segments, offset, returned_chars, total_chars, truncated, next_offset, coverage}`" }],
    errors: [...FILE_ERRORS],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const { visible, workspace } = yield* callerView(caller.tenant.tenant_id, params.workspace_id, caller.access_labels)
        const target = yield* ingestedToolFile(caller.tenant.tenant_id, workspace.workspace_id, body.path, visible)
        return docsJson(200, yield* readFile(target, { ...body, pages: pagesOf(body.pages) }), ctx.requestId)
      }).pipe(storeDown)
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/tools/qa-file",
    costClass: "medium",
    tag: TAG,
    summary: "Answer a question from one ingested file, citing quotes with their page, component and character range",
    params: WorkspaceIdParams,
    body: jsonBodyOf(QaFileBody),
    responses: [{ status: 200, description: "`{path, file_id, version, question, found, answer, confidence, citations, component, pages, passages_considered, scanned_chars, truncated, coverage}`" }],
    errors: [...FILE_ERRORS],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const { visible, workspace } = yield* callerView(caller.tenant.tenant_id, params.workspace_id, caller.access_labels)
        const target = yield* ingestedToolFile(caller.tenant.tenant_id, workspace.workspace_id, body.path, visible)
        return docsJson(200, yield* qaFile(target, { ...body, pages: pagesOf(body.pages) }), ctx.requestId)
      }).pipe(storeDown)
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/tools/run-sql",
    costClass: "medium",
    tag: TAG,
    summary: "Run one read-only SELECT over the workspace's tables (row cap, statement timeout)",
    params: WorkspaceIdParams,
    body: jsonBodyOf(RunSqlBody),
    responses: [{ status: 200, description: "`{columns, rows, row_count, truncated, max_rows, coverage}`" }],
    errors: [...SQL_ERRORS],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const { visible, workspace } = yield* callerView(caller.tenant.tenant_id, params.workspace_id, caller.access_labels)
        return docsJson(200, yield* runSql(caller.tenant.tenant_id, workspace.workspace_id, visible, body), ctx.requestId)
      }).pipe(storeDown)
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/tools/query-tables",
    costClass: "slow",
    tag: TAG,
    summary: "Answer a question over the workspace's tables with one generated SELECT: the SQL, the rows and a sentence",
    params: WorkspaceIdParams,
    body: jsonBodyOf(QueryTablesBody),
    responses: [{ status: 200, description: "`{question, answered, answer, interpretation, sql, columns, rows, row_count, truncated, tables, coverage}`" }],
    errors: [...SQL_ERRORS],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const { visible, workspace } = yield* callerView(caller.tenant.tenant_id, params.workspace_id, caller.access_labels)
        return docsJson(200, yield* queryTables(caller.tenant.tenant_id, workspace.workspace_id, visible, body), ctx.requestId)
      }).pipe(storeDown)
  })
]
