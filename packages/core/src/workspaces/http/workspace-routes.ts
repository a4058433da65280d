/** Workspaces over HTTP (spec 3, "Workspaces"). */
import { Effect, Option, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { jsonBodyOf } from "../../api/endpoint.js"
import { docsJson } from "../../api/envelope.js"
import { optionalParam, QueryValue } from "../../api/schemas.js"
import { createAdmittedJob } from "../../tenancy/limits/admit-job.js"
import { WORKSPACE_DELETE } from "../workspace/delete-kind.js"
import { CreateWorkspaceBody, DeleteWorkspaceBody, PatchWorkspaceBody, WORKSPACE_NAME_MAX } from "../workspace/workspace-input.js"
import { workspaceStats } from "../workspace/workspace-stats.js"
import { workspaceSummaryView, workspaceView } from "../workspace/workspace.js"
import {
  confirmDeletion,
  createWorkspace,
  getWorkspace,
  listWorkspaces,
  markDeleting,
  updateWorkspace
} from "../workspace/workspaces.js"
import { PageFields, pageOf } from "../page.js"
import { WorkspaceIdParams, workspaceEndpoint } from "./endpoints.js"
import { storeDown } from "./store-errors.js"
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, jobAnswer, replayedJob, WaitQuerySchema } from "./job-answer.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"

const TAG = "workspaces"

const ListQuery = Schema.Struct({
  name_contains: optionalParam(
    QueryValue.pipe(Schema.maxLength(WORKSPACE_NAME_MAX), fieldMessage(`must be at most ${WORKSPACE_NAME_MAX} characters`))
  ),
  ...PageFields
})

const WORKSPACE = { status: 200, description: "the workspace" }

export const workspaceRouteEndpoints = [
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces",
    tag: TAG,
    summary: "Create a workspace pinned to a published domain version",
    body: jsonBodyOf(CreateWorkspaceBody),
    responses: [{ ...WORKSPACE, status: 201 }],
    errors: [[404, "domain_not_found"], [409, "domain_not_published"], [422, "invalid_request"], [422, "default_label_required"]],
    handler: ({ ctx, caller, body }) =>
      Effect.map(createWorkspace(caller.tenant.tenant_id, body).pipe(storeDown), (w) => docsJson(201, workspaceView(w), ctx.requestId))
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/workspaces",
    tag: TAG,
    summary: "List workspaces, oldest first (name_contains: case-insensitive substring, % and _ literal)",
    query: ListQuery,
    responses: [{ status: 200, description: "`{items, next_cursor, total_count}` of workspace summaries" }],
    errors: [[422, "invalid_request"]],
    handler: ({ ctx, caller, query }) =>
      Effect.map(
        listWorkspaces(caller.tenant.tenant_id, {
          nameContains: query.name_contains === undefined || query.name_contains === "" ? undefined : query.name_contains,
          limit: query.limit + 1,
          after: query.cursor
        }).pipe(storeDown),
        (r) => docsJson(200, pageOf(r, query.limit, workspaceSummaryView), ctx.requestId)
      )
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/workspaces/:workspace_id",
    tag: TAG,
    summary: "Read a workspace",
    params: WorkspaceIdParams,
    responses: [WORKSPACE],
    errors: [[404, "workspace_not_found"]],
    handler: ({ ctx, caller, params }) =>
      Effect.map(getWorkspace(caller.tenant.tenant_id, params.workspace_id).pipe(storeDown), (w) => docsJson(200, workspaceView(w), ctx.requestId))
  }),
  workspaceEndpoint({
    method: "PATCH",
    path: "/v1/workspaces/:workspace_id",
    tag: TAG,
    summary: "Replace the knowledge_graph and/or ledger_understanding block (config_version + 1)",
    params: WorkspaceIdParams,
    body: jsonBodyOf(PatchWorkspaceBody),
    responses: [WORKSPACE],
    errors: [[404, "workspace_not_found"], [409, "workspace_deleting"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, body }) =>
      Effect.map(updateWorkspace(caller.tenant.tenant_id, params.workspace_id, body).pipe(storeDown), (w) => docsJson(200, workspaceView(w), ctx.requestId))
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/workspaces/:workspace_id/stats",
    tag: TAG,
    summary: "A workspace's stats",
    params: WorkspaceIdParams,
    responses: [{ status: 200, description: "the stats" }],
    errors: [[404, "workspace_not_found"]],
    handler: ({ ctx, caller, params }) =>
      Effect.gen(function*() {
        const w = yield* getWorkspace(caller.tenant.tenant_id, params.workspace_id).pipe(storeDown)
        return docsJson(200, yield* workspaceStats(w).pipe(storeDown), ctx.requestId)
      })
  }),
  workspaceEndpoint({
    method: "DELETE",
    path: "/v1/workspaces/:workspace_id",
    tag: TAG,
    summary: "Delete a workspace: `deleting` at once, then the workspace_delete job tears it down",
    params: WorkspaceIdParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    body: jsonBodyOf(DeleteWorkspaceBody),
    responses: [{ status: 202, description: "the workspace_delete job (200 when it finished within wait_seconds)" }],
    errors: [[404, "workspace_not_found"], [409, "idempotency_key_reused"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query, body, headers }) =>
      Effect.gen(function*() {
        const tenantId = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        // a replay answers its job even once the job has removed the workspace
        const replayed = yield* replayedJob(tenantId, key, WORKSPACE_DELETE, params.workspace_id)
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, 0)
        const w = yield* getWorkspace(tenantId, params.workspace_id).pipe(storeDown)
        yield* confirmDeletion(w, body.confirm_name)
        const { job } = yield* createAdmittedJob(caller.tenant, {
          tenantId,
          kind: WORKSPACE_DELETE,
          input: { workspace_id: w.workspace_id },
          workspaceId: w.workspace_id,
          idempotencyKey: key,
          requestId: ctx.requestId,
          payloadRetentionMs: workspaceJobRetentionMs(w)
        }, { free: true })
        // the job may already have removed it (a fast worker): nothing left to mark then
        yield* markDeleting(tenantId, w.workspace_id).pipe(storeDown)
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      })
  })
]
