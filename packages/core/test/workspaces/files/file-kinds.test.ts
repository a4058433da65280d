/**
 * The works of `file_upload`, `file_replace` and `file_delete` on the memory stores with a
 * manual clock: new files, path conflicts, deduplication, next versions, label rules, cascades
 * and a second run of the same job.
 */
import { describe, expect, it } from "@effect/vitest"
import { Documents, Intelligence, Jobs as JobsModule, ManualClock, Workspaces } from "@docket/core"
import type { Jobs } from "@docket/core"
import {
  MemoryBlobStore,
  MemoryCatalogStore,
  MemoryFileIngestionStore,
  MemoryGraphStore,
  MemoryJobEventLog,
  MemoryJobQueue,
  MemoryJobStore,
  MemoryObjectStore,
  MemorySearchIndex,
  MemoryWorkspaceFileStore,
  MemoryWorkspaceSql
} from "@docket/storage-memory"
import { Effect, Layer, Option, Schema, Stream } from "effect"
import { randomUUID } from "node:crypto"
import { manualClockLayer } from "../../../src/kernel/clock.js"
import { settingsLayer } from "../../../src/kernel/config.js"
import { IdsLive } from "../../../src/kernel/ids.js"
import { LocalCatalogExtractorLive } from "../../../src/intelligence/local/local-catalog-extractor.js"

const START = Date.UTC(2026, 0, 1)
const clock = new ManualClock(START)
/** no network in these tests: a URL source is read from the object store (`s3://`) */
const noFetcher = Layer.succeed(Documents.HttpFetcher, {
  allowHttpLoopback: false,
  get: (url) => Effect.fail(new Documents.FetchFailed({ message: `no network in this test (${url})` }))
})
const layer = Layer.mergeAll(
  MemoryBlobStore.layer,
  MemoryObjectStore.layer,
  MemoryWorkspaceFileStore.layer,
  // file_delete drops what ingestion made of the file
  MemoryFileIngestionStore.layer,
  MemoryWorkspaceSql.layer,
  MemorySearchIndex.layer,
  Intelligence.LocalIntelligence.LocalEmbedderLive,
  MemoryCatalogStore.layer,
  MemoryGraphStore.layer,
  LocalCatalogExtractorLive,
  // what the stages around ingestion may chain jobs with
  MemoryJobStore.layer,
  MemoryJobQueue.layer,
  MemoryJobEventLog.layer,
  JobsModule.jobKindsLayer([]),
  manualClockLayer(clock),
  settingsLayer({ maxUploadBytes: 1000 }),
  IdsLive,
  noFetcher
)

const TENANT = "tenant_a"

const jobOf = <I, R = never>(kind: string, input: I): Jobs.Job<I, R> => ({
  job_id: randomUUID(),
  tenant_id: TENANT,
  kind,
  status: "running",
  input,
  result: null,
  error: null,
  workspace_id: (input as { workspace_id: string }).workspace_id,
  force: null,
  progress: null,
  units: 0,
  request_id: "req_test",
  idempotency_key: null,
  fingerprint: "",
  created_at: START,
  started_at: START,
  finished_at: null,
  payload_expires_at: START + 1
})

const noReport = () => Effect.void

/** stages `text` as an upload route would: its blob under a key of its own */
const stage = (workspaceId: string, text: string) =>
  Effect.gen(function*() {
    const blobs = yield* Documents.BlobStore
    const key = Workspaces.Files.stagedBlobKey(workspaceId, randomUUID())
    const bytes = new TextEncoder().encode(text)
    yield* blobs.put(key, Stream.make(bytes), 1_000_000)
    return { staged_blob_key: key, observed_hash: `sha-${text}`, size_bytes: bytes.byteLength, file_type: "text/plain" }
  })

const upload = (workspaceId: string, path: string, text: string, over: Partial<Workspaces.Files.FileUploadInput> = {}) =>
  Effect.gen(function*() {
    const staged = yield* stage(workspaceId, text)
    const input: Workspaces.Files.FileUploadInput = {
      workspace_id: workspaceId,
      source: { type: "staged", ...staged },
      path,
      labels: null,
      graph_inclusion: "auto",
      on_conflict: "reject",
      access_label: null,
      ...over
    }
    const job = jobOf("file_upload", input)
    return { job, staged, run: Workspaces.Files.fileUploadKind.run(job, noReport) }
  })

const blobExists = (key: string) => Effect.flatMap(Documents.BlobStore, (b) => Effect.map(b.stat(key), Option.isSome))
const blobText = (key: string) =>
  Effect.flatMap(Documents.BlobStore, (b) =>
    Effect.flatMap(b.get(key), (o) => Effect.succeed(new TextDecoder().decode(Option.getOrThrow(o)))))

describe("workspace file job kinds", () => {
  it.layer(layer)((it) => {
    it.effect("file_upload: a new path becomes a discovered file at version 1 with the staged blob", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        const { run, staged } = yield* upload(w, "a/b.txt", "one", { labels: { team: "x" }, access_label: "hr", graph_inclusion: "exclude" })
        const outcome = yield* run
        expect(outcome.units).toBe(0)
        expect(outcome.result).toMatchObject({
          result_type: "file_upload",
          deduplicated: false,
          file: { path: "a/b.txt", file_name: "b.txt", version: 1, ingestion_status: "discovered", labels: { team: "x" }, access_label: "hr", size_bytes: 3, created_at: new Date(START).toISOString() }
        })
        const stored = Option.getOrThrow(yield* Effect.flatMap(Workspaces.Files.WorkspaceFileStore, (s) => s.getByPath(TENANT, w, "a/b.txt")))
        expect(stored).toMatchObject({ blob_key: staged.staged_blob_key, graph_inclusion: "exclude", access_label_explicit: true })
        expect(yield* blobText(stored.blob_key)).toBe("one")
      }))

    it.effect("file_upload: the same bytes at the same path are deduplicated (no version, staged blob dropped); other bytes with reject are path_conflict", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        yield* Effect.flatMap(upload(w, "x.txt", "same"), (u) => u.run)
        clock.advance(1000)
        const again = yield* upload(w, "x.txt", "same", { on_conflict: "reject" })
        const outcome = yield* again.run
        expect(outcome.result).toMatchObject({ deduplicated: true, file: { version: 1 } })
        expect(yield* blobExists(again.staged.staged_blob_key)).toBe(false)
        const other = yield* upload(w, "x.txt", "different")
        const error = yield* Effect.flip(other.run)
        expect(error).toMatchObject({ code: "path_conflict", retryable: false })
        expect(error.message).toContain("x.txt")
        expect(yield* blobExists(other.staged.staged_blob_key)).toBe(false)
      }))

    it.effect("file_upload with new_version adds the next version; labels sent replace, omitted keep; a second run of the job answers the same", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        const first = yield* upload(w, "v.txt", "v1", { labels: { keep: "me" } })
        const created = yield* first.run
        clock.advance(5000)
        const second = yield* upload(w, "v.txt", "v2", { on_conflict: "new_version" })
        const v2 = yield* second.run
        expect(v2.result).toMatchObject({ deduplicated: false, file: { version: 2, labels: { keep: "me" }, size_bytes: 2 } })
        const again = yield* Workspaces.Files.fileUploadKind.run(second.job, noReport)
        expect(again.result).toEqual(v2.result)
        const third = yield* upload(w, "v.txt", "v3", { on_conflict: "new_version", labels: {} })
        expect((yield* third.run).result).toMatchObject({ file: { version: 3, labels: {} } })
        const versions = Option.getOrThrow(yield* Effect.flatMap(Workspaces.Files.WorkspaceFileStore, (s) => s.listVersions(TENANT, w, created.result.file.file_id, { limit: 10 })))
        expect(versions.items.map((v) => [v.version, v.is_current])).toEqual([[3, true], [2, false], [1, false]])
        // every version keeps its bytes
        expect(yield* blobText(versions.items[2].blob_key)).toBe("v1")
        expect(yield* blobText(versions.items[0].blob_key)).toBe("v3")
      }))

    it.effect("file_replace: the next version with labels omitted unchanged, {} cleared; the same bytes only update labels; a missing file is file_not_found", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        const made = yield* Effect.flatMap(upload(w, "r.txt", "r1", { labels: { a: "1" } }), (u) => u.run)
        const fileId = made.result.file.file_id
        const replace = (text: string, labels: Record<string, string> | null, graph: Workspaces.Files.GraphInclusion | null = null) =>
          Effect.gen(function*() {
            const staged = yield* stage(w, text)
            const job = jobOf("file_replace", { workspace_id: w, file_id: fileId, ...staged, labels, graph_inclusion: graph } satisfies Workspaces.Files.FileReplaceInput)
            return { staged, outcome: yield* Effect.either(Workspaces.Files.fileReplaceKind.run(job, noReport)) }
          })
        const r2 = yield* replace("r2", null)
        expect(r2.outcome._tag === "Right" && r2.outcome.right.result).toMatchObject({ result_type: "file_replace", deduplicated: false, file: { version: 2, labels: { a: "1" } } })
        const r3 = yield* replace("r3", {}, "include")
        expect(r3.outcome._tag === "Right" && r3.outcome.right.result).toMatchObject({ file: { version: 3, labels: {} } })
        const same = yield* replace("r3", { b: "2" })
        expect(same.outcome._tag === "Right" && same.outcome.right.result).toMatchObject({ deduplicated: true, file: { version: 3, labels: { b: "2" } } })
        expect(yield* blobExists(same.staged.staged_blob_key)).toBe(false)
        const stored = Option.getOrThrow(yield* Effect.flatMap(Workspaces.Files.WorkspaceFileStore, (s) => s.get(TENANT, w, fileId)))
        expect(stored.graph_inclusion).toBe("include")
        const staged = yield* stage(w, "x")
        const missing = yield* Effect.flip(Workspaces.Files.fileReplaceKind.run(jobOf("file_replace", { workspace_id: w, file_id: randomUUID(), ...staged, labels: null, graph_inclusion: null }), noReport))
        expect(missing).toMatchObject({ code: "file_not_found" })
        expect(yield* blobExists(staged.staged_blob_key)).toBe(false)
      }))

    it.effect("file_delete: the file, its versions and outputs go with every blob; a second delete is file_not_found", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        const made = yield* Effect.flatMap(upload(w, "d.txt", "d1"), (u) => u.run)
        yield* Effect.flatMap(upload(w, "d.txt", "d2", { on_conflict: "new_version" }), (u) => u.run)
        const fileId = made.result.file.file_id
        const store = yield* Workspaces.Files.WorkspaceFileStore
        const blobs = yield* Documents.BlobStore
        const outKey = `workspaces/${w}/outputs/${randomUUID()}`
        yield* blobs.put(outKey, Stream.make(new Uint8Array([1, 2])), 10)
        yield* store.replaceOutputs(TENANT, w, fileId, [{ output_id: randomUUID(), kind: "derived_file", path: "d.txt.md", blob_key: outKey, size_bytes: 2, media_type: "text/markdown", members: [] }], START)
        const keys = Option.getOrThrow(yield* store.listVersions(TENANT, w, fileId, { limit: 10 })).items.map((v) => v.blob_key)
        const job = jobOf("file_delete", { workspace_id: w, file_id: fileId } satisfies Workspaces.Files.FileDeleteInput)
        const outcome = yield* Workspaces.Files.fileDeleteKind.run(job, noReport)
        expect(outcome.result).toEqual({ result_type: "file_delete", file_id: fileId, path: "d.txt", blobs_deleted: 3 })
        for (const k of [...keys, outKey]) expect(yield* blobExists(k)).toBe(false)
        expect(Option.isNone(yield* store.get(TENANT, w, fileId))).toBe(true)
        expect(yield* Effect.flip(Workspaces.Files.fileDeleteKind.run(job, noReport))).toMatchObject({ code: "file_not_found" })
        // the path is free again
        expect((yield* Effect.flatMap(upload(w, "d.txt", "new"), (u) => u.run)).result.file.version).toBe(1)
      }))

    it.effect("file_upload from a URL source: downloaded under the job's own key, hashed, typed by its name; a second run answers the same; a failed download is download_failed", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        const objects = yield* Documents.ObjectStore
        yield* objects.put("bucket-a", "in/report.csv", Stream.make(new TextEncoder().encode("a,b\n1,2\n")), 1000)
        const input: Workspaces.Files.FileUploadInput = {
          workspace_id: w,
          source: { type: "url", url: "s3://bucket-a/in/report.csv", file_name: "report.csv" },
          path: "imports/report.csv",
          labels: null,
          graph_inclusion: "auto",
          on_conflict: "reject",
          access_label: null
        }
        const job = jobOf<Workspaces.Files.FileUploadInput, Workspaces.Files.FileUploadResult>("file_upload", input)
        const first = yield* Workspaces.Files.fileUploadKind.run(job, noReport)
        expect(first.result).toMatchObject({ deduplicated: false, file: { path: "imports/report.csv", file_type: "text/csv", size_bytes: 8 } })
        const stored = Option.getOrThrow(yield* Effect.flatMap(Workspaces.Files.WorkspaceFileStore, (s) => s.getByPath(TENANT, w, "imports/report.csv")))
        expect(stored.blob_key).toBe(Workspaces.Files.stagedBlobKey(w, job.job_id))
        expect(yield* blobText(stored.blob_key)).toBe("a,b\n1,2\n")
        expect((yield* Workspaces.Files.fileUploadKind.run(job, noReport)).result).toEqual(first.result)
        const missing = jobOf<Workspaces.Files.FileUploadInput, Workspaces.Files.FileUploadResult>("file_upload", { ...input, path: "x.csv", source: { type: "url", url: "s3://bucket-a/none", file_name: "none" } })
        expect(yield* Effect.flip(Workspaces.Files.fileUploadKind.run(missing, noReport))).toMatchObject({ code: "download_failed" })
        const web = jobOf<Workspaces.Files.FileUploadInput, Workspaces.Files.FileUploadResult>("file_upload", { ...input, path: "y.csv", source: { type: "url", url: "https://example.com/y.csv", file_name: "y.csv" } })
        expect(yield* Effect.flip(Workspaces.Files.fileUploadKind.run(web, noReport))).toMatchObject({ code: "download_failed", retryable: true })
      }))

    it.effect("the kinds' results match their schemas (the worker checks them) and the kinds are exported together", () =>
      Effect.gen(function*() {
        expect(Workspaces.Files.fileJobKinds.map((k) => k.kind)).toEqual(["file_upload", "file_replace", "file_delete"])
        const outcome = yield* Effect.flatMap(upload(randomUUID(), "s.txt", "s"), (u) => u.run)
        expect(Schema.is(Workspaces.Files.fileUploadKind.result)(outcome.result)).toBe(true)
        expect(Schema.is(Workspaces.Files.fileUploadKind.result)({ ...outcome.result, deduplicated: "no" })).toBe(false)
      }))
  })
})
