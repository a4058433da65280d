/**
 * The work of a split job: the document split into logical documents by the classifier's
 * segmentation (the same as categorize), each part classified, and each part's own file stored as
 * a new upload of the tenant — cut from the original by the `PageExtractor` when it can (PDF
 * pages), else the markdown of the part's pages in a `.txt` file (every operation accepts `.txt`,
 * while `.md` is not in parse's list); a spreadsheet gives one part per sheet as CSV. Part uploads live as long as any upload (`UPLOAD_LIFETIME_MS`). Credits: as categorize,
 * 2 per page (2 per sheet).
 */
import { Clock, Effect, Option, Stream } from "effect"
import { categorizeCredits } from "../../tenancy/billing/credits.js"
import { DocumentClassifier, type TaxonomyCategory } from "../../intelligence/classifier.js"
import { Ids } from "../../kernel/ids.js"
import { engineError } from "../../jobs/engine-job-error.js"
import { DEFAULT_TAXONOMY } from "../categorize/default-taxonomy.js"
import type { JobError } from "../../jobs/job.js"
import type { DocumentJob } from "../document-job.js"
import { blocksMarkdown } from "../parse/block-markdown.js"
import { readAndParseJobFile } from "../parse/read-document.js"
import type { Sheet } from "../parsed-document.js"
import { fileExtension } from "../supported-extensions.js"
import { BlobStore } from "../uploads/blob-store.js"
import { blobKeyOf, MAX_UPLOAD_BYTES, UPLOAD_LIFETIME_MS, UploadStore } from "../uploads/upload.js"
import { PageExtractor } from "./page-extractor.js"
import type { StoredSplitPart, StoredSplitResult } from "./split-result.js"

export interface SplitParams {
  readonly taxonomy: ReadonlyArray<TaxonomyCategory> | null
}

const storageFailure = (): JobError => ({ code: "internal_error", message: "storage was unavailable; retry with the same idempotency key", retryable: true })

const baseName = (fileName: string) => {
  const ext = fileExtension(fileName)
  return ext === "" ? fileName : fileName.slice(0, fileName.length - ext.length)
}

const csvOf = (sheet: Sheet): string => {
  const rows: Array<Array<string>> = []
  for (const cell of sheet.cells) {
    const row = (rows[cell.row - 1] ??= [])
    row[cell.col - 1] = cell.text
  }
  const quote = (v: string | undefined) => (v === undefined ? "" : /[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
  return Array.from({ length: sheet.max_row }, (_, r) => Array.from({ length: sheet.max_col }, (_, c) => quote(rows[r]?.[c])).join(",")).join("\n") + "\n"
}

/** Stores bytes as a new upload of the tenant. */
const storePart = (tenantId: string, fileName: string, bytes: Uint8Array) =>
  Effect.gen(function*() {
    const ids = yield* Ids
    const fileId = ids.uuid()
    const now = yield* Clock.currentTimeMillis
    yield* Effect.flatMap(BlobStore, (b) => b.put(blobKeyOf(fileId), Stream.make(bytes), MAX_UPLOAD_BYTES)).pipe(Effect.mapError(storageFailure))
    const record = { file_id: fileId, tenant_id: tenantId, file_name: fileName, size: bytes.byteLength, created_at: now, expires_at: now + UPLOAD_LIFETIME_MS }
    yield* Effect.flatMap(UploadStore, (u) => u.create(record)).pipe(Effect.mapError(storageFailure))
    return record
  })

const encode = (text: string) => new TextEncoder().encode(text)

export const splitWork = (job: DocumentJob) =>
  Effect.gen(function*() {
    const params = job.input.params as unknown as SplitParams
    const categories = params.taxonomy ?? DEFAULT_TAXONOMY
    const { bytes, doc } = yield* readAndParseJobFile(job)
    const classifier = yield* DocumentClassifier
    const name = baseName(job.input.file_name)
    const parts: Array<StoredSplitPart> = []
    if (doc.kind === "spreadsheet") {
      for (const [i, sheet] of doc.sheets.entries()) {
        const c = yield* classifier.classify({ text: `# ${sheet.sheet_name}\n\n${sheet.markdown}`, categories, multiLabel: false }).pipe(Effect.mapError(engineError))
        const freeform = c.categories.length === 0
        const fileName = `${name}-${sheet.sheet_name.replace(/[^\p{L}\p{N}_-]+/gu, "_")}.csv`
        const stored = yield* storePart(job.tenant_id, fileName, encode(csvOf(sheet)))
        parts.push({
          part_index: i,
          page_start: i + 1,
          page_end: i + 1,
          sheet_name: sheet.sheet_name,
          type: freeform ? (c.freeform ?? "unclassified_sheet") : c.categories[0]!.key,
          is_freeform_type: freeform,
          confidence: freeform ? c.freeformConfidence : c.categories[0]!.confidence,
          summary: c.summary,
          file: { upload_id: stored.file_id, file_name: fileName, size: stored.size, format: "csv", expires_at: stored.expires_at }
        })
      }
    } else {
      const segments = yield* classifier.segment({ pages: doc.pages.map((p) => p.text), categories }).pipe(Effect.mapError(engineError))
      const extractor = yield* PageExtractor
      const ext = fileExtension(job.input.file_name)
      for (const [i, s] of segments.entries()) {
        const c = s.classification
        const freeform = c.categories.length === 0
        const type = freeform ? (c.freeform ?? "unclassified_document") : c.categories[0]!.key
        const cut = extractor.extensions.includes(ext)
          ? yield* extractor.extract({ bytes, fileName: job.input.file_name, pageStart: s.page_start, pageEnd: s.page_end }).pipe(
            Effect.map(Option.some),
            Effect.catchAll((e) => Effect.as(Effect.logWarning(`split: pages not cut from ${job.input.file_name}`, e.message), Option.none<Uint8Array>()))
          )
          : Option.none<Uint8Array>()
        const partName = `${name}-part-${i + 1}-${type.replace(/[^\p{L}\p{N}_-]+/gu, "_")}`
        const file = Option.isSome(cut)
          ? { bytes: cut.value, fileName: `${partName}${ext}`, format: ext.slice(1) }
          : {
              bytes: encode(blocksMarkdown(doc.blocks.filter((b) => b.page >= s.page_start && b.page <= s.page_end))),
              // markdown text in a .txt file: a format every operation accepts (.md is not in parse's list)
              fileName: `${partName}.txt`,
              format: "txt"
            }
        const stored = yield* storePart(job.tenant_id, file.fileName, file.bytes)
        parts.push({
          part_index: i,
          page_start: s.page_start,
          page_end: s.page_end,
          sheet_name: null,
          type,
          is_freeform_type: freeform,
          confidence: freeform ? c.freeformConfidence : c.categories[0]!.confidence,
          summary: c.summary,
          file: { upload_id: stored.file_id, file_name: file.fileName, size: stored.size, format: file.format, expires_at: stored.expires_at }
        })
      }
    }
    const result: StoredSplitResult = {
      result_type: "split",
      file_name: job.input.file_name,
      page_count: doc.kind === "document" ? doc.page_count : doc.sheets.length,
      parts
    }
    const units = categorizeCredits(doc.kind === "document" ? { kind: "document", pages: doc.page_count } : { kind: "spreadsheet", cellsPerSheet: doc.sheets.map((sh) => sh.cells.length) })
    return { result, units }
  })
