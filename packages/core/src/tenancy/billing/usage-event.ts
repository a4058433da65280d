/**
 * A usage event (spec 2, "Usage"): recorded once per job that succeeded, when it finishes, with
 * the job's units (its credits), the pages it read (non-empty cells for spreadsheets), the bytes a
 * workspace ingestion took in, and how long it ran. Failed and cancelled jobs record nothing.
 */
import type { Job } from "../../jobs/job.js"
import type { JobUsage } from "../../jobs/job-kind.js"

export interface UsageEvent {
  readonly job_id: string
  readonly tenant_id: string
  readonly kind: string
  /** the job's workspace; null for document-operation jobs, which belong to none */
  readonly workspace_id: string | null
  readonly units: number
  /** pages, or non-empty cells for spreadsheets */
  readonly pages: number
  /** workspace ingestion jobs only; 0 otherwise */
  readonly bytes_ingested: number
  /** finished_at - started_at */
  readonly processing_ms: number
  /** when the job finished, epoch ms */
  readonly at: number
}

const NO_USAGE: JobUsage = { pages: 0, bytes_ingested: 0 }

/**
 * The event of a finished job, with what its kind measured (`JobKindDefinition.usage`); undefined
 * when it is not chargeable (not succeeded).
 */
export const usageEventOf = (job: Job, usage: JobUsage = NO_USAGE): UsageEvent | undefined =>
  job.status !== "succeeded" || job.finished_at === null
    ? undefined
    : {
        job_id: job.job_id,
        tenant_id: job.tenant_id,
        kind: job.kind,
        workspace_id: job.workspace_id ?? null,
        units: job.units,
        pages: usage.pages,
        bytes_ingested: usage.bytes_ingested,
        processing_ms: Math.max(0, job.finished_at - (job.started_at ?? job.finished_at)),
        at: job.finished_at
      }
