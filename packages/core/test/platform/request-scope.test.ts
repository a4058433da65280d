import { describe, expect, it } from "@effect/vitest"
import { Platform } from "@docket/core"
import { Effect } from "effect"

/** Runs forked effects at once, in order, so the test sees what closing did. */
const collecting = () => {
  const forks: Array<Effect.Effect<void>> = []
  const scope = new Platform.ClosableRequestScope((effect) => {
    forks.push(effect)
    Effect.runSync(Effect.exit(effect))
  })
  return { scope, forks }
}

describe("request scope (what a request holds until its response has been sent)", () => {
  it("runs nothing before close, then every finalizer once, latest first", () => {
    const { forks, scope } = collecting()
    const ran: Array<string> = []
    Effect.runSync(scope.addFinalizer(Effect.sync(() => void ran.push("slot"))))
    Effect.runSync(scope.addFinalizer(Effect.sync(() => void ran.push("lock"))))
    expect(ran).toEqual([])
    scope.close()
    expect(ran).toEqual(["lock", "slot"])
    scope.close()
    expect(ran).toEqual(["lock", "slot"])
    expect(forks).toHaveLength(1)
  })

  it("a finalizer that dies does not keep the others from running", () => {
    const { scope } = collecting()
    const ran: Array<string> = []
    Effect.runSync(scope.addFinalizer(Effect.sync(() => void ran.push("first added"))))
    Effect.runSync(scope.addFinalizer(Effect.die("boom")))
    scope.close()
    expect(ran).toEqual(["first added"])
  })

  it("a finalizer registered after close runs at once (a slot taken as the request ended is not lost)", () => {
    const { scope } = collecting()
    scope.close()
    const ran: Array<string> = []
    Effect.runSync(scope.addFinalizer(Effect.sync(() => void ran.push("late"))))
    expect(ran).toEqual(["late"])
  })

  it("closing a scope without finalizers forks nothing", () => {
    const { forks, scope } = collecting()
    scope.close()
    expect(forks).toHaveLength(0)
  })

  it("synchronous releases run at close without an effect, latest first, each once", () => {
    const { forks, scope } = collecting()
    const ran: Array<string> = []
    Effect.runSync(scope.addRelease(() => void ran.push("slot")))
    Effect.runSync(scope.addRelease(() => void ran.push("lock")))
    expect(ran).toEqual([])
    scope.close()
    scope.close()
    expect(ran).toEqual(["lock", "slot"])
    expect(forks).toHaveLength(0)
  })

  it("a release that throws does not keep the others from running", () => {
    const { scope } = collecting()
    const ran: Array<string> = []
    Effect.runSync(scope.addRelease(() => void ran.push("first added")))
    Effect.runSync(scope.addRelease(() => {
      throw new Error("boom")
    }))
    scope.close()
    expect(ran).toEqual(["first added"])
  })

  it("releases and effects together run on one fiber, in reverse order of registration", () => {
    const { forks, scope } = collecting()
    const ran: Array<string> = []
    Effect.runSync(scope.addRelease(() => void ran.push("release 1")))
    Effect.runSync(scope.addFinalizer(Effect.sync(() => void ran.push("effect"))))
    Effect.runSync(scope.addRelease(() => void ran.push("release 2")))
    scope.close()
    expect(ran).toEqual(["release 2", "effect", "release 1"])
    expect(forks).toHaveLength(1)
  })

  it("a release registered after close runs at once", () => {
    const { forks, scope } = collecting()
    scope.close()
    const ran: Array<string> = []
    Effect.runSync(scope.addRelease(() => void ran.push("late")))
    expect(ran).toEqual(["late"])
    expect(forks).toHaveLength(0)
  })
})
