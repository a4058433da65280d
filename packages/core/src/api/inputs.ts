/**
 * Reading request input: JSON bodies (strict: unknown fields are refused), query parameters, and
 * the shared field rules (idempotency keys, ids).
 */
import { Effect, Option } from "effect"
import { decodeUtf8, type DocketRequest } from "../platform/request.js"
import { Settings } from "../kernel/config.js"
import { parseJson } from "../kernel/json.js"
import { type FieldError, InvalidInput, MalformedRequest } from "./errors.js"

export type Json = Record<string, unknown>

/** The body as a JSON object; an empty body is `{}` when `emptyIsObject`. */
export const jsonBody = (request: DocketRequest, emptyIsObject = false) =>
  Effect.gen(function*() {
    const { maxBodyBytes } = yield* Settings
    const bytes = yield* request.body.read(maxBodyBytes).pipe(
      Effect.mapError((e) =>
        new MalformedRequest({ message: e._tag === "BodyTooLarge" ? `the body must be at most ${e.limit} bytes` : "the body could not be read" })
      )
    )
    const text = decodeUtf8(bytes)
    if (emptyIsObject && text.trim() === "") return {} as Json
    const parsed = parseJson(text)
    if (Option.isNone(parsed)) return yield* new MalformedRequest({ message: "the body must be valid JSON" })
    const value = parsed.value
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      return yield* new MalformedRequest({ message: "the body must be a JSON object" })
    }
    return value as Json
  })

/** 422 for every field of `value` not in `allowed`, named with `prefix`. */
export const unknownFields = (value: Json, allowed: ReadonlyArray<string>, prefix = ""): Array<FieldError> =>
  Object.keys(value).filter((k) => !allowed.includes(k)).map((k) => ({ field: `${prefix}${k}`, message: "unknown field" }))

export const failIfAny = (errors: ReadonlyArray<FieldError>) =>
  errors.length > 0 ? Effect.fail(new InvalidInput({ errors })) : Effect.void

export const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v)

export const MAX_IDEMPOTENCY_KEY = 128

export const idempotencyKeyError = (field: string, value: unknown): FieldError | undefined =>
  typeof value !== "string" || value.length === 0 || value.length > MAX_IDEMPOTENCY_KEY
    ? { field, message: `must be a string of 1 to ${MAX_IDEMPOTENCY_KEY} characters` }
    : undefined
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Query parameters; repeated ones keep every value. */
export const queryOf = (request: DocketRequest) => new URLSearchParams(request.query)

/** An integer query parameter in [min, max], or `fallback` when absent. */
export const intParam = (q: URLSearchParams, name: string, min: number, max: number, fallback: number): number | FieldError => {
  const raw = q.get(name)
  if (raw === null) return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    return { field: name, message: `must be an integer from ${min} to ${max}` }
  }
  return Number(raw)
}

/** A number query parameter in [min, max], or `fallback` when absent. */
export const numberParam = (q: URLSearchParams, name: string, min: number, max: number, fallback: number): number | FieldError => {
  const raw = q.get(name)
  if (raw === null) return fallback
  const n = Number(raw)
  if (raw.trim() === "" || !Number.isFinite(n) || n < min || n > max) return { field: name, message: `must be a number from ${min} to ${max}` }
  return n
}

export const isFieldError = (v: unknown): v is FieldError => typeof v === "object" && v !== null && "field" in v
