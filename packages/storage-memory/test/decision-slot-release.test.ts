/**
 * An in-flight slot whose store needs a round trip to release it (PostgreSQL's; here memory's
 * behind a release that waits 1 s on the service clock) is free by the time the answer arrives:
 * a client that sends its next request on the answer is never refused for its own finished one.
 */
import { Decision, makeDocket, ManualClock } from "@docket/core"
import { client, inProcessTarget, smallBody, untilSleeping } from "@docket/core/testing"
import * as MemoryStorage from "@docket/storage-memory"
import { Effect, Layer } from "effect"
import { expect, it } from "vitest"

const RELEASE_MS = 1_000

const slowRelease = Layer.effect(
  Decision.LimiterStore,
  Effect.map(Decision.LimiterStore, (inner): Decision.LimiterStoreService => ({
    ...inner,
    release: (slotId) => Effect.zipRight(Effect.sleep(RELEASE_MS), inner.release(slotId))
  }))
).pipe(Layer.provide(MemoryStorage.layer))

it("the slot is released before the answer is sent, on success and on a model error", async () => {
  const docket = makeDocket({ storage: Layer.merge(MemoryStorage.layer, slowRelease), clock: new ManualClock(), settings: { adminToken: "t" } })
  const target = inProcessTarget(docket)
  try {
    const api = client(target)
    const { key } = await api.account({ custom_limits: { in_flight: 1 } })
    for (const modelError of [false, true, false]) {
      await target.admin.faults.set({ model_error: modelError })
      let answered = false
      const pending = api.evaluate(key, smallBody()).then((r) => {
        answered = true
        return r
      })
      // the release is under way: the answer waits for it
      await untilSleeping(target, 1, RELEASE_MS)
      expect(answered).toBe(false)
      await target.admin.clock.advance(RELEASE_MS)
      expect((await pending).status).toBe(modelError ? 500 : 200)
    }
  } finally {
    await target.close()
  }
})
