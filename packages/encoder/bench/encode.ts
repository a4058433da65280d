/**
 * Speed and memory of the encoder through its layer: passages per second on 1 and 2 workers for
 * passages of 10, 50 and 100 words (cut from SciFact abstracts), one-query latency with warm
 * workers, the first call's latency (worker start and model load), and resident memory per
 * worker. Wall-clock figures depend on what else runs on the machine, so the process's CPU time
 * (all threads) is reported too, and the load average before and after.
 *
 *   npx tsx packages/encoder/bench/encode.ts [scifactDir]
 */
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import { loadavg } from "node:os"
import path from "node:path"
import { makeEncoder } from "../src/index.js"

const dataDir = process.argv[2] ?? path.resolve("../shared/ir/scifact")
const words = readFileSync(path.join(dataDir, "corpus.jsonl"), "utf8").split("\n").slice(0, 400).filter((l) => l !== "")
  .flatMap((l) => (JSON.parse(l) as { text: string }).text.split(/\s+/))
const passages = (size: number, count: number) =>
  Array.from({ length: count }, (_, i) => words.slice((i * size) % (words.length - size), ((i * size) % (words.length - size)) + size).join(" "))

const mb = (bytes: number) => Math.round(bytes / 2 ** 20)
const load = () => loadavg().map((x) => x.toFixed(1)).join(" ")
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since)
  return (u.user + u.system) / 1e6
}

console.log(`load average at start: ${load()}`)
const baseline = process.memoryUsage().rss

const measure = (workers: number) =>
  Effect.scoped(Effect.gen(function*() {
    const { embedder } = yield* makeEncoder({ workers })
    const before = process.memoryUsage().rss
    let started = performance.now()
    // the first call starts the workers (one batch each) and loads the model in each
    yield* embedder.embed(passages(10, 16 * workers))
    const firstCall = performance.now() - started
    const perWorker = (process.memoryUsage().rss - before) / workers
    console.log(`${workers} worker(s): first call ${firstCall.toFixed(0)} ms (start + load + one batch each); resident memory +${mb(perWorker)} MB per worker`)
    for (const size of [10, 50, 100]) {
      const texts = passages(size, size === 10 ? 512 : 256)
      const cpu = process.cpuUsage()
      started = performance.now()
      yield* embedder.embed(texts)
      const seconds = (performance.now() - started) / 1000
      console.log(
        `  ${size}-word passages: ${(texts.length / seconds).toFixed(1)} passages/s ` +
          `(${(texts.length / cpuSeconds(cpu)).toFixed(1)} per CPU-second of the process)`
      )
    }
    if (workers === 1) {
      const latencies: Array<number> = []
      const queries = passages(8, 100)
      for (const q of queries) {
        started = performance.now()
        yield* embedder.embed([q])
        latencies.push(performance.now() - started)
      }
      latencies.sort((a, b) => a - b)
      console.log(`  one 8-word query: median ${latencies[50]!.toFixed(1)} ms, p95 ${latencies[95]!.toFixed(1)} ms`)
    }
    console.log(`  resident memory now: ${mb(process.memoryUsage().rss)} MB (the process before any worker: ${mb(baseline)} MB)`)
  }))

await Effect.runPromise(Effect.gen(function*() {
  yield* measure(1)
  yield* measure(2)
}))
console.log(`load average at end: ${load()}`)
