/**
 * The document service's public API (spec 2, v1 form) as the console calls it: with a tenant's
 * key (`X-API-Key`), through the same routes any client uses.
 */
import { createParser } from "eventsource-parser"
import { call } from "./http.js"

export const JOB_KINDS = [
  "parse", "split", "classify", "categorize", "extract", "ground", "ingestion", "reconciliation", "kg_build",
  "file_upload", "file_replace", "file_delete", "workspace_delete", "intelligent_search", "filtered_search"
] as const

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const
export type JobStatus = (typeof JOB_STATUSES)[number]
export const isTerminal = (status: string) => status === "succeeded" || status === "failed" || status === "cancelled"

export interface Progress {
  readonly units_total?: number | null
  readonly units_done?: number | null
  readonly items_total?: number | null
  readonly items_done?: number | null
  readonly stage?: string | null
}

export interface JobSummary {
  readonly job_id: string
  readonly kind: string
  readonly status: JobStatus
  readonly workspace_id: string | null
  readonly created_at: string
  readonly finished_at: string | null
  readonly units: number | null
}

export interface Job extends JobSummary {
  readonly force: boolean | null
  readonly result?: any
  readonly result_state?: string
  readonly error?: { readonly code: string; readonly message: string; readonly retryable?: boolean; readonly detail?: unknown } | null
  readonly progress?: Progress | null
  readonly started_at: string | null
  readonly payload_expires_at?: string | null
}

export interface JobEvent {
  readonly sequence: number
  readonly at: string
  readonly status: JobStatus
  readonly progress: Progress | null
  readonly message?: string
}

export interface Upload {
  readonly file_id: string
  readonly file_name: string
  readonly expires_at: string
}

export interface UsageBucket {
  readonly key: string
  readonly units: number
  readonly jobs: number
  readonly pages: number
  readonly bytes_ingested?: number
}

export interface Usage {
  readonly period_start: string
  readonly period_end: string
  readonly group_by: string
  readonly buckets: ReadonlyArray<UsageBucket>
  readonly units_total: number
}

export interface UsageOverview {
  readonly window: string
  readonly period_start: string
  readonly period_end: string
  readonly documents_processed: number
  readonly documents_processed_prior: number
  readonly active_jobs: number
  readonly queued_jobs: number
  readonly avg_processing_seconds: number | null
  readonly avg_processing_seconds_prior: number | null
  readonly series: ReadonlyArray<{ readonly day: string; readonly documents: number }>
}

const keyHeader = (key: string) => ({ "x-api-key": key })

export const listJobs = (key: string, filter: { kinds: ReadonlyArray<string>; statuses: ReadonlyArray<string>; cursor?: string }) => {
  const query = new URLSearchParams()
  for (const k of filter.kinds) query.append("kind", k)
  for (const s of filter.statuses) query.append("status", s)
  if (filter.cursor !== undefined) query.set("cursor", filter.cursor)
  query.set("limit", "50")
  return call<{ items: ReadonlyArray<JobSummary>; next_cursor: string | null; total_count: number }>("GET", `/v1/jobs?${query}`, {
    headers: keyHeader(key)
  })
}

export const getJob = (key: string, jobId: string) => call<Job>("GET", `/v1/jobs/${encodeURIComponent(jobId)}`, { headers: keyHeader(key) })

export const cancelJob = (key: string, jobId: string) =>
  call<Job>("POST", `/v1/jobs/${encodeURIComponent(jobId)}/cancel`, { headers: keyHeader(key), json: { reason: "cancelled from the console" } })

export const upload = (key: string, file: File) => {
  const form = new FormData()
  form.append("file", file, file.name)
  return call<Upload>("POST", "/upload", { headers: keyHeader(key), body: form })
}

/** `POST /v1/<operation>` on an upload; answers the job (202 `{job_id}` while it runs). */
export const runOperation = (key: string, operation: string, uploadId: string, fields: Record<string, unknown>) =>
  call<{ job_id: string }>("POST", `/v1/${operation}`, {
    headers: keyHeader(key),
    json: { source: { type: "upload", upload_id: uploadId }, ...fields }
  })

export const usage = (key: string, params: { period_start: string; period_end: string; group_by: string }) =>
  call<Usage>("GET", `/v1/usage?${new URLSearchParams(params)}`, { headers: keyHeader(key) })

export const usageOverview = (key: string, window: string) =>
  call<UsageOverview>("GET", `/v1/usage/overview?window=${encodeURIComponent(window)}`, { headers: keyHeader(key) })

/**
 * Follows `GET /v1/jobs/{id}/events` (Server-Sent Events). `EventSource` cannot send the
 * `X-API-Key` header, so the stream is read with fetch and parsed by `eventsource-parser`;
 * resumes after a dropped connection with `Last-Event-ID` until a terminal status arrives.
 */
export const followEvents = (key: string, jobId: string, onEvent: (event: JobEvent) => void, signal: AbortSignal): Promise<void> => {
  let last: string | undefined
  let done = false
  const once = async () => {
    const response = await fetch(`/v1/jobs/${encodeURIComponent(jobId)}/events`, {
      headers: { ...keyHeader(key), accept: "text/event-stream", ...(last === undefined ? {} : { "last-event-id": last }) },
      signal
    })
    if (!response.ok || response.body === null) throw new Error(`the event stream answered ${response.status}`)
    const parser = createParser({
      onEvent: (message) => {
        if (message.id !== undefined) last = message.id
        const event = JSON.parse(message.data) as JobEvent
        if (isTerminal(event.status)) done = true
        onEvent(event)
      }
    })
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    for (;;) {
      const { value, done: ended } = await reader.read()
      if (ended) break
      parser.feed(value)
    }
  }
  return (async () => {
    for (let attempt = 0; !done && !signal.aborted && attempt < 5; attempt++) await once()
  })()
}

/** Follows a job's events until it ends, then reads it (with its result). */
export const finishedJob = async (key: string, jobId: string, onEvent: (event: JobEvent) => void, signal: AbortSignal): Promise<Job> => {
  await followEvents(key, jobId, onEvent, signal)
  return getJob(key, jobId)
}
