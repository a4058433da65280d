/**
 * What a request holds until its response has been sent — an in-flight slot of the decision
 * service: finalizers that run once, after the response has been written out, or as soon as the
 * request ends otherwise (a defect, a client that went away).
 *
 * Not an Effect `Scope` per request: closing one runs its finalizers through a release map and
 * collects their exits, which cost several µs on every request of a service that answers small
 * requests in a few tens of µs. Platform servers that give each request an Effect `Scope` are
 * served through `requestScopeOf`.
 */
import { Effect, Scope } from "effect"

export interface RequestScope {
  /**
   * Registers a finalizer (it must not fail: ignore or handle its errors). Registered after the
   * scope has closed, it runs at once.
   */
  readonly addFinalizer: (finalizer: Effect.Effect<void>) => Effect.Effect<void>
  /**
   * Registers a synchronous finalizer (a release in process memory), with the same rules. A
   * scope whose finalizers are all synchronous closes without running an effect.
   */
  readonly addRelease: (release: () => void) => Effect.Effect<void>
}

/** A request scope over an Effect `Scope`. */
export const requestScopeOf = (scope: Scope.Scope): RequestScope => ({
  addFinalizer: (finalizer) => Scope.addFinalizer(scope, finalizer),
  addRelease: (release) => Scope.addFinalizer(scope, Effect.sync(release))
})

/** a finalizer: an effect, or a synchronous release */
type Finalizer = Effect.Effect<void> | (() => void)

const asEffect = (finalizer: Finalizer): Effect.Effect<void> => (typeof finalizer === "function" ? Effect.sync(finalizer) : finalizer)

/**
 * The runner's request scope. `close` runs the finalizers, latest first: synchronous ones at once
 * when there are only such, otherwise all of them in order on a fiber of their own.
 */
export class ClosableRequestScope implements RequestScope {
  private finalizers: Array<Finalizer> | undefined
  private closed = false

  constructor(private readonly runFork: (effect: Effect.Effect<void>) => unknown) {}

  readonly addFinalizer = (finalizer: Effect.Effect<void>): Effect.Effect<void> => Effect.sync(() => this.add(finalizer))

  readonly addRelease = (release: () => void): Effect.Effect<void> => Effect.sync(() => this.add(release))

  private add(finalizer: Finalizer): void {
    if (!this.closed) (this.finalizers ??= []).push(finalizer)
    else if (typeof finalizer === "function") runRelease(finalizer, this.runFork)
    else this.runFork(finalizer)
  }

  /** Runs the finalizers (once; later calls do nothing). */
  close(): void {
    if (this.closed) return
    this.closed = true
    const finalizers = this.finalizers
    this.finalizers = undefined
    if (finalizers === undefined) return
    finalizers.reverse()
    if (finalizers.every((f) => typeof f === "function")) {
      // each runs even if an earlier one threw
      for (const release of finalizers as Array<() => void>) runRelease(release, this.runFork)
      return
    }
    // each runs even if an earlier one died
    this.runFork(finalizers.length === 1 ? asEffect(finalizers[0]) : Effect.forEach(finalizers, (f) => Effect.exit(asEffect(f)), { discard: true }))
  }
}

/** Runs a synchronous release; one that throws is a defect, reported as a dying effect would be. */
const runRelease = (release: () => void, runFork: (effect: Effect.Effect<void>) => unknown): void => {
  try {
    release()
  } catch (defect) {
    runFork(Effect.logError("a request finalizer failed", defect))
  }
}
