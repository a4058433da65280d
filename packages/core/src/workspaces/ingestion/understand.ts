/**
 * What ingestion learns of a parsed file through the intelligence engine's ports (local and
 * deterministic by default, model-backed when configured):
 *
 * - `category`: the workspace's pinned taxonomy classes as the classifier's categories (key
 *   `group/subgroup`; the class description with its document type and aliases as what belongs);
 *   no class fits → `other/<freeform>` when the taxonomy allows other, else null.
 * - access label: kept when the uploader named it; else the workspace's declared labels as the
 *   classifier's categories (the label descriptions are its prompt), the best fit, falling back to
 *   `default_label`; a workspace without labels gives null.
 * - `summary`: the classifier's summary of the file.
 * - `keywords`: the 12 most frequent content terms (stemmed, stop words out), each shown as its
 *   most frequent spelling, ties by first appearance.
 * - `extracted_fields`: the `FieldExtractor` with the catalog schema below, on the file's first
 *   batch (20 pages, or the first sheet): `title`, `document_date` (YYYY-MM-DD), `reference_number`,
 *   `total_amount`, `currency` (ISO code), `parties` (names); a field not stated is null (`parties`
 *   `[]`).
 * The classifier sees at most `MAX_CLASSIFY_CHARS` of the markdown; a first batch over
 * `MAX_EXTRACT_CHARS` is not extracted (every field null).
 */
import { Effect, Either } from "effect"
import { type Classification, DocumentClassifier, type TaxonomyCategory } from "../../intelligence/classifier.js"
import { FieldExtractor } from "../../intelligence/extractor.js"
import { termOf, words } from "../../intelligence/local/text-features.js"
import { extractBatches } from "../../documents/extract/extract-work.js"
import type { ParsedDocument } from "../../documents/parsed-document.js"
import { compileExtractSchema } from "../../documents/schema/compile.js"
import type { Taxonomy } from "../domains/domain-definition.js"
import type { Workspace } from "../workspace/workspace.js"
import type { WorkspaceFile } from "../files/workspace-file.js"

export const MAX_CLASSIFY_CHARS = 20_000
export const MAX_EXTRACT_CHARS = 300_000
const KEYWORDS = 12

export const CATALOG_SCHEMA = {
  type: "object",
  properties: {
    title: { type: "string", description: "the document's title" },
    document_date: { type: "string", description: "the date of the document" },
    reference_number: { type: "string", description: "the invoice, contract, policy, claim or reference number" },
    total_amount: { type: "number", description: "the total amount" },
    currency: { type: "string", description: "the currency of the amounts" },
    parties: { type: "array", items: { type: "string" }, description: "the parties named" }
  }
} as const

const compiledCatalog = (() => {
  const c = compileExtractSchema(CATALOG_SCHEMA)
  if (Either.isLeft(c)) throw new Error(`the catalog schema does not compile: ${c.left[0].message}`)
  return c.right
})()

export const taxonomyCategories = (taxonomy: Taxonomy): ReadonlyArray<TaxonomyCategory> =>
  taxonomy.classes.map((c) => ({
    key: `${c.group}/${c.subgroup}`,
    description: [c.description, c.document_type.replace(/_/g, " "), ...c.aliases].filter((s) => s !== "").join("; ")
  }))

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").slice(0, 60)

export const categoryOf = (c: Classification, allowOther: boolean): string | null => {
  if (c.categories.length > 0) return c.categories[0]!.key
  if (!allowOther) return null
  return `other/${slug(c.freeform ?? "") || "unclassified"}`
}

/** the 12 most frequent content terms, as their most frequent spelling */
export const keywordsOf = (text: string): Array<string> => {
  const stats = new Map<string, { count: number; first: number; spellings: Map<string, number> }>()
  let i = 0
  for (const w of words(text.slice(0, 200_000))) {
    i++
    if (w.length < 3) continue
    const t = termOf(w)
    if (t === null) continue
    const s = stats.get(t) ?? { count: 0, first: i, spellings: new Map() }
    s.count++
    s.spellings.set(w, (s.spellings.get(w) ?? 0) + 1)
    stats.set(t, s)
  }
  return [...stats.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, KEYWORDS)
    .map((s) => [...s.spellings.entries()].sort((a, b) => b[1] - a[1])[0]![0])
}

export interface Understanding {
  readonly category: string | null
  readonly access_label: string | null
  readonly summary: string | null
  readonly keywords: ReadonlyArray<string>
  readonly extracted_fields: Readonly<Record<string, unknown>>
}

const shapeFields = (raw: unknown): Record<string, unknown> => {
  const o = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>
  const str = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null)
  return {
    title: str(o.title),
    document_date: str(o.document_date),
    reference_number: str(o.reference_number),
    total_amount: typeof o.total_amount === "number" && Number.isFinite(o.total_amount) ? o.total_amount : null,
    currency: str(o.currency),
    parties: Array.isArray(o.parties) ? o.parties.filter((p): p is string => typeof p === "string" && p.trim() !== "").slice(0, 20) : []
  }
}

export const understand = (doc: ParsedDocument, markdown: string, file: WorkspaceFile, workspace: Workspace, taxonomy: Taxonomy) =>
  Effect.gen(function*() {
    const classifier = yield* DocumentClassifier
    const text = markdown.slice(0, MAX_CLASSIFY_CHARS)
    const c = yield* classifier.classify({ text, categories: taxonomyCategories(taxonomy), multiLabel: false })
    let accessLabel: string | null = null
    if (file.access_label_explicit) accessLabel = file.access_label
    else if (workspace.access.labels.length > 0) {
      const l = yield* classifier.classify({
        text,
        categories: workspace.access.labels.map((x) => ({ key: x.name, description: x.description })),
        multiLabel: false
      })
      accessLabel = l.categories[0]?.key ?? workspace.access.default_label
    }
    const batch = extractBatches(doc, 20)[0]
    // bounded: a first batch larger than MAX_EXTRACT_CHARS (a huge first sheet) is not read
    const fields = batch === undefined || batch.markdown.length > MAX_EXTRACT_CHARS ? shapeFields({}) : shapeFields(yield* (yield* FieldExtractor).extract({ schema: compiledCatalog, content: batch }))
    return {
      category: categoryOf(c, taxonomy.allow_other),
      access_label: accessLabel,
      summary: c.summary.trim() === "" ? null : c.summary,
      keywords: keywordsOf(doc.text),
      extracted_fields: fields
    } satisfies Understanding
  })
