/** Ingestion and reconciliation over HTTP (spec 3, "Ingestion and reconciliation"). */
import { Effect, Either, Option, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { jsonBodyOf } from "../../api/endpoint.js"
import { InvalidInput } from "../../api/errors.js"
import { withDefault } from "../../api/schemas.js"
import { createAdmittedJob } from "../../tenancy/limits/admit-job.js"
import { normalizePathPrefix } from "../files/file-path.js"
import { markQueued, MAX_FILE_IDS, resolveSelection, type Selection, undoQueued } from "../ingestion/accept.js"
import { INGESTION } from "../ingestion/ingestion-kind.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"
import { RECONCILIATION } from "../ingestion/reconciliation-kind.js"
import { visibleLabelsOf } from "../files/file-access.js"
import { activeWorkspace } from "../workspace/workspaces.js"
import { WorkspaceIdParams, workspaceEndpoint } from "./endpoints.js"
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, jobAnswer, replayedJob, WaitQuerySchema } from "./job-answer.js"
import { storeDown } from "./store-errors.js"

const TAG = "ingestion"
const MAX_PREFIX = 1024

const FileIds = Schema.Array(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))).pipe(
  Schema.minItems(1),
  Schema.maxItems(MAX_FILE_IDS),
  fieldMessage(`must be an array of 1 to ${MAX_FILE_IDS} file ids`)
)

const SelectionSchema = Schema.Union(
  Schema.Struct({ type: Schema.Literal("file_ids"), file_ids: FileIds }),
  Schema.Struct({
    type: Schema.Literal("path_prefix"),
    path_prefix: withDefault(Schema.String.pipe(Schema.maxLength(MAX_PREFIX), fieldMessage(`must be a string of at most ${MAX_PREFIX} characters`)), ""),
    stale_only: withDefault(Schema.Boolean.pipe(fieldMessage("must be a boolean")), false)
  })
).pipe(fieldMessage({ invalid: "must be {type: \"file_ids\", file_ids} or {type: \"path_prefix\", path_prefix, stale_only}", missing: "is required" }))

const IngestionBody = Schema.Struct({
  selection: SelectionSchema,
  reingest_unchanged: withDefault(Schema.Boolean.pipe(fieldMessage("must be a boolean")), false)
})

const ReconciliationBody = Schema.Struct({
  path_prefix: withDefault(Schema.String.pipe(Schema.maxLength(MAX_PREFIX), fieldMessage(`must be a string of at most ${MAX_PREFIX} characters`)), ""),
  auto_ingest: withDefault(Schema.Boolean.pipe(fieldMessage("must be a boolean")), false)
})

const prefixOf = (raw: string, field: string) =>
  Either.match(normalizePathPrefix(raw), {
    onLeft: (r) => Effect.fail(new InvalidInput({ errors: [{ field, message: r.message }] })),
    onRight: Effect.succeed
  })

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

export const ingestionEndpoints = [
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/ingestions",
    tag: TAG,
    summary: "Ingest files (by ids, or under a path prefix): they move `queued`, then the ingestion job ingests each independently",
    params: WorkspaceIdParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    body: jsonBodyOf(IngestionBody),
    responses: [{ status: 202, description: "the ingestion job (200 when it finished within wait_seconds)" }],
    errors: [[402, "quota_exceeded"], [404, "workspace_not_found"], [409, "workspace_deleting"], [409, "idempotency_key_reused"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query, body, headers }) =>
      Effect.gen(function*() {
        const t = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        const replayed = yield* replayedJob(t, key, INGESTION, params.workspace_id, (i) =>
          sameJson(i.selection, body.selection) && i.reingest_unchanged === body.reingest_unchanged)
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, query.wait_seconds)
        const w = yield* activeWorkspace(t, params.workspace_id).pipe(storeDown)
        const selection: Selection = body.selection.type === "file_ids"
          ? { type: "file_ids", file_ids: body.selection.file_ids }
          : { type: "path_prefix", path_prefix: yield* prefixOf(body.selection.path_prefix, "selection.path_prefix"), stale_only: body.selection.stale_only }
        const files = yield* resolveSelection(t, w.workspace_id, selection, visibleLabelsOf(w, caller.access_labels)).pipe(storeDown)
        const moved = yield* markQueued(t, w.workspace_id, files, body.reingest_unchanged).pipe(storeDown)
        const { job } = yield* createAdmittedJob(caller.tenant, {
          tenantId: t,
          kind: INGESTION,
          input: { workspace_id: w.workspace_id, file_ids: files.map((f) => f.file_id), reingest_unchanged: body.reingest_unchanged, selection: body.selection },
          workspaceId: w.workspace_id,
          idempotencyKey: key,
          requestId: ctx.requestId,
          payloadRetentionMs: workspaceJobRetentionMs(w)
        }).pipe(Effect.tapError(() => undoQueued(t, w.workspace_id, moved).pipe(Effect.ignore)))
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      })
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/reconciliations",
    tag: TAG,
    summary: "Reconcile the workspace's files with their objects (detects; with auto_ingest chains an ingestion of stale and discovered files)",
    params: WorkspaceIdParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    body: jsonBodyOf(ReconciliationBody),
    responses: [{ status: 202, description: "the reconciliation job (200 when it finished within wait_seconds)" }],
    errors: [[402, "quota_exceeded"], [404, "workspace_not_found"], [409, "workspace_deleting"], [409, "idempotency_key_reused"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query, body, headers }) =>
      Effect.gen(function*() {
        const t = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        const replayed = yield* replayedJob(t, key, RECONCILIATION, params.workspace_id, (i) =>
          i.auto_ingest === body.auto_ingest && Either.getOrElse(normalizePathPrefix(body.path_prefix), () => body.path_prefix) === i.path_prefix)
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, query.wait_seconds)
        const w = yield* activeWorkspace(t, params.workspace_id).pipe(storeDown)
        const { job } = yield* createAdmittedJob(caller.tenant, {
          tenantId: t,
          kind: RECONCILIATION,
          input: { workspace_id: w.workspace_id, path_prefix: yield* prefixOf(body.path_prefix, "path_prefix"), auto_ingest: body.auto_ingest },
          workspaceId: w.workspace_id,
          idempotencyKey: key,
          requestId: ctx.requestId,
          payloadRetentionMs: workspaceJobRetentionMs(w)
        })
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      })
  })
]
