/**
 * The one failure of every storage port: the store could not be reached or did not answer in
 * time. Each service maps it to its own answer (decision 529 `overloaded`, control plane 503,
 * document service 503), so a port never needs an error class of its own for it.
 */
import { Data } from "effect"

export class StorageUnavailable extends Data.TaggedError("StorageUnavailable")<{
  /** which store failed, for logs (e.g. `"JobStore"`) */
  readonly store?: string | undefined
  readonly cause?: unknown
}> {}
