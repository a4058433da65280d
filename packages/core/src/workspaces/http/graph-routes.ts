/**
 * The knowledge graph over HTTP (spec 3, "Knowledge graph"): the build (a `kg_build` job, one per
 * workspace at a time) and the tools `kg-info`, `kg-search`, `kg-walk`, each answering with
 * `coverage` and 409 `kg_not_built` before the first build has published.
 *
 * `kg-info` is the cacheable one: its answer carries an `ETag` (a digest of the answer itself,
 * which depends on the snapshot, the caller's labels and the files now there) and
 * `Cache-Control: private, no-cache`; an `If-None-Match` naming it answers 304 without a body.
 */
import { createHash } from "node:crypto"
import { Effect, Option } from "effect"
import { jsonBodyOf } from "../../api/endpoint.js"
import { docsJson } from "../../api/envelope.js"
import { InvalidInput, storageUnavailable } from "../../api/errors.js"
import { createAdmittedJob } from "../../tenancy/limits/admit-job.js"
import { visibleLabelsOf } from "../files/file-access.js"
import { KgBuildInProgress } from "../graph/errors.js"
import { holdsIngestedFile } from "../graph/graph-inclusion.js"
import { graphViewOf } from "../graph/graph-view.js"
import { KG_BUILD } from "../graph/kg-build-kind.js"
import { kgInfo } from "../graph/kg-info.js"
import { KgBuildBody, KgInfoQuery, KgSearchBody, KgWalkBody } from "../graph/kg-input.js"
import { kgSearch } from "../graph/kg-search.js"
import { kgWalk } from "../graph/kg-walk.js"
import { currentGraph } from "../graph/loaded-graph.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"
import { activeWorkspace, getWorkspace } from "../workspace/workspaces.js"
import { WorkspaceIdParams, workspaceEndpoint } from "./endpoints.js"
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, jobAnswer, replayedJob, WaitQuerySchema } from "./job-answer.js"
import { searchPathPrefix } from "./search-routes.js"
import { storeDown } from "./store-errors.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"

const TAG = "knowledge graph"
const NOT_BUILT: readonly [number, string] = [409, "kg_not_built"]

/** the caller's view of the workspace's current graph, within `path_prefix` */
const viewFor = (caller: Caller, workspaceId: string, rawPrefix: string | undefined) =>
  Effect.gen(function*() {
    const w = yield* getWorkspace(caller.tenant.tenant_id, workspaceId)
    const prefix = yield* searchPathPrefix(rawPrefix)
    const loaded = yield* currentGraph(w.tenant_id, w.workspace_id)
    return yield* graphViewOf(loaded, w.tenant_id, w.workspace_id, visibleLabelsOf(w, caller.access_labels), prefix)
  })

export const graphEndpoints = [
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/knowledge-graph/builds",
    tag: TAG,
    summary: "Build the workspace's knowledge graph (force: forget every file's graph and read them all again; else resume): job kg_build",
    params: WorkspaceIdParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    body: jsonBodyOf(KgBuildBody, { emptyIsObject: true }),
    responses: [{ status: 202, description: "the kg_build job (200 when it finished within wait_seconds); its result: `{snapshot_id, files_covered, node_count, edge_count, rebuilt, files_failed}`" }],
    errors: [[402, "quota_exceeded"], [404, "workspace_not_found"], [409, "kg_build_in_progress"], [409, "workspace_deleting"], [409, "idempotency_key_reused"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query, body, headers }) =>
      Effect.gen(function*() {
        const t = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        const replayed = yield* replayedJob(t, key, KG_BUILD, params.workspace_id, (i) => i.force === body.force)
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, query.wait_seconds)
        const w = yield* activeWorkspace(t, params.workspace_id)
        if (!(yield* holdsIngestedFile(w.tenant_id, w.workspace_id))) {
          return yield* new InvalidInput({ errors: [{ field: "", message: "the workspace has no ingested file: ingest files first (POST /v1/workspaces/{workspace_id}/ingestions)" }] })
        }
        const { job } = yield* createAdmittedJob(caller.tenant, {
          tenantId: t,
          kind: KG_BUILD,
          input: { workspace_id: w.workspace_id, force: body.force },
          workspaceId: w.workspace_id,
          force: body.force,
          idempotencyKey: key,
          requestId: ctx.requestId,
          payloadRetentionMs: workspaceJobRetentionMs(w)
        }, { onSole: (jobId) => new KgBuildInProgress({ workspaceId: w.workspace_id, jobId }) })
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      }).pipe(storeDown)
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/workspaces/:workspace_id/tools/kg-info",
    costClass: "cacheable",
    tag: TAG,
    summary: "The knowledge graph at a glance: snapshot, node and edge types with counts, totals, hubs; the graph's best-connected nodes with include_graph (cacheable: ETag)",
    params: WorkspaceIdParams,
    query: KgInfoQuery,
    headers: [{ name: "If-None-Match", description: "the ETag of an earlier answer: 304 while it is still the answer" }],
    responses: [
      { status: 200, description: "`{snapshot_id, built_at, node_types, edge_types, node_total, edge_total, hubs, path_prefix, coverage, graph}`" },
      { status: 304, description: "the answer is the one the If-None-Match names" }
    ],
    errors: [[404, "workspace_not_found"], NOT_BUILT, [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query }) =>
      Effect.gen(function*() {
        const view = yield* viewFor(caller, params.workspace_id, query.path_prefix)
        const answer = kgInfo(view, { include_graph: query.include_graph === "true", graph_nodes: query.graph_nodes })
        const etag = `"${createHash("sha256").update(JSON.stringify(answer)).digest("base64url").slice(0, 27)}"`
        const cache = { etag, "cache-control": "private, no-cache" }
        const asked = ctx.request.header("if-none-match")
        if (asked !== undefined && asked.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) {
          return { status: 304, headers: { ...cache, "x-request-id": ctx.requestId } }
        }
        return docsJson(200, answer, ctx.requestId, cache)
      }).pipe(storeDown)
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/tools/kg-search",
    costClass: "medium",
    tag: TAG,
    summary: "Nodes of the knowledge graph whose names, aliases or facts match the query, with their facts (and evidence), source files and degree",
    params: WorkspaceIdParams,
    body: jsonBodyOf(KgSearchBody),
    responses: [{ status: 200, description: "`{nodes: [{node_id, node_type, title, aliases, facts: [{predicate, value, evidence}], source_files, degree, relevance_score}], coverage}`" }],
    errors: [[404, "workspace_not_found"], NOT_BUILT, [422, "invalid_request"]],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const view = yield* viewFor(caller, params.workspace_id, body.path_prefix)
        return docsJson(200, yield* kgSearch(view, body).pipe(Effect.catchTag("EngineFailed", (e) => Effect.fail(storageUnavailable(`the embedding engine (${e.message})`)))), ctx.requestId)
      }).pipe(storeDown)
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/tools/kg-walk",
    costClass: "medium",
    tag: TAG,
    summary: "Walk the knowledge graph from start nodes (breadth first, up to hops and max_nodes): nodes, edges with evidence, paths",
    params: WorkspaceIdParams,
    body: jsonBodyOf(KgWalkBody),
    responses: [{ status: 200, description: "`{nodes, edges: [{edge_id, edge_type, from_node_id, to_node_id, evidence}], paths: [{node_ids, edge_ids}], truncated, coverage}`" }],
    errors: [[404, "workspace_not_found"], NOT_BUILT, [422, "invalid_request"]],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const view = yield* viewFor(caller, params.workspace_id, body.path_prefix)
        return docsJson(200, yield* kgWalk(view, body), ctx.requestId)
      }).pipe(storeDown)
  })
]
