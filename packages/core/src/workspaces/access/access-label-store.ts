/**
 * The storage port of the tenant's access-label catalog. Adapters implement it (storage-memory,
 * storage-pg) and pass `accessLabelStoreSuite` of `@docket/core/testing`. Lists are keyset pages
 * in creation order (`seq`, a per-store sequence: a label created while a client pages lands
 * after every cursor already handed out).
 */
import { Context, Data, type Effect, type Option } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { AccessLabel } from "./access-label.js"

/** The tenant's catalog already holds a label of this name. */
export class LabelNameTaken extends Data.TaggedError("LabelNameTaken")<{ readonly name: string }> {}

/** A page of a keyset list: `after` is the `seq` of the last item of the previous page. */
export interface KeysetPage {
  readonly limit: number
  readonly after?: number | undefined
}

export interface KeysetResult<A> {
  readonly items: ReadonlyArray<A & { readonly seq: number }>
  /** every item the list matches, on every page */
  readonly total: number
}

export interface AccessLabelStoreService {
  readonly create: (label: AccessLabel) => Effect.Effect<AccessLabel, LabelNameTaken | StorageUnavailable>
  readonly get: (tenantId: string, id: string) => Effect.Effect<Option.Option<AccessLabel>, StorageUnavailable>
  /** the labels of the catalog among `names` (those that exist) */
  readonly findByNames: (tenantId: string, names: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<AccessLabel>, StorageUnavailable>
  readonly list: (tenantId: string, page: KeysetPage) => Effect.Effect<KeysetResult<AccessLabel>, StorageUnavailable>
  readonly updateDescription: (
    tenantId: string,
    id: string,
    description: string,
    at: number
  ) => Effect.Effect<Option.Option<AccessLabel>, StorageUnavailable>
  /** true when it existed */
  readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean, StorageUnavailable>
}

export class AccessLabelStore extends Context.Tag("@docket/core/AccessLabelStore")<AccessLabelStore, AccessLabelStoreService>() {}
