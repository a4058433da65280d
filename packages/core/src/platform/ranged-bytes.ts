/**
 * Bytes held in memory served whole or as one byte range (RFC 9110, 13.1.5 and 14.2): `Accept-Ranges`,
 * `ETag`, 206 with `Content-Range` for one satisfiable range, `unsatisfiable` for a range outside
 * the bytes (each service answers it in its envelope: 416 with `Content-Range: bytes *\/size`);
 * a malformed or multi-range header is ignored (200, the whole body), as is a `Range` under an
 * `If-Range` that does not name the ETag.
 */
import { parseByteRange } from "./byte-range.js"
import type { DocketRequest } from "./request.js"
import type { DocketResponse } from "./response.js"

export type RangedBytes =
  | { readonly _tag: "Response"; readonly response: DocketResponse }
  | { readonly _tag: "Unsatisfiable"; readonly size: number }

export const rangedBytes = (
  request: DocketRequest,
  bytes: Uint8Array,
  options: { readonly contentType: string; readonly etag: string; readonly headers: Readonly<Record<string, string>> }
): RangedBytes => {
  const size = bytes.byteLength
  const headers = { "content-type": options.contentType, "accept-ranges": "bytes", etag: options.etag, ...options.headers }
  const ifRange = request.header("if-range")
  const range = ifRange === undefined || ifRange.trim() === options.etag ? parseByteRange(request.header("range"), size) : { type: "none" as const }
  switch (range.type) {
    case "none":
      return { _tag: "Response", response: { status: 200, headers: { ...headers, "content-length": String(size) }, body: bytes } }
    case "unsatisfiable":
      return { _tag: "Unsatisfiable", size }
    case "range":
      return {
        _tag: "Response",
        response: {
          status: 206,
          headers: { ...headers, "content-length": String(range.end - range.start + 1), "content-range": `bytes ${range.start}-${range.end}/${size}` },
          body: bytes.subarray(range.start, range.end + 1)
        }
      }
  }
}
