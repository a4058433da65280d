/**
 * The job error of an intelligence-engine failure (a model endpoint down, timed out or answering
 * nonsense): `upstream_unavailable`, retryable (spec 2, v1 errors: "Dependency failed or timed
 * out; retryable"). Every document operation that asks the engine fails this way.
 */
import type { EngineFailed } from "../intelligence/engine-error.js"
import type { JobError } from "./job.js"

export const engineError = (e: EngineFailed): JobError => ({
  code: "upstream_unavailable",
  message: `the ${e.operation} model failed: ${e.message}; retry with the same idempotency key`,
  retryable: true
})
