/**
 * Run as a child process by encoder.test.ts: embeds through the layer on two workers, prints how
 * many vectors of what size, and returns without calling process.exit, so the process ends only if
 * closing the layer's scope stopped every worker thread.
 */
import { Intelligence } from "@docket/core"
import { Effect } from "effect"
import { layerWith } from "../../src/index.js"

const vectors = await Effect.runPromise(
  Effect.flatMap(Intelligence.Embedder, (e) => e.embed(["one", "two", "three", "four"])).pipe(Effect.provide(layerWith({ workers: 2, batchSize: 1 })))
)
console.log(`${vectors.length} ${vectors[0]!.length}`)
