/**
 * The catalog-extraction port of the intelligence engine (spec 3, "Filtered search"): the
 * catalog's fields (`workspaces/catalog/catalog-fields.ts`) read from one component of a file —
 * a document's pages or a sheet — each value with its citation (the page and the line it was read
 * from).
 *
 * What an implementation answers, per field: `found` cells (one per value of a repeated field)
 * with a normalized value (dates `YYYY-MM-DD`; money a plain decimal and an ISO 4217 code, as
 * printed, never converted); `ambiguous` when the value is there but does not normalize (money
 * without a currency: the value is the printed text); nothing for a field it looked for and did
 * not find (the caller records `not_found`). It never guesses a currency or a date it did not
 * read. Components it cannot read (no text) are `unexamined`, decided by the caller.
 *
 * Implementations: the local, rule-based one (`local/local-catalog-extractor.ts`) and the
 * model-backed one (`@docket/intelligence-openai`).
 */
import { Context, type Effect } from "effect"
import type { CatalogCell } from "../workspaces/catalog/catalog-entry.js"
import type { EngineFailed } from "./engine-error.js"

/** A page of the component (a sheet is one page whose number is null). */
export interface CatalogPageText {
  readonly page: number | null
  readonly text: string
}

export interface CatalogExtractInput {
  readonly component_kind: "document" | "sheet" | "media"
  readonly pages: ReadonlyArray<CatalogPageText>
}

export interface CatalogExtractorService {
  /** the cells found or ambiguous; fields left out are `not_found` */
  readonly extract: (input: CatalogExtractInput) => Effect.Effect<ReadonlyArray<CatalogCell>, EngineFailed>
}

export class CatalogExtractor extends Context.Tag("@docket/core/CatalogExtractor")<CatalogExtractor, CatalogExtractorService>() {}
