/**
 * The `kg_build` job (spec 3, "Knowledge graph"): reads the graph of every file that enters it
 * (`graph-inclusion.ts`) with the `GraphExtractor`, keeps each file's graph in the store, merges
 * them (`entity-resolution.ts`) and publishes the result as the workspace's snapshot.
 *
 * - Without `force` a build resumes: a file whose graph is kept at its current `ingested_hash` is
 *   not read again, and a file that left the graph (deleted, expired, excluded) loses its graph.
 *   When nothing changed, the current snapshot stays (`rebuilt` false, the same `snapshot_id`).
 * - With `force` the kept graphs are forgotten first and every file is read again; the old
 *   snapshot stays readable until the new one is published (`rebuilt` true, a new `snapshot_id`).
 * - A job run again after its worker died resumes from the graphs it already kept (a forced one
 *   does not forget them twice).
 * - Files ingested while the build runs are read before it publishes (up to `CATCH_UP_ROUNDS`).
 * - A file that cannot be read is listed in `files_failed` with its phase: `classifying` when its
 *   ingestion record (what decides how it enters) is unreadable, `extracting` when its text is gone
 *   or the extractor fails; the others still build.
 * - The snapshot's central nodes are embedded by name (`node-vectors.ts`) for kg-search.
 * - Units: the pages (a sheet counts one) of the files read, as ingestion bills them.
 */
import { Clock, Effect, Option, Schema } from "effect"
import type { Job, JobError } from "../../jobs/job.js"
import { defineJobKind, type ReportProgress } from "../../jobs/job-kind.js"
import { Ids } from "../../kernel/ids.js"
import { GraphExtractor } from "../../intelligence/graph-extractor.js"
import { pinnedDomain, resolveDomain } from "../domains/domain-catalog.js"
import type { Ontology } from "../domains/domain-definition.js"
import type { WorkspaceFile } from "../files/workspace-file.js"
import { FileIngestionStore } from "../ingestion/file-ingestion.js"
import { readDocumentRanges } from "../tools/document-text.js"
import { WorkspaceStore } from "../workspace/workspace-store.js"
import type { Workspace } from "../workspace/workspace.js"
import { mergeFileGraphs } from "./entity-resolution.js"
import { embedNodes } from "./node-vectors.js"
import { publishUnlessDeleted } from "./publish-snapshot.js"
import { entersGraph, workspaceFilesWhere } from "./graph-inclusion.js"
import { type FileGraphRecord, KnowledgeGraphStore } from "./graph-store.js"

export const KG_BUILD = "kg_build" as const

/** the longest prefix of a file's document.md the extractor reads */
export const MAX_GRAPH_CHARS = 1_000_000
/** how many times a build looks again for files ingested while it ran */
const CATCH_UP_ROUNDS = 3
const STAGE = "extracting"
const EMBEDDING = "embedding"

export const KgBuildInput = Schema.Struct({ workspace_id: Schema.String, force: Schema.Boolean })

const FileFailure = Schema.Struct({
  path: Schema.String,
  phase: Schema.Literal("classifying", "extracting"),
  error: Schema.Struct({ code: Schema.String, message: Schema.String, retryable: Schema.Boolean })
})
export type KgFileFailure = typeof FileFailure.Type

export const KgBuildResult = Schema.Struct({
  result_type: Schema.Literal(KG_BUILD),
  snapshot_id: Schema.String,
  files_covered: Schema.Number,
  node_count: Schema.Number,
  edge_count: Schema.Number,
  rebuilt: Schema.Boolean,
  files_failed: Schema.Array(FileFailure),
  /** pages read (kept for usage; not shown) */
  pages_read: Schema.Number
})
export type KgBuildResult = typeof KgBuildResult.Type

const storageError: JobError = { code: "upstream_unavailable", message: "storage was unavailable; build again", retryable: true }
const gone = (id: string): JobError => ({ code: "workspace_not_found", message: `workspace ${id} not found`, retryable: false })

/** Every file of the workspace that enters the graph, in path order. */
const graphFilesOf = (w: Workspace) => workspaceFilesWhere(w.tenant_id, w.workspace_id, (f) => entersGraph(f, w.knowledge_graph))

type Read = { readonly _tag: "read"; readonly record: FileGraphRecord; readonly pages: number } | { readonly _tag: "failed"; readonly failure: KgFileFailure }

/** One file's graph read from its ingested markdown. */
const readFile = (w: Workspace, f: WorkspaceFile, ontology: Ontology) =>
  Effect.gen(function*() {
    const found = yield* Effect.flatMap(FileIngestionStore, (s) => s.get(w.tenant_id, w.workspace_id, f.file_id)).pipe(Effect.option)
    if (Option.isNone(found) || Option.isNone(found.value)) {
      return { _tag: "failed", failure: { path: f.path, phase: "classifying", error: { code: "file_not_ingested", message: `${f.path} has no ingestion record; ingest it again`, retryable: true } } } as Read
    }
    const record = found.value.value
    const end = Math.min(record.total_chars, MAX_GRAPH_CHARS)
    const text = yield* readDocumentRanges(f, record, [{ start: 0, end }]).pipe(Effect.either)
    if (text._tag === "Left") {
      const e = text.left
      const failure: KgFileFailure = e._tag === "FileNotIngested"
        ? { path: f.path, phase: "extracting", error: { code: "file_not_ingested", message: `the ingested text of ${f.path} is gone; ingest it again`, retryable: false } }
        : { path: f.path, phase: "extracting", error: { code: "upstream_unavailable", message: `the ingested text of ${f.path} could not be read; build again`, retryable: true } }
      return { _tag: "failed", failure } as Read
    }
    const markdown = text.right.join("")
    const graph = yield* Effect.flatMap(GraphExtractor, (x) =>
      x.extract({
        path: f.path,
        category: f.category,
        ontology,
        markdown,
        pages: record.pages.filter((p) => p.char_start < end).map((p) => ({ page: p.page, char_start: p.char_start, char_end: Math.min(p.char_end, end) })),
        components: record.components.filter((c) => c.char_start < end).map((c) => ({
          kind: c.kind,
          name: c.name,
          char_start: c.char_start,
          char_end: Math.min(c.char_end, end)
        }))
      })).pipe(Effect.either)
    if (graph._tag === "Left") {
      return { _tag: "failed", failure: { path: f.path, phase: "extracting", error: { code: "upstream_unavailable", message: `the graph of ${f.path} could not be extracted (${graph.left.message}); build again`, retryable: true } } } as Read
    }
    return {
      _tag: "read",
      record: { file_id: f.file_id, path: f.path, ingested_hash: record.ingested_hash, extracted_at: yield* Clock.currentTimeMillis, graph: graph.right },
      pages: Math.max(record.page_count ?? 1, 1)
    } as Read
  })

const build = (job: Job<typeof KgBuildInput.Type, KgBuildResult>, report: ReportProgress) =>
  Effect.gen(function*() {
    const t = job.tenant_id
    const wid = job.input.workspace_id
    const found = yield* Effect.flatMap(WorkspaceStore, (s) => s.get(t, wid))
    if (Option.isNone(found)) return yield* Effect.fail(gone(wid))
    const w = found.value
    const ontology = yield* pinnedDomain(t, w.domain_slug, w.domain_version).pipe(
      Effect.flatMap((v) => resolveDomain(t, v)),
      Effect.map((r) => r.effective.ontology),
      Effect.mapError((e): JobError =>
        e._tag === "StorageUnavailable" ? storageError : { code: "domain_not_found", message: `the workspace's domain ${w.domain_slug} v${w.domain_version} is not available`, retryable: false })
    )
    const store = yield* KnowledgeGraphStore
    const resumed = job.progress?.stage === STAGE || job.progress?.stage === EMBEDDING
    if (job.input.force && !resumed) yield* store.clearFileGraphs(t, wid)
    yield* report({ stage: STAGE, items_done: 0, items_total: 0, units_done: 0 })

    const failures = new Map<string, KgFileFailure>()
    let changed = job.input.force
    let pages = 0
    let done = 0
    let files: ReadonlyArray<WorkspaceFile> = []
    for (let round = 0; round <= CATCH_UP_ROUNDS; round++) {
      files = yield* graphFilesOf(w)
      const kept = yield* store.fileGraphHashes(t, wid)
      const entering = new Set(files.map((f) => f.file_id))
      for (const id of kept.keys()) {
        if (entering.has(id)) continue
        yield* store.removeFileGraph(t, wid, id)
        changed = true
      }
      const toRead = files.filter((f) => kept.get(f.file_id) !== f.ingested_hash && !failures.has(f.file_id))
      if (toRead.length === 0) break
      yield* report({ items_total: done + toRead.length })
      for (const f of toRead) {
        const read = yield* readFile(w, f, ontology)
        if (read._tag === "failed") failures.set(f.file_id, read.failure)
        else {
          yield* store.putFileGraph(t, wid, read.record)
          pages += read.pages
          changed = true
        }
        done++
        yield* report({ items_done: done, units_done: pages })
        yield* Effect.yieldNow()
      }
    }
    const files_failed = files.flatMap((f) => failures.has(f.file_id) ? [failures.get(f.file_id)!] : [])
    const head = yield* store.currentSnapshot(t, wid)
    const records = (yield* store.fileGraphs(t, wid)).filter((r) => !failures.has(r.file_id))
    // a file that left since the snapshot (its kept graph dropped with it) changes it too
    if (!changed && Option.isSome(head) && head.value.file_count === records.length) {
      const h = head.value
      return {
        result: { result_type: KG_BUILD, snapshot_id: h.snapshot_id, files_covered: h.file_count, node_count: h.node_count, edge_count: h.edge_count, rebuilt: false, files_failed, pages_read: 0 },
        units: 0
      }
    }
    const content = mergeFileGraphs(wid, records, ontology)
    yield* report({ stage: EMBEDDING })
    const vectors = yield* embedNodes(content.nodes, ontology).pipe(
      Effect.mapError((e): JobError => ({ code: "upstream_unavailable", message: `the graph's names could not be embedded (${e.message}); build again`, retryable: true }))
    )
    const snapshot = {
      snapshot_id: (yield* Ids).uuid(),
      built_at: yield* Clock.currentTimeMillis,
      file_ids: records.map((r) => r.file_id),
      nodes: content.nodes,
      edges: content.edges,
      vectors
    }
    yield* publishUnlessDeleted(t, wid, snapshot)
    return {
      result: {
        result_type: KG_BUILD,
        snapshot_id: snapshot.snapshot_id,
        files_covered: records.length,
        node_count: content.nodes.length,
        edge_count: content.edges.length,
        rebuilt: true,
        files_failed,
        pages_read: pages
      },
      units: pages
    }
  }).pipe(
    Effect.mapError((e): JobError => {
      const tag = (e as { _tag?: string })._tag
      if (tag === undefined && typeof (e as JobError).code === "string") return e as JobError
      return storageError
    })
  )

export const kgBuildKind = defineJobKind({
  kind: KG_BUILD,
  input: KgBuildInput,
  result: KgBuildResult,
  stage: "starting",
  run: build,
  v1Result: (_job, { pages_read: _p, ...shown }) => shown,
  flatResult: (_job, { pages_read: _p, ...shown }) => shown,
  usage: (job) => ({ pages: job.result?.pages_read ?? 0, bytes_ingested: 0 })
})
