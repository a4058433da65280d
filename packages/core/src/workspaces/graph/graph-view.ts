/**
 * What a caller sees of a snapshot (spec 3, "Knowledge graph": every tool returns `coverage`):
 * evidence is decided by the file it was read from, as that file is now —
 *
 * - a file deleted, expired or otherwise no longer ingested since the build is gone: its evidence
 *   is dropped, counted nowhere (no label would show it);
 * - a file the caller may not see (`files/file-access.ts`) hides its evidence: a fact or a mention
 *   read only there is not shown, an edge whose every statement is hidden is withheld, a node
 *   whose every source file is hidden is withheld; what a tool met and withheld is counted in its
 *   `coverage` with the labels that would show it;
 * - with `path_prefix`, only evidence of files under the prefix counts (the graph as those files
 *   tell it); hidden files outside the prefix are not counted either.
 */
import { Effect } from "effect"
import { type ContentKind, contentKindOf } from "../files/content-kind.js"
import { isVisible, type VisibleLabels } from "../files/file-store.js"
import { hasGraphableContent, workspaceFilesWhere } from "./graph-inclusion.js"
import type { LoadedGraph } from "./loaded-graph.js"
import type { GraphEdge, GraphEvidence, GraphNode } from "./snapshot.js"

interface SourceFile {
  readonly path: string
  readonly access_label: string | null
  /** a spreadsheet's components are sheets, a document's sections */
  readonly kind: ContentKind
}

/** The snapshot's files that still hold ingested content, as they are now. */
export const sourceFilesOf = (tenantId: string, workspaceId: string, fileIds: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const wanted = new Set(fileIds)
    const out = new Map<string, SourceFile>()
    if (wanted.size === 0) return out
    const files = yield* workspaceFilesWhere(tenantId, workspaceId, (f) => wanted.has(f.file_id) && hasGraphableContent(f))
    for (const f of files) out.set(f.file_id, { path: f.path, access_label: f.access_label, kind: contentKindOf(f.path, f.file_type) })
    return out
  })

type FileState = { readonly _tag: "shown" } | { readonly _tag: "hidden"; readonly label: string } | { readonly _tag: "out" }

/** What is withheld from one tool's answer. */
export class WithheldCount {
  private readonly items = new Set<string>()
  private readonly labels = new Set<string>()
  add(item: string, labels: Iterable<string>) {
    this.items.add(item)
    for (const l of labels) this.labels.add(l)
  }
  get coverage() {
    return { restricted_candidates: this.items.size, labels_required: [...this.labels].sort() }
  }
}

export interface NodeView {
  readonly node: GraphNode
  readonly facts: GraphNode["facts"]
  /** where each shown fact is in `node.facts` */
  readonly fact_indexes: ReadonlyArray<number>
  readonly mentions: ReadonlyArray<GraphEvidence>
  readonly source_file_ids: ReadonlyArray<string>
}

export type Seen<T> = { readonly _tag: "shown"; readonly view: T } | { readonly _tag: "withheld"; readonly labels: ReadonlyArray<string> } | { readonly _tag: "absent" }

/** One caller's view of a loaded snapshot (per request: the files' states are read once). */
export class GraphView {
  private readonly nodeCache = new Map<string, Seen<NodeView>>()
  private readonly edgeCache = new Map<string, Seen<GraphEdge>>()

  constructor(
    readonly loaded: LoadedGraph,
    private readonly files: ReadonlyMap<string, SourceFile>,
    private readonly visible: VisibleLabels,
    readonly pathPrefix: string | undefined
  ) {}

  private fileState(fileId: string): FileState {
    const f = this.files.get(fileId)
    if (f === undefined || (this.pathPrefix !== undefined && !f.path.startsWith(this.pathPrefix))) return { _tag: "out" }
    if (!isVisible(f.access_label, this.visible)) return { _tag: "hidden", label: f.access_label! }
    return { _tag: "shown" }
  }

  /** the path of a source file, as it is now */
  pathOf(fileId: string): string {
    return this.files.get(fileId)?.path ?? ""
  }

  /** the locator kind of evidence without a page: `sheet` in a spreadsheet, `section` in a document's section, else `text` */
  componentKindOf(e: GraphEvidence): "sheet" | "section" | "text" {
    if (e.component === null) return "text"
    return this.files.get(e.file_id)?.kind === "table" ? "sheet" : "section"
  }

  /** evidence with the file's current path */
  private shownEvidence(e: GraphEvidence): GraphEvidence | undefined {
    if (this.fileState(e.file_id)._tag !== "shown") return undefined
    const path = this.files.get(e.file_id)!.path
    return path === e.path ? e : { ...e, path }
  }

  node(id: string): Seen<NodeView> {
    const cached = this.nodeCache.get(id)
    if (cached !== undefined) return cached
    const n = this.loaded.nodes.get(id)
    let seen: Seen<NodeView>
    if (n === undefined) seen = { _tag: "absent" }
    else {
      const shown: Array<string> = []
      const hidden = new Set<string>()
      for (const f of n.source_file_ids) {
        const s = this.fileState(f)
        if (s._tag === "shown") shown.push(f)
        else if (s._tag === "hidden") hidden.add(s.label)
      }
      if (shown.length === 0) seen = hidden.size > 0 ? { _tag: "withheld", labels: [...hidden] } : { _tag: "absent" }
      else {
        const facts: Array<GraphNode["facts"][number]> = []
        const fact_indexes: Array<number> = []
        n.facts.forEach((f, i) => {
          const e = this.shownEvidence(f.evidence)
          if (e === undefined) return
          facts.push(e === f.evidence ? f : { ...f, evidence: e })
          fact_indexes.push(i)
        })
        const mentions = n.mentions.flatMap((m) => {
          const e = this.shownEvidence(m)
          return e === undefined ? [] : [e]
        })
        seen = { _tag: "shown", view: { node: n, facts, fact_indexes, mentions, source_file_ids: shown } }
      }
    }
    this.nodeCache.set(id, seen)
    return seen
  }

  /** an edge is shown when both its ends are and one of its statements is */
  edge(id: string): Seen<GraphEdge> {
    const cached = this.edgeCache.get(id)
    if (cached !== undefined) return cached
    const e = this.loaded.edges.get(id)
    let seen: Seen<GraphEdge>
    if (e === undefined) seen = { _tag: "absent" }
    else {
      const from = this.node(e.from_node_id)
      const to = this.node(e.to_node_id)
      if (from._tag === "absent" || to._tag === "absent") seen = { _tag: "absent" }
      else {
        const evidence: Array<GraphEvidence> = []
        const hidden = new Set<string>()
        for (const ev of e.evidence) {
          const s = this.fileState(ev.file_id)
          if (s._tag === "shown") evidence.push(this.shownEvidence(ev)!)
          else if (s._tag === "hidden") hidden.add(s.label)
        }
        if (from._tag === "withheld") for (const l of from.labels) hidden.add(l)
        if (to._tag === "withheld") for (const l of to.labels) hidden.add(l)
        if (evidence.length > 0 && from._tag === "shown" && to._tag === "shown") seen = { _tag: "shown", view: { ...e, evidence } }
        else seen = hidden.size > 0 ? { _tag: "withheld", labels: [...hidden] } : { _tag: "absent" }
      }
    }
    this.edgeCache.set(id, seen)
    return seen
  }

  /** the shown edges at a node (either direction), in edge-id order */
  edgesAt(nodeId: string): ReadonlyArray<{ readonly id: string; readonly seen: Seen<GraphEdge> }> {
    if (!this.loaded.graph.hasNode(nodeId)) return []
    return this.loaded.graph.edges(nodeId).sort().map((id) => ({ id, seen: this.edge(id) }))
  }

  /** the node's edges shown to this caller */
  degree(nodeId: string): number {
    let n = 0
    for (const e of this.edgesAt(nodeId)) if (e.seen._tag === "shown") n++
    return n
  }
}

export const graphViewOf = (loaded: LoadedGraph, tenantId: string, workspaceId: string, visible: VisibleLabels, pathPrefix: string | undefined) =>
  Effect.map(sourceFilesOf(tenantId, workspaceId, loaded.snapshot.file_ids), (files) => new GraphView(loaded, files, visible, pathPrefix))
