/**
 * Who a request turned out to be from, noted by the authentication of each service (the decision
 * account, the document/workspace tenant) for whoever observes the request from outside its
 * handler — the request journal. The observer opens a note for the request (`withCallerNote`);
 * authentication writes into it (`noteCaller`). The note is a mutable cell behind a `FiberRef`, so
 * a write from a fiber the handler forked still lands in the request's note.
 */
import { Effect, FiberRef } from "effect"

export interface CallerNote {
  account_id?: string
  tenant_id?: string
}

const CurrentCallerNote = FiberRef.unsafeMake<CallerNote | undefined>(undefined)

/**
 * Runs `effect` with `note` open: what authentication notes during it lands in `note`. The note is
 * set, not scoped with `Effect.locally` (no restore region on every request): each request runs on
 * a fiber of its own, and a note left behind on a fiber is replaced by the next observed request's.
 */
export const withCallerNote = <A, E, R>(effect: Effect.Effect<A, E, R>, note: CallerNote): Effect.Effect<A, E, R> =>
  Effect.zipRight(FiberRef.set(CurrentCallerNote, note), effect)

/** Notes the caller of the current request (nothing when no one observes it). */
export const noteCaller = (caller: CallerNote): Effect.Effect<void> =>
  FiberRef.getWith(CurrentCallerNote, (note) => {
    if (note !== undefined) Object.assign(note, caller)
    return Effect.void
  })
