/**
 * The service clock. Every timeout, window, cache TTL and expiry in Docket reads the Effect
 * `Clock`; this module provides a manual clock that only moves when told to, for tests and for
 * `DOCKET_CLOCK=manual`.
 */
import { Clock, Context, Duration, Effect, Layer } from "effect"

interface Sleeper {
  readonly wakeAt: number
  readonly durationMs: number
  readonly seq: number
  readonly resume: () => void
}

/** A clock that stands still until `advance` is called. Sleeps wake when the time reaches them. */
export class ManualClock implements Clock.Clock {
  readonly [Clock.ClockTypeId]: Clock.ClockTypeId = Clock.ClockTypeId
  private now: number
  private seq = 0
  private sleepers: Array<Sleeper> = []

  constructor(startMillis: number = Date.UTC(2026, 0, 1)) {
    this.now = startMillis
  }

  unsafeCurrentTimeMillis(): number {
    return this.now
  }
  readonly currentTimeMillis: Effect.Effect<number> = Effect.sync(() => this.now)
  unsafeCurrentTimeNanos(): bigint {
    return BigInt(this.now) * 1_000_000n
  }
  readonly currentTimeNanos: Effect.Effect<bigint> = Effect.sync(() => this.unsafeCurrentTimeNanos())

  sleep(duration: Duration.Duration): Effect.Effect<void> {
    const ms = Duration.toMillis(duration)
    return Effect.async<void>((resume) => {
      if (ms <= 0) {
        resume(Effect.void)
        return
      }
      const sleeper: Sleeper = { wakeAt: this.now + ms, durationMs: ms, seq: this.seq++, resume: () => resume(Effect.void) }
      this.sleepers.push(sleeper)
      return Effect.sync(() => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper)
      })
    })
  }

  /** Moves the time forward by `ms` and wakes every sleep that is due, oldest deadline first. */
  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("ms must be a finite number >= 0")
    this.now += ms
    const due = this.sleepers.filter((s) => s.wakeAt <= this.now)
    if (due.length > 0) {
      this.sleepers = this.sleepers.filter((s) => s.wakeAt > this.now)
      due.sort((a, b) => a.wakeAt - b.wakeAt || a.seq - b.seq)
      for (const s of due) s.resume()
    }
    return this.now
  }

  /** Number of fibers sleeping on this clock (lets tests wait until work is parked). */
  get pendingSleeps(): number {
    return this.sleepers.length
  }

  /** Pending sleeps counted by their duration in ms (lets a remote harness see parked work). */
  pendingSleepsByDuration(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const s of this.sleepers) out[String(s.durationMs)] = (out[String(s.durationMs)] ?? 0) + 1
    return out
  }

  /** Number of pending sleeps that were started for exactly `durationMs`. */
  pendingSleepsOf(durationMs: number): number {
    let n = 0
    for (const s of this.sleepers) if (s.durationMs === durationMs) n++
    return n
  }
}

/**
 * Control over the service clock: present in every Docket runtime; `manual` is set only when the
 * clock is a `ManualClock`.
 */
export class ClockControl extends Context.Tag("@docket/core/ClockControl")<
  ClockControl,
  { readonly manual: ManualClock | undefined }
>() {}

/** The system clock (Effect's default). */
export const systemClockLayer: Layer.Layer<ClockControl> = Layer.succeed(ClockControl, { manual: undefined })

/** Installs `clock` as the Effect clock of the runtime and exposes it for `advance`. */
export const manualClockLayer = (clock: ManualClock): Layer.Layer<ClockControl> =>
  Layer.merge(Layer.setClock(clock), Layer.succeed(ClockControl, { manual: clock }))
