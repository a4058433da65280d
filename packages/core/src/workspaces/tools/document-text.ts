/**
 * Reading parts of an ingested file's markdown (`_derived/P/document.md`) by character ranges —
 * the ranges a `FileIngestionRecord` gives its pages and components (UTF-16 code-unit offsets,
 * as JavaScript strings count them) — without loading the whole blob:
 *
 * - When the blob has as many bytes as the document has characters, every character is one byte
 *   (ASCII), so a character range is the same byte range: each range is one `readRange`.
 * - Otherwise the bytes up to the last wanted character are streamed once (a character is at
 *   most 3 UTF-8 bytes per code unit, so at most `3 × end` bytes) and only the wanted characters
 *   are kept: memory stays bounded by what is returned, never by the file.
 */
import { Chunk, Effect, Option, Stream } from "effect"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import { derivedPathOf } from "../files/file-path.js"
import { WorkspaceFileStore } from "../files/file-store.js"
import type { FileIngestionRecord, IngestedComponent } from "../ingestion/file-ingestion.js"
import type { WorkspaceFile } from "../files/workspace-file.js"
import { FileNotIngested } from "./tool-errors.js"

/** A half-open range `[start, end)` of characters of `document.md`. */
export interface CharRange {
  readonly start: number
  readonly end: number
}

/** The path of the whole-file markdown ingestion writes for the uploaded file at `path`. */
export const documentPathOf = (path: string) => derivedPathOf(path, "document.md")

/** Sorted, overlapping and touching ranges merged, empty ones dropped. */
export const mergeRanges = (ranges: ReadonlyArray<CharRange>): ReadonlyArray<CharRange> => {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start || a.end - b.end)
  const out: Array<CharRange> = []
  for (const r of sorted) {
    const last = out[out.length - 1]
    if (last !== undefined && r.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, r.end) }
    else out.push(r)
  }
  return out
}

/** The ranges of `a` that lie within `b` (both merged). */
export const intersectRanges = (a: ReadonlyArray<CharRange>, b: ReadonlyArray<CharRange>): ReadonlyArray<CharRange> => {
  const out: Array<CharRange> = []
  for (const x of a) {
    for (const y of b) {
      const start = Math.max(x.start, y.start)
      const end = Math.min(x.end, y.end)
      if (end > start) out.push({ start, end })
    }
  }
  return mergeRanges(out)
}

/** The 1-based page holding character `at`, or null for a file without pages. */
export const pageAt = (record: FileIngestionRecord, at: number): number | null => {
  for (const p of record.pages) if (at >= p.char_start && at < p.char_end) return p.page
  return null
}

/** The innermost component (smallest range) holding character `at`, by name; null when none does. */
export const componentAt = (record: FileIngestionRecord, at: number): string | null => {
  let best: IngestedComponent | undefined
  for (const c of record.components) {
    if (at < c.char_start || at >= c.char_end) continue
    if (best === undefined || c.char_end - c.char_start < best.char_end - best.char_start) best = c
  }
  return best?.name ?? null
}

/** Each range cut at page boundaries, so that every piece lies on one page (or the file has none). */
export const splitByPage = (record: FileIngestionRecord, ranges: ReadonlyArray<CharRange>): ReadonlyArray<CharRange & { readonly page: number | null }> => {
  const out: Array<CharRange & { page: number | null }> = []
  for (const r of ranges) {
    let start = r.start
    while (start < r.end) {
      const page = record.pages.find((p) => start >= p.char_start && start < p.char_end)
      // between pages (the blank line between two pages' blocks) a piece runs up to the next page
      const next = record.pages.reduce((at, p) => (p.char_start > start && p.char_start < at ? p.char_start : at), r.end)
      const end = page === undefined ? next : Math.min(r.end, page.char_end)
      out.push({ start, end, page: page?.page ?? null })
      start = end
    }
  }
  return out
}

const decode = (chunks: Chunk.Chunk<Uint8Array>): string => {
  const all = Chunk.toReadonlyArray(chunks)
  const size = all.reduce((n, c) => n + c.length, 0)
  const bytes = new Uint8Array(size)
  let at = 0
  for (const c of all) {
    bytes.set(c, at)
    at += c.length
  }
  return new TextDecoder("utf-8").decode(bytes)
}

/**
 * The text of each of `ranges` (merged, ascending) in the file's `document.md`. 409
 * `file_not_ingested` when the markdown is gone (its outputs were dropped since).
 */
export const readDocumentRanges = (file: WorkspaceFile, record: FileIngestionRecord, ranges: ReadonlyArray<CharRange>) =>
  Effect.gen(function*() {
    const gone = new FileNotIngested({ path: file.path, file_id: file.file_id, ingestion_status: file.ingestion_status })
    if (ranges.length === 0) return [] as ReadonlyArray<string>
    const found = yield* (yield* WorkspaceFileStore).findOutputByPath(file.tenant_id, file.workspace_id, documentPathOf(file.path))
    if (Option.isNone(found) || found.value.output.blob_key === null) return yield* gone
    const key = found.value.output.blob_key
    const blobs = yield* BlobStore
    const stat = yield* blobs.stat(key)
    if (Option.isNone(stat)) return yield* gone
    if (stat.value.size === record.total_chars) {
      // one byte per character: character ranges are byte ranges
      return yield* Effect.forEach(ranges, (r) =>
        Effect.gen(function*() {
          const body = yield* blobs.readRange(key, r.start, r.end - 1)
          if (Option.isNone(body)) return yield* gone
          return decode(yield* Stream.runCollect(body.value))
        }))
    }
    const last = ranges[ranges.length - 1]!.end
    const body = yield* blobs.readRange(key, 0, Math.min(stat.value.size, 3 * last) - 1)
    if (Option.isNone(body)) return yield* gone
    const decoder = new TextDecoder("utf-8")
    const parts: Array<Array<string>> = ranges.map(() => [])
    let seen = 0
    const take = (text: string) => {
      const from = seen
      seen += text.length
      for (let i = 0; i < ranges.length; i++) {
        const r = ranges[i]!
        const start = Math.max(r.start, from)
        const end = Math.min(r.end, seen)
        if (end > start) parts[i]!.push(text.slice(start - from, end - from))
      }
    }
    yield* Stream.runForEach(body.value, (chunk) => Effect.sync(() => {
      if (seen < last) take(decoder.decode(chunk, { stream: true }))
    }))
    if (seen < last) take(decoder.decode())
    return parts.map((p) => p.join(""))
  })
