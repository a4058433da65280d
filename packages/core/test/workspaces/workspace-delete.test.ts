/**
 * The `workspace_delete` job's work: every teardown step of `WorkspaceTeardown`, in order, then the
 * workspace removed; a failing step fails the job retryably and leaves the workspace (deleting).
 */
import { Documents, Workspaces } from "@docket/core"
import { layer as memoryStorage, MemoryBlobStore, MemoryWorkspaceFileStore, MemoryWorkspaceStore } from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, Option, Stream } from "effect"
import { workspaceFixture } from "@docket/core/testing"

const workspace = workspaceFixture({ status: "deleting" })

const job = { job_id: "job-1", tenant_id: "ten-1", input: { workspace_id: "ws-1" } } as Parameters<typeof Workspaces.workspaceDeleteKind.run>[0]
const report = () => Effect.void

const withSteps = (steps: ReadonlyArray<Workspaces.TeardownStep>) =>
  Layer.merge(MemoryWorkspaceStore.layer, Workspaces.workspaceTeardownLayer(steps))

describe("workspace_delete", () => {
  it.effect("runs every teardown step in order with the tenant and workspace, then removes the workspace", () => {
    const seen: Array<string> = []
    const step = (name: string): Workspaces.TeardownStep => ({ name, run: (t, w) => Effect.sync(() => void seen.push(`${name}:${t}:${w}`)) })
    return Effect.gen(function*() {
      const store = yield* Workspaces.WorkspaceStore
      yield* store.create(workspace)
      const outcome = yield* Workspaces.workspaceDeleteKind.run(job, report)
      expect(seen).toEqual(["files:ten-1:ws-1", "tables:ten-1:ws-1"])
      expect(outcome.result).toEqual({ result_type: "workspace_delete", workspace_id: "ws-1", steps: ["files", "tables"] })
      expect(Option.isNone(yield* store.get("ten-1", "ws-1"))).toBe(true)
    }).pipe(Effect.provide(withSteps([step("files"), step("tables")])))
  })

  it.effect("a failing step fails the job retryably, naming the step, and the workspace stays", () =>
    Effect.gen(function*() {
      const store = yield* Workspaces.WorkspaceStore
      yield* store.create(workspace)
      const failed = yield* Effect.either(Workspaces.workspaceDeleteKind.run(job, report))
      expect(Either.isLeft(failed) && failed.left).toMatchObject({ code: "upstream_unavailable", retryable: true })
      expect(Either.isLeft(failed) && failed.left.message).toContain("index")
      expect(Option.getOrThrow(yield* store.get("ten-1", "ws-1")).status).toBe("deleting")
    }).pipe(Effect.provide(withSteps([{ name: "index", run: () => Effect.fail("down") }]))))
})

describe("the files teardown step", () => {
  const put = (key: string) =>
    Effect.flatMap(Documents.BlobStore, (b) => b.put(key, Stream.make(new TextEncoder().encode(key)), 1000))
  const exists = (key: string) => Effect.map(Effect.flatMap(Documents.BlobStore, (b) => b.stat(key)), Option.isSome)

  it.effect("deletes the files and their blobs, and the blobs an earlier run left when it died between a batch's rows and its blobs; not another workspace's", () =>
    Effect.gen(function*() {
      const files = yield* Workspaces.Files.WorkspaceFileStore
      const source = Workspaces.Files.stagedBlobKey("ws-1", "a")
      yield* put(source)
      yield* files.create({
        tenant_id: "ten-1", workspace_id: "ws-1", file_id: "f-1", path: "a.txt", file_type: "text/plain", size_bytes: 10,
        observed_hash: "h", blob_key: source, labels: {}, graph_inclusion: "auto", access_label: null, ingestion_status: "discovered", at: 0
      })
      // what a dead run left: rows gone (it ran deleteWorkspace), blobs not yet deleted
      const orphans = [Workspaces.Files.stagedBlobKey("ws-1", "gone"), `${Workspaces.Files.workspaceBlobPrefix("ws-1")}derived/f-gone/md`]
      for (const k of orphans) yield* put(k)
      const other = Workspaces.Files.stagedBlobKey("ws-10", "x")
      yield* put(other)

      yield* Workspaces.Files.fileTeardownStep.run("ten-1", "ws-1")
      expect(Option.isNone(yield* files.get("ten-1", "ws-1", "f-1"))).toBe(true)
      for (const k of [source, ...orphans]) expect(yield* exists(k), k).toBe(false)
      expect(yield* exists(other)).toBe(true)
    }).pipe(Effect.provide(Layer.mergeAll(MemoryWorkspaceFileStore.layer, MemoryBlobStore.layer))))
})

describe("the knowledge graph teardown step", () => {
  it.effect("is one of the workspace's steps, after the search index, and removes its file graphs and snapshot; not another workspace's", () =>
    Effect.gen(function*() {
      const names = Workspaces.workspaceTeardownSteps.map((s) => s.name)
      expect(names.indexOf("knowledge_graph")).toBe(names.indexOf("search_index") + 1)
      const graph = yield* Workspaces.Graph.KnowledgeGraphStore
      const record = { file_id: "f-1", path: "a.txt", ingested_hash: "h", extracted_at: 0, graph: Workspaces.Graph.EMPTY_FILE_GRAPH }
      const snapshot = { snapshot_id: "s-1", built_at: 0, file_ids: ["f-1"], nodes: [], edges: [] }
      for (const w of ["ws-1", "ws-2"]) {
        yield* graph.putFileGraph("ten-1", w, record)
        yield* graph.publish("ten-1", w, snapshot)
      }
      yield* Workspaces.workspaceTeardownSteps.find((s) => s.name === "knowledge_graph")!.run("ten-1", "ws-1")
      expect(yield* graph.fileGraphs("ten-1", "ws-1")).toEqual([])
      expect(Option.isNone(yield* graph.currentSnapshot("ten-1", "ws-1"))).toBe(true)
      expect(yield* graph.fileGraphs("ten-1", "ws-2")).toEqual([record])
      expect(Option.isSome(yield* graph.snapshot("ten-1", "ws-2"))).toBe(true)
    }).pipe(Effect.provide(memoryStorage)))
})

describe("the ledger-understanding teardown step", () => {
  it.effect("is one of the workspace's steps and removes its selections and reports; not another workspace's", () =>
    Effect.gen(function*() {
      expect(Workspaces.workspaceTeardownSteps.map((s) => s.name)).toContain("ledger_understanding")
      const ledger = yield* Workspaces.Ledger.LedgerStore
      const selection = {
        selection_id: "sel-1",
        key_id: "key-1",
        created_at: 0,
        selection: { catalog_revision: "rev:a", primary_source_id: "gl", primary_member_ids: ["gl"], supporting_source_ids: [], primary_confirmed_unrecognized: false }
      }
      const report = Workspaces.Ledger.understandLedger({ sources: [] })
      for (const w of ["ws-1", "ws-2"]) {
        yield* ledger.putSelection("ten-1", w, selection)
        yield* ledger.putReport("ten-1", w, { scope_key: "k", catalog_revision: "rev:a", job_id: "j", created_at: 0, report })
      }
      yield* Workspaces.workspaceTeardownSteps.find((s) => s.name === "ledger_understanding")!.run("ten-1", "ws-1")
      expect(Option.isNone(yield* ledger.selection("ten-1", "ws-1", "sel-1"))).toBe(true)
      expect(Option.isNone(yield* ledger.report("ten-1", "ws-1", "k"))).toBe(true)
      expect(Option.isSome(yield* ledger.selection("ten-1", "ws-2", "sel-1"))).toBe(true)
      expect(Option.getOrThrow(yield* ledger.report("ten-1", "ws-2", "k")).report).toEqual(report)
    }).pipe(Effect.provide(memoryStorage)))
})
