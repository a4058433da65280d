/**
 * The storage port of workspaces. Adapters implement it (storage-memory, storage-pg) and pass
 * `workspaceStoreSuite` of `@docket/core/testing`. Lists are keyset pages in creation order
 * (`seq`), filtered by a case-insensitive substring of the name (`%` and `_` literal).
 */
import { Context, Data, type Effect, type Option } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { KeysetPage, KeysetResult } from "../access/access-label-store.js"
import type { Workspace, WorkspacePolicies } from "./workspace.js"

/** The workspace is being deleted: it takes no more writes. */
export class WorkspaceIsDeleting extends Data.TaggedError("WorkspaceIsDeleting")<{ readonly workspaceId: string }> {}

export interface WorkspaceListQuery extends KeysetPage {
  readonly nameContains?: string | undefined
}

export interface WorkspaceStoreService {
  readonly create: (workspace: Workspace) => Effect.Effect<Workspace, StorageUnavailable>
  readonly get: (tenantId: string, workspaceId: string) => Effect.Effect<Option.Option<Workspace>, StorageUnavailable>
  readonly list: (tenantId: string, query: WorkspaceListQuery) => Effect.Effect<KeysetResult<Workspace>, StorageUnavailable>
  /** replaces the blocks given, `config_version` + 1, atomically; an active workspace only */
  readonly updatePolicies: (
    tenantId: string,
    workspaceId: string,
    policies: WorkspacePolicies,
    at: number
  ) => Effect.Effect<Option.Option<Workspace>, WorkspaceIsDeleting | StorageUnavailable>
  /** status `deleting` (idempotent); none when there is no such workspace */
  readonly markDeleting: (tenantId: string, workspaceId: string, at: number) => Effect.Effect<Option.Option<Workspace>, StorageUnavailable>
  /** true when it existed */
  readonly remove: (tenantId: string, workspaceId: string) => Effect.Effect<boolean, StorageUnavailable>
  /**
   * retention: active workspaces of every tenant whose policy expires files (`derived_ttl_days`
   * or `source_ttl_days` set), in creation order after `afterSeq`, at most `limit`
   */
  readonly listRetained: (afterSeq: number, limit: number) => Effect.Effect<ReadonlyArray<Workspace & { readonly seq: number }>, StorageUnavailable>
  /** whether a workspace of the tenant declares the access label `label` */
  readonly declaresLabel: (tenantId: string, label: string) => Effect.Effect<boolean, StorageUnavailable>
}

export class WorkspaceStore extends Context.Tag("@docket/core/WorkspaceStore")<WorkspaceStore, WorkspaceStoreService>() {}
