/**
 * The knowledge-graph evaluation (`npm run eval -- --set kg`): each split of the group set
 * (eval/graph/group-documents.ts) read file by file by the local graph extractor, the files'
 * graphs merged by entity resolution (as a build does), and the merged graph scored against the
 * truth (eval/graph/score-graph.ts). Extraction is timed in CPU seconds (`process.cpuUsage`, this
 * process, user + system), reported per 100 files; the NLP model's one-time load is apart.
 */
import { extractGraphLocally } from "../../packages/core/src/intelligence/local/graph/local-graph-extractor.js"
import type { GraphExtractInput } from "../../packages/core/src/intelligence/graph-extractor.js"
import { GENERIC_ONTOLOGY } from "../../packages/core/src/workspaces/domains/platform/index.js"
import { mergeFileGraphs } from "../../packages/core/src/workspaces/graph/entity-resolution.js"
import type { FileGraphRecord } from "../../packages/core/src/workspaces/graph/graph-store.js"
import { type GroupDocument, generateGroupSet, type Split } from "./group-documents.js"
import { type Counts, type GraphScore, scoreGraph } from "./score-graph.js"

export interface KgSplitReport {
  readonly split: Split
  readonly files: number
  readonly nodes: number
  readonly edges: number
  readonly score: GraphScore
  /** CPU seconds to extract every file of the split, and per 100 files */
  readonly extractCpuSeconds: number
  readonly extractCpuPer100: number
  readonly mergeCpuSeconds: number
}

export interface KgReport {
  readonly modelLoadCpuSeconds: number
  readonly splits: ReadonlyArray<KgSplitReport>
}

const cpuSeconds = (since: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(since)
  return (d.user + d.system) / 1e6
}

/** What ingestion gives the extractor for a generated file: one page for a document, its sheets for a spreadsheet. */
export const extractInput = (doc: GroupDocument): GraphExtractInput => {
  const length = doc.markdown.length
  const sheet = doc.sheets.length > 0
  return {
    path: doc.path,
    category: null,
    ontology: GENERIC_ONTOLOGY,
    markdown: doc.markdown,
    pages: sheet ? [] : [{ page: 1, char_start: 0, char_end: length }],
    components: [
      { kind: "document", name: doc.path.split("/").pop()!, char_start: 0, char_end: length },
      ...doc.sheets.map((s) => ({ kind: "sheet" as const, name: s.name, char_start: s.char_start, char_end: s.char_end }))
    ]
  }
}

export const runKgSplit = (split: Split): KgSplitReport => {
  const set = generateGroupSet(split)
  const inputs = set.documents.map(extractInput)
  const started = process.cpuUsage()
  const records: Array<FileGraphRecord> = inputs.map((input, i) => ({
    file_id: `file-${i}`,
    path: input.path,
    ingested_hash: "eval",
    extracted_at: 0,
    graph: extractGraphLocally(input)
  }))
  const extractCpuSeconds = cpuSeconds(started)
  const mergeStarted = process.cpuUsage()
  const graph = mergeFileGraphs(`kg-eval-${split}`, records, GENERIC_ONTOLOGY)
  const mergeCpuSeconds = cpuSeconds(mergeStarted)
  const truthEntities = [...set.entities.values()].filter((e) => set.documents.some((d) => d.entities.includes(e.id)))
  const score = scoreGraph(graph, truthEntities, set.documents.flatMap((d) => d.relations))
  return {
    split,
    files: inputs.length,
    nodes: graph.nodes.length,
    edges: graph.edges.length,
    score,
    extractCpuSeconds,
    extractCpuPer100: (extractCpuSeconds / inputs.length) * 100,
    mergeCpuSeconds
  }
}

export const runKg = (): KgReport => {
  // the model loads once per process: timed apart from the files
  const loadStarted = process.cpuUsage()
  extractGraphLocally(extractInput({ path: "warm-up.md", markdown: "Warm-up text.", sheets: [], entities: [], relations: [] }))
  const modelLoadCpuSeconds = cpuSeconds(loadStarted)
  return { modelLoadCpuSeconds, splits: (["dev", "test"] as const).map(runKgSplit) }
}

const pct = (a: number, b: number) => (b === 0 ? "—" : `${((100 * a) / b).toFixed(1)}%`)
const sum = (m: ReadonlyMap<string, Counts>, skip: ReadonlySet<string> = new Set()) => {
  const t: Counts = { truth: 0, found: 0, predicted: 0, right: 0 }
  for (const [k, c] of m) {
    if (skip.has(k)) continue
    t.truth += c.truth
    t.found += c.found
    t.predicted += c.predicted
    t.right += c.right
  }
  return t
}

const table = (title: string, m: ReadonlyMap<string, Counts>, overall: Counts, overallLabel: string): Array<string> => {
  const rows = [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1))
  return [
    `| ${title} | truth | predicted | recall | precision |`,
    "|---|---:|---:|---:|---:|",
    ...rows.map(([k, c]) => `| ${k} | ${c.truth} | ${c.predicted} | ${pct(c.found, c.truth)} | ${pct(c.right, c.predicted)} |`),
    `| **${overallLabel}** | ${overall.truth} | ${overall.predicted} | ${pct(overall.found, overall.truth)} | ${pct(overall.right, overall.predicted)} |`
  ]
}

export const printKg = (report: KgReport, options: { readonly json: boolean; readonly verbose: boolean }): void => {
  if (options.json) {
    const plain = (m: ReadonlyMap<string, Counts>) => Object.fromEntries(m)
    console.log(JSON.stringify({
      model_load_cpu_seconds: report.modelLoadCpuSeconds,
      splits: report.splits.map((s) => ({
        split: s.split, files: s.files, nodes: s.nodes, edges: s.edges,
        extract_cpu_seconds: s.extractCpuSeconds, extract_cpu_seconds_per_100_files: s.extractCpuPer100, merge_cpu_seconds: s.mergeCpuSeconds,
        entities: plain(s.score.entities), relations: plain(s.score.relations)
      }))
    }, null, 2))
    return
  }
  console.log(`\n## Knowledge graph (local extractor + entity resolution), generic ontology`)
  console.log(`NLP model load: ${report.modelLoadCpuSeconds.toFixed(2)} CPU s once per process`)
  for (const s of report.splits) {
    console.log(`\n### split ${s.split}: ${s.files} files → ${s.nodes} nodes, ${s.edges} edges`)
    console.log(`extraction ${s.extractCpuSeconds.toFixed(2)} CPU s (${s.extractCpuPer100.toFixed(2)} CPU s per 100 files); merge ${s.mergeCpuSeconds.toFixed(3)} CPU s\n`)
    console.log(table("entity type", s.score.entities, sum(s.score.entities, new Set(["document"])), "all but document").join("\n"))
    console.log("")
    console.log(table("edge type", s.score.relations, sum(s.score.relations), "all").join("\n"))
    console.log("")
    console.log(table("edge type", s.score.relations, sum(s.score.relations, new Set(["mentions", "refers_to"])), "all but mentions, refers_to").slice(-1).join("\n"))
    if (options.verbose) {
      for (const [label, list] of [["missed entities", s.score.missedEntities], ["wrong nodes", s.score.wrongNodes], ["missed relations", s.score.missedRelations], ["wrong edges", s.score.wrongEdges]] as const) {
        console.log(`\n${label} (${list.length}):`)
        for (const x of list) console.log(`  ${x}`)
      }
    }
  }
}
