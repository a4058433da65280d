/**
 * Ingesting one file (spec 3, "States and transitions"): claim it `→ ingesting` by
 * compare-and-set (one job at a time, across instances), read the current version's blob, parse
 * it, derive document.md, pages, components and tables, classify it, write its outputs, load its
 * tables, run the stages, keep its record, then mark it `ingested` at the version read.
 *
 * - Unchanged (`ingested` at the observed hash) is `skipped_unchanged` unless `reingest_unchanged`.
 * - A parse failure, an unreadable blob or a failed stage is the file's outcome `failed`; the file
 *   becomes `failed` with `ingestion_error` (the v1 error shape, with the job's request id).
 * - A new version landing meanwhile wins: the file keeps the new version's status (`discovered`),
 *   and this outcome is `failed` with `file_changed` (retryable: ingest again). The outputs and the
 *   record written for the older version stay until the next ingestion replaces them (the record
 *   names its version).
 * - A file deleted meanwhile: `failed` with `file_not_found`; the blobs written are deleted.
 */
import { Clock, Effect, Option, Schedule, Stream } from "effect"
import { DocumentParser } from "../../documents/document-parser.js"
import { parseFailureError } from "../../documents/parse/read-document.js"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import { Ids } from "../../kernel/ids.js"
import type { Job } from "../../jobs/job.js"
import { JobStore } from "../../jobs/job-store.js"
import { parseCredits } from "../../tenancy/billing/credits.js"
import type { Taxonomy } from "../domains/domain-definition.js"
import { derivedPathOf } from "../files/file-path.js"
import { type NewFileOutput, WorkspaceFileStore } from "../files/file-store.js"
import { type IngestionError, type IngestionStatus, type WorkspaceFile, workspaceBlobPrefix } from "../files/workspace-file.js"
import type { Workspace } from "../workspace/workspace.js"
import { deriveFile, tableCsv } from "./derive.js"
import { type FileIngestionRecord, FileIngestionStore, tableNamesOf } from "./file-ingestion.js"
import { type Lane, laneOf } from "./lanes.js"
import { contentKindOf } from "../files/content-kind.js"
import type { IngestionStage } from "./stages.js"
import { understand } from "./understand.js"
import { buildFileTables, dropFileTables, loadFileTables } from "./file-tables.js"

export type OutcomeStatus = "ingested" | "skipped_unchanged" | "failed"

export interface IngestionOutcome {
  readonly file_id: string
  readonly path: string
  readonly status: OutcomeStatus
  readonly lane: string | null
  readonly units: number
  readonly error: IngestionError | null
  /** bytes of the source read (usage `bytes_ingested`) */
  readonly bytes: number
  readonly pages: number
}

export interface IngestOptions<R> {
  readonly workspace: Workspace
  readonly taxonomy: Taxonomy
  readonly reingestUnchanged: boolean
  /** the job runs again after its instance died: files it left `ingesting` are its own */
  readonly resumed: boolean
  readonly stages: ReadonlyArray<IngestionStage<R>>
  /**
   * held from naming a file's tables until they are loaded: a job ingests several files at once,
   * and two of them naming theirs from the same list of the workspace's tables would take the same
   * free name
   */
  readonly tableNames: Effect.Semaphore
}

/**
 * a file `ingesting` untouched this long was left by a job that can no longer finish it (its
 * instance gone and the job never resumed): any job may claim it
 */
export const INGESTING_CLAIM_MS = 15 * 60_000

/** statuses a file may be claimed from (`ingesting` only by the job that left it so, or once the claim is stale) */
const CLAIMABLE: ReadonlyArray<IngestionStatus> = ["discovered", "queued", "stale", "failed", "expired", "ingested", "not_required"]

const derivedBlobKey = (workspaceId: string, fileId: string, id: string) => `${workspaceBlobPrefix(workspaceId)}derived/${fileId}/${id}`

class Failed {
  readonly _tag = "Failed"
  constructor(readonly code: string, readonly message: string, readonly retryable: boolean, readonly detail: Record<string, unknown> | null = null) {}
}

const deleteBlobs = (keys: ReadonlyArray<string>) =>
  Effect.flatMap(BlobStore, (blobs) =>
    Effect.forEach(keys, (key) => blobs.delete(key).pipe(Effect.retry(Schedule.recurs(3)), Effect.ignore), { concurrency: 4, discard: true }))

const outcome = (file: Pick<WorkspaceFile, "file_id" | "path">, status: OutcomeStatus, rest: Partial<IngestionOutcome> = {}): IngestionOutcome => ({
  file_id: file.file_id,
  path: file.path,
  status,
  lane: null,
  units: 0,
  error: null,
  bytes: 0,
  pages: 0,
  ...rest
})

const storageDown = (e?: unknown) => {
  const cause = (e as { cause?: unknown } | undefined)?.cause
  return new Failed("upstream_unavailable", "storage was unavailable; ingest the file again", true, cause === undefined ? null : { cause: String(cause) })
}

export const ingestFile = <R>(job: Job, fileId: string, o: IngestOptions<R>) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    const t = job.tenant_id
    const w = o.workspace.workspace_id
    const found = yield* store.get(t, w, fileId).pipe(Effect.mapError(storageDown))
    if (Option.isNone(found)) {
      return outcome({ file_id: fileId, path: "" }, "failed", {
        error: { code: "file_not_found", message: `file ${fileId} not found`, detail: { file_id: fileId }, retryable: false, request_id: job.request_id }
      })
    }
    const file = found.value
    const unchanged = file.ingestion_status === "ingested" && file.ingested_hash === file.observed_hash
    // this job's own earlier run ingested it (it died after): as it was then
    if (unchanged && o.resumed && file.ingested_at !== null && file.ingested_at >= job.created_at) {
      return outcome(file, "ingested", { lane: file.lane, units: file.units, bytes: file.size_bytes, pages: file.page_count ?? 0 })
    }
    if (unchanged && !o.reingestUnchanged) return outcome(file, "skipped_unchanged", { lane: file.lane })
    const now = yield* Clock.currentTimeMillis
    const staleClaim = file.ingestion_status === "ingesting" && file.updated_at + INGESTING_CLAIM_MS <= now
    const claimable = o.resumed || staleClaim ? [...CLAIMABLE, "ingesting" as const] : CLAIMABLE
    const claimed = yield* store.update(t, w, file.file_id, { ingestion_status: "ingesting" }, now, {
      ingestion_status: claimable,
      version: file.version
    }).pipe(Effect.either)
    if (claimed._tag === "Left") {
      const e = claimed.left
      if (e._tag === "StorageUnavailable") return yield* Effect.fail(storageDown())
      if (e._tag === "WorkspaceFileNotFound") return outcome(file, "failed", { error: errorOf(new Failed("file_not_found", `file ${fileId} was deleted`, false), job) })
      return outcome(file, "failed", {
        error: errorOf(
          e.ingestion_status === "ingesting"
            ? new Failed("ingestion_in_progress", `file ${file.path} is being ingested by another job; ingest it again once that job is done`, true)
            : new Failed("file_changed", `file ${file.path} changed during the ingestion (now version ${e.version}); ingest it again`, true),
          job
        )
      })
    }
    const lane = laneOf(file.file_name, file.file_type)
    return yield* ingestClaimed(job, claimed.right, lane, o).pipe(
      Effect.catchAll((f) => markFailed(job, claimed.right, lane, f)),
      // a cancelled job does not leave the file `ingesting` (a dying instance does: its job's next run re-claims it)
      Effect.onInterrupt(() =>
        Effect.flatMap(jobStillLive(job.job_id), (cancelled) =>
          cancelled ? markFailed(job, claimed.right, lane, new Failed("cancelled", `the ingestion of ${file.path} was cancelled; ingest it again`, true)) : Effect.void
        ).pipe(Effect.ignore))
    )
  })

/** true when the job was cancelled (an interruption by a stopping worker leaves the file to the job's next run) */
const jobStillLive = (jobId: string) =>
  Effect.map(Effect.flatMap(JobStore, (s) => s.get(jobId)), (j) => Option.isSome(j) && j.value.status === "cancelled")

const errorOf = (f: Failed, job: Job): IngestionError => ({ code: f.code, message: f.message, detail: f.detail, retryable: f.retryable, request_id: job.request_id })

const markFailed = (job: Job, file: WorkspaceFile, lane: Lane, f: Failed) =>
  Effect.gen(function*() {
    const error = errorOf(f, job)
    const store = yield* WorkspaceFileStore
    const at = yield* Clock.currentTimeMillis
    const r = yield* store.update(job.tenant_id, file.workspace_id, file.file_id, { ingestion_status: "failed", ingestion_error: error, lane }, at, {
      ingestion_status: ["ingesting"],
      version: file.version
    }).pipe(Effect.either)
    if (r._tag === "Left" && r.left._tag === "FileStateChanged") {
      return outcome(file, "failed", { lane, error: errorOf(new Failed("file_changed", `file ${file.path} changed during the ingestion; ingest it again`, true), job) })
    }
    return outcome(file, "failed", { lane, error })
  })

const ingestClaimed = <R>(job: Job, file: WorkspaceFile, lane: Lane, o: IngestOptions<R>) =>
  Effect.gen(function*() {
    const t = job.tenant_id
    const w = file.workspace_id
    const started = yield* Clock.currentTimeMillis
    const blobs = yield* BlobStore
    const bytes = yield* blobs.get(file.blob_key).pipe(Effect.mapError(storageDown))
    if (Option.isNone(bytes)) return yield* Effect.fail(new Failed("file_not_found", `the bytes of file ${file.path} (version ${file.version}) are gone`, false))
    const doc = yield* (yield* DocumentParser).parse({ bytes: bytes.value, fileName: file.file_name }).pipe(
      Effect.mapError((e) => {
        const j = parseFailureError(e)
        return new Failed(j.code, j.message, j.retryable, { path: file.path, file_type: file.file_type })
      })
    )
    const derived = deriveFile(doc, file.file_name)
    const taught = yield* understand(doc, derived.markdown, file, o.workspace, o.taxonomy).pipe(
      Effect.mapError((e) => new Failed("upstream_unavailable", `the intelligence engine failed on ${file.path}: ${e.message}; ingest the file again`, true))
    )
    const units = doc.kind === "document" ? parseCredits({ kind: "document", pages: doc.page_count }) : parseCredits({ kind: "spreadsheet", cellsPerSheet: doc.sheets.map((s) => s.cells.length) })
    const ingestions = yield* FileIngestionStore
    const previous = yield* ingestions.get(t, w, file.file_id).pipe(Effect.mapError(storageDown))
    const previousTables = Option.match(previous, { onNone: () => [], onSome: tableNamesOf })
    const store = yield* WorkspaceFileStore
    const { record, now } = yield* o.tableNames.withPermits(1)(Effect.gen(function*() {
      const tables = yield* buildFileTables(t, w, file, derived, previousTables).pipe(Effect.mapError(storageDown))

      // outputs: document.md and one CSV per table, as blobs, then replaced at once
      const ids = yield* Ids
      const written: Array<string> = []
      const put = (content: string) =>
        Effect.gen(function*() {
          const key = derivedBlobKey(w, file.file_id, ids.uuid())
          const data = new TextEncoder().encode(content)
          yield* blobs.put(key, Stream.make(data), data.byteLength).pipe(
            Effect.catchTag("BlobTooLarge", () => Effect.dieMessage("a blob of known size was over its own size")),
            Effect.mapError(storageDown)
          )
          written.push(key)
          return { key, size: data.byteLength }
        })
      const outputs: Array<NewFileOutput> = []
      const md = yield* put(derived.markdown)
      outputs.push({ output_id: ids.uuid(), kind: "derived_file", path: derivedPathOf(file.path, "document.md"), blob_key: md.key, size_bytes: md.size, media_type: "text/markdown", members: [] })
      for (const table of tables.built) {
        const csv = yield* put(tableCsv(table.descriptor.columns, table.rows))
        outputs.push({
          output_id: ids.uuid(),
          kind: "derived_file",
          path: derivedPathOf(file.path, `tables/${table.descriptor.table_name}.csv`),
          blob_key: csv.key,
          size_bytes: csv.size,
          media_type: "text/csv",
          members: []
        })
      }
      const cleanUp = <A, E, R>(e: Effect.Effect<A, E, R>) => Effect.onError(e, () => deleteBlobs(written))
      const now = yield* Clock.currentTimeMillis
      const replaced = yield* cleanUp(store.replaceOutputs(t, w, file.file_id, outputs, now)).pipe(
        Effect.catchTags({
          WorkspaceFileNotFound: () => Effect.fail(new Failed("file_not_found", `file ${file.path} was deleted during the ingestion`, false)),
          StorageUnavailable: () => Effect.fail(storageDown())
        })
      )
      yield* deleteBlobs(replaced.replaced_blob_keys)

      const record: FileIngestionRecord = {
        tenant_id: t,
        workspace_id: w,
        file_id: file.file_id,
        version: file.version,
        ingested_hash: file.observed_hash,
        ingested_at: now,
        kind: contentKindOf(file.path, file.file_type),
        lane,
        page_count: derived.page_count,
        sheet_names: derived.sheet_names,
        duration_ms: now - started,
        summary: taught.summary,
        keywords: taught.keywords,
        documents: doc.kind === "document"
          ? [{ name: file.file_name, format: doc.format, page_count: doc.page_count, ocr_applied: doc.ocr_applied, metadata: doc.metadata, warnings: doc.warnings }]
          : [],
        sheets: doc.kind === "spreadsheet"
          ? doc.sheets.map((s) => ({ name: s.sheet_name, max_row: s.max_row, max_col: s.max_col, non_empty_cells: s.cells.length, table_name: tables.built.find((x) => x.descriptor.component_kind === "sheet" ? x.descriptor.component === s.sheet_name : true)?.descriptor.table_name ?? null }))
          : [],
        media: [],
        extracted_fields: taught.extracted_fields,
        total_chars: derived.markdown.length,
        pages: derived.pages,
        components: tables.components
      }
      // tables of an earlier ingestion that this one no longer has go
      const keep = new Set(tableNamesOf(record))
      yield* dropFileTables(t, w, previousTables.filter((n) => !keep.has(n))).pipe(Effect.mapError(storageDown))
      yield* loadFileTables(t, w, tables.built).pipe(Effect.mapError(storageDown))
      return { record, now }
    }))
    for (const stage of o.stages) {
      if (stage.afterFileIngested === undefined) continue
      yield* stage.afterFileIngested({
        workspace: o.workspace,
        file,
        category: taught.category,
        access_label: taught.access_label,
        taxonomy: o.taxonomy,
        record,
        document: doc,
        markdown: derived.markdown
      }).pipe(
        Effect.tapError((e) => Effect.logWarning(`ingestion stage ${stage.name} failed on ${file.path}`, e)),
        Effect.mapError(() => new Failed("stage_failed", `the ${stage.name} step failed on ${file.path}; ingest the file again`, true))
      )
    }
    yield* ingestions.put(record).pipe(Effect.mapError(storageDown))
    const done = yield* store.update(t, w, file.file_id, {
      ingestion_status: "ingested",
      ingested_hash: file.observed_hash,
      ingested_at: now,
      ingestion_error: null,
      lane,
      units,
      page_count: derived.page_count,
      category: taught.category,
      access_label: taught.access_label
    }, now, { ingestion_status: ["ingesting"], version: file.version }).pipe(Effect.either)
    if (done._tag === "Left") {
      if (done.left._tag === "StorageUnavailable") return yield* Effect.fail(storageDown())
      if (done.left._tag === "WorkspaceFileNotFound") return yield* Effect.fail(new Failed("file_not_found", `file ${file.path} was deleted during the ingestion`, false))
      return outcome(file, "failed", {
        lane,
        error: errorOf(new Failed("file_changed", `file ${file.path} changed during the ingestion (now version ${done.left.version}); ingest it again`, true), job)
      })
    }
    return outcome(file, "ingested", { lane, units, bytes: file.size_bytes, pages: derived.page_count ?? 0 })
  })
