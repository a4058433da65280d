/** The harness part of the control plane: clock, faults, reset. */
import { Effect, Ref } from "effect"
import { DecisionStore } from "../decision/decision-store.js"
import { JobStore } from "../jobs/job-store.js"
import { JobEventLog } from "../jobs/job-event-log.js"
import { UploadSessionStore } from "../documents/uploads/upload-session.js"
import { ObjectStore } from "../documents/sources/object-store.js"
import { TenantStore } from "../tenancy/tenants/tenant-store.js"
import { BlobStore } from "../documents/uploads/blob-store.js"
import { UploadStore } from "../documents/uploads/upload.js"
import { ExtractionSchemaStore } from "../documents/schema/extraction-schema-store.js"
import { UsageStore } from "../tenancy/billing/usage-store.js"
import { RequestRateStore } from "../tenancy/limits/request-rate-store.js"
import { SyncWaitStore } from "../tenancy/limits/sync-wait-store.js"
import { clearKeyCache } from "../decision/key-cache.js"
import { LimiterStore } from "../decision/limiter/limiter-store.js"
import { ClockControl } from "../kernel/clock.js"
import { Faults, type FaultState, noFaults } from "../kernel/faults.js"
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

export const getFaults = Effect.flatMap(Faults, Ref.get)

export const setFaults = (input: Partial<FaultState>) =>
  Effect.gen(function*() {
    const change = yield* decodeInput(FaultsInput)(input)
    const faults = yield* Faults
    return yield* Ref.updateAndGet(faults, (f) => ({
      limiter_store_unreachable: change.limiter_store_unreachable ?? f.limiter_store_unreachable,
      model_delay_ms: change.model_delay_ms ?? f.model_delay_ms,
      model_error: change.model_error ?? f.model_error
    }))
  })

/** Empties all state: accounts, keys, limiter counters, pools, caches and faults. */
export const resetAll = Effect.gen(function*() {
  const store = yield* DecisionStore
  const limiter = yield* LimiterStore
  yield* store.reset
  yield* limiter.reset
  yield* Effect.flatMap(TenantStore, (s) => s.reset)
  yield* Effect.flatMap(JobStore, (s) => s.reset)
  yield* Effect.flatMap(UploadStore, (s) => s.reset)
  yield* Effect.flatMap(BlobStore, (s) => s.reset)
  yield* Effect.flatMap(ExtractionSchemaStore, (s) => s.reset)
  yield* Effect.flatMap(UsageStore, (s) => s.reset)
  yield* Effect.flatMap(RequestRateStore, (s) => s.reset)
  yield* Effect.flatMap(JobEventLog, (s) => s.reset)
  yield* Effect.flatMap(UploadSessionStore, (s) => s.reset)
  yield* Effect.flatMap(ObjectStore, (s) => s.reset)
  yield* Effect.flatMap(SyncWaitStore, (s) => s.reset)
  yield* clearKeyCache
  yield* Effect.flatMap(Faults, (f) => Ref.set(f, noFaults))
  return { reset: true }
}).pipe(Effect.catchTags({
  StoreUnavailable: () => new AdminUnavailable({ message: "storage unavailable" }),
  LimiterUnavailable: () => new AdminUnavailable({ message: "limiter store unavailable" }),
  DocsStoreUnavailable: () => new AdminUnavailable({ message: "document storage unavailable" }),
  JobStoreUnavailable: () => new AdminUnavailable({ message: "job storage unavailable" }),
  UploadStoreUnavailable: () => new AdminUnavailable({ message: "upload storage unavailable" }),
  BlobStoreUnavailable: () => new AdminUnavailable({ message: "blob storage unavailable" }),
  UsageStoreUnavailable: () => new AdminUnavailable({ message: "usage storage unavailable" }),
  RequestRateUnavailable: () => new AdminUnavailable({ message: "limiter storage unavailable" }),
  JobEventLogUnavailable: () => new AdminUnavailable({ message: "job event storage unavailable" }),
  UploadSessionStoreUnavailable: () => new AdminUnavailable({ message: "upload session storage unavailable" }),
  SyncWaitStoreUnavailable: () => new AdminUnavailable({ message: "sync-wait storage unavailable" }),
  ObjectStoreUnavailable: () => new AdminUnavailable({ message: "object store unavailable" })
}))
