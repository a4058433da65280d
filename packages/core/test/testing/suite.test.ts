/** The frame of every storage suite: one layer for the suite, and a skip list that says why. */
import { storageSuite } from "@docket/core/testing"
import { Context, Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"

class Counter extends Context.Tag("test/Counter")<Counter, { builds: number }>() {}
let builds = 0
const layer = Layer.sync(Counter, () => ({ builds: ++builds }))
const ran: Array<string> = []

storageSuite("a suite", layer, { skip: { "skipped": "the adapter cannot do this" } }, (it) => {
  it("first", () => Effect.map(Counter, (c) => void ran.push(`first:${c.builds}`)))
  it("skipped", () => Effect.sync(() => void ran.push("skipped")))
  it("second", () => Effect.map(Counter, (c) => void ran.push(`second:${c.builds}`)))
})

describe("after the suite", () => {
  it("ran every test but the skipped one, on one build of the layer", () => {
    expect(ran).toEqual(["first:1", "second:1"])
    expect(builds).toBe(1)
  })
})
