/**
 * How the graph tools show what they found (spec 3, "Knowledge graph"; "Evidence"): a fact's or an
 * edge's evidence in the Evidence shape search hits use — `locator` (`page` in a paged file, else
 * `sheet` or `section` when the range lies in a tab or section, else `text`), `snippet` the words
 * read there, `why` what was read, `component` the tab or section (a spreadsheet fact has no page)
 * — and a node with its facts, source files and degree (what this caller sees).
 */
import type { GraphView, NodeView } from "./graph-view.js"
import type { GraphEvidence } from "./snapshot.js"

/** facts shown per node (the first, in the order the build merged them) */
export const MAX_FACTS_SHOWN = 50

export const evidenceView = (view: GraphView, e: GraphEvidence, why: string) => ({
  file_id: e.file_id,
  path: e.path,
  locator: e.page !== null
    ? { kind: "page" as const, page: e.page, char_start: e.char_start, char_end: e.char_end }
    : { kind: view.componentKindOf(e), char_start: e.char_start, char_end: e.char_end },
  relevance_score: 1,
  snippet: e.quote,
  why,
  component: e.component
})

export const nodeOutput = (view: GraphView, v: NodeView) => ({
  node_id: v.node.node_id,
  node_type: v.node.node_type,
  title: v.node.title,
  aliases: v.node.aliases,
  facts: v.facts.slice(0, MAX_FACTS_SHOWN).map((f) => ({
    predicate: f.predicate,
    value: f.value,
    evidence: evidenceView(view, f.evidence, `${f.predicate} of ${v.node.title}, read in ${f.evidence.path}`)
  })),
  source_files: v.source_file_ids.map((id) => ({ file_id: id, path: view.pathOf(id) })),
  degree: view.degree(v.node.node_id)
})
