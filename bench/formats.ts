/**
 * Parsing off the main thread: how long the event loop stalls while a large PDF parses, in
 * `@docket/formats`' worker pool (`layerWith`) against the same parse on the calling thread
 * (`layerInProcess`, the reference, which blocks the loop for the whole parse). The longest gap
 * between ticks of a 10 ms interval, median of a few runs after a warm-up; the figure that
 * matters is the ratio (the worker's gap should be a small fraction of the reference's).
 *
 *   npx tsx bench/formats.ts        (BENCH_FORMATS_PAGES, default 300; BENCH_FORMATS_RUNS, default 3)
 */
import { Documents } from "@docket/core"
import { layerInProcess, layerWith } from "@docket/formats"
import { Effect, Layer } from "effect"
import { makePdf } from "./docs.js"
import { envNumber } from "./support/env.js"
import { fmtInt } from "./support/format.js"
import { runIfMain } from "./support/main.js"
import { median } from "./support/timing.js"

/** The longest gap between ticks of a 10 ms interval while `parse` runs, in ms. */
const maxTickGap = async (parse: () => Promise<unknown>): Promise<number> => {
  let last = performance.now()
  let worst = 0
  const timer = setInterval(() => {
    const now = performance.now()
    worst = Math.max(worst, now - last)
    last = now
  }, 10)
  try {
    await parse()
  } finally {
    clearInterval(timer)
  }
  return Math.max(worst, performance.now() - last)
}

/** Median worst gap of `runs` parses of `pdf` with the parser of `layer`, after one warm-up parse. */
const measure = async (layer: Layer.Layer<Documents.DocumentParser>, pdf: Uint8Array, runs: number) => {
  return Effect.runPromise(
    Effect.scoped(
      Effect.gen(function*() {
        const context = yield* Layer.build(layer)
        const p = yield* Effect.provide(Documents.DocumentParser, context)
        const parse = () => Effect.runPromise(p.parse({ fileName: "large.pdf", bytes: pdf }))
        yield* Effect.promise(parse)
        const gaps: Array<number> = []
        for (let i = 0; i < runs; i++) gaps.push(yield* Effect.promise(() => maxTickGap(parse)))
        return median(gaps)
      })
    )
  )
}

export async function runFormatsBench(): Promise<string> {
  const pages = envNumber("BENCH_FORMATS_PAGES", 300)
  const runs = envNumber("BENCH_FORMATS_RUNS", 3)
  const pdf = await makePdf(pages)
  const inProcess = await measure(layerInProcess(), pdf, runs)
  const worker = await measure(layerWith({ workers: 1 }), pdf, runs)
  return [
    "## Parsing off the main thread: event-loop stall",
    "",
    `A generated ${pages}-page text PDF parsed by \`@docket/formats\`; the longest gap between ticks of a 10 ms interval ` +
      `during the parse, median of ${runs} runs after a warm-up. Reference: the same parse on the calling thread ` +
      "(`layerInProcess`), which blocks the event loop for the whole parse.",
    "",
    "| parser | longest event-loop gap (ms) |",
    "|---|---:|",
    `| on the calling thread (\`layerInProcess\`, reference) | ${fmtInt(inProcess)} |`,
    `| worker pool (\`layerWith({ workers: 1 })\`) | ${fmtInt(worker)} |`,
    "",
    `Worker / reference: **${(worker / inProcess).toFixed(3)}** of the stall (lower is better).`
  ].join("\n")
}

runIfMain(import.meta.url, runFormatsBench)
