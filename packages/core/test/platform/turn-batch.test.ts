/**
 * Answers that become ready in one event-loop turn are handed over together at its end (both
 * adapters write or resolve them then), in the order they became ready; one that becomes ready later starts a batch of its own.
 */
import { describe, expect, it } from "vitest"
import { Platform } from "@docket/core"

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

describe("turn batch", () => {
  it("holds the answers of a turn until its end, then hands them over in order", async () => {
    const later = Platform.makeTurnBatch()
    const handed: Array<number> = []
    later(() => handed.push(1))
    await Promise.resolve()
    later(() => handed.push(2))
    later(() => handed.push(3))
    // microtasks of the same turn do not flush it
    await Promise.resolve()
    expect(handed).toEqual([])
    await nextTurn()
    expect(handed).toEqual([1, 2, 3])
  })

  it("an answer ready after a flush starts a new batch", async () => {
    const later = Platform.makeTurnBatch()
    const handed: Array<string> = []
    later(() => handed.push("a"))
    await nextTurn()
    later(() => handed.push("b"))
    expect(handed).toEqual(["a"])
    await nextTurn()
    expect(handed).toEqual(["a", "b"])
  })
})
