/**
 * One byte range of a `Range` header (RFC 9110, 14.2): `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 *
 * - `none`: no header, another range unit, several ranges, or a header that is not a valid
 *   `bytes` range set (including `a-b` with `b < a`): the server ignores it and sends the whole
 *   object (200), as RFC 9110 allows.
 * - `unsatisfiable`: a valid range that starts at or past the end (`a >= size`), or a suffix of
 *   zero bytes (`-0`): 416 with `Content-Range: bytes *\/size`.
 * - `range`: the bytes `start` to `end` inclusive, `end` clamped to the last byte; a suffix longer
 *   than the object is the whole object.
 */
export type ByteRange =
  | { readonly type: "none" }
  | { readonly type: "unsatisfiable" }
  | { readonly type: "range"; readonly start: number; readonly end: number }

const NONE: ByteRange = { type: "none" }
const UNSATISFIABLE: ByteRange = { type: "unsatisfiable" }

export const parseByteRange = (header: string | undefined, size: number): ByteRange => {
  if (header === undefined) return NONE
  const eq = header.indexOf("=")
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== "bytes") return NONE
  const spec = header.slice(eq + 1).trim()
  const m = /^(\d*)-(\d*)$/.exec(spec)
  if (m === null || (m[1] === "" && m[2] === "")) return NONE
  if (m[1] === "") {
    const suffix = Number(m[2])
    if (suffix === 0 || size === 0) return UNSATISFIABLE
    return { type: "range", start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const last = m[2] === "" ? Infinity : Number(m[2])
  if (last < start) return NONE
  if (start >= size) return UNSATISFIABLE
  return { type: "range", start, end: Math.min(last, size - 1) }
}

/**
 * The stricter reading of the workspace artifact route (spec 3: "Optional `Range` (one range;
 * 206 when satisfiable)", 416 for a "bad or multiple or out-of-range byte range"): no header is
 * `none`; a header of another unit, several ranges, a malformed one (`a-b` with `b < a`
 * included) or one past the end is `unsatisfiable` (416 with `Content-Range: bytes *\/size`).
 */
export const parseSingleByteRange = (header: string | undefined, size: number): ByteRange => {
  if (header === undefined) return NONE
  const parsed = parseByteRange(header, size)
  return parsed.type === "none" ? UNSATISFIABLE : parsed
}

/** The `Content-Range` of a 206 (`bytes start-end/size`) or of a 416 (`bytes *\/size`). */
export const contentRange = (range: ByteRange, size: number): string =>
  range.type === "range" ? `bytes ${range.start}-${range.end}/${size}` : `bytes */${size}`
