/**
 * Reading request input: a JSON body (an object, read with a hard cap) and the raw query; the
 * fields themselves are decoded with schemas (`decode.ts`, `schemas.ts`).
 */
import { Effect, Option } from "effect"
import { decodeUtf8, type DocketRequest } from "../platform/request.js"
import { Settings } from "../kernel/config.js"
import { parseJson } from "../kernel/json.js"
import { MalformedRequest } from "./errors.js"

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

export const MAX_IDEMPOTENCY_KEY = 128

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Query parameters; repeated ones keep every value. */
export const queryOf = (request: DocketRequest) => new URLSearchParams(request.query)
