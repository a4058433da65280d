/**
 * Whether a filtered search is a census (spec 3 rules 4 and 7): every ingested file the caller
 * may see in the query's scope (`path_prefix`) has catalog entries of the current
 * `CATALOG_VERSION`. A file ingested before the catalog existed (or by an older extraction) is
 * uncovered: its matches cannot be counted, so no result over its scope is exhaustive until it is
 * ingested again. Files are paged from the file store, 1000 at a time.
 */
import { Effect } from "effect"
import { CatalogStore } from "../catalog/catalog-store.js"
import { CATALOG_VERSION } from "../catalog/catalog-version.js"
import { type FileCursor, type VisibleLabels, WorkspaceFileStore } from "../files/file-store.js"

const BATCH = 1000

export const catalogCoversScope = (tenantId: string, workspaceId: string, visible: VisibleLabels, pathPrefix: string) =>
  Effect.gen(function*() {
    const files = yield* WorkspaceFileStore
    const catalog = yield* CatalogStore
    let after: FileCursor | undefined
    for (;;) {
      const page = yield* files.list(tenantId, workspaceId, {
        visible,
        order: "path",
        limit: BATCH,
        ingestion_status: ["ingested"],
        ...(pathPrefix === "" ? {} : { path_prefix: pathPrefix }),
        ...(after === undefined ? {} : { after })
      })
      const ids = page.items.map((f) => f.file_id)
      if (ids.length > 0 && (yield* catalog.uncatalogued(tenantId, workspaceId, ids, CATALOG_VERSION)).length > 0) return false
      if (page.next_cursor === null) return true
      after = page.next_cursor
    }
  })
