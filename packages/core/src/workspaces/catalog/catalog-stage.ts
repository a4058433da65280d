/**
 * The catalog's ingestion stage (`ingestion/stages.ts`): each file ingested gets its catalog
 * entries replaced by this ingestion's (its components' cells, the category and access label
 * this ingestion decided, the taxonomy's document type, `CATALOG_VERSION`); a file whose derived
 * representations go (expiry, delete, re-ingestion) loses them.
 */
import { Effect } from "effect"
import type { CatalogExtractor } from "../../intelligence/catalog-extractor.js"
import { contentKindOf } from "../files/content-kind.js"
import type { IngestionStage } from "../ingestion/stages.js"
import { catalogComponentsOf } from "./catalog-components.js"
import { CatalogStore } from "./catalog-store.js"
import { CATALOG_VERSION } from "./catalog-version.js"
import { documentTypeOf } from "./document-type.js"

export const catalogStage: IngestionStage<CatalogStore | CatalogExtractor> = {
  name: "catalog",
  afterFileIngested: (f) =>
    Effect.gen(function*() {
      const components = yield* catalogComponentsOf(f.document, contentKindOf(f.file.path, f.file.file_type))
      yield* (yield* CatalogStore).replaceFile(f.workspace.tenant_id, f.workspace.workspace_id, {
        file_id: f.file.file_id,
        path: f.file.path,
        document_type: documentTypeOf(f.category, f.taxonomy),
        category: f.category,
        access_label: f.access_label,
        catalog_version: CATALOG_VERSION,
        components
      })
    }),
  onFileDropped: (tenantId, workspaceId, fileId) => Effect.flatMap(CatalogStore, (s) => s.removeFile(tenantId, workspaceId, fileId))
}
