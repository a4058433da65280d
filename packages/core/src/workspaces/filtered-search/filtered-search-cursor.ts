/**
 * The `next_cursor` of a filtered-search result (spec 3 rules 2 and 3): opaque to the caller,
 * base64url JSON of the job that ran the query (the root `query` job, also for pages of pages),
 * the catalog `revision` that query was validated against (a page compares it: `catalog_drifted`)
 * and where the catalog's keyset resumes (`encodeCatalogCursor`). A token that does not decode is
 * none (the route answers 422).
 */
import { Option } from "effect"
import { decodeCatalogCursor, encodeCatalogCursor, type CatalogCursor } from "../catalog/catalog-query.js"

export interface FilteredSearchCursor {
  readonly job_id: string
  readonly revision: number
  readonly after: CatalogCursor
}

export const encodeFilteredCursor = (c: FilteredSearchCursor): string =>
  Buffer.from(JSON.stringify({ j: c.job_id, r: c.revision, c: encodeCatalogCursor(c.after) })).toString("base64url")

export const decodeFilteredCursor = (token: string): Option.Option<FilteredSearchCursor> => {
  try {
    const v = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as { j?: unknown; r?: unknown; c?: unknown }
    if (typeof v.j !== "string" || !Number.isSafeInteger(v.r) || typeof v.c !== "string") return Option.none()
    const job_id = v.j
    const revision = v.r as number
    return Option.map(decodeCatalogCursor(v.c), (after) => ({ job_id, revision, after }))
  } catch {
    return Option.none()
  }
}
