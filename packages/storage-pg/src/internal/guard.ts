/**
 * Every store operation goes through `guard`: bounded in time, and any failure of the database
 * (unreachable, connection lost, timed out, pool exhausted) becomes the port's own "unavailable"
 * error, which core maps to 529 `overloaded` — never a defect, a 500, or a hang.
 *
 * The bound is real (wall-clock) time, not the service clock: it guards against a database that
 * does not answer, which is a matter of real time. On the service clock, a manual clock moved
 * forward (`DOCKET_CLOCK=manual`, tests, the control plane's clock) would fail every query in
 * flight at that moment as "unavailable" although the database is healthy. The operation itself
 * still runs on the service clock (whatever it reads or sleeps on stays service time).
 */
import type { SqlError } from "@effect/sql"
import { Clock, Context, Duration, Effect } from "effect"

export interface GuardOptions {
  /** longest time one store operation may take, waiting for a pool connection included */
  readonly operationTimeout: Duration.Duration
}

export interface PgTuningValue extends GuardOptions {
  /** how often an idle job-queue claim looks again (real time) */
  readonly jobQueuePollInterval: Duration.Duration
}

export const DEFAULT_OPERATION_TIMEOUT = Duration.seconds(3)
export const DEFAULT_POLL_INTERVAL = Duration.millis(250)

/**
 * The bounds every store's `make` reads beside the `SqlClient`: the storage layer provides them
 * from its options; a store built alone gets the defaults.
 */
export class PgTuning extends Context.Reference<PgTuning>()("@docket/storage-pg/PgTuning", {
  defaultValue: (): PgTuningValue => ({ operationTimeout: DEFAULT_OPERATION_TIMEOUT, jobQueuePollInterval: DEFAULT_POLL_INTERVAL })
}) {}

export class OperationTimedOut extends Error {
  constructor(readonly ms: number) {
    super(`the database did not answer within ${ms} ms`)
    this.name = "OperationTimedOut"
  }
}

/** the process's wall clock, whatever clock the runtime serves */
const wallClock = Clock.make()

export const guard = <E2>(options: GuardOptions, unavailable: (cause: unknown) => E2) =>
<A, R>(effect: Effect.Effect<A, SqlError.SqlError, R>): Effect.Effect<A, E2, R> =>
  Effect.clockWith((serviceClock) =>
    effect.pipe(
      // the operation keeps the service clock; only the timer below runs on the wall clock
      Effect.withClock(serviceClock),
      // On timeout, do not wait for the interrupted query to be cancelled (its cancel request may
      // itself wait for an unreachable server): it finishes in the background. So an operation
      // reported unavailable may still complete later in the database — e.g. an acquire whose
      // answer was lost holds its slot until the 90 s reclaim, as a leaked slot does.
      Effect.disconnect,
      Effect.timeoutFail({
        duration: options.operationTimeout,
        onTimeout: () => new OperationTimedOut(Duration.toMillis(options.operationTimeout))
      }),
      Effect.withClock(wallClock)
    )
  ).pipe(Effect.mapError(unavailable))
