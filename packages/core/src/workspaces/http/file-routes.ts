/**
 * Workspace files over HTTP (spec 3, "Files"): upload (multipart or a URL source), list, detail
 * with signed links, metadata, outputs and their members, versions, replace, delete. Every route
 * applies the caller's access labels: a file it may not see is 404 `file_not_found`, as is
 * another tenant's anything. Writes need an active workspace (409 `workspace_deleting`).
 */
import { Clock, Effect, Either, Option, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { rawBody } from "../../api/endpoint.js"
import { docsJson } from "../../api/envelope.js"
import { InvalidInput, invalid, MalformedRequest } from "../../api/errors.js"
import { jsonBody } from "../../api/inputs.js"
import { optionalParam, QueryValue, QueryValues, queryInt, queryLiteral, withDefault } from "../../api/schemas.js"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import { urlSource } from "../../documents/sources/source-url.js"
import { createAdmittedJob } from "../../tenancy/limits/admit-job.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { artifactLinks } from "../files/artifact-links.js"
import { isId, visibleFile, visibleLabelsOf } from "../files/file-access.js"
import { WorkspaceNotFound } from "../workspace/errors.js"
import { FileOutputNotFound, PathConflict, WorkspaceFileNotFound } from "../files/file-errors.js"
import { fileMetadataView } from "../files/file-metadata-view.js"
import { currentGraph } from "../graph/loaded-graph.js"
import { normalizePathPrefix } from "../files/file-path.js"
import { decodeFileCursor, type FileCursor, isVisible, WorkspaceFileStore } from "../files/file-store.js"
import { fileDetailView, filePageView, fileView, outputView, versionView } from "../files/file-view.js"
import { decodeJsonUpload, readMultipartReplace, readMultipartUpload, replaceJobInput, type StagedUpload, type UploadRequest, uploadJobInput } from "../files/upload-body.js"
import { INGESTION_STATUSES, type WorkspaceFile } from "../files/workspace-file.js"
import { FileIngestionStore } from "../ingestion/file-ingestion.js"
import { activeWorkspace, getWorkspace } from "../workspace/workspaces.js"
import type { Workspace } from "../workspace/workspace.js"
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from "../page.js"
import { WorkspaceIdParams, workspaceEndpoint } from "./endpoints.js"
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, jobAnswer, replayedJob, WaitQuerySchema } from "./job-answer.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"
import { storeDown } from "./store-errors.js"

const TAG = "files"

const FileParams = Schema.Struct({ workspace_id: Schema.String, file_id: Schema.String })
const OutputParams = Schema.Struct({ workspace_id: Schema.String, file_id: Schema.String, output_id: Schema.String })

/** at most this many members per page of a folder output */
export const MEMBERS_LIMIT_MAX = 200
export const MEMBERS_LIMIT_DEFAULT = 50

const FileCursorParam = Schema.transform(
  QueryValue.pipe(Schema.filter((raw) => raw === "" || Option.isSome(decodeFileCursor(raw))), fieldMessage("must be the next_cursor of an earlier page")),
  Schema.UndefinedOr(Schema.Unknown),
  { strict: true, decode: (raw) => (raw === "" ? undefined : Option.getOrUndefined(decodeFileCursor(raw))), encode: () => "" }
).annotations({ jsonSchema: { type: "string", description: "next_cursor of the previous page" } })

const IngestionStatusParam = QueryValues.pipe(
  Schema.filter((values) => values.every((v) => v.split(",").every((s) => (INGESTION_STATUSES as ReadonlyArray<string>).includes(s)))),
  fieldMessage(`must be one or more of ${INGESTION_STATUSES.join(", ")} (repeat the parameter or separate with commas)`)
)

const ListQuery = Schema.Struct({
  path_prefix: optionalParam(QueryValue),
  ingestion_status: optionalParam(IngestionStatusParam),
  category: optionalParam(QueryValue.pipe(Schema.maxLength(200), fieldMessage("must be at most 200 characters"))),
  name_contains: optionalParam(QueryValue.pipe(Schema.maxLength(1024), fieldMessage("must be at most 1024 characters"))),
  order: withDefault(queryLiteral(["path", "created"] as const, "must be path or created"), "path" as const),
  limit: withDefault(queryInt(1, PAGE_LIMIT_MAX), PAGE_LIMIT_DEFAULT),
  cursor: optionalParam(FileCursorParam)
})

const VersionsQuery = Schema.Struct({
  limit: withDefault(queryInt(1, PAGE_LIMIT_MAX), PAGE_LIMIT_DEFAULT),
  cursor: optionalParam(QueryValue.pipe(Schema.pattern(/^v[1-9][0-9]{0,8}$/), fieldMessage("must be the next_cursor of an earlier page")))
})

const MembersQuery = Schema.Struct({
  offset: withDefault(queryInt(0, 1_000_000), 0),
  limit: withDefault(queryInt(1, MEMBERS_LIMIT_MAX), MEMBERS_LIMIT_DEFAULT)
})

/** the workspace and what the caller sees in it (404 `workspace_not_found` for none or another tenant's) */
export const workspaceFor = (caller: Caller, workspaceId: string, write: boolean) =>
  Effect.map(
    (isId(workspaceId) ? (write ? activeWorkspace : getWorkspace)(caller.tenant.tenant_id, workspaceId) : Effect.fail(new WorkspaceNotFound({ workspaceId }))).pipe(storeDown),
    (w) => ({ w, visible: visibleLabelsOf(w, caller.access_labels) })
  )

export const fileFor = (caller: Caller, workspaceId: string, fileId: string, write = false) =>
  Effect.flatMap(workspaceFor(caller, workspaceId, write), ({ visible, w }) =>
    Effect.map(visibleFile(w, fileId, visible).pipe(storeDown), (file) => ({ w, visible, file })))

/** 422 naming the label unless the workspace declares it (an explicit `access_label` in the upload metadata) */
const checkDeclared = (w: Workspace, upload: UploadRequest, field: string) =>
  upload.access_label === null || w.access.labels.some((l) => l.name === upload.access_label)
    ? Effect.void
    : Effect.fail(invalid(field, `access label ${JSON.stringify(upload.access_label)} is not declared by this workspace (declared: ${w.access.labels.map((l) => l.name).join(", ") || "none"})`))

/**
 * A multipart upload's path is checked before its job is created, now that its bytes are known:
 * a file at the path that the caller may not see, or with other bytes under `on_conflict`
 * `reject`, is 409 `path_conflict` (the same bytes are the job's to deduplicate).
 */
const checkPath = (w: Workspace, visible: ReturnType<typeof visibleLabelsOf>, upload: UploadRequest, staged: StagedUpload | undefined) =>
  Effect.gen(function*() {
    const existing = yield* Effect.flatMap(WorkspaceFileStore, (s) => s.getByPath(w.tenant_id, w.workspace_id, upload.path)).pipe(storeDown)
    if (Option.isNone(existing)) return
    const f = existing.value
    const hidden = !isVisible(f.access_label, visible)
    const other = staged === undefined || f.observed_hash !== staged.observed_hash
    if (hidden || (upload.on_conflict === "reject" && other && staged !== undefined)) {
      return yield* new PathConflict({ workspace_id: w.workspace_id, path: upload.path, file_id: hidden ? "" : f.file_id })
    }
  })

const dropStaged = (key: string) => Effect.ignore(Effect.flatMap(BlobStore, (b) => b.delete(key)))

/** links to a file's own bytes */
const sourceLinks = (file: WorkspaceFile, now: number) =>
  artifactLinks({ tenant_id: file.tenant_id, workspace_id: file.workspace_id, path: file.path, access_label: file.access_label }, now)

const isJson = (contentType: string | undefined) => /^application\/(?:[a-z0-9.+-]*\+)?json\s*(?:;|$)/i.test(contentType ?? "")

const UPLOAD_ERRORS = [
  [404, "workspace_not_found"],
  [409, "workspace_deleting"],
  [409, "path_conflict"],
  [409, "idempotency_key_reused"],
  [413, "file_too_large"],
  [422, "invalid_request"]
] as const

const MULTIPART_DOC = {
  type: "object",
  required: ["file", "metadata"],
  properties: {
    file: { type: "string", contentMediaType: "application/octet-stream", description: "the file's bytes" },
    metadata: {
      type: "string",
      contentMediaType: "application/json",
      description: "JSON: `path` (required), `labels`, `graph_inclusion` (auto, include, exclude), `on_conflict` (reject, new_version), `access_label` (a declared label; extension)"
    }
  }
}

export const fileEndpoints = [
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/files",
    tag: TAG,
    summary: "Upload a file (multipart `file` + `metadata`, or JSON with a URL `source`): job file_upload",
    params: WorkspaceIdParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    body: rawBody("a multipart upload, or JSON `{path, source: {type: url, url, file_name}, labels, graph_inclusion, on_conflict, access_label}`", {
      "multipart/form-data": MULTIPART_DOC,
      "application/json": { type: "object", required: ["path", "source"] }
    }),
    responses: [{ status: 202, description: "the file_upload job (200 when it finished within wait_seconds)" }],
    errors: [...UPLOAD_ERRORS, [403, "access_denied"]],
    handler: ({ ctx, caller, params, query, headers }) =>
      Effect.gen(function*() {
        const tenantId = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        const replayed = yield* replayedJob(tenantId, key, "file_upload", params.workspace_id)
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, 0)
        const { visible, w } = yield* workspaceFor(caller, params.workspace_id, true)
        const create = (input: ReturnType<typeof uploadJobInput>) =>
          createAdmittedJob(caller.tenant, {
            tenantId,
            kind: "file_upload",
            input,
            workspaceId: w.workspace_id,
            idempotencyKey: key,
            requestId: ctx.requestId,
            payloadRetentionMs: workspaceJobRetentionMs(w)
          }, { free: true })
        if (isJson(ctx.request.header("content-type"))) {
          const json = yield* jsonBody(ctx.request)
          const decoded = decodeJsonUpload(json)
          if (Either.isLeft(decoded)) return yield* new InvalidInput({ errors: decoded.left })
          const { source, upload } = decoded.right
          yield* checkDeclared(w, upload, "access_label")
          yield* urlSource(caller, "source.url", source.url)
          yield* checkPath(w, visible, upload, undefined)
          const { job } = yield* create(uploadJobInput(w.workspace_id, source, upload, w.access.default_label))
          return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
        }
        const { staged, upload } = yield* readMultipartUpload(ctx.request, w.workspace_id)
        const { job } = yield* Effect.gen(function*() {
          yield* checkDeclared(w, upload, "metadata.access_label")
          yield* checkPath(w, visible, upload, staged)
          return yield* create(uploadJobInput(w.workspace_id, staged, upload, w.access.default_label))
        }).pipe(Effect.tapError(() => dropStaged(staged.staged_blob_key)))
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      })
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/workspaces/:workspace_id/files",
    tag: TAG,
    summary: "List the files you may see (path order, or created: oldest first), with the exact total and the coverage of what was withheld",
    params: WorkspaceIdParams,
    query: ListQuery,
    responses: [{ status: 200, description: "`{items, next_cursor, total_count, coverage}`" }],
    errors: [[404, "workspace_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query }) =>
      Effect.gen(function*() {
        const { visible, w } = yield* workspaceFor(caller, params.workspace_id, false)
        const prefix = query.path_prefix === undefined ? Either.right("") : normalizePathPrefix(query.path_prefix)
        if (Either.isLeft(prefix)) return yield* invalid("path_prefix", prefix.left.message)
        const cursor = query.cursor as FileCursor | undefined
        if (cursor !== undefined && cursor.order !== query.order) return yield* invalid("cursor", "must be the next_cursor of an earlier page in the same order")
        const statuses = query.ingestion_status?.flatMap((v) => v.split(",")) as Array<(typeof INGESTION_STATUSES)[number]> | undefined
        const page = yield* Effect.flatMap(WorkspaceFileStore, (s) =>
          s.list(w.tenant_id, w.workspace_id, {
            visible,
            order: query.order,
            limit: query.limit,
            after: cursor,
            path_prefix: prefix.right === "" ? undefined : prefix.right,
            ingestion_status: statuses,
            category: query.category === undefined || query.category === "" ? undefined : query.category,
            name_contains: query.name_contains === undefined || query.name_contains === "" ? undefined : query.name_contains
          })).pipe(storeDown)
        return docsJson(200, filePageView(page), ctx.requestId)
      })
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/workspaces/:workspace_id/files/:file_id",
    tag: TAG,
    summary: "A file, with signed links to its bytes (download: attachment, preview: inline; an hour)",
    params: FileParams,
    responses: [{ status: 200, description: "the file with `download_url`, `preview_url`, `download_url_expires_at`" }],
    errors: [[404, "workspace_not_found"], [404, "file_not_found"]],
    handler: ({ ctx, caller, params }) =>
      Effect.gen(function*() {
        const { file } = yield* fileFor(caller, params.workspace_id, params.file_id)
        const links = yield* sourceLinks(file, yield* Clock.currentTimeMillis)
        return docsJson(200, fileDetailView(file, links), ctx.requestId)
      })
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/workspaces/:workspace_id/files/:file_id/metadata",
    tag: TAG,
    summary: "What ingestion learnt of a file, its outputs, representations and last error",
    params: FileParams,
    responses: [{ status: 200, description: "`{file, lane, page_count, sheet_names, duration_ms, summary, keywords, documents, sheets, media, extracted_fields, outputs, representations, last_error}`" }],
    errors: [[404, "workspace_not_found"], [404, "file_not_found"]],
    handler: ({ ctx, caller, params }) =>
      Effect.gen(function*() {
        const { file, w } = yield* fileFor(caller, params.workspace_id, params.file_id)
        const [record, outputs, inGraph] = yield* Effect.all([
          Effect.flatMap(FileIngestionStore, (s) => s.get(w.tenant_id, w.workspace_id, file.file_id)),
          Effect.flatMap(WorkspaceFileStore, (s) => s.listOutputs(w.tenant_id, w.workspace_id, file.file_id)),
          currentGraph(w.tenant_id, w.workspace_id).pipe(
            Effect.map((g) => g.snapshot.file_ids.includes(file.file_id)),
            Effect.catchTag("KgNotBuilt", () => Effect.succeed(false))
          )
        ]).pipe(storeDown)
        return docsJson(200, fileMetadataView(file, record, outputs, inGraph), ctx.requestId)
      })
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/workspaces/:workspace_id/files/:file_id/outputs/:output_id",
    tag: TAG,
    summary: "A derived output of a file, with signed links to its bytes (null for a folder output: see its members)",
    params: OutputParams,
    responses: [{ status: 200, description: "`{output_id, kind, path, generation, created_at, download_url, preview_url, download_url_expires_at}`" }],
    errors: [[404, "workspace_not_found"], [404, "file_not_found"]],
    handler: ({ ctx, caller, params }) =>
      Effect.gen(function*() {
        const { file, w } = yield* fileFor(caller, params.workspace_id, params.file_id)
        if (!isId(params.output_id)) return yield* new FileOutputNotFound({ output_id: params.output_id })
        const output = yield* Effect.flatMap(WorkspaceFileStore, (s) => s.getOutput(w.tenant_id, w.workspace_id, file.file_id, params.output_id)).pipe(storeDown)
        if (Option.isNone(output)) return yield* new FileOutputNotFound({ output_id: params.output_id })
        const o = output.value
        const links = o.blob_key === null
          ? { download_url: null, preview_url: null, download_url_expires_at: null }
          : yield* artifactLinks({ tenant_id: w.tenant_id, workspace_id: w.workspace_id, path: o.path, access_label: file.access_label }, yield* Clock.currentTimeMillis)
        return docsJson(200, { ...outputView(o), ...links }, ctx.requestId)
      })
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/workspaces/:workspace_id/files/:file_id/outputs/:output_id/members",
    tag: TAG,
    summary: "The files of a folder output, offset paging (offset default 0, limit default 50, max 200)",
    params: OutputParams,
    query: MembersQuery,
    responses: [{ status: 200, description: "`{members: [{path, file_name, size_bytes, download_url, preview_url}], total_count, download_url_expires_at}`" }],
    errors: [[404, "workspace_not_found"], [404, "file_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query }) =>
      Effect.gen(function*() {
        const { file, w } = yield* fileFor(caller, params.workspace_id, params.file_id)
        if (!isId(params.output_id)) return yield* new FileOutputNotFound({ output_id: params.output_id })
        const store = yield* WorkspaceFileStore
        const output = yield* store.getOutput(w.tenant_id, w.workspace_id, file.file_id, params.output_id).pipe(storeDown)
        if (Option.isNone(output)) return yield* new FileOutputNotFound({ output_id: params.output_id })
        const page = yield* store.listOutputMembers(w.tenant_id, w.workspace_id, params.output_id, { offset: query.offset, limit: query.limit }).pipe(storeDown)
        const now = yield* Clock.currentTimeMillis
        let expiresAt: string | null = null
        const members = yield* Effect.forEach(page.items, (m, i) =>
          Effect.map(
            artifactLinks({
              tenant_id: w.tenant_id,
              workspace_id: w.workspace_id,
              path: m.path,
              access_label: file.access_label,
              member: { file_id: file.file_id, output_id: params.output_id, index: query.offset + i }
            }, now),
            (links) => {
              expiresAt = links.download_url_expires_at
              return { path: m.path, file_name: m.file_name, size_bytes: m.size_bytes, download_url: links.download_url, preview_url: links.preview_url }
            }
          ))
        return docsJson(200, { members, total_count: page.total, download_url_expires_at: expiresAt }, ctx.requestId)
      })
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/workspaces/:workspace_id/files/:file_id/versions",
    tag: TAG,
    summary: "A file's versions, newest first",
    params: FileParams,
    query: VersionsQuery,
    responses: [{ status: 200, description: "`{items, next_cursor, total_count}` of version entries" }],
    errors: [[404, "workspace_not_found"], [404, "file_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query }) =>
      Effect.gen(function*() {
        const { file, w } = yield* fileFor(caller, params.workspace_id, params.file_id)
        const before = query.cursor === undefined ? undefined : Number(query.cursor.slice(1))
        const page = yield* Effect.flatMap(WorkspaceFileStore, (s) => s.listVersions(w.tenant_id, w.workspace_id, file.file_id, { before, limit: query.limit })).pipe(storeDown)
        // deleted since it was read
        if (Option.isNone(page)) return yield* new WorkspaceFileNotFound({ file: params.file_id })
        return docsJson(200, {
          items: page.value.items.map(versionView),
          next_cursor: page.value.next_cursor === null ? null : `v${page.value.next_cursor}`,
          total_count: page.value.total
        }, ctx.requestId)
      })
  }),
  workspaceEndpoint({
    method: "PUT",
    path: "/v1/workspaces/:workspace_id/files/:file_id",
    tag: TAG,
    summary: "Replace a file's bytes (multipart only: `file`, optional `metadata` with labels and graph_inclusion): job file_replace",
    params: FileParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    body: rawBody("multipart: a `file` part and an optional `metadata` JSON part (`labels`: omitted unchanged, `{}` cleared; `graph_inclusion`)", {
      "multipart/form-data": { type: "object", required: ["file"], properties: { file: MULTIPART_DOC.properties.file, metadata: { type: "string", contentMediaType: "application/json" } } }
    }),
    responses: [{ status: 202, description: "the file_replace job (200 when it finished within wait_seconds)" }],
    errors: [[404, "workspace_not_found"], [404, "file_not_found"], [409, "workspace_deleting"], [409, "idempotency_key_reused"], [413, "file_too_large"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query, headers }) =>
      Effect.gen(function*() {
        const tenantId = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        const replayed = yield* replayedJob(tenantId, key, "file_replace", params.workspace_id)
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, 0)
        const { file, w } = yield* fileFor(caller, params.workspace_id, params.file_id, true)
        if (isJson(ctx.request.header("content-type"))) {
          return yield* new MalformedRequest({ message: "a replace is multipart/form-data only: a `file` part and an optional `metadata` part" })
        }
        const { replace, staged } = yield* readMultipartReplace(ctx.request, w.workspace_id, file.file_name)
        const { job } = yield* createAdmittedJob(caller.tenant, {
          tenantId,
          kind: "file_replace",
          input: replaceJobInput(w.workspace_id, file.file_id, staged, replace),
          workspaceId: w.workspace_id,
          idempotencyKey: key,
          requestId: ctx.requestId,
          payloadRetentionMs: workspaceJobRetentionMs(w)
        }, { free: true }).pipe(Effect.tapError(() => dropStaged(staged.staged_blob_key)))
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      })
  }),
  workspaceEndpoint({
    method: "DELETE",
    path: "/v1/workspaces/:workspace_id/files/:file_id",
    tag: TAG,
    summary: "Delete a file, its versions and derived outputs: job file_delete",
    params: FileParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    responses: [{ status: 202, description: "the file_delete job (200 when it finished within wait_seconds)" }],
    errors: [[404, "workspace_not_found"], [404, "file_not_found"], [409, "workspace_deleting"], [409, "idempotency_key_reused"]],
    handler: ({ ctx, caller, params, query, headers }) =>
      Effect.gen(function*() {
        const tenantId = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        const replayed = yield* replayedJob(tenantId, key, "file_delete", params.workspace_id)
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, 0)
        const { file, w } = yield* fileFor(caller, params.workspace_id, params.file_id, true)
        const { job } = yield* createAdmittedJob(caller.tenant, {
          tenantId,
          kind: "file_delete",
          input: { workspace_id: w.workspace_id, file_id: file.file_id },
          workspaceId: w.workspace_id,
          idempotencyKey: key,
          requestId: ctx.requestId,
          payloadRetentionMs: workspaceJobRetentionMs(w)
        }, { free: true })
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      })
  })
]
