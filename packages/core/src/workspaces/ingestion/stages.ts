/**
 * Where later parts of the workspace service plug into ingestion (`workspaceIngestionStages` in
 * `../seams.ts`): search indexing, catalog extraction, the knowledge graph's auto-build, the
 * ledger chain. Each stage may
 *
 * - `afterFileIngested`: see each file ingested (its parse, markdown, record) before the file is
 *   marked `ingested` — a failure fails that file's outcome (`stage_failed`, retryable), so a file
 *   is never `ingested` without every stage's representation;
 * - `onFileDropped`: remove what it keeps for a file whose derived representations go (expiry,
 *   delete, re-ingestion);
 * - `afterIngestion`: run once the job's files are done, and chain a job: the ids it returns
 *   fill the result's `kg_build_job_id` / `ledger_understanding_job_id`.
 * Stages run in list order; each must be idempotent (a job that died is run again).
 */
import type { Effect } from "effect"
import type { ParsedDocument } from "../../documents/parsed-document.js"
import type { Job } from "../../jobs/job.js"
import type { Taxonomy } from "../domains/domain-definition.js"
import type { WorkspaceFile } from "../files/workspace-file.js"
import type { Workspace } from "../workspace/workspace.js"
import type { FileIngestionRecord } from "./file-ingestion.js"

export interface IngestedFile {
  readonly workspace: Workspace
  /** the file as claimed (status `ingesting`), with the version read; its category and label are the earlier ingestion's */
  readonly file: WorkspaceFile
  /** the category this ingestion decided (the file takes it once every stage is done) */
  readonly category: string | null
  /** the access label this ingestion decided (likewise) */
  readonly access_label: string | null
  /** the workspace's pinned taxonomy the category belongs to */
  readonly taxonomy: Taxonomy
  readonly record: FileIngestionRecord
  readonly document: ParsedDocument
  /** document.md */
  readonly markdown: string
}

export interface IngestionSummary {
  readonly workspace: Workspace
  readonly job: Job
  /** the files this job ingested (not skipped, not failed) */
  readonly ingested_file_ids: ReadonlyArray<string>
}

export interface ChainedJobs {
  readonly kg_build_job_id?: string | null | undefined
  readonly ledger_understanding_job_id?: string | null | undefined
}

export interface IngestionStage<R = never> {
  readonly name: string
  readonly afterFileIngested?: ((f: IngestedFile) => Effect.Effect<void, unknown, R>) | undefined
  readonly onFileDropped?: ((tenantId: string, workspaceId: string, fileId: string) => Effect.Effect<void, unknown, R>) | undefined
  readonly afterIngestion?: ((s: IngestionSummary) => Effect.Effect<ChainedJobs, unknown, R>) | undefined
}
