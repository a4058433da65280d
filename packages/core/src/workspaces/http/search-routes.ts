/** The search routes over HTTP (spec 3, "Search"): `hybrid-search`; the removed `intelligent-search` stays 404. */
import { Effect, Either } from "effect"
import { jsonBodyOf } from "../../api/endpoint.js"
import { docsJson } from "../../api/envelope.js"
import { invalid, storageUnavailable } from "../../api/errors.js"
import { visibleLabelsOf } from "../files/file-access.js"
import { normalizePathPrefix } from "../files/file-path.js"
import { hybridSearch } from "../search/hybrid-search.js"
import { HybridSearchBody } from "../search/search-input.js"
import { getWorkspace } from "../workspace/workspaces.js"
import { WorkspaceIdParams, workspaceEndpoint } from "./endpoints.js"
import { storeDown } from "./store-errors.js"

const TAG = "search"

/** `path_prefix` as the file lists take it; a leading `/` (or `/` alone) is the workspace root's. */
export const searchPathPrefix = (raw: string | undefined) =>
  Effect.gen(function*() {
    if (raw === undefined) return undefined
    const bare = raw.replace(/^\/+/, "")
    const prefix = normalizePathPrefix(bare)
    if (Either.isLeft(prefix)) return yield* invalid("path_prefix", prefix.left.message)
    return prefix.right === "" ? undefined : prefix.right
  })

export const searchEndpoints = [
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/tools/hybrid-search",
    costClass: "medium",
    tag: TAG,
    summary: "Keyword (BM25F) and dense retrieval over the workspace's index, fused per query: Evidence hits in score order",
    params: WorkspaceIdParams,
    body: jsonBodyOf(HybridSearchBody),
    responses: [{ status: 200, description: "`{hits: [{file_id, path, locator, relevance_score, snippet, why, component}], candidates_seen, truncated, coverage}`" }],
    errors: [[404, "workspace_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const workspace = yield* getWorkspace(caller.tenant.tenant_id, params.workspace_id)
        const path_prefix = yield* searchPathPrefix(body.path_prefix)
        const result = yield* hybridSearch(workspace.tenant_id, workspace.workspace_id, visibleLabelsOf(workspace, caller.access_labels), {
          query: body.query,
          k: body.k,
          path_prefix,
          categories: body.categories
        }).pipe(Effect.catchTag("EngineFailed", (e) => Effect.fail(storageUnavailable(`the embedding engine (${e.message})`))))
        return docsJson(200, result, ctx.requestId)
      }).pipe(storeDown)
  })
]
