/**
 * What the workspace HTTP suites do as a client before they test anything: upload files
 * (`POST …/files`, waiting for each upload), ingest them (`POST …/ingestions`) and poll a job
 * until it is terminal. One place, so every suite sets files up the same way.
 */
import { expect } from "vitest"
import type { docsClient } from "./documents-http-suite.js"
import type { JsonResponse } from "./http-target.js"

/** a v1 error envelope with this status and code, and a message */
export const expectV1Error = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code, JSON.stringify(r.body)).toBe(code)
  expect(typeof r.body.error.message).toBe("string")
}

/** a file as uploaded: its path, its bytes, the label its upload names (none: the workspace's default) */
export interface UploadedFileSpec {
  readonly path: string
  readonly content: string
  readonly access_label?: string | undefined
}

const TERMINAL = ["succeeded", "failed", "cancelled"]

export const workspaceClient = (api: ReturnType<typeof docsClient>) => {
  /** uploads `files` with `key`, one at a time, each finished; their file ids in order */
  const upload = async (key: string, ws: string, files: ReadonlyArray<UploadedFileSpec>) => {
    const ids: Array<string> = []
    for (const f of files) {
      const form = new FormData()
      form.append("file", new Blob([f.content]), f.path.split("/").pop()!)
      form.append("metadata", JSON.stringify({ path: f.path, ...(f.access_label === undefined ? {} : { access_label: f.access_label }) }))
      const r = await api.call("POST", `/v1/workspaces/${ws}/files?wait_seconds=30`, { key, raw: form })
      expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
      ids.push(r.body.result.file.file_id)
    }
    return ids
  }
  /** the job a 200/202 answer names, polled until terminal (of `kind` when given) */
  const settle = async (key: string, first: JsonResponse, kind?: string) => {
    expect([200, 202], JSON.stringify(first.body)).toContain(first.status)
    if (kind !== undefined) expect(first.body.kind).toBe(kind)
    let job = first.body
    for (let i = 0; i < 4000 && !TERMINAL.includes(job.status); i++) {
      await new Promise((x) => setTimeout(x, 5))
      job = (await api.call("GET", `/v1/jobs/${first.body.job_id}`, { key })).body
    }
    return job
  }
  /** as `settle`, and the job succeeded */
  const succeeded = async (key: string, first: JsonResponse, kind?: string) => {
    const job = await settle(key, first, kind)
    expect(job.status, JSON.stringify(job)).toBe("succeeded")
    return job
  }
  /** ingests the files (one job) and expects every one of them ingested */
  const ingest = async (key: string, ws: string, ids: ReadonlyArray<string>) => {
    const job = await succeeded(key, await api.call("POST", `/v1/workspaces/${ws}/ingestions?wait_seconds=60`, { key, body: { selection: { type: "file_ids", file_ids: ids } } }))
    expect(job.result.files_ingested, JSON.stringify(job.result.outcomes)).toBe(ids.length)
    return job
  }
  return { upload, settle, succeeded, ingest }
}
