/**
 * The file tools `folder-metadata` and `file-metadata` over HTTP (spec 3, "File tools"). They
 * address uploaded files only: a path under `_derived/` (ingestion's outputs) is 422
 * `invalid_request` naming the uploaded file it belongs to. Both serve un-ingested files.
 */
import { Effect, Either, Option, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { jsonBodyOf } from "../../api/endpoint.js"
import { docsJson } from "../../api/envelope.js"
import { invalid } from "../../api/errors.js"
import { WorkspaceFileNotFound } from "../files/file-errors.js"
import { fileMetadataTool } from "../files/file-metadata-tool.js"
import { derivedSourceOf, normalizeFilePath, normalizePathPrefix } from "../files/file-path.js"
import { isVisible, WorkspaceFileStore } from "../files/file-store.js"
import { FOLDER_SCAN_MAX, folderMetadata } from "../files/folder-metadata.js"
import { INGESTION_STATUSES } from "../files/workspace-file.js"
import { FileIngestionStore } from "../ingestion/file-ingestion.js"
import { listTables } from "../tables/table-listing.js"
import { WorkspaceSql } from "../tables/sql-engine.js"
import { WorkspaceIdParams, workspaceEndpoint } from "./endpoints.js"
import { workspaceFor } from "./file-routes.js"
import { storeDown } from "./store-errors.js"

const TAG = "file tools"
export const FOLDER_PAGE_SIZE_MAX = 500
export const FOLDER_PAGE_SIZE_DEFAULT = 100

const PathString = Schema.String.pipe(Schema.maxLength(4096), fieldMessage("must be a workspace path of at most 4096 characters"))

const FolderBody = Schema.Struct({
  directory: Schema.optional(PathString),
  recursive: Schema.optional(Schema.Boolean),
  category: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200), fieldMessage("must be a category of 1 to 200 characters"))),
  ingestion_status: Schema.optional(Schema.Literal(...INGESTION_STATUSES).pipe(fieldMessage(`must be one of ${INGESTION_STATUSES.join(", ")}`))),
  kind: Schema.optional(Schema.Literal("table", "document", "media").pipe(fieldMessage("must be table, document or media"))),
  name_contains: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1024), fieldMessage("must be 1 to 1024 characters"))),
  page_size: Schema.optional(Schema.Int.pipe(Schema.between(1, FOLDER_PAGE_SIZE_MAX), fieldMessage(`must be a whole number from 1 to ${FOLDER_PAGE_SIZE_MAX}`))),
  start_after: Schema.optional(PathString),
  include_tables: Schema.optional(Schema.Boolean)
})

const FileBody = Schema.Struct({ path: PathString })

/** 422 naming the uploaded file when `path` lies under `_derived/` */
const uploadedOnly = (field: string, path: string) => {
  const source = derivedSourceOf(path.replace(/^\/+/, ""))
  return source === undefined
    ? Effect.void
    : Effect.fail(invalid(field, `${path} is a derived output, not an uploaded file: the file tools take the uploaded file's path (${source})`))
}

export const fileToolEndpoints = [
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/tools/folder-metadata",
    costClass: "light",
    tag: TAG,
    summary: "What a directory of uploaded files holds: counts, categories, subdirectories, ingestion summary, path-sorted entries, coverage (and tables with include_tables)",
    params: WorkspaceIdParams,
    body: jsonBodyOf(FolderBody, { emptyIsObject: true }),
    responses: [{ status: 200, description: "`{directory, overall_files, categories, subdirectories, ingestion_summary, files_truncated, file_entries, coverage, hint?, tables?, tables_truncated?, shared_columns?, shared_columns_truncated?}`" }],
    errors: [[404, "workspace_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const { visible, w } = yield* workspaceFor(caller, params.workspace_id, false)
        const raw = body.directory ?? "/"
        yield* uploadedOnly("directory", raw)
        // a leading `/` is the workspace root's (the default is `/`)
        const bare = raw.replace(/^\/+/, "")
        const dir = bare === "" ? Either.right("") : normalizePathPrefix(bare.endsWith("/") ? bare : `${bare}/`)
        if (Either.isLeft(dir)) return yield* invalid("directory", dir.left.message)
        if (dir.right !== "") {
          const asFile = yield* Effect.flatMap(WorkspaceFileStore, (s) => s.getByPath(w.tenant_id, w.workspace_id, dir.right.slice(0, -1))).pipe(storeDown)
          if (Option.isSome(asFile) && isVisible(asFile.value.access_label, visible)) {
            return yield* invalid("directory", `${dir.right.slice(0, -1)} is a file, not a directory: use file-metadata for a file`)
          }
        }
        if (body.start_after !== undefined) yield* uploadedOnly("start_after", body.start_after)
        const filtered = body.category !== undefined || body.ingestion_status !== undefined || body.kind !== undefined || body.name_contains !== undefined
        const includeTables = body.include_tables ?? false
        const result = yield* folderMetadata(w.tenant_id, w.workspace_id, visible, {
          directory: dir.right,
          recursive: body.recursive ?? (filtered || includeTables),
          category: body.category,
          ingestion_status: body.ingestion_status,
          kind: body.kind,
          name_contains: body.name_contains,
          page_size: body.page_size ?? FOLDER_PAGE_SIZE_DEFAULT,
          start_after: body.start_after?.replace(/^\/+/, ""),
          filtered
        }).pipe(storeDown)
        if (Option.isNone(result)) {
          return yield* invalid("directory", `the directory holds more than ${FOLDER_SCAN_MAX} matching files: name a narrower directory or add a filter`)
        }
        if (!includeTables) return docsJson(200, result.value.view, ctx.requestId)
        const files = new Set(result.value.file_ids)
        const tables = yield* Effect.flatMap(WorkspaceSql, (s) => s.listTables(w.tenant_id, w.workspace_id)).pipe(storeDown)
        const listing = listTables(tables.filter((t) => files.has(t.file_id)))
        return docsJson(200, { ...result.value.view, ...listing }, ctx.requestId)
      })
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/tools/file-metadata",
    costClass: "light",
    tag: TAG,
    summary: "One uploaded file's shape: kind, status, size, pages, tabs, characters, summary, components",
    params: WorkspaceIdParams,
    body: jsonBodyOf(FileBody),
    responses: [{ status: 200, description: "`{path, file_id, kind, ingestion_status, size_bytes, page_count, tab_count, total_chars, total_approx_bytes, summary, ingestion_error?, components}`" }],
    errors: [[404, "workspace_not_found"], [404, "file_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, body }) =>
      Effect.gen(function*() {
        const { visible, w } = yield* workspaceFor(caller, params.workspace_id, false)
        yield* uploadedOnly("path", body.path)
        const path = normalizeFilePath(body.path)
        if (Either.isLeft(path)) return yield* invalid("path", path.left.message)
        const found = yield* Effect.flatMap(WorkspaceFileStore, (s) => s.getByPath(w.tenant_id, w.workspace_id, path.right)).pipe(storeDown)
        if (Option.isNone(found) || !isVisible(found.value.access_label, visible)) return yield* new WorkspaceFileNotFound({ file: body.path })
        const file = found.value
        const [record, outputs] = yield* Effect.all([
          Effect.flatMap(FileIngestionStore, (s) => s.get(w.tenant_id, w.workspace_id, file.file_id)),
          Effect.flatMap(WorkspaceFileStore, (s) => s.listOutputs(w.tenant_id, w.workspace_id, file.file_id))
        ]).pipe(storeDown)
        return docsJson(200, fileMetadataTool(file, record, outputs), ctx.requestId)
      })
  })
]
