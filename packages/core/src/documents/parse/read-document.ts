/**
 * The document an operation job works on: its file read and parsed through the `DocumentParser`,
 * or — when the caller sent the `markdown_url` of an earlier parse (categorize, extract) — that
 * parse's result, which skips parsing (spec 2, "markdown_url … skips the internal parse").
 *
 * A reused parse job's stored result keeps blocks, markdown and sheet markdown, not text positions
 * or cells: pages are rebuilt from the blocks. Markdown read from an `s3://` location becomes a
 * document of standard pages (`STANDARD_PAGE_CHARS` characters each, cut at paragraph breaks).
 */
import { Effect, Option } from "effect"
import { DocumentParser } from "../document-parser.js"
import type { ParseFailure } from "../errors.js"
import type { JobError } from "../../jobs/job.js"
import type { DocumentJob, MarkdownSource } from "../document-job.js"
import { JobStore } from "../../jobs/job-store.js"
import type { Block, DocumentPage, ParsedDocument, ParsedTextDocument } from "../parsed-document.js"
import { readJobSource, readSourceUrl } from "../sources/read-source.js"
import type { StoredParseResult } from "./parse-result.js"

/** characters of a standard page (formats without pages of their own) */
export const STANDARD_PAGE_CHARS = 3000

const jobError = (code: string, message: string, retryable = false): JobError => ({ code, message, retryable })

export const parseFailureError = (e: ParseFailure): JobError => {
  switch (e._tag) {
    case "UnsupportedFileType":
      return jobError("unsupported_file_type", e.message)
    case "CorruptFile":
      return jobError("corrupt_file", e.message)
    case "EncryptedFile":
      return jobError("encrypted_file", e.message)
    case "FileTooComplex":
      return jobError("file_too_complex", e.message)
  }
}

/** The job's file, read once: its bytes (for work that needs the file itself too) and its parse. */
export const readAndParseJobFile = (job: DocumentJob) =>
  Effect.gen(function*() {
    const parser = yield* DocumentParser
    const bytes = yield* readJobSource(job)
    const doc = yield* parser.parse({ bytes, fileName: job.input.file_name }).pipe(Effect.mapError(parseFailureError))
    return { bytes, doc }
  })

/** The job's file, parsed. */
export const parseJobFile = (job: DocumentJob) => Effect.map(readAndParseJobFile(job), ({ doc }) => doc)

const pagesOf = (pageCount: number, blocks: ReadonlyArray<Block>): Array<DocumentPage> =>
  Array.from({ length: Math.max(pageCount, 1) }, (_, i) => ({
    page_number: i + 1,
    text: blocks.filter((b) => b.page === i + 1).map((b) => b.text).join("\n\n"),
    width: null,
    height: null,
    unit: null,
    items: [],
    ocr: false
  }))

/** A parse job's stored result as a parsed document (no positions, no cells). */
export const documentOfStoredParse = (r: StoredParseResult, fileName: string): ParsedDocument => {
  const common = {
    file_name: fileName,
    format: r.format,
    markdown: r.markdown,
    text: r.text,
    char_count: r.char_count,
    chunks: r.chunks,
    metadata: {},
    warnings: []
  }
  return r.kind === "document"
    ? { ...common, kind: "document", pages: pagesOf(r.page_count, r.blocks), blocks: r.blocks, page_count: r.page_count, ocr_applied: r.ocr_applied }
    : { ...common, kind: "spreadsheet", sheets: r.sheets.map((s) => ({ ...s, cells: [] })) }
}

/** Markdown as a document of standard pages, one paragraph block per paragraph. */
export const documentOfMarkdown = (markdown: string, fileName: string): ParsedTextDocument => {
  const blocks: Array<Block> = []
  let page = 1
  let onPage = 0
  for (const para of markdown.split(/\n\s*\n/)) {
    const text = para.trim()
    if (text === "") continue
    if (onPage > 0 && onPage + text.length > STANDARD_PAGE_CHARS) {
      page++
      onPage = 0
    }
    onPage += text.length
    const heading = /^(#{1,6})\s+(.*)$/.exec(text)
    blocks.push(heading !== null && !text.includes("\n")
      ? { type: "heading", page, level: heading[1]!.length, text: heading[2]! }
      : { type: "paragraph", page, text })
  }
  const text = blocks.map((b) => b.text).join("\n\n")
  return {
    kind: "document",
    file_name: fileName,
    format: "md",
    markdown,
    text,
    char_count: [...markdown].length,
    chunks: [],
    metadata: {},
    warnings: [],
    pages: pagesOf(page, blocks),
    blocks,
    page_count: page,
    ocr_applied: false
  }
}

const fromParseJob = (job: DocumentJob, parseJobId: string) =>
  Effect.gen(function*() {
    const store = yield* JobStore
    const found = yield* store.get(parseJobId).pipe(
      Effect.mapError(() => jobError("internal_error", "storage was unavailable; retry with the same idempotency key", true))
    )
    const gone = jobError("file_not_found", `the parse behind markdown_url (job ${parseJobId}) is no longer available; parse the file again`)
    if (Option.isNone(found)) return yield* Effect.fail(gone)
    const parse = found.value
    if (parse.tenant_id !== job.tenant_id || parse.kind !== "parse" || parse.status !== "succeeded" || parse.result === null) {
      return yield* Effect.fail(gone)
    }
    if (job.created_at >= parse.payload_expires_at) return yield* Effect.fail(gone)
    return documentOfStoredParse(parse.result as StoredParseResult, job.input.file_name)
  })

const fromMarkdownUrl = (job: DocumentJob, url: string) =>
  Effect.map(readSourceUrl(url), (bytes) => documentOfMarkdown(new TextDecoder().decode(bytes), job.input.file_name))

/** The parsed document the job works on. */
export const readJobDocument = (job: DocumentJob): Effect.Effect<ParsedDocument, JobError, DocumentParser | JobStore | ReadSourceDeps> => {
  const reuse = job.input.params?.markdown as MarkdownSource | null | undefined
  if (reuse === undefined || reuse === null) return parseJobFile(job)
  return reuse.type === "parse_job" ? fromParseJob(job, reuse.job_id) : fromMarkdownUrl(job, reuse.url)
}

type ReadSourceDeps = Effect.Effect.Context<ReturnType<typeof readJobSource>>
