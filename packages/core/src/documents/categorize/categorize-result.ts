/**
 * What a categorize (or v1 classify) job keeps as its result, and how each form shows it (spec 2,
 * "Categorize result"): `items` of kind `document_segment` (1-indexed inclusive page ranges, one
 * category, `is_freeform_category`) or `sheet` (several categories, `has_freeform_categories`),
 * each with a summary and the `markdown_url` of its own markdown. The v1 form also shows each
 * item's `confidence` (0 to 1) and the job's `units`.
 */
import type { LinkOf } from "../../jobs/job-kind.js"

export interface StoredSegmentItem {
  readonly kind: "document_segment"
  readonly file_name: string
  readonly page_start: number
  readonly page_end: number
  readonly category: string
  readonly is_freeform_category: boolean
  readonly confidence: number
  readonly summary: string
  readonly markdown: string
}

export interface StoredSheetItem {
  readonly kind: "sheet"
  readonly file_name: string
  readonly sheet_name: string
  readonly categories: ReadonlyArray<string>
  readonly has_freeform_categories: boolean
  readonly confidence: number
  readonly summary: string
  readonly markdown: string
}

export type StoredCategorizeItem = StoredSegmentItem | StoredSheetItem

export interface StoredCategorizeResult {
  readonly result_type: "categorize"
  readonly file_name: string
  readonly page_count: number
  readonly sheet_count: number
  readonly items: ReadonlyArray<StoredCategorizeItem>
}

/** the artifact part of item `i`'s markdown */
export const itemPart = (i: number) => `item-${i}`

const shownItem = (item: StoredCategorizeItem, url: string) =>
  item.kind === "document_segment"
    ? {
        kind: item.kind,
        file_name: item.file_name,
        page_start: item.page_start,
        page_end: item.page_end,
        category: item.category,
        is_freeform_category: item.is_freeform_category,
        summary: item.summary,
        markdown_url: url
      }
    : {
        kind: item.kind,
        file_name: item.file_name,
        sheet_name: item.sheet_name,
        categories: item.categories,
        has_freeform_categories: item.has_freeform_categories,
        summary: item.summary,
        markdown_url: url
      }

export const flatCategorizeResult = (r: StoredCategorizeResult, link: LinkOf) => ({
  result_type: "categorize",
  status: "success",
  error: null,
  items: r.items.map((item, i) => shownItem(item, link(itemPart(i))))
})

export const v1CategorizeResult = (r: StoredCategorizeResult, resultType: "categorize" | "classify", units: number, link: LinkOf) => ({
  result_type: resultType,
  status: "success",
  error: null,
  file_name: r.file_name,
  page_count: r.page_count,
  sheet_count: r.sheet_count,
  items: r.items.map((item, i) => ({ ...shownItem(item, link(itemPart(i))), confidence: item.confidence })),
  units
})

/** A classify or categorize job's v1 `result`. */
export type V1CategorizeResult = ReturnType<typeof v1CategorizeResult>

/** The markdown behind an item's link. */
export const categorizeArtifact = (r: StoredCategorizeResult, part: string): string | undefined => {
  const m = /^item-(\d+)$/.exec(part)
  return m === null ? undefined : r.items[Number(m[1])]?.markdown
}
