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
}

/** A request scope over an Effect `Scope`. */
export const requestScopeOf = (scope: Scope.Scope): RequestScope => ({
  addFinalizer: (finalizer) => Scope.addFinalizer(scope, finalizer)
})

/** The runner's request scope: `close` runs the finalizers, latest first, on a fiber of their own. */
export class ClosableRequestScope implements RequestScope {
  private finalizers: Array<Effect.Effect<void>> | undefined
  private closed = false

  constructor(private readonly runFork: (effect: Effect.Effect<void>) => unknown) {}

  readonly addFinalizer = (finalizer: Effect.Effect<void>): Effect.Effect<void> =>
    Effect.sync(() => {
      if (this.closed) this.runFork(finalizer)
      else (this.finalizers ??= []).push(finalizer)
    })

  /** Runs the finalizers (once; later calls do nothing). */
  close(): void {
    if (this.closed) return
    this.closed = true
    const finalizers = this.finalizers
    this.finalizers = undefined
    if (finalizers === undefined) return
    // each runs even if an earlier one died
    this.runFork(finalizers.length === 1 ? finalizers[0] : Effect.forEach(finalizers.reverse(), Effect.exit, { discard: true }))
  }
}
