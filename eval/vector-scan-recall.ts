/**
 * The vector scan's reduced first pass on the real encoder's vectors (issue 14): recall@100 of
 * `VectorScan.nearest` (approximate: the PCA first pass and the exact re-rank of its pool) against
 * the same scan ranking exactly, and the CPU time of each, at BENCH_ROWS rows (default 100,000).
 *
 *   npx tsx eval/vector-scan-recall.ts [--dir path] [--rows 100000] [--noise 0.3,0.6] [--sweep]
 *
 * Rows: SciFact's 5,183 abstracts embedded by USE-lite (first-window mode, the vectors the fusion
 * eval caches in eval/.cache/: the first run embeds them, minutes on two workers), then perturbed
 * copies until the index holds `--rows`: copy c of abstract i is v_i plus Gaussian noise of norm
 * about `noise` (relative to the unit vector), L2-normalized again — a cloud of near neighbours
 * around each abstract (cosine to it ~0.96 at noise 0.3, ~0.86 at 0.6), so a claim's top 100 is
 * crowded with close scores, and the isotropic noise leaves the principal axes less of the energy
 * than real chunks would: both make the first pass's job harder, not easier. Files of 100 rows, a
 * tenth of them under a label the searching key is not granted (the hidden ranking is checked too).
 * Queries: the 300 judged claims' vectors, k 100 (and k 10).
 *
 * `--sweep` also tries other first-pass dimensions and pool sizes (the constants' choice).
 * The projection is learned in the scan's own slices, run here to completion before measuring.
 */
import { Effect } from "effect"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { POOL_MIN, REDUCED_DIMS, VectorScan, type VectorScanOptions } from "../packages/core/src/workspaces/search/vector-scan.js"
import { loadScifact, scifactVectors } from "./scifact-vectors.js"

interface File {
  readonly path: string
  readonly access_label: string | null
  readonly category: string | null
}

const argv = process.argv.slice(2)
const flag = (n: string) => (argv.includes(n) ? argv[argv.indexOf(n) + 1] : undefined)
const here = path.dirname(fileURLToPath(import.meta.url))
const dir = path.resolve(flag("--dir") ?? path.join(here, "..", "..", "shared", "ir", "scifact"))
const ROWS = Number(flag("--rows") ?? process.env.BENCH_ROWS ?? 100_000)
const NOISES = (flag("--noise") ?? "0.3,0.6").split(",").map(Number)
const FILE_ROWS = 100

const lcg = (seed: number) => {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return (s + 0.5) / 2 ** 32
  }
}

const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

const percentile = (xs: ReadonlyArray<number>, p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))]!
}

const set = loadScifact(dir)
const vectors = await Effect.runPromise(scifactVectors(set, { mode: "first", workers: 2 }))
const docs = vectors.docs
const queries = vectors.queries
const dims = docs[0]!.length

/** the rows, file by file: the abstracts, then their perturbed copies */
const fill = (scans: ReadonlyArray<VectorScan<File>>, noise: number) => {
  const random = lcg(7)
  const gaussian = () => Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random())
  const sigma = noise / Math.sqrt(dims)
  for (let f = 0; f * FILE_ROWS < ROWS; f++) {
    const file: File = { path: `scifact/${f}.md`, access_label: f % 10 === 9 ? "restricted" : null, category: null }
    const chunks = Array.from({ length: Math.min(FILE_ROWS, ROWS - f * FILE_ROWS) }, (_, i) => {
      const row = f * FILE_ROWS + i
      const base = docs[row % docs.length]!
      if (row < docs.length) return { chunk_index: i, vector: base }
      const v = new Float32Array(dims)
      let norm = 0
      for (let j = 0; j < dims; j++) {
        v[j] = base[j]! + sigma * gaussian()
        norm += v[j]! ** 2
      }
      norm = Math.sqrt(norm)
      for (let j = 0; j < dims; j++) v[j]! /= norm
      return { chunk_index: i, vector: v }
    })
    for (const scan of scans) scan.replace(`f${f}`, file, chunks)
  }
}

const where = (n: { readonly file: File; readonly chunk_index: number }) => `${n.file.path}#${n.chunk_index}`

const measure = (options: VectorScanOptions, noise: number, exact: VectorScan<File>) => {
  const tasks: Array<() => void> = []
  const scan = new VectorScan<File>({ ...options, schedule: (task) => tasks.push(task) })
  fill([scan], noise)
  const fitStart = cpuMs()
  let slices = 0
  while (tasks.length > 0) {
    tasks.shift()!()
    slices++
  }
  const fitCpu = cpuMs() - fitStart
  const out: Record<string, number | string> = { noise, dims: options.reducedDims ?? REDUCED_DIMS, poolMin: options.poolMin ?? POOL_MIN, fit_cpu_ms: Math.round(fitCpu), slices }
  for (const k of [100, 10]) {
    let found = 0
    let wanted = 0
    let hiddenFound = 0
    let hiddenWanted = 0
    let worst = 1
    const approxCpu: Array<number> = []
    const exactCpu: Array<number> = []
    for (const q of queries) {
      const scope = { visible: [] as Array<string> }
      let t = cpuMs()
      const got = scan.nearest(q, k, scope)
      approxCpu.push(cpuMs() - t)
      t = cpuMs()
      const want = exact.nearest(q, k, scope)
      exactCpu.push(cpuMs() - t)
      if (!got.approximate || want.approximate) throw new Error("expected the approximate pass against the exact one")
      const top = new Set(want.top.map(where))
      const hits = got.top.filter((n) => top.has(where(n))).length
      found += hits
      wanted += top.size
      worst = Math.min(worst, hits / Math.max(1, top.size))
      const hidden = new Set(want.hidden.map(where))
      hiddenFound += got.hidden.filter((n) => hidden.has(where(n))).length
      hiddenWanted += hidden.size
    }
    out[`recall@${k}`] = (found / wanted).toFixed(4)
    out[`worst@${k}`] = worst.toFixed(2)
    out[`hidden@${k}`] = hiddenWanted === 0 ? "-" : (hiddenFound / hiddenWanted).toFixed(4)
    if (k === 100) {
      out.approx_cpu_p50_p95 = `${percentile(approxCpu, 0.5).toFixed(1)} / ${percentile(approxCpu, 0.95).toFixed(1)}`
      out.exact_cpu_p50_p95 = `${percentile(exactCpu, 0.5).toFixed(1)} / ${percentile(exactCpu, 0.95).toFixed(1)}`
    }
  }
  return out
}

const configs: Array<VectorScanOptions> = argv.includes("--sweep")
  ? [{}, { poolMin: 2000, poolPerK: 20 }, { poolMin: 1000, poolPerK: 10 }, { reducedDims: 48 }, { reducedDims: 32 }, { reducedDims: 32, poolMin: 6000, poolPerK: 60 }]
  : [{}]
console.log(`${docs.length} abstracts, ${queries.length} claims, ${dims}-d, ${ROWS} rows`)
for (const noise of NOISES) {
  const exact = new VectorScan<File>({ approximateFrom: Infinity })
  fill([exact], noise)
  for (const options of configs) console.log(JSON.stringify(measure(options, noise, exact)))
}
