/**
 * `/v1/documents/echo` (any method): the request as the server received it, for debugging a
 * client — method, path, query parameters, headers (the API key redacted to its display prefix;
 * other credentials wholly), the body's size and SHA-256, and its fields as parsed: a JSON value,
 * multipart parts (name, filename, content type, size, hash; text fields' values), form fields.
 * It needs a valid key but no credit, counts on the routes' RPM counter, and reads at most the
 * create's 1,000,000 bytes.
 */
import { createHash } from "node:crypto"
import { Effect, Option } from "effect"
import * as Multipasta from "multipasta"
import { parseJson } from "../../kernel/json.js"
import { type DocketRequest, decodeUtf8 } from "../../platform/request.js"
import { DISPLAY_PREFIX_LENGTH } from "../api-key.js"
import { InvalidRequest } from "../errors.js"
import { issue } from "../issue.js"
import { bodyTooLarge, MAX_CREATE_BODY_BYTES } from "../documents/document-create-request.js"
import { documentsCaller } from "../documents/documents-caller.js"
import { jsonResponse } from "./envelope.js"

/** Headers whose whole value is a credential. */
const SECRET_HEADERS = new Set(["cookie", "proxy-authorization", "x-api-key"])
/** A text field's value is shown up to this many characters. */
const MAX_FIELD_CHARS = 4096

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

/** `Bearer svc_sk_AbCd…`: the scheme and the key's display prefix, as the key list shows it. */
const redactAuthorization = (value: string) => {
  const m = /^(\S+)(\s+)(\S+)$/.exec(value.trim())
  if (m === null) return "[redacted]"
  return `${m[1]}${m[2]}${m[3].slice(0, DISPLAY_PREFIX_LENGTH)}… [redacted]`
}

const headersOf = (request: DocketRequest) => {
  const out: Record<string, string> = {}
  for (const name of [...request.headerNames()].map((n) => n.toLowerCase()).sort()) {
    const value = request.header(name)
    if (value === undefined) continue
    out[name] = name === "authorization" ? redactAuthorization(value) : SECRET_HEADERS.has(name) ? "[redacted]" : value
  }
  return out
}

const queryOf = (query: string) => {
  const out: Record<string, Array<string>> = {}
  for (const [k, v] of new URLSearchParams(query)) (out[k] ??= []).push(v)
  return out
}

const clip = (text: string) => (text.length > MAX_FIELD_CHARS ? `${text.slice(0, MAX_FIELD_CHARS)}…` : text)

const multipartOf = (contentType: string, body: Uint8Array) => {
  const parts: Array<Record<string, unknown>> = []
  let error: string | undefined
  const parser = Multipasta.make({
    headers: { "content-type": contentType },
    maxParts: 64,
    isFile: () => true,
    onField: () => undefined,
    onFile: (info) => {
      const chunks: Array<Uint8Array> = []
      const part: Record<string, unknown> = {
        name: info.name,
        filename: info.filename ?? null,
        content_type: info.contentType === "" ? null : info.contentType
      }
      parts.push(part)
      return (chunk) => {
        if (chunk !== null) {
          chunks.push(chunk)
          return
        }
        const bytes = Buffer.concat(chunks)
        part.bytes = bytes.byteLength
        part.sha256 = sha256(bytes)
        if (info.filename === undefined) part.value = clip(decodeUtf8(bytes))
      }
    },
    onError: (e) => {
      error ??= e._tag === "ReachedLimit" ? "the multipart body has too many parts" : "the multipart body is malformed"
    },
    onDone: () => undefined
  })
  parser.write(body)
  parser.end()
  return error === undefined ? { format: "multipart", parts } : { format: "multipart", parts, error }
}

const parsedOf = (contentType: string, body: Uint8Array) => {
  if (body.byteLength === 0) return null
  if (/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) return multipartOf(contentType, body)
  const text = decodeUtf8(body)
  if (/^application\/x-www-form-urlencoded/i.test(contentType)) return { format: "form", fields: queryOf(text) }
  const json = parseJson(text)
  if (Option.isSome(json)) return { format: "json", value: json.value }
  if (/json/i.test(contentType)) return { format: "json", error: "the body is not valid JSON" }
  return { format: "text", value: clip(text) }
}

export const echoRequest = (request: DocketRequest, requestId: string) =>
  Effect.gen(function*() {
    yield* documentsCaller(request.header("authorization"), { counted: true })
    const body = yield* request.body.read(MAX_CREATE_BODY_BYTES).pipe(
      Effect.mapError((e) =>
        e._tag === "BodyTooLarge" ? bodyTooLarge() : new InvalidRequest({ issues: [issue([], "request body could not be read")] })
      )
    )
    const contentType = request.header("content-type") ?? ""
    return jsonResponse(200, {
      method: request.method,
      path: request.path,
      query: queryOf(request.query),
      headers: headersOf(request),
      body: {
        bytes: body.byteLength,
        sha256: sha256(body),
        content_type: contentType === "" ? null : contentType,
        parsed: parsedOf(contentType, body)
      }
    }, requestId)
  })
