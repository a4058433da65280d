/**
 * Job signals on PostgreSQL: LISTEN/NOTIFY on the channel `docket_job_signals`, so that a job
 * changed by one instance wakes its waiters (sync calls, event streams) on every instance on the
 * database. A signal is only a wake-up hint: a woken waiter reads the store again.
 *
 * - `publish(jobId)` wakes this instance's waiters of the job at once (in process, as the memory
 *   adapter does), then sends `pg_notify('docket_job_signals', 'job:<instance>:<jobId>')` through
 *   the pool. (Not `PgClient.notify`: in @effect/sql-pg 0.53 it sends `NOTIFY channel, $1`, which
 *   PostgreSQL refuses — NOTIFY takes no bind parameters; `pg_notify` does.) Core publishes after the change is committed (the job's row, then its event), so a
 *   waiter woken elsewhere reads it. A NOTIFY that fails is logged; the change stands.
 * - Each instance LISTENs on one dedicated connection (`PgClient.listen`, which holds a connection
 *   of its own outside the pool) and wakes its waiters of the named job; its own signals, already
 *   delivered in process, are skipped.
 * - Hearing is checked end to end: every `checkInterval` (default 5 s) the instance NOTIFYs a ping
 *   to itself and expects it back on its listening connection within 2 s. A connection that was
 *   lost (reset, database restarted) or hangs (network partition) goes unheard: the listener is
 *   then restarted on a new connection, retried every second, and meanwhile every waiter of this
 *   instance re-reads the store every `fallbackPollInterval` (default 1 s, real time). Once heard
 *   again, every waiter re-reads once, so a signal sent while deaf is never lost for longer than
 *   that. Latency across instances: a NOTIFY round trip while heard; at most
 *   `checkInterval` + 2 s + `fallbackPollInterval` after the connection silently stopped.
 *
 * Intervals are real time (never the service clock, which a test may hold still). Waits and
 * streams still end on the service clock (core times them).
 */
import { Jobs } from "@docket/core"
import { PgClient } from "@effect/sql-pg"
import { Clock, Deferred, Duration, Effect, Exit, Fiber, FiberId, Layer, Option, type Scope, Stream } from "effect"
import { randomUUID } from "node:crypto"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

export const CHANNEL = "docket_job_signals"
export const DEFAULT_CHECK_INTERVAL = Duration.seconds(5)
export const DEFAULT_FALLBACK_POLL_INTERVAL = Duration.seconds(1)
/** how long a ping may take to come back before the listening connection counts as lost */
const PONG_TIMEOUT_MS = 2_000
/** a ping is sent again this often until it comes back (the first may precede the LISTEN) */
const PING_RESEND_MS = 100
/** pause before listening again on a new connection */
const RETRY_MS = 1_000

export interface JobSignalsOptions extends GuardOptions {
  readonly checkInterval?: Duration.DurationInput | undefined
  readonly fallbackPollInterval?: Duration.DurationInput | undefined
}

export interface PgJobSignals extends Jobs.JobSignalsService {
  /** whether this instance hears the channel now (otherwise its waiters poll the store) */
  readonly hearing: () => boolean
}

/**
 * The signals of one instance, for the life of the scope: the listener and the fallback poll run
 * in fibers of the scope. The effect completes once the listener is heard (or after 2 s without,
 * then on the fallback poll until it is).
 */
export const makeWith = (pg: PgClient.PgClient, options: JobSignalsOptions): Effect.Effect<PgJobSignals, never, Scope.Scope> =>
  Effect.gen(function*() {
    const instance = randomUUID()
    const local = Jobs.makeLocalJobWatchers()
    const checkMs = Duration.toMillis(Duration.decode(options.checkInterval ?? DEFAULT_CHECK_INTERVAL))
    const pollMs = Duration.toMillis(Duration.decode(options.fallbackPollInterval ?? DEFAULT_FALLBACK_POLL_INTERVAL))
    const realClock = Clock.make()
    const sleep = (ms: number) => Effect.sleep(Duration.millis(ms))
    const notify = (payload: string) => pg`SELECT pg_notify(${CHANNEL}, ${payload})`.pipe(Effect.asVoid)
    const guarded = guard(options, (cause) => cause)

    let hearing = false
    const firstHeard = Deferred.unsafeMake<void>(FiberId.none)
    let pong: Deferred.Deferred<void> | undefined

    // `job:<instance>:<jobId>` (another instance's: ours were delivered in process) or `ping:<instance>`
    const ownJob = `job:${instance}:`
    const ownPing = `ping:${instance}`
    const onPayload = (payload: string) =>
      Effect.suspend(() => {
        if (payload.startsWith("job:") && !payload.startsWith(ownJob)) {
          const at = payload.indexOf(":", 4)
          return at < 0 ? Effect.void : local.wake(payload.slice(at + 1))
        }
        if (payload === ownPing && pong !== undefined) Deferred.unsafeDone(pong, Exit.void)
        return Effect.void
      })

    // ends when the stream fails (no connection, LISTEN refused); a lost connection ends nothing
    // by itself (it goes silent), which the pings detect
    const listening = pg.listen(CHANNEL).pipe(Stream.runForEach(onPayload))

    // at most one ping in flight: in a partition it hangs until the connection ends or heals
    let pinging = false
    const sendPing = Effect.suspend(() => {
      if (pinging) return Effect.void
      pinging = true
      return Effect.forkDaemon(
        notify(`ping:${instance}`).pipe(Effect.ignore, Effect.ensuring(Effect.sync(() => (pinging = false))))
      )
    })

    /** whether a ping comes back on the listening connection in time */
    const heard = (session: Fiber.RuntimeFiber<void, unknown>) =>
      Effect.gen(function*() {
        const back = Deferred.unsafeMake<void>(FiberId.none)
        pong = back
        const outcome = yield* Effect.race(
          Effect.raceFirst(Effect.as(Deferred.await(back), true), Effect.as(Fiber.await(session), false)),
          Effect.zipRight(Effect.forever(Effect.zipRight(sendPing, sleep(PING_RESEND_MS))), Effect.never)
        ).pipe(Effect.timeoutOption(Duration.millis(PONG_TIMEOUT_MS)))
        pong = undefined
        return Option.getOrElse(outcome, () => false)
      })

    let session: Fiber.RuntimeFiber<void, unknown> | undefined
    let outage = false
    const supervise = Effect.forever(
      Effect.gen(function*() {
        // a daemon: ending it waits for its UNLISTEN, which a partition may hold up
        const current = yield* Effect.forkDaemon(listening)
        session = current
        while (yield* heard(current)) {
          if (!hearing) {
            hearing = true
            Deferred.unsafeDone(firstHeard, Exit.void)
            // anything signalled while deaf: every waiter reads again
            yield* local.wakeAll
            if (outage) yield* Effect.logInfo("job signals: hearing PostgreSQL again")
            outage = false
          }
          // until the next check, unless the listener ends first
          if (Option.isSome(yield* Fiber.await(current).pipe(Effect.timeoutOption(Duration.millis(checkMs))))) break
        }
        hearing = false
        if (!outage) {
          yield* Effect.logWarning(
            `job signals: not hearing PostgreSQL; waiters re-read the store every ${pollMs} ms until it is back`
          )
        }
        outage = true
        yield* Fiber.interrupt(current)
        session = undefined
        yield* sleep(RETRY_MS)
      })
    )

    const fallbackPoll = Effect.forever(Effect.zipRight(sleep(pollMs), Effect.suspend(() => (hearing ? Effect.void : local.wakeAll))))

    const supervisor = yield* Effect.forkScoped(Effect.withClock(supervise, realClock))
    yield* Effect.forkScoped(Effect.withClock(fallbackPoll, realClock))
    // the supervisor first (so that the session's end is no outage), then the session: its UNLISTEN
    // gets 1 s (the client's own shutdown then ends its connection)
    yield* Effect.addFinalizer(() =>
      Fiber.interrupt(supervisor).pipe(
        Effect.zipRight(Effect.suspend(() => (session === undefined ? Effect.void : Fiber.interrupt(session)))),
        Effect.timeoutOption(Duration.seconds(1)),
        Effect.withClock(realClock)
      )
    )
    yield* Deferred.await(firstHeard).pipe(Effect.timeoutOption(Duration.millis(PONG_TIMEOUT_MS)), Effect.withClock(realClock))

    return {
      publish: (jobId) =>
        local.wake(jobId).pipe(
          Effect.zipRight(guarded(notify(`job:${instance}:${jobId}`))),
          Effect.catchAll((e) => Effect.logWarning(`job ${jobId}: other instances not signalled (their waits end on time)`, e))
        ),
      watch: local.watch,
      hearing: () => hearing
    }
  })

/** The signals on the `PgClient` in context, bounded by `PgTuning`, for the life of the scope. */
export const make: Effect.Effect<PgJobSignals, never, PgClient.PgClient | Scope.Scope> = Effect.flatMap(
  Effect.zip(PgClient.PgClient, PgTuning),
  ([pg, tuning]) => makeWith(pg, tuning)
)

export const layer: Layer.Layer<Jobs.JobSignals, never, PgClient.PgClient> = Layer.scoped(Jobs.JobSignals, make)
