/**
 * The one failure of the intelligence engine's ports: the model work could not be done (a model
 * endpoint failed, timed out or answered something unusable). Operations turn it into a retryable
 * job error (`upstream_unavailable`).
 */
import { Data } from "effect"

export class EngineFailed extends Data.TaggedError("EngineFailed")<{
  /** which port failed: `classify`, `extract`, `ground`, `embed`, `answer`, `evaluate`, `generate_domain` */
  readonly operation: string
  readonly message: string
  readonly cause?: unknown
}> {}
