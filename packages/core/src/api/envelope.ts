/**
 * The two envelopes of the document service (spec 2, "Errors"), each one renderer over
 * `ApiError`'s fields:
 * - flat form: `{error: {code, message, request_id, errors?}}` (`errors` on 422);
 * - v1 form: `{error: {code, message, detail, retryable, request_id}, request_id}`.
 * Every response, error or not, carries `X-Request-Id`.
 */
import { type DocketResponse, jsonResponse } from "../platform/response.js"
import type { ApiError } from "./errors.js"

export type ApiForm = "flat" | "v1"

export const docsJson = (status: number, body: unknown, requestId: string, headers: Record<string, string> = {}): DocketResponse =>
  jsonResponse(status, body, Object.assign({ "x-request-id": requestId }, headers))

export const renderFlatError = (e: ApiError, requestId: string): DocketResponse => {
  const f = e.flat
  const error: Record<string, unknown> = { code: f.code, message: f.message ?? e.text, request_id: requestId, ...f.extra }
  if (f.errors !== undefined) error.errors = f.errors
  return docsJson(f.status, { error }, requestId, e.headers)
}

const v1ErrorBody = (e: ApiError, requestId: string) => {
  const v = e.v1
  return {
    error: { code: v.code, message: v.message ?? e.text, detail: v.detail ?? null, retryable: v.retryable ?? false, request_id: requestId },
    request_id: requestId
  }
}

/** The v1 form's error body. */
export type V1ErrorBody = ReturnType<typeof v1ErrorBody>

export const renderV1Error = (e: ApiError, requestId: string): DocketResponse => docsJson(e.v1.status, v1ErrorBody(e, requestId), requestId, e.headers)

export const docsErrorResponse = (form: ApiForm, e: ApiError, requestId: string): DocketResponse =>
  form === "flat" ? renderFlatError(e, requestId) : renderV1Error(e, requestId)
