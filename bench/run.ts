/**
 * `npm run bench`: every benchmark in sequence, each printing its markdown section on stdout.
 * Nothing is written to disk (the figures are recorded in BENCHMARKS.md by hand).
 *
 *   npm run bench
 *
 * It builds the packages first and measures the built code (bench/tsconfig.built.json): what an
 * embedder installs, and what `node` runs without tsx's cost per closure.
 *
 * Each section also runs alone: `npx tsx bench/<tokenizer|validation|http|bun|pg|docs|formats|workspaces|search|graph-store>.ts`. The pg,
 * docs, workspaces, search and graph-store sections need PostgreSQL (DOCKET_BENCH_DATABASE_URL, default 127.0.0.1:5432). See bench/http.ts
 * for its environment knobs (duration, connections, rounds, CPU profiles).
 */
import { cpus } from "node:os"
import { runBunBench } from "./bun.js"
import { runDocsBench } from "./docs.js"
import { runFormatsBench } from "./formats.js"
import { runGraphStoreBench } from "./graph-store.js"
import { runHttpBench } from "./http.js"
import { runPgBench } from "./pg.js"
import { runSearchBench } from "./search.js"
import { runTokenizerBench } from "./tokenizer.js"
import { assertBuilt } from "./support/built.js"
import { runValidationBench } from "./validation.js"
import { runWorkspacesBench } from "./workspaces.js"

const sections: ReadonlyArray<readonly [string, () => Promise<string>]> = [
  ["tokenizer", runTokenizerBench],
  ["validation", runValidationBench],
  ["http", runHttpBench],
  ["bun", runBunBench],
  ["pg", runPgBench],
  ["docs", runDocsBench],
  ["formats", runFormatsBench],
  ["workspaces", runWorkspacesBench],
  ["search", runSearchBench],
  ["graph-store", runGraphStoreBench]
]

const main = async (): Promise<void> => {
  assertBuilt()
  const cpu = cpus()
  console.log(
    `# Docket benchmarks\n\nNode ${process.version}, ${process.platform}/${process.arch}, ` +
      `${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}.\n`
  )
  for (const [name, run] of sections) {
    const t0 = performance.now()
    const markdown = await run()
    console.log(markdown)
    console.log(`\n_(${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s)_\n`)
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exitCode = 1
})
