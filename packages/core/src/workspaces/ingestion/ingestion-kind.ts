/**
 * The `ingestion` job (spec 3, "Ingestion and reconciliation"): the files selected at acceptance
 * (already `queued` by the route), each ingested independently (`ingest-file.ts`), `FILES_AT_ONCE`
 * at a time, the outcomes in the selection's order; the job succeeds even when files fail.
 * Progress per file: `items_total` (files), `items_done`, `units_done`. After the files, the
 * stages' `afterIngestion` chain their jobs.
 *
 * A job claimed again after its instance died (its progress already at stage `ingesting`)
 * re-claims the files it left `ingesting` and reports the files it had ingested as `ingested`.
 */
import { Effect, Option, Schema } from "effect"
import { defineJobKind, shapeOf } from "../../jobs/job-kind.js"
import type { JobError } from "../../jobs/job.js"
import { resolveDomain, pinnedDomain } from "../domains/domain-catalog.js"
import type { IngestionError } from "../files/workspace-file.js"
import { workspaceIngestionStages } from "../seams.js"
import { WorkspaceStore } from "../workspace/workspace-store.js"
import { type IngestionOutcome, ingestFile } from "./ingest-file.js"

export const INGESTION = "ingestion"

export const MAX_INGESTION_FILES = 100_000

/**
 * Files of one job ingested at once: a file's steps wait for each other (parse, tables, then its
 * chunks' embedding in one batch), so one file at a time keeps at most one encoder worker busy;
 * four keep the pool's two workers fed while the other files parse and store.
 */
export const FILES_AT_ONCE = 4

export const IngestionInput = Schema.Struct({
  workspace_id: Schema.String,
  /** the files selected at acceptance, in path order */
  file_ids: Schema.Array(Schema.String),
  reingest_unchanged: Schema.Boolean,
  /** the request's selection as sent (what an idempotent replay is compared on), or the chain that made it */
  selection: Schema.Unknown
})
export type IngestionInput = typeof IngestionInput.Type

export interface IngestionOutcomeView {
  readonly file_id: string
  readonly path: string
  readonly status: IngestionOutcome["status"]
  readonly lane: string | null
  readonly units: number
  readonly error: IngestionError | null
}

export interface IngestionResult {
  readonly result_type: "ingestion"
  readonly outcomes: ReadonlyArray<IngestionOutcomeView>
  readonly files_ingested: number
  readonly files_skipped: number
  readonly files_failed: number
  readonly units_total: number
  readonly kg_build_job_id: string | null
  readonly ledger_understanding_job_id: string | null
  /** usage (kept, not shown): bytes of the sources ingested, their pages */
  readonly bytes_ingested: number
  readonly pages_ingested: number
}

const STAGE_RUNNING = "ingesting"

const workspaceGone = (id: string): JobError => ({ code: "workspace_not_found", message: `workspace ${id} not found`, retryable: false })
const storageError: JobError = { code: "upstream_unavailable", message: "storage was unavailable; ingest again", retryable: true }

export const ingestionKind = defineJobKind({
  kind: INGESTION,
  input: IngestionInput,
  result: shapeOf<IngestionResult>(Schema.Struct({ result_type: Schema.Literal("ingestion"), outcomes: Schema.Array(Schema.Object), files_ingested: Schema.Number })),
  stage: "starting",
  // a replay compares the request, not the files it resolved to (they may have changed since)
  fingerprint: (kind, input) => JSON.stringify([kind, input.workspace_id, input.selection, input.reingest_unchanged]),
  run: (job, report) =>
    Effect.gen(function*() {
      const t = job.tenant_id
      const found = yield* Effect.flatMap(WorkspaceStore, (s) => s.get(t, job.input.workspace_id)).pipe(Effect.mapError(() => storageError))
      if (Option.isNone(found)) return yield* Effect.fail(workspaceGone(job.input.workspace_id))
      const workspace = found.value
      const taxonomy = yield* pinnedDomain(t, workspace.domain_slug, workspace.domain_version).pipe(
        Effect.flatMap((v) => resolveDomain(t, v)),
        Effect.map((r) => r.effective.taxonomy),
        Effect.mapError((e): JobError =>
          e._tag === "StorageUnavailable" ? storageError : { code: "domain_not_found", message: `the workspace's domain ${workspace.domain_slug} v${workspace.domain_version} is not available`, retryable: false })
      )
      const resumed = job.progress?.stage === STAGE_RUNNING
      const ids = job.input.file_ids
      yield* report({ stage: STAGE_RUNNING, items_total: ids.length, items_done: 0, units_done: 0 })
      // files ingested at once, each outcome in its file's place; progress counted under one lock so
      // that the reports go out in order
      const slots: Array<IngestionOutcome | undefined> = ids.map(() => undefined)
      const progress = yield* Effect.makeSemaphore(1)
      const tableNames = yield* Effect.makeSemaphore(1)
      let done = 0
      let units = 0
      // a failure of the job (storage down) starts no further file; the files already started finish,
      // so that none is left `ingesting` by a job that has stopped
      let failure: JobError | undefined
      yield* Effect.forEach(ids, (id, i) =>
        Effect.suspend(() => failure !== undefined ? Effect.void : ingestFile(job, id, {
          workspace,
          taxonomy,
          reingestUnchanged: job.input.reingest_unchanged,
          resumed,
          stages: workspaceIngestionStages,
          tableNames
        }).pipe(
          Effect.matchEffect({
            onFailure: (f) => Effect.sync(() => {
              failure ??= { code: f.code, message: f.message, retryable: f.retryable }
            }),
            onSuccess: (o) =>
              progress.withPermits(1)(Effect.suspend(() => {
                slots[i] = o
                done++
                units += o.units
                return report({ items_done: done, units_done: units })
              }))
          })
        )), { concurrency: FILES_AT_ONCE, discard: true })
      if (failure !== undefined) return yield* Effect.fail(failure)
      const outcomes = slots.filter((o): o is IngestionOutcome => o !== undefined)
      const ingested = outcomes.filter((o) => o.status === "ingested")
      let kg: string | null = null
      let ledger: string | null = null
      for (const stage of workspaceIngestionStages) {
        if (stage.afterIngestion === undefined) continue
        const chained = yield* stage.afterIngestion({ workspace, job, ingested_file_ids: ingested.map((o) => o.file_id) }).pipe(
          Effect.mapError((): JobError => ({ code: "upstream_unavailable", message: `the ${stage.name} step after ingestion failed; ingest again`, retryable: true }))
        )
        kg = chained.kg_build_job_id ?? kg
        ledger = chained.ledger_understanding_job_id ?? ledger
      }
      const result: IngestionResult = {
        result_type: "ingestion",
        outcomes: outcomes.map(({ file_id, path, status, lane, units, error }) => ({ file_id, path, status, lane, units, error })),
        files_ingested: ingested.length,
        files_skipped: outcomes.filter((o) => o.status === "skipped_unchanged").length,
        files_failed: outcomes.filter((o) => o.status === "failed").length,
        units_total: units,
        kg_build_job_id: kg,
        ledger_understanding_job_id: ledger,
        bytes_ingested: ingested.reduce((n, o) => n + o.bytes, 0),
        pages_ingested: ingested.reduce((n, o) => n + o.pages, 0)
      }
      return { result, units }
    }),
  v1Result: (_job, { bytes_ingested: _b, pages_ingested: _p, ...shown }) => shown,
  flatResult: (_job, { bytes_ingested: _b, pages_ingested: _p, ...shown }) => shown,
  usage: (job) => ({ pages: job.result?.pages_ingested ?? 0, bytes_ingested: job.result?.bytes_ingested ?? 0 })
})
