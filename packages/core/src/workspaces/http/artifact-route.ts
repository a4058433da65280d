/**
 * `GET /v1/workspaces/{id}/artifacts/content?path=…` (spec 3, "Files"): the bytes of the current
 * source or derived output at exactly `path` (`readArtifact`'s rules: streamed from the blob
 * store, one `Range` read as a range, 416 `range_not_satisfiable`, 404 `file_not_found` for
 * anything that is not such a path or that the caller may not see).
 *
 * Two ways in:
 * - with `X-API-Key`: the caller's access labels apply on this request; inline disposition;
 * - with a signed link (`download_url`, `preview_url` of a file, an output or a member:
 *   `files/artifact-links.ts`): no API key; the link's disposition (download = attachment,
 *   preview = inline); 403 `access_denied` when it was altered, is past its hour, or the file's
 *   access label changed since it was issued.
 */
import { Chunk, Clock, Effect, Schema, Stream } from "effect"
import { endpoint } from "../../api/endpoint.js"
import { queryOf } from "../../api/inputs.js"
import { QueryValue } from "../../api/schemas.js"
import { LinkSigner } from "../../documents/parse/artifact-links.js"
import type { DocketResponse } from "../../platform/response.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { callerOf } from "../../tenancy/tenants/caller.js"
import { checkArtifactLink, type LinkClaim, linkClaimOf } from "../files/artifact-links.js"
import { type ArtifactRead, findArtifact, serveArtifact } from "../files/artifact-read.js"
import { isId, visibleLabelsOf } from "../files/file-access.js"
import { WorkspaceNotFound } from "../workspace/errors.js"
import { FileLinkRefused, WorkspaceFileNotFound } from "../files/file-errors.js"
import { isVisible } from "../files/file-store.js"
import { getWorkspace } from "../workspace/workspaces.js"
import { WORKSPACE_ERRORS, WORKSPACES_SERVICE } from "./endpoints.js"
import { storeDown } from "./store-errors.js"

type ArtifactCaller = { readonly _tag: "key"; readonly caller: Caller } | { readonly _tag: "link"; readonly claim: LinkClaim }

/** tenant ids in a link reach a store query: a bounded token only */
const TENANT_ID = /^[A-Za-z0-9_-]{1,128}$/

/**
 * Bodies up to this size are read and sent whole (one write; every adapter then sends the
 * `Content-Length` itself); larger ones are streamed with backpressure, never held whole.
 */
export const WHOLE_BODY_MAX = 1024 * 1024

/** small pieces (as a store may hold them, e.g. as they arrived) are joined into writes of up to this size */
const WRITE_BYTES = 64 * 1024

/** joins the small pieces of each pulled chunk into writes of at most `WRITE_BYTES` (a large piece passes as is) */
const coalesce = <E>(body: Stream.Stream<Uint8Array, E>): Stream.Stream<Uint8Array, E> =>
  Stream.mapChunks(body, (pieces) => {
    const out: Array<Uint8Array> = []
    let pending: Array<Uint8Array> = []
    let size = 0
    const flush = () => {
      if (pending.length === 1) out.push(pending[0]!)
      else if (pending.length > 1) {
        const joined = new Uint8Array(size)
        let at = 0
        for (const p of pending) {
          joined.set(p, at)
          at += p.byteLength
        }
        out.push(joined)
      }
      pending = []
      size = 0
    }
    for (const p of pieces) {
      if (size + p.byteLength > WRITE_BYTES) flush()
      pending.push(p)
      size += p.byteLength
    }
    flush()
    return Chunk.unsafeFromArray(out)
  })

const response = (read: ArtifactRead, requestId: string) =>
  Effect.gen(function*() {
    const headers = { ...read.headers, "x-request-id": requestId, "cache-control": "private, no-store" }
    if (Number(read.headers["content-length"]) <= WHOLE_BODY_MAX) {
      const chunks = yield* Stream.runCollect(read.body)
      const body = new Uint8Array(Chunk.reduce(chunks, 0, (n, c) => n + c.byteLength))
      let at = 0
      for (const c of chunks) {
        body.set(c, at)
        at += c.byteLength
      }
      return { status: read.status, headers, body } satisfies DocketResponse
    }
    // a store failing mid-stream ends the connection early (its Content-Length tells the client)
    return { status: read.status, headers, stream: Stream.orDie(coalesce(read.body)) } satisfies DocketResponse
  })

export const artifactEndpoints = [
  endpoint({
    method: "GET",
    path: "/v1/workspaces/:workspace_id/artifacts/content",
    form: "v1",
    tag: "files",
    service: WORKSPACES_SERVICE,
    summary: "The bytes of a current source or derived output (X-API-Key, or a signed link of a file, output or member)",
    auth: {
      scheme: "ApiKey",
      authenticate: (ctx) => {
        const query = queryOf(ctx.request)
        if (!query.has("signature")) return Effect.map(callerOf(ctx, "rate-limited"), (caller): ArtifactCaller => ({ _tag: "key", caller }))
        const claim = linkClaimOf(query)
        return claim === undefined || !TENANT_ID.test(claim.tenant_id)
          ? Effect.fail(new FileLinkRefused({ reason: "invalid" }))
          : Effect.succeed<ArtifactCaller>({ _tag: "link", claim })
      }
    },
    params: Schema.Struct({ workspace_id: Schema.String }),
    query: Schema.Struct({
      path: QueryValue.annotations({ description: "the exact workspace-relative path of a current source or derived output" })
    }),
    headers: [{ name: "Range", description: "one byte range (`bytes=0-99`, `bytes=100-`, `bytes=-100`): 206 with that part" }],
    responses: [
      { status: 200, description: "the bytes, with their media type, Content-Length, Accept-Ranges: bytes and an inline Content-Disposition" },
      { status: 206, description: "one byte range, with Content-Range" }
    ],
    errors: [...WORKSPACE_ERRORS, [403, "access_denied"], [404, "workspace_not_found"], [404, "file_not_found"], [416, "range_not_satisfiable"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query }) =>
      Effect.gen(function*() {
        const range = ctx.request.header("range")
        if (!isId(params.workspace_id)) return yield* new WorkspaceNotFound({ workspaceId: params.workspace_id })
        if (caller._tag === "key") {
          const w = yield* getWorkspace(caller.caller.tenant.tenant_id, params.workspace_id).pipe(storeDown)
          const target = yield* findArtifact(w.tenant_id, w.workspace_id, query.path).pipe(storeDown)
          if (!isVisible(target.access_label, visibleLabelsOf(w, caller.caller.access_labels))) {
            return yield* new WorkspaceFileNotFound({ file: query.path })
          }
          return yield* response(yield* serveArtifact(target, range, "inline").pipe(storeDown), ctx.requestId).pipe(storeDown)
        }
        const claim = caller.claim
        const w = yield* getWorkspace(claim.tenant_id, params.workspace_id).pipe(
          storeDown,
          Effect.catchTag("WorkspaceNotFound", () => Effect.fail(new FileLinkRefused({ reason: "invalid" })))
        )
        // a link names one live file exactly: anything else is a refused link, so a link cannot probe other paths
        const target = yield* findArtifact(w.tenant_id, w.workspace_id, query.path, claim.member).pipe(
          storeDown,
          Effect.catchTag("WorkspaceFileNotFound", () => Effect.fail(new FileLinkRefused({ reason: "invalid" })))
        )
        const { secret } = yield* LinkSigner
        const check = checkArtifactLink(
          secret,
          claim,
          { tenant_id: w.tenant_id, workspace_id: w.workspace_id, path: query.path, access_label: target.access_label, member: claim.member },
          yield* Clock.currentTimeMillis
        )
        if (check !== "valid") return yield* new FileLinkRefused({ reason: check })
        return yield* response(yield* serveArtifact(target, range, claim.disposition).pipe(storeDown), ctx.requestId).pipe(storeDown)
      })
  })
]
