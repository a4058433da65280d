/**
 * The catalog port (spec 3, "Filtered search"; DESIGN.md "Filtered search"): per workspace, the
 * entries of each catalogued file (one per component), queried by `CatalogQuery`. Adapters:
 * storage-memory, storage-pg; both run `catalogStoreSuite` (`testing/`).
 *
 * Rules every adapter keeps:
 * - A file's entries are replaced whole (`replaceFile`): a reader sees the old set or the new one,
 *   never a mix. A file replaced with no components is still catalogued (at its version): it was
 *   examined and yields no rows.
 * - Access is decided in the query by the entry's `access_label` and the caller's `visible`
 *   labels (`files/file-access.ts`): a hidden entry is never a row and only counts in
 *   `withheld`; `total` and `withheld` do not depend on the cursor or the limit.
 * - Matching and order are `catalog-query.ts`'s, identical in every adapter.
 * - A file's label, category and path change only when it is ingested again (no route moves a file
 *   or changes its label), and ingestion replaces its entries: there is no separate relabel.
 * - Every write moves the workspace's `revision` (a filtered search's page compares it with the
 *   one it was validated against: `catalog_drifted`).
 * - Another tenant's or workspace's entries are unreachable.
 */
import { Context, type Effect } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { VisibleLabels, Withheld } from "../files/file-store.js"
import type { CatalogFile } from "./catalog-entry.js"
import type { CatalogPage, CatalogQuery } from "./catalog-query.js"

/** What the workspace's catalog covers, as the caller may see it. */
export interface CatalogCoverage {
  /** visible files catalogued at the version asked */
  readonly current: number
  /** visible files catalogued at another (older) version: not covered until ingested again */
  readonly outdated: number
  /** catalogued files (either) the caller may not see */
  readonly withheld: Withheld
  /** moves on every write to the workspace's catalog; 0 for a workspace never catalogued */
  readonly revision: number
}

export interface CatalogStoreService {
  /** Replaces every entry of the file, atomically (the file's facts and its components). */
  readonly replaceFile: (tenantId: string, workspaceId: string, file: CatalogFile) => Effect.Effect<void, StorageUnavailable>
  /** Removes the file's entries; it is no longer catalogued. */
  readonly removeFile: (tenantId: string, workspaceId: string, fileId: string) => Effect.Effect<void, StorageUnavailable>
  readonly removeWorkspace: (tenantId: string, workspaceId: string) => Effect.Effect<void, StorageUnavailable>
  readonly query: (tenantId: string, workspaceId: string, query: CatalogQuery) => Effect.Effect<CatalogPage, StorageUnavailable>
  readonly coverage: (tenantId: string, workspaceId: string, visible: VisibleLabels, catalogVersion: number) => Effect.Effect<CatalogCoverage, StorageUnavailable>
  /**
   * Which of `fileIds` (at most 1000) are not catalogued at `catalogVersion`: with the workspace's
   * visible ingested files, paged from the file store, this says whether a result is `exhaustive`
   * (spec 3 rule 7: files ingested before the catalog existed are uncovered). In `fileIds` order.
   */
  readonly uncatalogued: (
    tenantId: string,
    workspaceId: string,
    fileIds: ReadonlyArray<string>,
    catalogVersion: number
  ) => Effect.Effect<ReadonlyArray<string>, StorageUnavailable>
}

export class CatalogStore extends Context.Tag("@docket/core/CatalogStore")<CatalogStore, CatalogStoreService>() {}
