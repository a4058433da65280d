/**
 * Workspace-relative file paths (spec 3, "Files": "workspace-relative, no leading `/`, no `.` or
 * `..` segments"). A path names one file of a workspace for as long as it exists, is shown back
 * to callers and is compared byte for byte, so it is refused — never silently repaired — when it
 * could mean something else than it looks like:
 *
 * - separators are `/` only; a backslash is refused (it is a separator on Windows: `a\..\b`);
 * - no leading `/`, no trailing `/` (that names a folder), empty segments (`a//b`) are collapsed;
 * - no `.` or `..` segment, nor one that reads as such once compatibility-folded (U+2024 ONE DOT
 *   LEADER, U+FF0E FULLWIDTH FULL STOP, U+2025 TWO DOT LEADER…), nor any character that folds to a
 *   `/` or `\` (U+FF0F, U+FF3C);
 * - no control characters (C0, DEL, C1; NUL among them), no invisible or direction-changing
 *   characters (bidi overrides and isolates, zero-width characters, BOM, line/paragraph
 *   separators), no lone surrogates;
 * - no segment starting or ending with whitespace;
 * - Unicode NFC: `é` composed or decomposed is one path;
 * - at most `MAX_PATH_CHARS` characters in all, `MAX_SEGMENT_CHARS` per segment, `MAX_SEGMENTS`
 *   segments.
 *
 * Each refusal names its rule (`PathRefusal.rule`) and says what to fix.
 */
import { Either } from "effect"

export const MAX_PATH_CHARS = 1024
export const MAX_SEGMENT_CHARS = 255
export const MAX_SEGMENTS = 64

export type PathRule =
  | "empty"
  | "too_long"
  | "segment_too_long"
  | "too_deep"
  | "control_character"
  | "invisible_character"
  | "malformed_unicode"
  | "backslash"
  | "absolute"
  | "trailing_slash"
  | "dot_segment"
  | "lookalike_separator"
  | "whitespace_edge"
  | "reserved_prefix"

export interface PathRefusal {
  readonly rule: PathRule
  readonly message: string
}

const refuse = (rule: PathRule, message: string): Either.Either<never, PathRefusal> => Either.left({ rule, message })

// C0 controls, DEL, C1 controls
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u
// bidi marks, embeddings, overrides and isolates; zero-width space/joiners; word joiner and
// invisible operators; BOM; line and paragraph separators; Mongolian vowel separator; soft hyphen
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/u
// (no `u` flag: it matches UTF-16 units)
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const LOOKALIKE_SEPARATOR = /[/\\]/u

const describeChar = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`

/** the path's length in characters (code points, not UTF-16 units) */
const charLength = (s: string) => {
  let n = 0
  for (const _ of s) n++
  return n
}

interface ParseOptions {
  /** a trailing `/` is allowed (a folder prefix) and kept */
  readonly folder: boolean
}

const parse = (raw: string, options: ParseOptions): Either.Either<string, PathRefusal> => {
  if (raw.length === 0) return refuse("empty", "the path must not be empty")
  // bound the work before anything else reads the whole string
  if (raw.length > MAX_PATH_CHARS * 2) return refuse("too_long", `the path must be at most ${MAX_PATH_CHARS} characters`)
  if (LONE_SURROGATE.test(raw)) return refuse("malformed_unicode", "the path holds a lone surrogate (not valid Unicode)")
  const control = CONTROL.exec(raw)
  if (control !== null) {
    return refuse("control_character", `the path must not contain control characters (found ${describeChar(control[0])})`)
  }
  const invisible = INVISIBLE.exec(raw)
  if (invisible !== null) {
    return refuse(
      "invisible_character",
      `the path must not contain invisible or text-direction characters (found ${describeChar(invisible[0])})`
    )
  }
  if (raw.includes("\\")) return refuse("backslash", "the path must use `/` to separate folders, not `\\`")
  if (raw.startsWith("/")) return refuse("absolute", "the path must be workspace-relative: remove the leading `/`")
  const path = raw.normalize("NFC")
  const trailing = path.endsWith("/")
  if (trailing && !options.folder) return refuse("trailing_slash", "the path must name a file, not end with `/`")
  const segments = path.split("/").filter((s) => s.length > 0)
  if (segments.length === 0) return refuse("empty", "the path must not be empty")
  if (segments.length > MAX_SEGMENTS) return refuse("too_deep", `the path must have at most ${MAX_SEGMENTS} segments`)
  for (const segment of segments) {
    if (segment === "." || segment === "..") {
      return refuse("dot_segment", "the path must not contain `.` or `..` segments")
    }
    const folded = segment.normalize("NFKC")
    if (folded === "." || folded === ".." || (/^\.+$/u.test(folded) && /[^.]/u.test(segment))) {
      return refuse("dot_segment", `the path must not contain a segment that reads as \`.\` or \`..\` (${JSON.stringify(segment)})`)
    }
    const separator = LOOKALIKE_SEPARATOR.exec(folded)
    if (separator !== null) {
      const original = [...segment].find((c) => LOOKALIKE_SEPARATOR.test(c.normalize("NFKC")))!
      return refuse("lookalike_separator", `the path must not contain characters that look like \`/\` or \`\\\` (found ${describeChar(original)})`)
    }
    if (/^\s|\s$/u.test(segment)) {
      return refuse("whitespace_edge", `a path segment must not start or end with whitespace (${JSON.stringify(segment)})`)
    }
    if (charLength(segment) > MAX_SEGMENT_CHARS) {
      return refuse("segment_too_long", `each path segment must be at most ${MAX_SEGMENT_CHARS} characters`)
    }
  }
  const normalized = segments.join("/") + (trailing ? "/" : "")
  if (charLength(normalized) > MAX_PATH_CHARS) return refuse("too_long", `the path must be at most ${MAX_PATH_CHARS} characters`)
  return Either.right(normalized)
}

/** The normalized path of a file, or the rule it breaks. */
export const normalizeFilePath = (raw: string): Either.Either<string, PathRefusal> => parse(raw, { folder: false })

/**
 * A path prefix (list filters, ingestion selections): `""` and `"/"` mean the whole workspace
 * (answered as `""`); a leading `/` is otherwise refused like a file path's, a trailing `/` kept
 * (`reports/` matches `reports/a.pdf`, not `reports-old/b.pdf`).
 */
export const normalizePathPrefix = (raw: string): Either.Either<string, PathRefusal> =>
  raw === "" || raw === "/" ? Either.right("") : parse(raw, { folder: true })

/**
 * The first segment under which ingestion writes a file's derived outputs (`_derived/P/document.md`,
 * `_derived/P/tables/<table>.csv`): reserved, so an upload may not use it (in any case, so no
 * lookalike `_Derived/` sits beside it).
 */
export const DERIVED_PREFIX = "_derived/"

/** Whether a normalized path lies under the reserved `_derived/` (in any case or look-alike form). */
export const isDerivedPath = (path: string) => path.slice(0, DERIVED_PREFIX.length).normalize("NFKC").toLowerCase() === DERIVED_PREFIX

/** Where ingestion writes output `part` (`document.md`, `tables/<table>.csv`) of the uploaded file at `path`. */
export const derivedPathOf = (path: string, part: string) => `${DERIVED_PREFIX}${path}/${part}`

/** The normalized path of an upload: a file path (`normalizeFilePath`) outside the reserved `_derived/`. */
export const normalizeUploadPath = (raw: string): Either.Either<string, PathRefusal> =>
  Either.flatMap(normalizeFilePath(raw), (path) =>
    isDerivedPath(path)
      ? refuse("reserved_prefix", "the path must not start with `_derived/` (reserved for the outputs ingestion derives from your files)")
      : Either.right(path))

/**
 * The uploaded file a derived path belongs to: `_derived/P/document.md` and
 * `_derived/P/tables/<table>.csv` are outputs of `P`; any other path under `_derived/` names the
 * rest of the path. None when the path is not under `_derived/`.
 */
export const derivedSourceOf = (path: string): string | undefined => {
  if (!isDerivedPath(path)) return undefined
  const rest = path.slice(DERIVED_PREFIX.length)
  const output = /^(.+)\/(?:document\.md|tables\/[^/]+\.csv)$/u.exec(rest)
  return output !== null ? output[1] : rest
}

/** The last segment of a normalized path (the file's `file_name`). */
export const fileNameOf = (path: string): string => path.slice(path.lastIndexOf("/") + 1)
