/**
 * The `reconciliation` job (spec 3, "Ingestion and reconciliation"): compares the ledger (the
 * workspace's files) with the objects behind it (their blobs) under `path_prefix`:
 *
 * - `files_scanned`: the files under the prefix;
 * - `discovered`: files whose object has never been ingested (status `discovered`: no ingestion
 *   ledger entry for it yet) — objects land only through uploads, so an object with no file
 *   cannot exist here;
 * - `marked_stale`: `ingested` files whose observed hash differs from the ingested one, moved to
 *   `stale` (status only);
 * - `orphans_removed`: files whose current object (blob) is gone: the file, its outputs, record
 *   and tables removed (a file that can never be read again);
 * - `ingestion_job_id`: with `auto_ingest`, an `ingestion` job of the stale and discovered files
 *   (null when there are none, or without `auto_ingest`).
 * It never changes a file's bytes or derived representations otherwise.
 */
import { Clock, Effect, Option, Schema } from "effect"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import { createJob } from "../../jobs/create-job.js"
import { defineJobKind } from "../../jobs/job-kind.js"
import type { JobError } from "../../jobs/job.js"
import { type FileListQuery, type FilePage, WorkspaceFileStore } from "../files/file-store.js"
import type { WorkspaceFile } from "../files/workspace-file.js"
import { WorkspaceStore } from "../workspace/workspace-store.js"
import { markQueued } from "./accept.js"
import { dropIngestedState } from "./drop-file.js"
import { INGESTION } from "./ingestion-kind.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"

export const RECONCILIATION = "reconciliation" as const

export const ReconciliationInput = Schema.Struct({
  workspace_id: Schema.String,
  /** normalized; "" is the whole workspace */
  path_prefix: Schema.String,
  auto_ingest: Schema.Boolean
})

export const ReconciliationResult = Schema.Struct({
  result_type: Schema.Literal(RECONCILIATION),
  files_scanned: Schema.Number,
  discovered: Schema.Number,
  marked_stale: Schema.Number,
  orphans_removed: Schema.Number,
  ingestion_job_id: Schema.NullOr(Schema.String)
})

const storageError: JobError = { code: "upstream_unavailable", message: "storage was unavailable; reconcile again", retryable: true }

export const reconciliationKind = defineJobKind({
  kind: RECONCILIATION,
  input: ReconciliationInput,
  result: ReconciliationResult,
  stage: "scanning",
  run: (job, report) =>
    Effect.gen(function*() {
      const t = job.tenant_id
      const w = job.input.workspace_id
      const found = yield* Effect.flatMap(WorkspaceStore, (s) => s.get(t, w))
      if (Option.isNone(found)) return yield* Effect.fail<JobError>({ code: "workspace_not_found", message: `workspace ${w} not found`, retryable: false })
      const store = yield* WorkspaceFileStore
      const blobs = yield* BlobStore
      const q: FileListQuery = { visible: "all", order: "path", limit: 500, path_prefix: job.input.path_prefix }
      let after: FileListQuery["after"] = undefined
      let scanned = 0
      let discovered = 0
      let stale = 0
      let orphans = 0
      const toIngest: Array<WorkspaceFile> = []
      for (;;) {
        const page: FilePage = yield* store.list(t, w, { ...q, after })
        for (const f of page.items) {
          scanned++
          if (Option.isNone(yield* blobs.stat(f.blob_key))) {
            const deleted = yield* store.delete(t, w, f.file_id)
            if (Option.isSome(deleted)) {
              yield* dropIngestedState(t, w, f.file_id)
              yield* Effect.forEach(deleted.value.blob_keys, (k) => blobs.delete(k).pipe(Effect.ignore), { discard: true })
              orphans++
            }
            continue
          }
          if (f.ingestion_status === "discovered") {
            discovered++
            toIngest.push(f)
          } else if (f.ingestion_status === "ingested" && f.ingested_hash !== f.observed_hash) {
            const r = yield* store.update(t, w, f.file_id, { ingestion_status: "stale" }, yield* Clock.currentTimeMillis, {
              ingestion_status: ["ingested"],
              version: f.version
            }).pipe(Effect.option)
            if (Option.isSome(r)) {
              stale++
              toIngest.push(r.value)
            }
          } else if (f.ingestion_status === "stale") toIngest.push(f)
        }
        yield* report({ items_done: scanned, items_total: page.total })
        if (page.next_cursor === null) break
        after = page.next_cursor
      }
      let ingestionJobId: string | null = null
      if (job.input.auto_ingest && toIngest.length > 0) {
        yield* markQueued(t, w, toIngest, false)
        const chained = yield* createJob({
          tenantId: t,
          kind: INGESTION,
          input: { workspace_id: w, file_ids: toIngest.map((f) => f.file_id), reingest_unchanged: false, selection: { chained_from: job.job_id } },
          workspaceId: w,
          idempotencyKey: null,
          requestId: job.request_id,
          payloadRetentionMs: workspaceJobRetentionMs(found.value)
        })
        ingestionJobId = chained.job.job_id
      }
      return {
        result: { result_type: RECONCILIATION, files_scanned: scanned, discovered, marked_stale: stale, orphans_removed: orphans, ingestion_job_id: ingestionJobId },
        units: 0
      }
    }).pipe(
      Effect.mapError((e): JobError => {
        const tag = (e as { _tag?: string })._tag
        if (tag === undefined && typeof (e as JobError).code === "string") return e as JobError
        if (tag === "JobQueueFull") return { code: "upstream_unavailable", message: "the job queue is full; reconcile again", retryable: true }
        return storageError
      })
    )
})
