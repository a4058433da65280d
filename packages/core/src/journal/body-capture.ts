/**
 * Keeping bodies for the journal (`journalBodies` on): the request's body as its handler reads it
 * (through a wrapper of the request: nothing is read that the handler does not read), and the
 * response's complete body; at most `maxBytes` of each, as text for textual content types.
 */
import { Effect, Stream } from "effect"
import { type DocketRequest, decodeUtf8 } from "../platform/request.js"
import type { DocketResponse } from "../platform/response.js"
import type { JournalBody } from "./journal-entry.js"
import { redactBody } from "./redaction.js"

const TEXTUAL = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml)\b|application\/(?:x-www-form-urlencoded|x-ndjson|javascript)\b)/i

/** A body of no declared type is taken as text (clients of the decision service often send none). */
const isTextual = (contentType: string | undefined) => contentType === undefined || TEXTUAL.test(contentType.trim())

const encoder = new TextEncoder()

const bodyOf = (
  kept: Uint8Array,
  bytes: number,
  contentType: string | undefined,
  presented: ReadonlyArray<string>
): JournalBody => ({
  bytes,
  text: isTextual(contentType) ? redactBody(decodeUtf8(kept), presented) : null,
  truncated: bytes > kept.byteLength
})

/** The first `maxBytes` bytes a request's handler reads of its body, kept as it reads them. */
export const captureRequestBody = (request: DocketRequest, maxBytes: number) => {
  const kept: Array<Uint8Array> = []
  let keptBytes = 0
  let bytes = 0
  let read = false
  const keep = (chunk: Uint8Array) => {
    read = true
    bytes += chunk.byteLength
    if (keptBytes >= maxBytes) return
    const part = chunk.byteLength <= maxBytes - keptBytes ? chunk : chunk.subarray(0, maxBytes - keptBytes)
    // a copy: the platform may reuse its buffers
    kept.push(part.slice())
    keptBytes += part.byteLength
  }
  const body = request.body
  const wrapped: DocketRequest = {
    method: request.method,
    path: request.path,
    query: request.query,
    header: (name) => request.header(name),
    headerNames: () => request.headerNames(),
    body: {
      isReceived: () => body.isReceived(),
      read: (limit) => Effect.tap(body.read(limit), (b) => Effect.sync(() => keep(b))),
      stream: (limit) => Stream.tap(body.stream(limit), (b) => Effect.sync(() => keep(b)))
    }
  }
  return {
    request: wrapped,
    /** the body as far as it was read; `null` when the handler read none */
    body: (presented: ReadonlyArray<string>): JournalBody | null => {
      if (!read) return null
      const all = new Uint8Array(keptBytes)
      let offset = 0
      for (const c of kept) {
        all.set(c, offset)
        offset += c.byteLength
      }
      return bodyOf(all, bytes, request.header("content-type"), presented)
    }
  }
}

/** A response's complete body; `null` when it has none or streams it. */
export const responseBody = (response: DocketResponse, maxBytes: number, presented: ReadonlyArray<string>): JournalBody | null => {
  const body = response.body
  if (body === undefined) return null
  const contentType = response.headers["content-type"]
  if (typeof body !== "string") return bodyOf(body.subarray(0, maxBytes), body.byteLength, contentType, presented)
  // only the kept part is encoded: a character is at least one byte, so `maxBytes` characters cover it
  return bodyOf(encoder.encode(body.slice(0, maxBytes)).subarray(0, maxBytes), Buffer.byteLength(body, "utf8"), contentType, presented)
}
