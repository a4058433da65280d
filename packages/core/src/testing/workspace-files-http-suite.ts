/**
 * Workspace files over HTTP (spec 3, "Files", "Access labels", "Coverage block"): upload, list,
 * detail and signed links, metadata, versions, replace, delete, the artifact content route, the
 * file tools `folder-metadata` and `file-metadata`, and hostile input. Run by every adapter beside
 * the document suites, as `workspaceFilesHttpSuite(name, start)`.
 */
import { describe, expect, it } from "vitest"
import { docsClient, eachTestTarget } from "./documents-http-suite.js"
import type { HttpTarget, JsonResponse, StartTarget } from "./http-target.js"

const expectV1Error = (r: JsonResponse, status: number, code: string) => {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.error.code, JSON.stringify(r.body)).toBe(code)
  expect(typeof r.body.error.message).toBe("string")
  expect(r.body.error.request_id).toBe(r.headers.get("x-request-id"))
}

const fields = (r: JsonResponse) => (r.body.error.detail?.errors ?? []).map((e: { field: string }) => e.field)

const MAX_UPLOAD = 256 * 1024

export const workspaceFilesHttpSuite = (name: string, start: StartTarget) => {
  describe(`workspace files over HTTP (${name})`, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    eachTestTarget((settings) => start({ maxUploadBytes: MAX_UPLOAD, ...settings }), (t) => {
      target = t
      api = docsClient(t)
    })

    const label = (key: string, n: string) => api.call("POST", "/v1/access-labels", { key, body: { name: n, description: `${n} files` } })
    const workspace = async (key: string, access?: unknown) => {
      const r = await api.call("POST", "/v1/workspaces", { key, body: { name: "files", ...(access === undefined ? {} : { access }) } })
      expect(r.status, JSON.stringify(r.body)).toBe(201)
      return r.body.workspace_id as string
    }
    const form = (content: string | Uint8Array, metadata: unknown, fileName = "f.bin") => {
      const f = new FormData()
      f.append("file", new Blob([content as BlobPart]), fileName)
      if (metadata !== undefined) f.append("metadata", typeof metadata === "string" ? metadata : JSON.stringify(metadata))
      return f
    }
    const upload = (key: string, ws: string, path: string, content: string | Uint8Array = `bytes of ${path}`, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      api.call("POST", `/v1/workspaces/${ws}/files?wait_seconds=30`, { key, raw: form(content, { path, ...extra }), headers })
    /** uploads and answers the file (the finished job's result) */
    const file = async (key: string, ws: string, path: string, content?: string | Uint8Array, extra: Record<string, unknown> = {}) => {
      const r = await upload(key, ws, path, content, extra)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
      return r.body.result.file as { file_id: string; path: string; access_label: string | null; version: number }
    }
    const raw = (path: string, init: RequestInit = {}) => target.fetch(path, init)
    const get = (key: string, path: string) => api.call("GET", path, { key })

    /** a workspace with labels finance and hr (default finance), and a key granted each */
    const labelled = async () => {
      const t = await api.tenant()
      await label(t.key, "finance")
      await label(t.key, "hr")
      const ws = await workspace(t.key, { labels: [{ name: "finance" }, { name: "hr" }], default_label: "finance" })
      const finance = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance"] })).api_key as string
      const hr = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["hr"] })).api_key as string
      const both = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance", "hr"] })).api_key as string
      return { t, ws, finance, hr, both }
    }

    describe("upload", () => {
      it("multipart: a file_upload job finished within wait_seconds (200), the file at version 1, discovered; a replay of the Idempotency-Key returns the same job", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const r = await upload(t.key, ws, "reports/2024/q1.txt", "hello", { labels: { b: "2", a: "1" } }, { "idempotency-key": "up-1" })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toMatchObject({ kind: "file_upload", status: "succeeded", workspace_id: ws })
        expect(r.body.result).toMatchObject({ result_type: "file_upload", deduplicated: false })
        expect(r.body.result.file).toMatchObject({
          workspace_id: ws,
          path: "reports/2024/q1.txt",
          file_name: "q1.txt",
          file_type: "text/plain",
          size_bytes: 5,
          ingestion_status: "discovered",
          ingested_hash: null,
          version: 1,
          category: null,
          access_label: null,
          labels: { b: "2", a: "1" }
        })
        expect(Object.keys(r.body.result.file.labels)).toEqual(["b", "a"])
        expect(r.body.result.file.observed_hash).toMatch(/^[0-9a-f]{64}$/)
        const again = await upload(t.key, ws, "reports/2024/q1.txt", "other bytes", {}, { "idempotency-key": "up-1" })
        expect(again.body.job_id).toBe(r.body.job_id)
        const queued = await api.call("POST", `/v1/workspaces/${ws}/files`, { key: t.key, raw: form("x", { path: "later.txt" }) })
        expect([200, 202]).toContain(queued.status)
        expect(queued.body.kind).toBe("file_upload")
      })

      it("same bytes at the same path are deduplicated; other bytes are 409 path_conflict, or version 2 with on_conflict new_version; versions page newest first", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const f = await file(t.key, ws, "a.txt", "one")
        const dup = await upload(t.key, ws, "a.txt", "one")
        expect(dup.body.result).toMatchObject({ deduplicated: true, file: { file_id: f.file_id, version: 1 } })
        const conflict = await upload(t.key, ws, "a.txt", "two")
        expectV1Error(conflict, 409, "path_conflict")
        const v2 = await upload(t.key, ws, "a.txt", "two", { on_conflict: "new_version" })
        expect(v2.body.result.file).toMatchObject({ file_id: f.file_id, version: 2, size_bytes: 3 })
        const versions = await get(t.key, `/v1/workspaces/${ws}/files/${f.file_id}/versions?limit=1`)
        expect(versions.status).toBe(200)
        expect(versions.body.total_count).toBe(2)
        expect(versions.body.items[0]).toMatchObject({ version: 2, is_current: true, replaced_at: null })
        const next = await get(t.key, `/v1/workspaces/${ws}/files/${f.file_id}/versions?limit=1&cursor=${versions.body.next_cursor}`)
        expect(next.body.items[0]).toMatchObject({ version: 1, is_current: false })
        expect(typeof next.body.items[0].replaced_at).toBe("string")
        expect(next.body.next_cursor).toBeNull()
        expectV1Error(await get(t.key, `/v1/workspaces/${ws}/files/${f.file_id}/versions?cursor=zzz`), 422, "invalid_request")
      })

      it("hostile paths are 422 naming metadata.path: .., absolute, NUL, 10k characters, bidi and zero-width characters, lookalike dots and slashes, the reserved _derived/", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const bad = ["../etc/passwd", "a/../../b", "/abs/a.txt", "a\u0000b.txt", "x".repeat(10_000), "a\u202eb.txt", "a\u200bb.txt", "\uff0e\uff0e/a.txt", "a\uff0fb.txt", "a\\b.txt", "dir/", "_derived/a.txt/document.md", "_DERIVED/x.txt", ""]
        for (const path of bad) {
          const r = await upload(t.key, ws, path)
          expectV1Error(r, 422, "invalid_request")
          expect(fields(r), JSON.stringify(path)).toEqual(["metadata.path"])
        }
        const reserved = await upload(t.key, ws, "_derived/a.txt")
        expect(reserved.body.error.message).toContain("_derived/")
        expect((await get(t.key, `/v1/workspaces/${ws}/files`)).body.total_count).toBe(0)
      })

      it("a metadata part over 64 KiB, missing parts, unknown fields and bad JSON are 422 naming the part; a file over the server maximum is 413 file_too_large", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const huge = await api.call("POST", `/v1/workspaces/${ws}/files`, { key: t.key, raw: form("x", { path: "a.txt", labels: { k: "v".repeat(70_000) } }) })
        expectV1Error(huge, 422, "invalid_request")
        expect(fields(huge)).toEqual(["metadata"])
        const noMeta = await api.call("POST", `/v1/workspaces/${ws}/files`, { key: t.key, raw: form("x", undefined) })
        expect(fields(noMeta)).toEqual(["metadata"])
        const badJson = await api.call("POST", `/v1/workspaces/${ws}/files`, { key: t.key, raw: form("x", "{not json") })
        expect(fields(badJson)).toEqual(["metadata"])
        const unknown = await api.call("POST", `/v1/workspaces/${ws}/files`, { key: t.key, raw: form("x", { path: "a.txt", colour: 1 }) })
        expect(fields(unknown)).toEqual(["metadata.colour"])
        const tooLarge = await api.call("POST", `/v1/workspaces/${ws}/files`, { key: t.key, raw: form(new Uint8Array(MAX_UPLOAD + 1), { path: "big.bin" }) })
        expectV1Error(tooLarge, 413, "file_too_large")
        expect((await get(t.key, `/v1/workspaces/${ws}/files`)).body.total_count).toBe(0)
      })

      it("JSON with a URL source: https and the tenant's buckets only (422 / 403); a file part is required with multipart", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const http = await api.call("POST", `/v1/workspaces/${ws}/files`, { key: t.key, body: { path: "a.pdf", source: { type: "url", url: "ftp://x/a.pdf", file_name: "a.pdf" } } })
        expectV1Error(http, 422, "invalid_request")
        expect(fields(http)).toEqual(["source.url"])
        const bucket = await api.call("POST", `/v1/workspaces/${ws}/files`, { key: t.key, body: { path: "a.pdf", source: { type: "url", url: "s3://not-mine/a.pdf", file_name: "a.pdf" } } })
        expect(bucket.status).toBe(403)
        const noPath = await api.call("POST", `/v1/workspaces/${ws}/files`, { key: t.key, body: { source: { type: "url", url: "https://example.com/a.pdf", file_name: "a.pdf" } } })
        expect(fields(noPath)).toContain("path")
        const ok = await api.call("POST", `/v1/workspaces/${ws}/files`, { key: t.key, body: { path: "a.pdf", source: { type: "url", url: "https://example.invalid/a.pdf", file_name: "a.pdf" } } })
        expect(ok.status, JSON.stringify(ok.body)).toBe(202)
        expect(ok.body.kind).toBe("file_upload")
      })

      it("404 workspace_not_found for another tenant's workspace or a non-id; 409 workspace_deleting once it is being deleted", async () => {
        const t = await api.tenant()
        const other = await api.tenant()
        const ws = await workspace(t.key)
        expectV1Error(await upload(other.key, ws, "a.txt"), 404, "workspace_not_found")
        expectV1Error(await upload(t.key, "nope%00", "a.txt"), 404, "workspace_not_found")
        expectV1Error(await get(other.key, `/v1/workspaces/${ws}/files`), 404, "workspace_not_found")
        const f = await file(t.key, ws, "a.txt")
        // a deletion that cannot finish at once: mark it deleting through the route (the job may run meanwhile)
        const del = await api.call("DELETE", `/v1/workspaces/${ws}`, { key: t.key, body: { confirm_name: "files" } })
        expect([200, 202]).toContain(del.status)
        const late = await upload(t.key, ws, "b.txt")
        expect([404, 409]).toContain(late.status)
        expect(["workspace_deleting", "workspace_not_found"]).toContain(late.body.error.code)
        const put = await api.call("PUT", `/v1/workspaces/${ws}/files/${f.file_id}`, { key: t.key, raw: form("new", undefined) })
        expect(["workspace_deleting", "workspace_not_found"]).toContain(put.body.error.code)
      })
    })

    describe("access labels", () => {
      it("an explicit access_label must be declared (422 naming it); without one a file gets the default label and is hidden from keys not granted it", async () => {
        const { t, ws, finance, hr } = await labelled()
        const bad = await upload(t.key, ws, "a.txt", "x", { access_label: "legal" })
        expectV1Error(bad, 422, "invalid_request")
        expect(fields(bad)).toEqual(["metadata.access_label"])
        expect(bad.body.error.message).toContain("legal")
        const d = await file(t.key, ws, "default.txt")
        expect(d.access_label).toBe("finance")
        const h = await file(t.key, ws, "secret.txt", "s", { access_label: "hr" })
        expect(h.access_label).toBe("hr")
        expect((await get(finance, `/v1/workspaces/${ws}/files/${d.file_id}`)).status).toBe(200)
        expectV1Error(await get(hr, `/v1/workspaces/${ws}/files/${d.file_id}`), 404, "file_not_found")
      })

      it("lists count only what the caller sees (total_count exact, paging unchanged) and report the rest as coverage, for two keys of different grants", async () => {
        const { t, ws, finance, hr, both } = await labelled()
        for (const p of ["a/1.txt", "a/2.txt", "b/3.txt"]) await file(t.key, ws, p, p, { access_label: "finance" })
        for (const p of ["a/4.txt", "c/5.txt"]) await file(t.key, ws, p, p, { access_label: "hr" })
        const f1 = await get(finance, `/v1/workspaces/${ws}/files?limit=2`)
        expect(f1.status, JSON.stringify(f1.body)).toBe(200)
        expect(f1.body.items.map((f: any) => f.path)).toEqual(["a/1.txt", "a/2.txt"])
        expect(f1.body.total_count).toBe(3)
        expect(f1.body.coverage).toEqual({ restricted_candidates: 2, labels_required: ["hr"] })
        const f2 = await get(finance, `/v1/workspaces/${ws}/files?limit=2&cursor=${f1.body.next_cursor}`)
        expect(f2.body.items.map((f: any) => f.path)).toEqual(["b/3.txt"])
        expect(f2.body).toMatchObject({ total_count: 3, next_cursor: null, coverage: { restricted_candidates: 2 } })
        const h = await get(hr, `/v1/workspaces/${ws}/files?path_prefix=a/`)
        expect(h.body.items.map((f: any) => f.path)).toEqual(["a/4.txt"])
        expect(h.body.coverage).toEqual({ restricted_candidates: 2, labels_required: ["finance"] })
        const all = await get(both, `/v1/workspaces/${ws}/files?order=created`)
        expect(all.body.total_count).toBe(5)
        expect(all.body.coverage).toEqual({ restricted_candidates: 0, labels_required: [] })
        const none = await get(t.key, `/v1/workspaces/${ws}/files`)
        expect(none.body).toMatchObject({ items: [], total_count: 0, coverage: { restricted_candidates: 5, labels_required: ["finance", "hr"] } })
        expectV1Error(await get(both, `/v1/workspaces/${ws}/files?ingestion_status=bogus`), 422, "invalid_request")
        expect((await get(both, `/v1/workspaces/${ws}/files?ingestion_status=discovered,failed`)).body.total_count).toBe(5)
        expect((await get(both, `/v1/workspaces/${ws}/files?ingestion_status=ingested`)).body.total_count).toBe(0)
        expect((await get(both, `/v1/workspaces/${ws}/files?name_contains=%25`)).body.total_count).toBe(0)
        expect((await get(both, `/v1/workspaces/${ws}/files?name_contains=A/`)).body.total_count).toBe(3)
        // folder-metadata's kind filter counts the withheld files of that kind only
        await file(t.key, ws, "c/6.csv", "a,b", { access_label: "hr" })
        const tables = await api.call("POST", `/v1/workspaces/${ws}/tools/folder-metadata`, { key: finance, body: { kind: "table" } })
        expect(tables.body).toMatchObject({ overall_files: 0, file_entries: [], coverage: { restricted_candidates: 1, labels_required: ["hr"] } })
        const documents = await api.call("POST", `/v1/workspaces/${ws}/tools/folder-metadata`, { key: finance, body: { kind: "document" } })
        expect(documents.body).toMatchObject({ overall_files: 3, coverage: { restricted_candidates: 2, labels_required: ["hr"] } })
        expectV1Error(await get(both, `/v1/workspaces/${ws}/files?path_prefix=../`), 422, "invalid_request")
      })

      it("a hidden file is 404 file_not_found on every route; a workspace without labels filters nothing", async () => {
        const { t, ws, finance, hr } = await labelled()
        const f = await file(t.key, ws, "pay.txt", "pay", { access_label: "hr" })
        const base = `/v1/workspaces/${ws}/files/${f.file_id}`
        for (const path of [base, `${base}/metadata`, `${base}/versions`, `${base}/outputs/00000000-0000-4000-8000-000000000000`, `${base}/outputs/00000000-0000-4000-8000-000000000000/members`]) {
          expectV1Error(await get(finance, path), 404, "file_not_found")
        }
        expectV1Error(await api.call("DELETE", base, { key: finance }), 404, "file_not_found")
        expectV1Error(await api.call("PUT", base, { key: finance, raw: form("new", undefined) }), 404, "file_not_found")
        expectV1Error(await readJsonOf(raw(`/v1/workspaces/${ws}/artifacts/content?path=pay.txt`, { headers: { "x-api-key": finance } })), 404, "file_not_found")
        // the path is taken: a hidden file cannot be replaced or deduplicated by uploading at its path
        expectV1Error(await upload(finance, ws, "pay.txt", "pay"), 409, "path_conflict")
        expect((await get(hr, base)).status).toBe(200)
        const open = await workspace(t.key)
        const o = await file(t.key, open, "o.txt")
        expect(o.access_label).toBeNull()
        expect((await get(hr, `/v1/workspaces/${open}/files/${o.file_id}`)).status).toBe(200)
        expect((await get(finance, `/v1/workspaces/${open}/files`)).body.coverage).toEqual({ restricted_candidates: 0, labels_required: [] })
      })

      it("deleting an access label a file holds is 409 access_label_in_use naming the file", async () => {
        const t = await api.tenant()
        const id = (await label(t.key, "temp")).body.access_label_id
        await label(t.key, "keep")
        const ws = await workspace(t.key, { labels: [{ name: "keep" }, { name: "temp" }], default_label: "keep" })
        await file(t.key, ws, "a.txt", "a", { access_label: "temp" })
        const r = await api.call("DELETE", `/v1/access-labels/${id}`, { key: t.key })
        expectV1Error(r, 409, "access_label_in_use")
        expect(r.body.error.detail.referenced_by).toContain("file")
      })
    })

    const readJsonOf = async (p: Promise<Response>): Promise<JsonResponse> => {
      const res = await p
      const text = await res.text()
      let body: any
      try {
        body = JSON.parse(text)
      } catch {
        body = text
      }
      return { status: res.status, headers: res.headers, body }
    }

    describe("detail, links and the artifact route", () => {
      it("detail has signed links: download (attachment) and preview (inline) served without an API key; altered or expired links are 403 access_denied", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const f = await file(t.key, ws, "docs/résumé.txt", "hello links")
        const d = await get(t.key, `/v1/workspaces/${ws}/files/${f.file_id}`)
        expect(d.status).toBe(200)
        expect(d.body).toMatchObject({ file_id: f.file_id, path: "docs/résumé.txt" })
        expect(Date.parse(d.body.download_url_expires_at)).not.toBeNaN()
        const dl = await raw(d.body.download_url)
        expect(dl.status).toBe(200)
        expect(dl.headers.get("content-disposition")).toMatch(/^attachment; filename="r_sum_.txt"; filename\*=UTF-8''r%C3%A9sum%C3%A9.txt$/)
        expect(await dl.text()).toBe("hello links")
        const pv = await raw(d.body.preview_url)
        expect(pv.headers.get("content-disposition")).toMatch(/^inline;/)
        expect(pv.headers.get("content-type")).toBe("text/plain")
        await pv.arrayBuffer()
        const tampered = d.body.download_url.replace("disposition=attachment", "disposition=inline")
        expectV1Error(await readJsonOf(raw(tampered)), 403, "access_denied")
        const otherPath = d.body.download_url.replace(/path=[^&]+/, "path=docs%2Fother.txt")
        expect((await raw(otherPath)).status).toBe(403)
        const otherWorkspace = d.body.download_url.replace(ws, "00000000-0000-4000-8000-000000000000")
        expect((await raw(otherWorkspace)).status).toBe(403)
        await target.admin.clock.advance(60 * 60 * 1000)
        const expired = await readJsonOf(raw(d.body.download_url))
        expectV1Error(expired, 403, "access_denied")
        expect(expired.body.error.message).toContain("expired")
      })

      it("streams with Content-Length, Accept-Ranges and inline disposition; one Range is 206 with Content-Range; bad, multiple or out-of-range ranges 416", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const bytes = new Uint8Array(100_000).map((_, i) => i % 251)
        await file(t.key, ws, "data/big.bin", bytes)
        const url = `/v1/workspaces/${ws}/artifacts/content?path=data/big.bin`
        const whole = await raw(url, { headers: { "x-api-key": t.key } })
        expect(whole.status).toBe(200)
        expect(whole.headers.get("content-length")).toBe("100000")
        expect(whole.headers.get("accept-ranges")).toBe("bytes")
        expect(whole.headers.get("content-disposition")).toBe('inline; filename="big.bin"')
        expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes)
        const part = await raw(url, { headers: { "x-api-key": t.key, range: "bytes=1000-1999" } })
        expect(part.status).toBe(206)
        expect(part.headers.get("content-range")).toBe("bytes 1000-1999/100000")
        expect(part.headers.get("content-length")).toBe("1000")
        expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(1000, 2000))
        const suffix = await raw(url, { headers: { "x-api-key": t.key, range: "bytes=-10" } })
        expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(99_990))
        for (const range of ["bytes=200000-", "bytes=0-1,5-6", "bytes=z-1"]) {
          const r = await readJsonOf(raw(url, { headers: { "x-api-key": t.key, range } }))
          expectV1Error(r, 416, "range_not_satisfiable")
          expect(r.headers.get("content-range")).toBe("bytes */100000")
        }
      })

      it("404 file_not_found for a name, a folder, an id, a path starting with the workspace id, an unnormalized or hostile path; 422 without path; 401 without a key", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const f = await file(t.key, ws, "reports/q1.txt", "q1")
        const at = (p: string) => readJsonOf(raw(`/v1/workspaces/${ws}/artifacts/content?path=${encodeURIComponent(p)}`, { headers: { "x-api-key": t.key } }))
        for (const p of ["q1.txt", "reports", "reports/", f.file_id, `${ws}/reports/q1.txt`, "/reports/q1.txt", "reports//q1.txt", "reports/../reports/q1.txt", "reports/q1.txt\u0000", "x".repeat(10_000)]) {
          expectV1Error(await at(p), 404, "file_not_found")
        }
        const ok = await raw(`/v1/workspaces/${ws}/artifacts/content?path=reports/q1.txt`, { headers: { "x-api-key": t.key } })
        expect(await ok.text()).toBe("q1")
        expectV1Error(await readJsonOf(raw(`/v1/workspaces/${ws}/artifacts/content`, { headers: { "x-api-key": t.key } })), 422, "invalid_request")
        expectV1Error(await readJsonOf(raw(`/v1/workspaces/${ws}/artifacts/content?path=reports/q1.txt`)), 401, "unauthorized")
        const other = await api.tenant()
        expectV1Error(await readJsonOf(raw(`/v1/workspaces/${ws}/artifacts/content?path=reports/q1.txt`, { headers: { "x-api-key": other.key } })), 404, "workspace_not_found")
      })
    })

    describe("metadata, replace, delete, stats and teardown", () => {
      it("metadata before ingestion: null and empty fields, representations false, no outputs, no error", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const f = await file(t.key, ws, "a.pdf", "%PDF-1.4")
        const m = await get(t.key, `/v1/workspaces/${ws}/files/${f.file_id}/metadata`)
        expect(m.status).toBe(200)
        expect(m.body).toEqual({
          file: expect.objectContaining({ file_id: f.file_id, ingestion_status: "discovered" }),
          lane: null,
          page_count: null,
          sheet_names: [],
          duration_ms: null,
          summary: null,
          keywords: [],
          documents: [],
          sheets: [],
          media: [],
          extracted_fields: {},
          outputs: [],
          representations: { organized_files: false, search_index: false, knowledge_graph: false },
          last_error: null
        })
        expectV1Error(await get(t.key, `/v1/workspaces/${ws}/files/${f.file_id}/outputs/not-an-id`), 404, "file_not_found")
        expectV1Error(await get(t.key, `/v1/workspaces/${ws}/files/00000000-0000-4000-8000-000000000000`), 404, "file_not_found")
        expectV1Error(await get(t.key, `/v1/workspaces/${ws}/files/nope`), 404, "file_not_found")
      })

      it("PUT replaces the bytes (job file_replace, the next version; labels {} clears, omitted keeps); JSON is refused; DELETE is a file_delete job and the file is gone", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const f = await file(t.key, ws, "a.txt", "one", { labels: { k: "v" } })
        const base = `/v1/workspaces/${ws}/files/${f.file_id}`
        const put = await api.call("PUT", `${base}?wait_seconds=30`, { key: t.key, raw: form("two", undefined) })
        expect(put.status, JSON.stringify(put.body)).toBe(200)
        expect(put.body).toMatchObject({ kind: "file_replace", result: { result_type: "file_replace", file: { version: 2, labels: { k: "v" } } } })
        const cleared = await api.call("PUT", `${base}?wait_seconds=30`, { key: t.key, raw: form("three", { labels: {} }) })
        expect(cleared.body.result.file).toMatchObject({ version: 3, labels: {} })
        const json = await api.call("PUT", base, { key: t.key, body: { labels: {} } })
        expectV1Error(json, 422, "invalid_request")
        expect(json.body.error.message).toContain("multipart")
        const content = await raw(`/v1/workspaces/${ws}/artifacts/content?path=a.txt`, { headers: { "x-api-key": t.key } })
        expect(await content.text()).toBe("three")
        const del = await api.call("DELETE", `${base}?wait_seconds=30`, { key: t.key, headers: { "idempotency-key": "del-f" } })
        expect(del.status, JSON.stringify(del.body)).toBe(200)
        expect(del.body).toMatchObject({ kind: "file_delete", status: "succeeded", result: { result_type: "file_delete", file_id: f.file_id, path: "a.txt", blobs_deleted: 3 } })
        const replay = await api.call("DELETE", base, { key: t.key, headers: { "idempotency-key": "del-f" } })
        expect(replay.body.job_id).toBe(del.body.job_id)
        expectV1Error(await get(t.key, base), 404, "file_not_found")
        expectV1Error(await api.call("DELETE", base, { key: t.key }), 404, "file_not_found")
      })

      it("stats count the files exactly; deleting the workspace tears its files down", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        await file(t.key, ws, "a.txt", "12345")
        await file(t.key, ws, "b.txt", "123")
        const s = await get(t.key, `/v1/workspaces/${ws}/stats`)
        expect(s.body).toMatchObject({ files_total: 2, bytes_total: 8, pages_ingested: 0, next_expiry_at: null, files_expiring_within_7d: 0 })
        expect(s.body.files_by_ingestion_status).toMatchObject({ discovered: 2, ingested: 0 })
        const del = await api.call("DELETE", `/v1/workspaces/${ws}?wait_seconds=30`, { key: t.key, body: { confirm_name: "files" } })
        expect(del.body, JSON.stringify(del.body)).toMatchObject({ status: "succeeded", result: { steps: expect.arrayContaining(["files"]) } })
        expectV1Error(await get(t.key, `/v1/workspaces/${ws}/files`), 404, "workspace_not_found")
      })

      it("stats: next_expiry_at and files_expiring_within_7d follow source_ttl_days", async () => {
        const t = await api.tenant()
        const r = await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "ttl", retention_policy: { source_ttl_days: 5 } } })
        const ws = r.body.workspace_id
        const f = await file(t.key, ws, "a.txt")
        const s = await get(t.key, `/v1/workspaces/${ws}/stats`)
        const created = Date.parse((await get(t.key, `/v1/workspaces/${ws}/files/${f.file_id}`)).body.created_at)
        expect(s.body.next_expiry_at).toBe(new Date(created + 5 * 86_400_000).toISOString())
        expect(s.body.files_expiring_within_7d).toBe(1)
      })
    })

    describe("file tools: folder-metadata and file-metadata", () => {
      const folder = (key: string, ws: string, body: unknown) => api.call("POST", `/v1/workspaces/${ws}/tools/folder-metadata`, { key, body })
      const tree = async (key: string, ws: string) => {
        for (const p of ["reports/2024/q1.txt", "reports/2024/q2.csv", "reports/summary.pdf", "readme.md", "images/a.png"]) await file(key, ws, p, p)
      }

      it("unfiltered, not recursive: counts over the whole tree, the directory's own entries, subdirectories, every status in ingestion_summary; keys that would be null omitted", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        await tree(t.key, ws)
        const r = await folder(t.key, ws, {})
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toEqual({
          directory: "/",
          overall_files: 5,
          categories: [],
          subdirectories: [
            { name: "images", overall_files: 1, top_categories: [], failed_files: 0 },
            { name: "reports", overall_files: 3, top_categories: [], failed_files: 0 }
          ],
          ingestion_summary: { discovered: 5, queued: 0, ingesting: 0, ingested: 0, stale: 0, expired: 0, failed: 0, not_required: 0 },
          files_truncated: false,
          file_entries: [{ path: "readme.md", ingestion_status: "discovered", size_bytes: 9, uploaded_at: expect.any(String), kind: "document" }],
          coverage: { restricted_candidates: 0, labels_required: [] }
        })
        const sub = await folder(t.key, ws, { directory: "/reports" })
        expect(sub.body.directory).toBe("reports/")
        expect(sub.body.file_entries.map((e: any) => e.path)).toEqual(["reports/summary.pdf"])
        expect(sub.body.subdirectories.map((d: any) => d.name)).toEqual(["2024"])
      })

      it("recursive pages by page_size with files_truncated and start_after (counts unaffected); a narrowing filter implies recursive unless sent; filters intersect; % and _ literal", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        await tree(t.key, ws)
        const p1 = await folder(t.key, ws, { recursive: true, page_size: 2 })
        expect(p1.body.file_entries.map((e: any) => e.path)).toEqual(["images/a.png", "readme.md"])
        expect(p1.body.files_truncated).toBe(true)
        expect(p1.body.file_entries[0].kind).toBe("media")
        const p2 = await folder(t.key, ws, { recursive: true, page_size: 2, start_after: "readme.md" })
        expect(p2.body.file_entries.map((e: any) => e.path)).toEqual(["reports/2024/q1.txt", "reports/2024/q2.csv"])
        expect(p2.body.overall_files).toBe(5)
        const tables = await folder(t.key, ws, { kind: "table" })
        expect(tables.body.file_entries.map((e: any) => e.path)).toEqual(["reports/2024/q2.csv"])
        expect(tables.body.overall_files).toBe(1)
        const notRecursive = await folder(t.key, ws, { kind: "table", recursive: false })
        expect(notRecursive.body.file_entries).toEqual([])
        expect(notRecursive.body.overall_files).toBe(1)
        expect((await folder(t.key, ws, { name_contains: "Q1" })).body.overall_files).toBe(1)
        expect((await folder(t.key, ws, { name_contains: "%" })).body.overall_files).toBe(0)
        expect((await folder(t.key, ws, { name_contains: "_" })).body.overall_files).toBe(0)
        expect((await folder(t.key, ws, { name_contains: "2024", kind: "document" })).body.file_entries.map((e: any) => e.path)).toEqual(["reports/2024/q1.txt"])
        expect((await folder(t.key, ws, { ingestion_status: "failed" })).body.overall_files).toBe(0)
        const filteredEmpty = await folder(t.key, ws, { ingestion_status: "failed" })
        expect("hint" in filteredEmpty.body).toBe(false)
        const withTables = await folder(t.key, ws, { include_tables: true })
        expect(withTables.body).toMatchObject({ tables: [], tables_truncated: false, shared_columns: [], shared_columns_truncated: false })
        expect(withTables.body.file_entries).toHaveLength(5)
      })

      it("422: unknown ingestion_status or kind, page_size over 500, a directory naming a file, a derived path (naming the uploaded file), a hostile directory", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        await tree(t.key, ws)
        for (const [body, field] of [
          [{ ingestion_status: "bogus" }, "ingestion_status"],
          [{ kind: "spreadsheet" }, "kind"],
          [{ page_size: 501 }, "page_size"],
          [{ page_size: 0 }, "page_size"],
          [{ directory: "readme.md" }, "directory"],
          [{ directory: "../x" }, "directory"],
          [{ directory: "a\u0000b" }, "directory"],
          [{ directory: "_derived/reports/summary.pdf/tables/t1.csv" }, "directory"],
          [{ colour: 1 }, "colour"]
        ] as const) {
          const r = await folder(t.key, ws, body)
          expectV1Error(r, 422, "invalid_request")
          expect(fields(r), JSON.stringify(body)).toEqual([field])
        }
        const derived = await folder(t.key, ws, { directory: "_derived/reports/summary.pdf/tables/t1.csv" })
        expect(derived.body.error.message).toContain("(reports/summary.pdf)")
        const fm = await api.call("POST", `/v1/workspaces/${ws}/tools/file-metadata`, { key: t.key, body: { path: "_derived/readme.md/document.md" } })
        expectV1Error(fm, 422, "invalid_request")
        expect(fm.body.error.message).toContain("(readme.md)")
        expect((await folder(t.key, ws, { page_size: 500 })).status).toBe(200)
      })

      it("coverage and hint under access labels: counts only what the caller sees, the hint names the nearest ancestor the caller can see, never a hidden folder", async () => {
        const { t, ws, finance, hr } = await labelled()
        await file(t.key, ws, "secret/pay/p1.txt", "p1", { access_label: "hr" })
        await file(t.key, ws, "secret/pay/p2.txt", "p2", { access_label: "hr" })
        await file(t.key, ws, "books/b1.txt", "b1", { access_label: "finance" })
        const f = await folder(finance, ws, { recursive: true })
        expect(f.body.overall_files).toBe(1)
        expect(f.body.file_entries.map((e: any) => e.path)).toEqual(["books/b1.txt"])
        expect(f.body.subdirectories.map((d: any) => d.name)).toEqual(["books"])
        expect(f.body.coverage).toEqual({ restricted_candidates: 2, labels_required: ["hr"] })
        const h = await folder(hr, ws, {})
        expect(h.body.overall_files).toBe(2)
        expect(h.body.coverage).toEqual({ restricted_candidates: 1, labels_required: ["finance"] })
        const hidden = await folder(finance, ws, { directory: "secret/pay/more" })
        expect(hidden.body.overall_files).toBe(0)
        expect(hidden.body.hint).toMatch(/nearest folder holding files is \/$/)
        const visible = await folder(hr, ws, { directory: "secret/pay/more" })
        expect(visible.body.hint).toMatch(/nearest folder holding files is secret\/pay\/$/)
        const fm = await api.call("POST", `/v1/workspaces/${ws}/tools/file-metadata`, { key: finance, body: { path: "secret/pay/p1.txt" } })
        expectV1Error(fm, 404, "file_not_found")
      })

      it("file-metadata of an un-ingested file: its kind by media type, status, size, null counts, no components, no ingestion_error", async () => {
        const t = await api.tenant()
        const ws = await workspace(t.key)
        const f = await file(t.key, ws, "data/q2.csv", "a,b\n1,2\n")
        const r = await api.call("POST", `/v1/workspaces/${ws}/tools/file-metadata`, { key: t.key, body: { path: "data/q2.csv" } })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        expect(r.body).toEqual({
          path: "data/q2.csv",
          file_id: f.file_id,
          kind: "table",
          ingestion_status: "discovered",
          size_bytes: 8,
          page_count: null,
          tab_count: null,
          total_chars: null,
          total_approx_bytes: null,
          summary: null,
          components: []
        })
        expectV1Error(await api.call("POST", `/v1/workspaces/${ws}/tools/file-metadata`, { key: t.key, body: { path: "data/none.csv" } }), 404, "file_not_found")
        expect(fields(await api.call("POST", `/v1/workspaces/${ws}/tools/file-metadata`, { key: t.key, body: {} }))).toEqual(["path"])
        expect(fields(await api.call("POST", `/v1/workspaces/${ws}/tools/file-metadata`, { key: t.key, body: { path: "../x" } }))).toEqual(["path"])
      })
    })
  })
}
