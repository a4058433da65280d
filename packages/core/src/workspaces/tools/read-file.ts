/**
 * `read-file` (spec 3, "File tools"): the text of an ingested file — whole, a `component`, some
 * `pages`, or both — from the markdown ingestion wrote, bounded: at most `max_chars` characters
 * (default `DEFAULT_READ_CHARS`, at most `MAX_READ_CHARS`) from `offset` in the selection;
 * `truncated` and `next_offset` say how to continue. Every returned piece carries its locator
 * (page, component, character range in the file's markdown), as search evidence does.
 */
import { Effect } from "effect"
import { componentAt, readDocumentRanges, type CharRange, splitByPage } from "./document-text.js"
import { type FileSelection, selectRanges } from "./file-selection.js"
import type { IngestedToolFile } from "./tool-file.js"
import { InvalidInput } from "../../api/errors.js"

export const DEFAULT_READ_CHARS = 20_000
export const MAX_READ_CHARS = 100_000
/** put between two pieces of the selection that do not touch in the file */
export const PIECE_SEPARATOR = "\n\n"

export interface ReadFileInput extends FileSelection {
  readonly offset: number
  readonly max_chars: number
}

export interface ReadSegment {
  readonly page: number | null
  readonly component: string | null
  /** the piece's range in the file's markdown (UTF-16 code units) */
  readonly char_start: number
  readonly char_end: number
  /** where the piece starts in `text` */
  readonly text_offset: number
}

/** Drops a trailing lone high surrogate, so a cut never splits a character. */
const cutAt = (r: CharRange, end: number, text: string) => (end < r.end && /[\ud800-\udbff]$/.test(text) ? text.slice(0, -1) : text)

export const readFile = ({ file, record }: IngestedToolFile, input: ReadFileInput) =>
  Effect.gen(function*() {
    const ranges = splitByPage(record, yield* selectRanges(record, input))
    const total = ranges.reduce((n, r) => n + r.end - r.start, 0)
    if (input.offset > total) {
      return yield* new InvalidInput({ errors: [{ field: "offset", message: `offset ${input.offset} is beyond the selection's ${total} characters` }] })
    }
    // the pieces of the selection from `offset`, up to `max_chars`
    const wanted: Array<CharRange & { page: number | null }> = []
    let skip = input.offset
    let budget = input.max_chars
    for (const r of ranges) {
      if (budget === 0) break
      const length = r.end - r.start
      if (skip >= length) {
        skip -= length
        continue
      }
      const start = r.start + skip
      const end = Math.min(r.end, start + budget)
      skip = 0
      budget -= end - start
      wanted.push({ start, end, page: r.page })
    }
    const texts = yield* readDocumentRanges(file, record, wanted)
    const segments: Array<ReadSegment> = []
    let text = ""
    let returned = 0
    wanted.forEach((r, i) => {
      const whole = ranges.find((x) => r.start >= x.start && r.start < x.end)!
      const piece = cutAt(whole, r.end, texts[i] ?? "")
      const previous = segments[segments.length - 1]
      if (previous !== undefined && previous.char_end !== r.start) text += PIECE_SEPARATOR
      segments.push({ page: r.page, component: componentAt(record, r.start), char_start: r.start, char_end: r.start + piece.length, text_offset: text.length })
      text += piece
      returned += piece.length
    })
    const next = input.offset + returned
    return {
      path: file.path,
      file_id: file.file_id,
      version: record.version,
      component: input.component ?? null,
      pages: input.pages ?? null,
      text,
      segments,
      offset: input.offset,
      returned_chars: returned,
      total_chars: total,
      truncated: next < total,
      next_offset: next < total ? next : null,
      coverage: { restricted_candidates: 0, labels_required: [] as ReadonlyArray<string> }
    }
  })
