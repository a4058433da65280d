/**
 * What the workspace HTTP suites (ingestion, file tools) cannot do or see through the spec's
 * routes, as routes a test server adds (`routes` of makeDocket; never for a real server), so that
 * the suites run the same way in process, over node:http and against a Bun process:
 * - set-ups with no route: a file's bytes vanishing from storage, an ingested hash drifting, a
 *   workspace held `deleting` (a delete's job may finish before a request could see it), a file
 *   carrying a label its workspace does not declare (labels are fixed when a workspace is made), a
 *   file's catalog entries written by an older extraction (`CATALOG_VERSION` moved on since);
 * - facts no route shows: the stored file, its ingestion record and catalog rows (also once the file is gone), the
 *   blob keys of a file and its outputs and whether those blobs still exist, the SQL engine's tables.
 *
 * Every route takes a JSON body and answers JSON (500 with the cause when the store failed).
 */
import { Clock, Effect, Option, Stream } from "effect"
import { createHash, randomUUID } from "node:crypto"
import type { Docket, DocketServices } from "../docket.js"
import { BlobStore } from "../documents/uploads/blob-store.js"
import { jsonResponse } from "../platform/response.js"
import { route, type Route } from "../platform/router.js"
import { stagedBlobKey } from "../workspaces/files/file-kinds.js"
import { WorkspaceFileStore } from "../workspaces/files/file-store.js"
import { mediaTypeOf } from "../workspaces/files/media-type.js"
import { FileIngestionStore } from "../workspaces/ingestion/file-ingestion.js"
import { CatalogStore } from "../workspaces/catalog/catalog-store.js"
import { CATALOG_VERSION } from "../workspaces/catalog/catalog-version.js"
import { WorkspaceSql } from "../workspaces/tables/sql-engine.js"
import { WorkspaceStore } from "../workspaces/workspace/workspace-store.js"
import type { HttpTarget } from "./http-target.js"

/** What an upload leaves, placed through the instance's stores: the bytes in a blob, the file `discovered` at version 1. */
export const placeWorkspaceFile = (docket: Docket, tenantId: string, ws: string, path: string, content: string | Uint8Array) =>
  docket.runtime.runPromise(Effect.gen(function*() {
    const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content
    const key = stagedBlobKey(ws, randomUUID())
    yield* (yield* BlobStore).put(key, Stream.make(bytes), bytes.byteLength)
    const now = yield* Clock.currentTimeMillis
    return yield* (yield* WorkspaceFileStore).create({
      tenant_id: tenantId,
      workspace_id: ws,
      file_id: randomUUID(),
      path,
      file_type: mediaTypeOf(path, undefined),
      size_bytes: bytes.byteLength,
      observed_hash: createHash("sha256").update(bytes).digest("hex"),
      blob_key: key,
      labels: {},
      graph_inclusion: "auto",
      access_label: null,
      ingestion_status: "discovered",
      at: now
    })
  }))

interface FileRef {
  readonly tenant_id: string
  readonly workspace_id: string
  readonly file_id: string
}

const testRoute = <B>(path: string, handle: (body: B) => Effect.Effect<unknown, unknown, DocketServices>): Route<DocketServices> =>
  route("POST", path, (request) =>
    Effect.gen(function*() {
      const body = JSON.parse(new TextDecoder().decode(yield* request.body.read(1024 * 1024))) as B
      return jsonResponse(200, (yield* handle(body)) ?? null)
    }).pipe(Effect.catchAllCause((cause) => Effect.succeed(jsonResponse(500, { error: String(cause) })))))

/** the engine's table names of a workspace (what is loaded, whatever the records say) */
const workspaceTablesTestRoute = testRoute<{ tenant_id: string; workspace_id: string }>("/_test/workspace/tables", (b) =>
  Effect.map(Effect.flatMap(WorkspaceSql, (s) => s.listTables(b.tenant_id, b.workspace_id)), (ts) => ts.map((t) => t.table_name)))

export const workspaceTestRoutes: ReadonlyArray<Route<DocketServices>> = [
  workspaceTablesTestRoute,
  // the stored file (null once gone), its ingestion record (null when none) and its outputs with their blob keys
  testRoute<FileRef>("/_test/workspace/state", (b) =>
    Effect.gen(function*() {
      const files = yield* WorkspaceFileStore
      const file = yield* files.get(b.tenant_id, b.workspace_id, b.file_id)
      const record = yield* Effect.flatMap(FileIngestionStore, (s) => s.get(b.tenant_id, b.workspace_id, b.file_id))
      const outputs = Option.isSome(file) ? yield* files.listOutputs(b.tenant_id, b.workspace_id, b.file_id) : []
      // the catalog rows of the file, whatever their label (the filtered-search route has its own suite)
      const rows = yield* Effect.flatMap(CatalogStore, (s) => s.query(b.tenant_id, b.workspace_id, { visible: "all", filters: [], limit: 200 }))
      return { file: Option.getOrNull(file), record: Option.getOrNull(record), outputs, catalog: rows.rows.filter((r) => r.file_id === b.file_id) }
    })),
  // which of the blobs still exist
  testRoute<{ keys: ReadonlyArray<string> }>("/_test/workspace/blobs-exist", (b) =>
    Effect.flatMap(BlobStore, (blobs) => Effect.forEach(b.keys, (key) => Effect.map(blobs.stat(key), Option.isSome)))),
  // the bytes of the file's current version vanish from storage (the file stays)
  testRoute<FileRef>("/_test/workspace/lose-bytes", (b) =>
    Effect.gen(function*() {
      const file = Option.getOrThrowWith(yield* Effect.flatMap(WorkspaceFileStore, (s) => s.get(b.tenant_id, b.workspace_id, b.file_id)), () => new Error("no such file"))
      yield* Effect.flatMap(BlobStore, (blobs) => blobs.delete(file.blob_key))
    })),
  // the recorded ingested hash no longer matches the observed one
  testRoute<FileRef & { ingested_hash: string }>("/_test/workspace/set-ingested-hash", (b) =>
    Effect.flatMap(WorkspaceFileStore, (s) =>
      Effect.flatMap(Clock.currentTimeMillis, (at) => s.update(b.tenant_id, b.workspace_id, b.file_id, { ingested_hash: b.ingested_hash }, at)))),
  // the file's access label, whatever its workspace declares
  testRoute<FileRef & { access_label: string | null }>("/_test/workspace/set-access-label", (b) =>
    Effect.flatMap(WorkspaceFileStore, (s) =>
      Effect.flatMap(Clock.currentTimeMillis, (at) => s.update(b.tenant_id, b.workspace_id, b.file_id, { access_label: b.access_label }, at)))),
  // the file's catalog entries as an older extraction wrote them (its version below CATALOG_VERSION): the file is uncovered
  testRoute<FileRef>("/_test/workspace/outdate-catalog", (b) =>
    Effect.gen(function*() {
      const catalog = yield* CatalogStore
      const all = yield* catalog.query(b.tenant_id, b.workspace_id, { visible: "all", filters: [], limit: 200 })
      const own = all.rows.filter((r) => r.file_id === b.file_id)
      const first = own[0]
      if (first === undefined) return yield* Effect.dieMessage("the file has no catalog entries")
      yield* catalog.replaceFile(b.tenant_id, b.workspace_id, {
        file_id: b.file_id,
        path: first.path,
        document_type: first.document_type,
        category: first.category,
        access_label: first.access_label,
        catalog_version: CATALOG_VERSION - 1,
        components: own.map(({ component, component_kind, page_start, page_end, cells }) => ({ component, component_kind, page_start, page_end, cells }))
      })
    })),
  // the workspace held `deleting`, as while its delete job runs
  testRoute<{ tenant_id: string; workspace_id: string }>("/_test/workspace/mark-deleting", (b) =>
    Effect.flatMap(WorkspaceStore, (s) => Effect.flatMap(Clock.currentTimeMillis, (at) => s.markDeleting(b.tenant_id, b.workspace_id, at))))
]

/** The suites' side of `workspaceTestRoutes` on a target that serves them. */
export const workspaceProbe = (target: HttpTarget) => {
  const post = async (path: string, body: unknown): Promise<any> => {
    const r = await target.fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()} (does the target serve workspaceTestRoutes?)`)
    return r.json()
  }
  const ref = (tenantId: string, ws: string, fileId: string) => ({ tenant_id: tenantId, workspace_id: ws, file_id: fileId })
  return {
    state: (tenantId: string, ws: string, fileId: string): Promise<{ file: any; record: any; outputs: Array<any>; catalog: Array<any> }> =>
      post("/_test/workspace/state", ref(tenantId, ws, fileId)),
    blobsExist: (keys: ReadonlyArray<string>): Promise<Array<boolean>> => post("/_test/workspace/blobs-exist", { keys }),
    loseBytes: (tenantId: string, ws: string, fileId: string) => post("/_test/workspace/lose-bytes", ref(tenantId, ws, fileId)),
    setIngestedHash: (tenantId: string, ws: string, fileId: string, hash: string) =>
      post("/_test/workspace/set-ingested-hash", { ...ref(tenantId, ws, fileId), ingested_hash: hash }),
    setAccessLabel: (tenantId: string, ws: string, fileId: string, label: string | null) =>
      post("/_test/workspace/set-access-label", { ...ref(tenantId, ws, fileId), access_label: label }),
    outdateCatalog: (tenantId: string, ws: string, fileId: string) => post("/_test/workspace/outdate-catalog", ref(tenantId, ws, fileId)),
    markDeleting: (tenantId: string, ws: string) => post("/_test/workspace/mark-deleting", { tenant_id: tenantId, workspace_id: ws }),
    tables: (tenantId: string, ws: string): Promise<Array<string>> => post("/_test/workspace/tables", { tenant_id: tenantId, workspace_id: ws })
  }
}
