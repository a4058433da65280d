/**
 * The search index on PostgreSQL against the memory adapter, in the same run: one workspace filled
 * with synthetic chunks (BENCH_SEARCH_SIZES, default 10000,100000), then the latency of `keyword`
 * (a 3-term query) and `nearest` (k 100) over BENCH_SEARCH_QUERIES queries (default 200, after 20
 * warm-up ones), p50 and p95, and what the PostgreSQL adapter's vector cache holds per 100k chunks;
 * then the whole search, core's `hybridSearch` (keyword + nearest + fusion, k 10) with a stub
 * embedder answering each query's vector, against the same search with the dense side left out
 * (the embedder names another model: BM25F only), as a ratio; and the recall@100 of `nearest`
 * against a brute-force exact ranking over BENCH_SEARCH_RECALL_QUERIES queries (default 20).
 *
 *   npx tsx packages/storage-pg/bench/search-index.ts
 *
 * Chunks: ~120 terms each drawn from a Zipf-distributed vocabulary of 50,000 terms (s = 1), a
 * 3-term title, a 512-d L2-normalized vector shaped like an encoder's (core's `testing/clustered-vectors.ts`:
 * a common direction, topics, a power-law spectrum; BENCH_SEARCH_VECTORS=random for isotropic
 * random ones, on which the vector scan's reduced first pass knows little); files of 100 chunks; a tenth of the files
 * under an access label the searching key is not granted (so statistics and candidates filter by
 * label as in use). Queries take their 3 terms from ranks 100 to 5,000 (content words: a
 * stop-word-like top term would make every chunk a candidate, in either adapter).
 *
 * After the fill the database is ANALYZEd (as autovacuum would after a bulk load). The first
 * `nearest` on PostgreSQL loads the workspace's vectors into the cache (reported as
 * "cold"); the measured calls then only check for changes (one indexed query) and scan the cache.
 * Above 20,000 chunks the vector scan learns its projection in the background (in slices on the
 * event loop, started by the write, or the cache load, that crosses the threshold; searches are
 * exact meanwhile): before measuring, the bench waits for it and reports how long it took, the
 * longest the event loop was held meanwhile (`monitorEventLoopDelay`) and one `nearest` during
 * it. `nearest` is timed in wall and CPU time (the process's, `process.cpuUsage`).
 * The database is `docket_bench_<random>` on DOCKET_BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), dropped at the end.
 */
import { Intelligence, Workspaces } from "@docket/core"
import { SqlClient } from "@effect/sql"
import * as MemoryStorage from "@docket/storage-memory"
import * as PgStorage from "@docket/storage-pg"
import { Duration, Effect, Layer, ManagedRuntime } from "effect"
import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { createDatabase } from "../../../bench/support/database.js"
import { fmtInt, fmtMs } from "../../../bench/support/format.js"
import { percentile } from "../../../bench/support/load.js"
// the generator only (the testing index imports vitest)
import { clusteredVectors } from "../../core/src/testing/clustered-vectors.js"

const SIZES = (process.env.BENCH_SEARCH_SIZES ?? "10000,100000").split(",").map(Number)
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 200)
const WARMUP = 20
const VOCABULARY = 50_000
const TERMS_PER_CHUNK = 120
const DIMS = 512
const FILE_CHUNKS = 100
const RECALL_QUERIES = Number(process.env.BENCH_SEARCH_RECALL_QUERIES ?? 20)
const RANDOM_VECTORS = process.env.BENCH_SEARCH_VECTORS === "random"

/** a deterministic generator, so both adapters index the same chunks */
const rng = (seed: number) => {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** Zipf(1) over the vocabulary by inverse CDF on the harmonic numbers */
const zipf = (random: () => number) => {
  const cdf = new Float64Array(VOCABULARY)
  let sum = 0
  for (let r = 0; r < VOCABULARY; r++) cdf[r] = sum += 1 / (r + 1)
  return () => {
    const x = random() * sum
    let lo = 0
    let hi = VOCABULARY - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cdf[mid]! < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

const term = (rank: number) => `t${rank.toString(36)}`

const gaussian = (random: () => number) => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random())

const unitVector = (random: () => number) => {
  const v = new Float32Array(DIMS)
  let n = 0
  for (let i = 0; i < DIMS; i++) n += (v[i] = gaussian(random)) ** 2
  n = Math.sqrt(n)
  for (let i = 0; i < DIMS; i++) v[i]! /= n
  return v
}

const vectorsFrom = (seed: number, random: () => number) => {
  if (RANDOM_VECTORS) return () => unitVector(random)
  return clusteredVectors(seed)
}

const files = function*(count: number): Generator<{ readonly file_id: string; readonly chunks: Array<Workspaces.Search.IndexedChunk> }> {
  const random = rng(7)
  const draw = zipf(random)
  const nextVector = vectorsFrom(7, random)
  for (let f = 0; f * FILE_CHUNKS < count; f++) {
    const file_id = `file-${f}`
    const path = `docs/${f % 50}/file-${f}.md`
    const label = f % 10 === 9 ? "restricted" : null
    const chunks = Array.from({ length: Math.min(FILE_CHUNKS, count - f * FILE_CHUNKS) }, (_, i): Workspaces.Search.IndexedChunk => {
      const words = Array.from({ length: TERMS_PER_CHUNK }, () => term(draw()))
      const title = Array.from({ length: 3 }, () => term(draw()))
      const counts = (ws: ReadonlyArray<string>) => {
        const out: Record<string, number> = {}
        for (const w of ws) out[w] = (out[w] ?? 0) + 1
        return out
      }
      const text = words.join(" ")
      return {
        file_id,
        chunk_index: i,
        path,
        access_label: label,
        category: f % 3 === 0 ? "legal/contracts" : "finance/budget",
        component: title.join(" "),
        locator: { kind: "section", page: null, char_start: i * 1000, char_end: i * 1000 + text.length },
        title: title.join(" "),
        text,
        terms: { title: counts(title), text: counts(words) },
        length: { title: title.length, text: words.length },
        vector: nextVector()
      }
    })
    yield { file_id, chunks }
  }
}

/** a content word whose analysis is itself (the whole search analyzes the query text) */
const queryTerm = (random: () => number): string => {
  for (;;) {
    const t = term(100 + Math.floor(random() * 4900))
    const analyzed = Workspaces.Search.analyze(t)
    if (analyzed.length === 1 && analyzed[0] === t) return t
  }
}

const queries = () => {
  const random = rng(99)
  const nextVector = vectorsFrom(99, random)
  return Array.from({ length: QUERIES + WARMUP }, () => {
    const terms = [...new Set(Array.from({ length: 3 }, () => queryTerm(random)))]
    return { terms, text: terms.join(" "), vector: nextVector() }
  })
}

/** the exact k nearest visible chunks by brute force, as `file_id#chunk_index` */
const exactNearest = (all: Float32Array, keys: ReadonlyArray<string>, visible: Uint8Array, q: Float32Array, k: number) => {
  const scored: Array<[number, number]> = []
  for (let row = 0; row < keys.length; row++) {
    if (visible[row] === 0) continue
    scored.push([Workspaces.Search.dotAt(all, row * DIMS, q, 0, DIMS), row])
  }
  scored.sort((a, b) => b[0] - a[0])
  return new Set(scored.slice(0, k).map(([, row]) => keys[row]!))
}

const timed = async (f: () => Promise<unknown>) => {
  const started = performance.now()
  await f()
  return performance.now() - started
}

/** wall and CPU time (the process's user + system: what the call cost whatever else the machine ran) of each call */
interface Times {
  readonly wall: Array<number>
  readonly cpu: Array<number>
}

const times = (): Times => ({ wall: [], cpu: [] })

const timedInto = async (into: Times, f: () => Promise<unknown>) => {
  const c0 = process.cpuUsage()
  into.wall.push(await timed(f))
  const c = process.cpuUsage(c0)
  into.cpu.push((c.user + c.system) / 1000)
}

/** wall and CPU milliseconds of one call */
const cpuTimed = async (f: () => Promise<unknown>) => {
  const cpu = process.cpuUsage()
  const wall = await timed(f)
  const used = process.cpuUsage(cpu)
  return { wall, cpu: (used.user + used.system) / 1000 }
}

/**
 * Waits for the vector scans' background projection (none below 20,000 rows): how long, the
 * longest the event loop was held meanwhile, and one `nearest` during it (exact, the scan not ready).
 */
const projectionReady = async (during: () => Promise<unknown>) => {
  if (Workspaces.Search.backgroundFits() === 0) return ""
  const started = performance.now()
  const one = await cpuTimed(during)
  // the event loop's delays from here on: the fit's slices (and the machine's load), not that search
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  while (Workspaces.Search.backgroundFits() > 0) await new Promise((resolve) => setTimeout(resolve, 10))
  delay.disable()
  return `; projection learned in the background in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
    `event loop delayed at most ${(delay.max / 1e6).toFixed(1)} ms (p99 ${(delay.percentile(99) / 1e6).toFixed(1)}) meanwhile, a nearest meanwhile ${fmtMs(one.wall)} ms (${fmtMs(one.cpu)} ms CPU)`
}

const quantiles = (xs: Array<number>) => {
  const sorted = xs.slice(WARMUP).sort((a, b) => a - b)
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) }
}

const summary = (x: Times) => {
  const wall = quantiles(x.wall)
  const cpu = quantiles(x.cpu)
  return `p50 ${fmtMs(wall.p50)} ms, p95 ${fmtMs(wall.p95)} ms [CPU ${fmtMs(cpu.p50)} / ${fmtMs(cpu.p95)}]`
}

const embedderOf = (model: string, vectors: ReadonlyMap<string, Float32Array>): Intelligence.EmbedderService => ({
  model,
  dimensions: DIMS,
  embed: (texts) => Effect.succeed(texts.map((t) => vectors.get(t)!))
})

const scope: Workspaces.Search.SearchScope = { visible: [] }

const measure = async (
  name: string,
  service: Workspaces.Search.SearchIndexService,
  count: number,
  onFilled?: () => Promise<void>,
  onLoaded?: () => Promise<void>
) => {
  const t = "bench"
  const w = randomUUID()
  const run = <A>(e: Effect.Effect<A, unknown>) => Effect.runPromise(e)
  // the vectors kept aside for the exact ranking recall is measured against
  const all = new Float32Array(count * DIMS)
  const keys: Array<string> = []
  const visibleRows = new Uint8Array(count)
  const fill = await timed(async () => {
    for (const f of files(count)) {
      for (const c of f.chunks) {
        all.set(c.vector!, keys.length * DIMS)
        visibleRows[keys.length] = c.access_label === null ? 1 : 0
        keys.push(`${c.file_id}#${c.chunk_index}`)
      }
      await run(service.replaceFile(t, w, f.file_id, f.chunks, "bench"))
    }
  })
  await onFilled?.()
  const qs = queries()
  const cold = await timed(() => run(service.nearest(t, w, qs[0]!.vector, 100, scope)))
  const background = await projectionReady(() => run(service.nearest(t, w, qs[1]!.vector, 100, scope)))
  await onLoaded?.()
  const keyword = times()
  const nearest = times()
  const hybrid = times()
  const keywordOnly = times()
  const byText = new Map(qs.map((q) => [q.text, q.vector]))
  const search = (model: string, q: (typeof qs)[number]) =>
    run(Workspaces.Search.hybridSearch(t, w, scope.visible, { query: q.text, k: 10 }).pipe(
      Effect.provideService(Workspaces.Search.SearchIndex, service),
      Effect.provideService(Intelligence.Embedder, embedderOf(model, byText))
    ))
  let candidates = 0
  let found = 0
  let wanted = 0
  for (const [i, q] of qs.entries()) {
    await timedInto(keyword, async () => void (candidates += (await run(service.keyword(t, w, q.terms, scope, 100))).seen))
    let hits: ReadonlyArray<Workspaces.Search.VectorHit> = []
    await timedInto(nearest, async () => void (hits = (await run(service.nearest(t, w, q.vector, 100, scope))).hits))
    await timedInto(hybrid, () => search("bench", q))
    await timedInto(keywordOnly, () => search("another-model", q))
    if (i >= WARMUP && i < WARMUP + RECALL_QUERIES) {
      const exact = exactNearest(all, keys, visibleRows, q.vector, 100)
      found += hits.filter((h) => exact.has(`${h.chunk.file_id}#${h.chunk.chunk_index}`)).length
      wanted += exact.size
    }
  }
  const h = quantiles(hybrid.wall)
  const b = quantiles(keywordOnly.wall)
  console.log(
    `${name.padEnd(6)} ${fmtInt(count).padStart(7)} chunks: fill ${(fill / 1000).toFixed(1)} s; keyword ${summary(keyword)} ` +
      `(best 100 of ${fmtInt(candidates / qs.length)} chunks holding a term per query); nearest k 100 ${summary(nearest)} (first call ${fmtMs(cold)} ms${background}; ` +
      `recall@100 against exact ${(found / Math.max(1, wanted)).toFixed(4)} over ${Math.min(RECALL_QUERIES, QUERIES)} queries)\n` +
      `${" ".repeat(15)} hybrid search (k 10) ${summary(hybrid)}; BM25F only ${summary(keywordOnly)}; ` +
      `hybrid / BM25F p50 ${(h.p50 / b.p50).toFixed(2)}×, p95 ${(h.p95 / b.p95).toFixed(2)}×; load ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`
  )
  await run(service.removeWorkspace(t, w))
}

const main = async () => {
  const db = await createDatabase()
  const pg = ManagedRuntime.make(
    Layer.effectDiscard(PgStorage.PgMigrations.run).pipe(Layer.provideMerge(PgStorage.clientLayer({ url: db.url, maxConnections: 4 })))
  )
  try {
    // removing a 100k-chunk workspace outlasts the default 3 s bound of one operation
    const { service, cachedBytes } = await pg.runPromise(PgStorage.PgSearchIndex.makeWithCache({ cacheBytes: 2 ** 31 }).pipe(
      Effect.provideService(PgStorage.PgTuning, { operationTimeout: Duration.seconds(60), jobQueuePollInterval: Duration.millis(250) })
    ))
    const memory = await Effect.runPromise(Effect.provide(Workspaces.Search.SearchIndex, MemoryStorage.searchIndexLayer))
    for (const n of SIZES) {
      await measure("memory", memory, n)
      global.gc?.()
      const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers
      // what autovacuum would have done after a bulk load: fresh statistics for the planner
      const analyze = () => pg.runPromise(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`ANALYZE`)).then(() => undefined)
      await measure("pg", service, n, analyze, async () => {
        global.gc?.()
        const heap = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - heapBefore
        console.log(
          `pg cache at ${fmtInt(n)} chunks: ${(cachedBytes() / 2 ** 20).toFixed(0)} MiB counted by the cache ` +
            `(${(cachedBytes() / 2 ** 20 / n * 100_000).toFixed(0)} MiB per 100k chunks); process heap + array buffers grew ${(heap / 2 ** 20).toFixed(0)} MiB` +
            (global.gc === undefined ? " (run with --expose-gc for a collected figure)" : "")
        )
      })
    }
  } finally {
    await pg.dispose()
    await db.drop()
  }
}

await main()
