/** The harness part of the control plane: clock, faults, reset. */
import { Effect } from "effect"
import { clearKeyCache } from "../decision/key-cache.js"
import { ClockControl } from "../kernel/clock.js"
import { StorageAdmin } from "../kernel/storage-admin.js"
import { Faults, type FaultState, noFaults } from "../kernel/faults.js"
import { RequestJournal } from "../journal/request-journal.js"
import { AdminConflict, AdminUnavailable } from "./errors.js"
import { AdvanceInput, decodeInput, FaultsInput } from "./inputs.js"

/** Moves the manual clock; 409 unless the instance runs on the manual clock. */
export const advanceClock = (ms: number) =>
  Effect.gen(function*() {
    yield* decodeInput(AdvanceInput)({ ms })
    const { manual } = yield* ClockControl
    if (manual === undefined) {
      return yield* new AdminConflict({ message: "the clock is the system clock; start with DOCKET_CLOCK=manual to move it" })
    }
    const now = manual.advance(ms)
    // let fibers woken by the move run before answering
    yield* Effect.yieldNow()
    return { now }
  })

/** The service clock: its time, whether it is manual, and the pending sleeps by duration (ms). */
export const clockNow = Effect.gen(function*() {
  const { manual } = yield* ClockControl
  return {
    now: manual?.unsafeCurrentTimeMillis() ?? Date.now(),
    manual: manual !== undefined,
    pending_sleeps: manual?.pendingSleepsByDuration() ?? {}
  }
})

export const getFaults = Effect.flatMap(Faults, (f) => f.get)

export const setFaults = (input: Partial<FaultState>) =>
  Effect.gen(function*() {
    const change = yield* decodeInput(FaultsInput)(input)
    const faults = yield* Faults
    return yield* faults.update((f) => ({
      limiter_store_unreachable: change.limiter_store_unreachable ?? f.limiter_store_unreachable,
      model_delay_ms: change.model_delay_ms ?? f.model_delay_ms,
      model_error: change.model_error ?? f.model_error
    }))
  })

/** Empties all state: accounts, keys, limiter counters, pools, caches, faults and the request journal. */
export const resetAll = Effect.gen(function*() {
  yield* Effect.flatMap(StorageAdmin, (admin) => admin.reset)
  yield* clearKeyCache
  yield* Effect.flatMap(Faults, (f) => f.update(() => noFaults))
  yield* Effect.flatMap(RequestJournal, (journal) => journal.clear)
  return { reset: true }
}).pipe(Effect.catchTag("StorageUnavailable", () => new AdminUnavailable({ message: "storage unavailable" })))
