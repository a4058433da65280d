/** Workspace-relative file paths: what is accepted, how it is normalized, and each refusal's rule. */
import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import fc from "fast-check"
import {
  fileNameOf,
  MAX_PATH_CHARS,
  MAX_SEGMENT_CHARS,
  normalizeFilePath,
  normalizePathPrefix,
  type PathRule
} from "../../../src/workspaces/files/file-path.js"

const ok = (raw: string) => Either.getOrThrow(normalizeFilePath(raw))
const rule = (raw: string): PathRule | "accepted" =>
  Either.match(normalizeFilePath(raw), { onLeft: (r) => r.rule, onRight: () => "accepted" as const })

describe("normalizeFilePath", () => {
  it("accepts plain relative paths and keeps them", () => {
    expect(ok("a.pdf")).toBe("a.pdf")
    expect(ok("reports/2024/q1 summary.xlsx")).toBe("reports/2024/q1 summary.xlsx")
    expect(ok("...")).toBe("...")
    expect(ok(".hidden/file")).toBe(".hidden/file")
    expect(ok("日本語/ファイル.txt")).toBe("日本語/ファイル.txt")
  })

  it("collapses empty segments and composes Unicode (NFC)", () => {
    expect(ok("a//b///c.txt")).toBe("a/b/c.txt")
    expect(ok("cafe\u0301.txt")).toBe("caf\u00e9.txt")
    expect(ok("caf\u00e9.txt")).toBe(ok("cafe\u0301.txt"))
  })

  it("refuses each hostile form with the rule it breaks and a message that says what to fix", () => {
    const cases: ReadonlyArray<readonly [string, PathRule]> = [
      ["", "empty"],
      ["//", "absolute"],
      ["/etc/passwd", "absolute"],
      ["../secret", "dot_segment"],
      ["a/../../b", "dot_segment"],
      ["a/./b", "dot_segment"],
      [".", "dot_segment"],
      ["a/b/", "trailing_slash"],
      ["a\\..\\b", "backslash"],
      ["a\\b.txt", "backslash"],
      ["a\u0000b", "control_character"],
      ["a\nb", "control_character"],
      ["a\u007fb", "control_character"],
      ["a\u0085b", "control_character"],
      ["evil\u202egpj.exe", "invisible_character"],
      ["a\u2066b", "invisible_character"],
      ["a\u200bb", "invisible_character"],
      ["\ufeffa.txt", "invisible_character"],
      ["a\u2028b", "invisible_character"],
      ["\u2024\u2024/etc", "dot_segment"],
      ["\uff0e\uff0e/etc", "dot_segment"],
      ["a/\u2025/b", "dot_segment"],
      ["a/\uff0e", "dot_segment"],
      ["a/.\uff0e/b", "dot_segment"],
      ["a\uff0fb", "lookalike_separator"],
      ["a\uff3cb", "lookalike_separator"],
      [" a.txt", "whitespace_edge"],
      ["dir /a.txt", "whitespace_edge"],
      ["a\ud800b", "malformed_unicode"],
      ["a\udc00b", "malformed_unicode"],
      ["x".repeat(MAX_SEGMENT_CHARS + 1), "segment_too_long"],
      [Array.from({ length: 8 }, () => "y".repeat(200)).join("/"), "too_long"],
      ["z".repeat(10_000), "too_long"],
      [Array.from({ length: 65 }, () => "d").join("/"), "too_deep"]
    ]
    for (const [raw, expected] of cases) {
      const result = normalizeFilePath(raw)
      expect(Either.isLeft(result), JSON.stringify(raw)).toBe(true)
      const refusal = Either.getLeft(result).pipe((o) => (o._tag === "Some" ? o.value : undefined))!
      expect(refusal.rule, JSON.stringify(raw)).toBe(expected)
      expect(refusal.message).toMatch(/^(the path|a path segment|each path segment)/)
    }
  })

  it("the whole-path cap counts characters, not UTF-16 units", () => {
    const emoji = "😀".repeat(100)
    const ten = Array.from({ length: 10 }, () => emoji).join("/")
    expect(rule(ten)).toBe("accepted") // 1009 characters, 2009 UTF-16 units
    expect(rule(`${ten}/${"a".repeat(20)}`)).toBe("too_long")
    expect(rule("a".repeat(MAX_PATH_CHARS))).toBe("segment_too_long")
  })

  it("property: an accepted path is normalized (idempotent), relative, has no dot segments, and its file name is its last segment", () => {
    const unit = fc.constantFrom("a", "b", "Z", "0", ".", "/", "-", "_", " ", "é", "e\u0301", "日", "😀", "\\", "\u0000", "\u202e", "\uff0e", "\u2024")
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (raw) => {
        const result = normalizeFilePath(raw)
        if (Either.isLeft(result)) return
        const path = result.right
        expect(normalizeFilePath(path)).toEqual(Either.right(path))
        expect(path.startsWith("/")).toBe(false)
        expect(path.endsWith("/")).toBe(false)
        expect(path.includes("//")).toBe(false)
        expect(path.includes("\\")).toBe(false)
        expect(path.normalize("NFC")).toBe(path)
        for (const segment of path.split("/")) {
          expect([".", ".."]).not.toContain(segment.normalize("NFKC"))
          expect(segment.length).toBeGreaterThan(0)
        }
        expect(fileNameOf(path)).toBe(path.split("/").at(-1))
      }),
      { numRuns: 2000 }
    )
  })

  it("property: joining safe segments with `/` is accepted as is", () => {
    const segment = fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9 ._-]{0,20}[A-Za-z0-9_-]$/).filter((s) => !/^\.+$/.test(s))
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 8 }), (segments) => {
        const raw = segments.join("/")
        expect(normalizeFilePath(raw)).toEqual(Either.right(raw))
        expect(fileNameOf(raw)).toBe(segments.at(-1))
      })
    )
  })
})

describe("normalizePathPrefix", () => {
  it("empty and `/` mean the whole workspace; a trailing `/` is kept; other rules hold", () => {
    expect(normalizePathPrefix("")).toEqual(Either.right(""))
    expect(normalizePathPrefix("/")).toEqual(Either.right(""))
    expect(normalizePathPrefix("reports/")).toEqual(Either.right("reports/"))
    expect(normalizePathPrefix("reports//2024")).toEqual(Either.right("reports/2024"))
    expect(Either.isLeft(normalizePathPrefix("/reports"))).toBe(true)
    expect(Either.isLeft(normalizePathPrefix("../"))).toBe(true)
  })
})
