/**
 * One byte range of a `Range` header (RFC 9110, 14.2), as the ground-crop route reads it: the
 * three forms, clamping, unsatisfiable ranges, and every header that is ignored (whole body).
 */
import { describe, expect, it } from "vitest"
import { contentRange, parseByteRange, parseSingleByteRange } from "../../src/platform/byte-range.js"

describe("parseByteRange", () => {
  const size = 100

  it("bytes=a-b, bytes=a-, bytes=-n; an end past the object is clamped, a suffix longer than it is the whole", () => {
    expect(parseByteRange("bytes=0-9", size)).toEqual({ type: "range", start: 0, end: 9 })
    expect(parseByteRange("bytes=5-5", size)).toEqual({ type: "range", start: 5, end: 5 })
    expect(parseByteRange("bytes=90-", size)).toEqual({ type: "range", start: 90, end: 99 })
    expect(parseByteRange("bytes=-5", size)).toEqual({ type: "range", start: 95, end: 99 })
    expect(parseByteRange("bytes=50-1000", size)).toEqual({ type: "range", start: 50, end: 99 })
    expect(parseByteRange("bytes=-1000", size)).toEqual({ type: "range", start: 0, end: 99 })
    expect(parseByteRange("bytes=99-99", size)).toEqual({ type: "range", start: 99, end: 99 })
  })

  it("the unit is case-insensitive and white space around the range is allowed", () => {
    expect(parseByteRange("Bytes=0-1", size)).toEqual({ type: "range", start: 0, end: 1 })
    expect(parseByteRange("bytes= 0-1 ", size)).toEqual({ type: "range", start: 0, end: 1 })
  })

  it("unsatisfiable: a start at or past the end, a suffix of zero bytes", () => {
    for (const header of ["bytes=100-", "bytes=100-200", "bytes=1000-", "bytes=-0", "bytes=99999999999999999999-"]) {
      expect(parseByteRange(header, size), header).toEqual({ type: "unsatisfiable" })
    }
    expect(parseByteRange("bytes=0-", 0)).toEqual({ type: "unsatisfiable" })
    expect(parseByteRange("bytes=-5", 0)).toEqual({ type: "unsatisfiable" })
  })

  it("ignored (the whole object): no header, another unit, several ranges, malformed, last before first", () => {
    for (const header of [undefined, "", "items=0-9", "bytes", "bytes=", "bytes=-", "bytes=a-b", "bytes=0-1,3-4", "bytes=1-2-3", "bytes=9-2", "bytes=0x10-", "bytes=1.5-2", "bytes 0-9"]) {
      expect(parseByteRange(header, size), String(header)).toEqual({ type: "none" })
    }
  })

  it("the workspace artifact reading: no header is the whole object; several, malformed, other units and past the end are 416", () => {
    expect(parseSingleByteRange(undefined, size)).toEqual({ type: "none" })
    expect(parseSingleByteRange("bytes=10-19", size)).toEqual({ type: "range", start: 10, end: 19 })
    expect(parseSingleByteRange("bytes=-5", size)).toEqual({ type: "range", start: 95, end: 99 })
    for (const header of ["", "items=0-9", "bytes=0-1,3-4", "bytes=9-2", "bytes=a-b", "bytes=100-", "bytes=-0", "bytes 0-9"]) {
      expect(parseSingleByteRange(header, size), header).toEqual({ type: "unsatisfiable" })
    }
    expect(contentRange({ type: "range", start: 10, end: 19 }, size)).toBe("bytes 10-19/100")
    expect(contentRange({ type: "unsatisfiable" }, size)).toBe("bytes */100")
  })
})
