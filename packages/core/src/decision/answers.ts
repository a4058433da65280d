/**
 * The decision service's answers as sent (spec 1): the evaluation, the model catalog and the error
 * envelope `{error: {type, message, issues?}, request_id}`. The routes (`http/`) send these; their
 * types are what clients (the console) read.
 */
import type { EvaluateResult } from "./evaluate.js"
import type { Issue } from "./issue.js"
import { CATALOG } from "./models.js"

export type ErrorType =
  | "authentication_error"
  | "insufficient_credit"
  | "payment_required"
  | "invalid_request_error"
  | "rate_limit_error"
  | "not_found"
  | "internal_error"
  | "overloaded"

/** A JSON body of the decision service as sent: `request_id` added to it. */
export type WithRequestId<B> = B & { readonly request_id: string }

export const evaluateBody = (result: EvaluateResult) => ({ answers: result.answers, model: result.model, usage: result.usage })
export const modelsBody = { models: CATALOG }

/** The answer of `POST /v1/systemone`. */
export type EvaluateAnswer = WithRequestId<ReturnType<typeof evaluateBody>>
/** The answer of `GET /v1/models`. */
export type ModelsAnswer = WithRequestId<typeof modelsBody>

export interface ErrorExtra {
  readonly issues?: ReadonlyArray<Issue>
  readonly retryAfterMs?: number
  /** a finer code beside `type` (the document routes' `rate_limited`) */
  readonly code?: string
  readonly headers?: Record<string, string>
}

export const errorBody = (type: ErrorType, message: string, extra: ErrorExtra) => ({
  error: {
    type,
    ...(extra.code === undefined ? {} : { code: extra.code }),
    message,
    ...(extra.issues === undefined ? {} : { issues: extra.issues })
  }
})

/** Every error of the decision service (spec 1, "Errors"). */
export type DecisionErrorBody = WithRequestId<ReturnType<typeof errorBody>>
