/**
 * The document service's public API (spec 2, v1 form) as the console calls it: with a tenant's
 * key (`X-API-Key`), through the same routes any client uses.
 */
import { createParser } from "eventsource-parser"
import { call } from "./http.js"
import type { Documents, Jobs, Tenancy } from "@docket/core"

export const JOB_KINDS = [
  "parse", "split", "classify", "categorize", "extract", "ground", "ingestion", "reconciliation", "kg_build",
  "file_upload", "file_replace", "file_delete", "workspace_delete", "intelligent_search", "filtered_search"
] as const

export const JOB_STATUSES = ["queued", "running", "succeeded", "failed", "cancelled"] as const satisfies ReadonlyArray<Jobs.JobStatus>
export type JobStatus = Jobs.JobStatus
export const isTerminal = (status: string) => status === "succeeded" || status === "failed" || status === "cancelled"

/** core's wire types (types only: nothing of core is bundled) */
export type Job = Jobs.V1Job
export type JobSummary = Jobs.V1JobSummary
export type JobList = Jobs.V1JobList
export type JobEvent = Jobs.JobEventFrame
export type Progress = Jobs.JobProgress
export type Upload = Documents.UploadView
export type Usage = Tenancy.UsageReport
export type UsageOverview = Tenancy.UsageOverview

const keyHeader = (key: string) => ({ "x-api-key": key })

export const listJobs = (key: string, filter: { kinds: ReadonlyArray<string>; statuses: ReadonlyArray<string>; cursor?: string }) => {
  const query = new URLSearchParams()
  for (const k of filter.kinds) query.append("kind", k)
  for (const s of filter.statuses) query.append("status", s)
  if (filter.cursor !== undefined) query.set("cursor", filter.cursor)
  query.set("limit", "50")
  return call<JobList>("GET", `/v1/jobs?${query}`, {
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

/** `POST /v1/<operation>` on an upload; answers the job (202 while it runs). */
export const runOperation = (key: string, operation: string, uploadId: string, fields: Record<string, unknown>) =>
  call<Job>("POST", `/v1/${operation}`, {
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
