/**
 * The conformance suite of the `KnowledgeGraphStore` port (`workspaces/graph/graph-store.ts`), run
 * by every adapter (`graphStoreSuite("memory", MemoryGraphStore.layer)`). Each test works in a
 * tenant and workspace of its own. The records and snapshots carry every field the shapes allow —
 * nulls, empty lists, non-ASCII text — so a store that drops or rewrites one fails deep equality.
 * `StorageAdmin.reset` emptying the store is checked by `storage-admin-suite.ts`.
 */
import { expect } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { randomUUID } from "node:crypto"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import type { FileGraph, Mention } from "../workspaces/graph/file-graph.js"
import { type FileGraphRecord, KnowledgeGraphStore, type SnapshotHead } from "../workspaces/graph/graph-store.js"
import type { GraphEdge, GraphEvidence, GraphNode, GraphSnapshot } from "../workspaces/graph/snapshot.js"

const scope = () => ({ t: unique("tenant"), w: randomUUID() })

const mention = (at: number, over: Partial<Mention> = {}): Mention => ({ page: 1, component: null, char_start: at, char_end: at + 8, quote: `Said at ${at}`, ...over })

/** a file's graph of `n` entities (every other one a person with a fact, related in a chain) */
const graphOf = (tag: string, n: number): FileGraph => ({
  entities: Array.from({ length: n }, (_, i) => ({
    key: `${tag}-${i}`,
    type: i % 2 === 0 ? "company" : "person",
    name: `${tag} Entity ${i} — Müller & Søn`,
    aliases: i % 2 === 0 ? [`${tag}${i}`, `E${i}`] : [],
    facts: i % 2 === 0 ? [] : [{ predicate: "role", value: "CFO", mention: mention(i * 10, { page: null, component: "Sheet 1" }) }],
    mentions: [mention(i * 10), mention(i * 10 + 100, { page: 2, quote: "“quoted”, ünïcode 😀" })]
  })),
  relations: Array.from({ length: Math.max(0, n - 1) }, (_, i) => ({ type: "employs", from: `${tag}-${i}`, to: `${tag}-${i + 1}`, mention: mention(i) }))
})

const record = (path: string, over: Partial<FileGraphRecord> = {}): FileGraphRecord => ({
  file_id: randomUUID(),
  path,
  ingested_hash: `sha256:${randomUUID()}`,
  extracted_at: 1_767_225_600_000,
  graph: graphOf(path, 3),
  ...over
})

const evidence = (fileId: string, at: number, over: Partial<GraphEvidence> = {}): GraphEvidence => ({
  file_id: fileId,
  path: `docs/${fileId}.pdf`,
  page: at % 3 === 0 ? null : at,
  component: at % 2 === 0 ? null : "Sheet1",
  char_start: at,
  char_end: at + 12,
  quote: `Line ${at}: “Northwind” — Ærø`,
  ...over
})

/** a snapshot of `nodes` nodes and `edges` edges over `files` files, every shape present (empty lists, nulls) */
const snapshotOf = (tag: string, nodes: number, edges: number, files = 3, builtAt = 1_767_225_600_000): GraphSnapshot => {
  const fileIds = Array.from({ length: files }, (_, i) => `${tag}-file-${i}`)
  const ns: Array<GraphNode> = Array.from({ length: nodes }, (_, i) => ({
    node_id: `${tag}-n${i}`,
    node_type: i % 3 === 0 ? "company" : "person",
    title: `${tag} Node ${i}`,
    aliases: i % 4 === 0 ? [] : [`N${i}`, `Nœud ${i}`],
    facts: i % 2 === 0 ? [] : [{ predicate: "registration_number", value: `0812${i}`, evidence: evidence(fileIds[i % files]!, i) }],
    mentions: [evidence(fileIds[i % files]!, i + 1), evidence(fileIds[(i + 1) % files]!, i + 2)],
    source_file_ids: [fileIds[i % files]!, fileIds[(i + 1) % files]!]
  }))
  const es: Array<GraphEdge> = Array.from({ length: edges }, (_, i) => ({
    edge_id: `${tag}-e${i}`,
    edge_type: i % 2 === 0 ? "employs" : "owns",
    from_node_id: `${tag}-n${i % nodes}`,
    to_node_id: `${tag}-n${(i + 1) % nodes}`,
    evidence: i % 5 === 0 ? [] : [evidence(fileIds[i % files]!, i + 3)]
  }))
  return { snapshot_id: `${tag}-${randomUUID()}`, built_at: builtAt, file_ids: fileIds, nodes: ns, edges: es }
}

/** a head as published, its revision set aside (a value of the store's own) */
const withoutRevision = ({ revision: _, ...head }: SnapshotHead) => head

const headOf = (s: GraphSnapshot) => ({
  snapshot_id: s.snapshot_id,
  built_at: s.built_at,
  node_count: s.nodes.length,
  edge_count: s.edges.length,
  file_count: s.file_ids.length
})

export const graphStoreSuite = <E>(name: string, layer: Layer.Layer<KnowledgeGraphStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`KnowledgeGraphStore (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: KnowledgeGraphStore["Type"]) => Effect.Effect<A, E2>) => Effect.flatMap(KnowledgeGraphStore, f)

    it("a file's graph is kept whole and replaced whole; fileGraphs lists the files in code-point path order", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          expect(yield* s.fileGraphs(t, w)).toEqual([])
          // code points, not UTF-16 units or a locale: "B" < "a-c" < "a.pdf" < "a/b" < "ä" < "ｚ" < "😀"
          const paths = ["😀.pdf", "ｚ.pdf", "ä.pdf", "a/b.pdf", "a.pdf", "a-c.pdf", "B.pdf"]
          const records = paths.map((p) => record(p))
          for (const r of records) yield* s.putFileGraph(t, w, r)
          const listed = yield* s.fileGraphs(t, w)
          expect(listed.map((r) => r.path)).toEqual(["B.pdf", "a-c.pdf", "a.pdf", "a/b.pdf", "ä.pdf", "ｚ.pdf", "😀.pdf"])
          expect(listed.find((r) => r.path === "a.pdf")).toEqual(records.find((r) => r.path === "a.pdf"))
          // replaced: the new path, hash, time and graph, nothing of the old graph left
          const old = records.find((r) => r.path === "B.pdf")!
          const next: FileGraphRecord = { file_id: old.file_id, path: "zz/moved.pdf", ingested_hash: "sha256:next", extracted_at: old.extracted_at + 5, graph: graphOf("moved", 1) }
          yield* s.putFileGraph(t, w, next)
          const after = yield* s.fileGraphs(t, w)
          expect(after).toHaveLength(paths.length)
          expect(after.map((r) => r.path)).toEqual(["a-c.pdf", "a.pdf", "a/b.pdf", "zz/moved.pdf", "ä.pdf", "ｚ.pdf", "😀.pdf"])
          expect(after.find((r) => r.file_id === old.file_id)).toEqual(next)
          // an empty graph is a graph (a file that names nothing), not an absence
          const empty = record("empty.pdf", { graph: { entities: [], relations: [] } })
          yield* s.putFileGraph(t, w, empty)
          expect((yield* s.fileGraphs(t, w)).find((r) => r.file_id === empty.file_id)).toEqual(empty)
        })
      ))

    it("what the caller changes after a put, a publish or a read never reaches the store", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const r = record("a.pdf")
          const kept = structuredClone(r)
          yield* s.putFileGraph(t, w, r)
          ;(r.graph.entities as Array<unknown>).length = 0
          ;(r as { path: string }).path = "changed.pdf"
          const [read] = yield* s.fileGraphs(t, w)
          expect(read).toEqual(kept)
          try {
            ;(read!.graph.entities as Array<unknown>).length = 0
          } catch {
            // a store may hand out frozen values
          }
          expect((yield* s.fileGraphs(t, w))[0]).toEqual(kept)
          // the same of a snapshot: a store may keep the one it hands out
          const snap = snapshotOf("mine", 4, 3)
          const published = structuredClone(snap)
          yield* s.publish(t, w, snap)
          ;(snap.nodes as Array<unknown>).length = 0
          const first = Option.getOrThrow(yield* s.snapshot(t, w))
          expect(first).toEqual(published)
          try {
            ;(first.nodes as Array<unknown>).length = 0
            ;(first.edges[0]!.evidence as Array<unknown>).length = 0
          } catch {
            // frozen
          }
          expect(Option.getOrThrow(yield* s.snapshot(t, w))).toEqual(published)
        })
      ))

    it("concurrent puts of one file leave one whole record", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const id = randomUUID()
          const versions = Array.from({ length: 6 }, (_, i) => record(`v${i}.pdf`, { file_id: id, ingested_hash: `h${i}`, graph: graphOf(`v${i}`, i + 1) }))
          yield* Effect.forEach(versions, (r) => s.putFileGraph(t, w, r), { concurrency: "unbounded", discard: true })
          const listed = yield* s.fileGraphs(t, w)
          expect(listed).toHaveLength(1)
          expect(versions).toContainEqual(listed[0])
          expect(yield* s.fileGraphHashes(t, w)).toEqual(new Map([[id, listed[0]!.ingested_hash]]))
        })
      ))

    it("removeFileGraph drops that file's graph only; fileGraphHashes follows every put and remove", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          expect((yield* s.fileGraphHashes(t, w)).size).toBe(0)
          const a = record("a.pdf")
          const b = record("b.pdf")
          const c = record("c.pdf")
          for (const r of [a, b, c]) yield* s.putFileGraph(t, w, r)
          expect(yield* s.fileGraphHashes(t, w)).toEqual(new Map([[a.file_id, a.ingested_hash], [b.file_id, b.ingested_hash], [c.file_id, c.ingested_hash]]))
          yield* s.removeFileGraph(t, w, b.file_id)
          expect((yield* s.fileGraphs(t, w)).map((r) => r.file_id)).toEqual([a.file_id, c.file_id])
          yield* s.putFileGraph(t, w, { ...a, ingested_hash: "sha256:moved" })
          expect(yield* s.fileGraphHashes(t, w)).toEqual(new Map([[a.file_id, "sha256:moved"], [c.file_id, c.ingested_hash]]))
          // removing a file with no graph (or twice) changes nothing
          yield* s.removeFileGraph(t, w, b.file_id)
          yield* s.removeFileGraph(t, w, randomUUID())
          expect((yield* s.fileGraphs(t, w)).map((r) => r.file_id)).toEqual([a.file_id, c.file_id])
        })
      ))

    it("publish replaces the snapshot whole; snapshot reads back exactly what was published", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          expect(Option.isNone(yield* s.snapshot(t, w))).toBe(true)
          const first = snapshotOf("first", 40, 90)
          yield* s.publish(t, w, first)
          expect(Option.getOrThrow(yield* s.snapshot(t, w))).toEqual(first)
          // smaller, other files, other ids: nothing of the first is left
          const second = snapshotOf("second", 3, 1, 1, first.built_at + 60_000)
          yield* s.publish(t, w, second)
          const read = Option.getOrThrow(yield* s.snapshot(t, w))
          expect(read).toEqual(second)
          expect(read.nodes.map((n) => n.node_id)).toEqual(["second-n0", "second-n1", "second-n2"])
          // an empty graph is published as such
          const empty: GraphSnapshot = { snapshot_id: randomUUID(), built_at: second.built_at + 1, file_ids: [], nodes: [], edges: [] }
          yield* s.publish(t, w, empty)
          expect(Option.getOrThrow(yield* s.snapshot(t, w))).toEqual(empty)
          expect(withoutRevision(Option.getOrThrow(yield* s.currentSnapshot(t, w)))).toEqual(headOf(empty))
        })
      ))

    it("a published snapshot keeps its order and every field: evidence, nulls, empty lists, non-ASCII text", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const snap = snapshotOf("full", 500, 1_200, 7)
          // node and edge order is the publisher's, not the ids' (n10 before n2 as text)
          const shuffled: GraphSnapshot = { ...snap, nodes: [...snap.nodes].reverse(), edges: [...snap.edges.slice(600), ...snap.edges.slice(0, 600)] }
          const kept = structuredClone(shuffled)
          yield* s.publish(t, w, shuffled)
          ;(shuffled.nodes as Array<GraphNode>).length = 0
          const read = Option.getOrThrow(yield* s.snapshot(t, w))
          expect(read).toEqual(kept)
          expect(read.nodes[499]!.facts).toEqual([])
          expect(read.nodes.map((n) => n.node_id).slice(0, 3)).toEqual(["full-n499", "full-n498", "full-n497"])
          expect(read.nodes.find((n) => n.node_id === "full-n3")!.facts[0]!.evidence).toMatchObject({ page: null, component: "Sheet1" })
          expect(read.edges.find((e) => e.edge_id === "full-e0")!.evidence).toEqual([])
        })
      ))

    it("currentSnapshot answers the head: id, build time, node, edge and file counts", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          expect(Option.isNone(yield* s.currentSnapshot(t, w))).toBe(true)
          const a = snapshotOf("a", 17, 23, 4, 1_767_225_600_123)
          yield* s.publish(t, w, a)
          expect(withoutRevision(Option.getOrThrow(yield* s.currentSnapshot(t, w)))).toEqual({ snapshot_id: a.snapshot_id, built_at: 1_767_225_600_123, node_count: 17, edge_count: 23, file_count: 4 })
          const b = snapshotOf("b", 5, 0, 2, 1_767_225_700_000)
          yield* s.publish(t, w, b)
          expect(withoutRevision(Option.getOrThrow(yield* s.currentSnapshot(t, w)))).toEqual({ snapshot_id: b.snapshot_id, built_at: 1_767_225_700_000, node_count: 5, edge_count: 0, file_count: 2 })
        })
      ))

    it("the head's revision is new on every publish, even of the same snapshot again: what a kept snapshot is checked against", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const a = snapshotOf("a", 3, 2, 1)
          yield* s.publish(t, w, a)
          const first = Option.getOrThrow(yield* s.currentSnapshot(t, w)).revision
          expect(Number.isSafeInteger(first)).toBe(true)
          expect(Option.getOrThrow(yield* s.currentSnapshot(t, w)).revision).toBe(first)
          yield* s.publish(t, w, a)
          const second = Option.getOrThrow(yield* s.currentSnapshot(t, w)).revision
          expect(second).not.toBe(first)
          yield* s.publish(t, w, snapshotOf("b", 1, 0, 1))
          const third = Option.getOrThrow(yield* s.currentSnapshot(t, w)).revision
          expect(new Set([first, second, third]).size).toBe(3)
        })
      ))

    it("a reader during concurrent publishes sees one whole snapshot, never a mix; the head matches the snapshot", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const versions = Array.from({ length: 6 }, (_, i) => snapshotOf(`v${i}`, 20 + i * 15, 30 + i * 20, 1 + i, 1_000 + i))
          yield* s.publish(t, w, versions[0]!)
          const reads = yield* Effect.all(
            [
              Effect.forEach(versions.slice(1), (v) => s.publish(t, w, v), { concurrency: "unbounded", discard: true }),
              Effect.forEach(Array.from({ length: 8 }), () => s.snapshot(t, w), { concurrency: "unbounded" })
            ],
            { concurrency: "unbounded" }
          )
          for (const read of reads[1]) expect(versions).toContainEqual(Option.getOrThrow(read))
          const last = Option.getOrThrow(yield* s.snapshot(t, w))
          expect(versions).toContainEqual(last)
          expect(withoutRevision(Option.getOrThrow(yield* s.currentSnapshot(t, w)))).toEqual(headOf(last))
        })
      ))

    it("clearFileGraphs (a forced build) forgets every file graph and keeps the snapshot until the next publish", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const a = record("a.pdf")
          const other = randomUUID()
          yield* s.putFileGraph(t, w, a)
          yield* s.putFileGraph(t, w, record("b.pdf"))
          yield* s.putFileGraph(t, other, a)
          const snap = snapshotOf("kept", 10, 12)
          yield* s.publish(t, w, snap)
          yield* s.clearFileGraphs(t, w)
          expect(yield* s.fileGraphs(t, w)).toEqual([])
          expect((yield* s.fileGraphHashes(t, w)).size).toBe(0)
          expect(Option.getOrThrow(yield* s.snapshot(t, w))).toEqual(snap)
          expect(withoutRevision(Option.getOrThrow(yield* s.currentSnapshot(t, w)))).toEqual(headOf(snap))
          // another workspace's file graphs stay
          expect(yield* s.fileGraphs(t, other)).toEqual([a])
          const next = snapshotOf("next", 2, 1)
          yield* s.publish(t, w, next)
          expect(Option.getOrThrow(yield* s.snapshot(t, w))).toEqual(next)
          // a build resumes: graphs put after the clear are kept
          yield* s.putFileGraph(t, w, a)
          expect(yield* s.fileGraphs(t, w)).toEqual([a])
        })
      ))

    it("another tenant's or workspace's graphs and snapshot are unreachable, under the same file ids", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const t2 = unique("tenant")
          const w2 = randomUUID()
          const a = record("a.pdf")
          const inT2 = { ...a, ingested_hash: "sha256:t2", graph: graphOf("t2", 2) }
          const inW2 = { ...a, path: "w2.pdf", ingested_hash: "sha256:w2" }
          yield* s.putFileGraph(t, w, a)
          yield* s.putFileGraph(t2, w, inT2)
          yield* s.putFileGraph(t, w2, inW2)
          const snap = snapshotOf("mine", 4, 3)
          yield* s.publish(t, w, snap)
          expect(yield* s.fileGraphs(t, w)).toEqual([a])
          expect(yield* s.fileGraphs(t2, w)).toEqual([inT2])
          expect(yield* s.fileGraphs(t, w2)).toEqual([inW2])
          expect(yield* s.fileGraphHashes(t2, w)).toEqual(new Map([[a.file_id, "sha256:t2"]]))
          for (const [tt, ww] of [[t2, w], [t, w2]] as const) {
            expect(Option.isNone(yield* s.snapshot(tt, ww))).toBe(true)
            expect(Option.isNone(yield* s.currentSnapshot(tt, ww))).toBe(true)
          }
          // writes in one scope touch no other
          yield* s.removeFileGraph(t2, w, a.file_id)
          yield* s.clearFileGraphs(t, w2)
          yield* s.publish(t2, w, snapshotOf("theirs", 1, 0))
          expect(yield* s.fileGraphs(t, w)).toEqual([a])
          expect(Option.getOrThrow(yield* s.snapshot(t, w))).toEqual(snap)
        })
      ))

    it("removeWorkspace leaves nothing of the workspace and touches no other; it may run again", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const other = randomUUID()
          const a = record("a.pdf")
          const kept = snapshotOf("kept", 3, 2)
          yield* s.putFileGraph(t, w, a)
          yield* s.putFileGraph(t, w, record("b.pdf"))
          yield* s.publish(t, w, snapshotOf("gone", 5, 5))
          yield* s.putFileGraph(t, other, a)
          yield* s.publish(t, other, kept)
          yield* s.putFileGraph("another_tenant", w, a)
          yield* s.removeWorkspace(t, w)
          expect(yield* s.fileGraphs(t, w)).toEqual([])
          expect((yield* s.fileGraphHashes(t, w)).size).toBe(0)
          expect(Option.isNone(yield* s.snapshot(t, w))).toBe(true)
          expect(Option.isNone(yield* s.currentSnapshot(t, w))).toBe(true)
          expect(yield* s.fileGraphs(t, other)).toEqual([a])
          expect(Option.getOrThrow(yield* s.snapshot(t, other))).toEqual(kept)
          expect(yield* s.fileGraphs("another_tenant", w)).toEqual([a])
          yield* s.removeWorkspace(t, w)
          yield* s.removeWorkspace(t, randomUUID())
        })
      ))
  })
