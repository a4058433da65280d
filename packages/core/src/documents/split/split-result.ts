/**
 * What a split job keeps as its result and how the v1 form shows it. The spec does not show
 * split's shapes; they follow document-splitting APIs: the file as consecutive parts (logical
 * documents; one per sheet for spreadsheets), each with its page range (1-indexed, inclusive), its
 * `type` (a taxonomy key, or a freeform label with `is_freeform_type`), a `confidence`, a
 * `summary`, and a new upload handle for the part's own file (`file.upload_id`, usable as
 * `source: {type: "upload", upload_id}` or `svc://file/<upload_id>` by every operation).
 */

export interface StoredSplitPart {
  readonly part_index: number
  readonly page_start: number
  readonly page_end: number
  /** for spreadsheets: the sheet of the part */
  readonly sheet_name: string | null
  readonly type: string
  readonly is_freeform_type: boolean
  readonly confidence: number
  readonly summary: string
  readonly file: {
    readonly upload_id: string
    readonly file_name: string
    readonly size: number
    /** `pdf` when the part is cut from the PDF, `txt` for the part's markdown, `csv` for a sheet */
    readonly format: string
    readonly expires_at: number
  }
}

export interface StoredSplitResult {
  readonly result_type: "split"
  readonly file_name: string
  readonly page_count: number
  readonly parts: ReadonlyArray<StoredSplitPart>
}

export const v1SplitResult = (r: StoredSplitResult, units: number) => ({
  result_type: "split",
  status: "success",
  error: null,
  file_name: r.file_name,
  page_count: r.page_count,
  parts: r.parts.map((p) => ({
    ...p,
    file: {
      upload_id: p.file.upload_id,
      source_url: `svc://file/${p.file.upload_id}`,
      file_name: p.file.file_name,
      size: p.file.size,
      format: p.file.format,
      expires_at: new Date(p.file.expires_at).toISOString()
    }
  })),
  units
})
