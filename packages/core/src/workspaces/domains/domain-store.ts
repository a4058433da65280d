/**
 * The storage port of tenant domains (platform domains live in code). Adapters implement it
 * (storage-memory, storage-pg) and pass `domainStoreSuite` of `@docket/core/testing`. A slug is
 * unique in its tenant; versions of a domain are numbered from 1 without gaps; a published version
 * never changes again.
 */
import { Context, Data, type Effect, type Option } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { KeysetPage, KeysetResult } from "../access/access-label-store.js"
import type { DomainStatus, DomainVersion } from "./domain.js"

/** Another domain of the tenant has this slug. */
export class DomainSlugTaken extends Data.TaggedError("DomainSlugTaken")<{ readonly slug: string }> {}

/** The version already exists (a concurrent edit took the number first). */
export class DomainVersionTaken extends Data.TaggedError("DomainVersionTaken")<{ readonly domainId: string; readonly version: number }> {}

export interface DomainListQuery extends KeysetPage {
  /** matches the status of each domain's latest version */
  readonly status?: DomainStatus | undefined
}

export interface DomainStoreService {
  /** version 1 of a new domain */
  readonly create: (domain: DomainVersion) => Effect.Effect<DomainVersion, DomainSlugTaken | StorageUnavailable>
  /** the next version of an existing domain (`version` = latest + 1) */
  readonly addVersion: (domain: DomainVersion) => Effect.Effect<DomainVersion, DomainVersionTaken | StorageUnavailable>
  /** replaces a draft version's content; none when it is not a draft (any more) */
  readonly replaceDraft: (domain: DomainVersion) => Effect.Effect<Option.Option<DomainVersion>, StorageUnavailable>
  /** publishes a draft version; none when it is not a draft (any more) */
  readonly publish: (
    tenantId: string,
    domainId: string,
    version: number,
    at: number
  ) => Effect.Effect<Option.Option<DomainVersion>, StorageUnavailable>
  /** every version of the domain, oldest first (empty: no such domain in the tenant) */
  readonly versions: (tenantId: string, domainId: string) => Effect.Effect<ReadonlyArray<DomainVersion>, StorageUnavailable>
  /** every version of the tenant's domain with this slug, oldest first */
  readonly versionsBySlug: (tenantId: string, slug: string) => Effect.Effect<ReadonlyArray<DomainVersion>, StorageUnavailable>
  /** the latest version of each of the tenant's domains, in creation order of the domains */
  readonly list: (tenantId: string, query: DomainListQuery) => Effect.Effect<KeysetResult<DomainVersion>, StorageUnavailable>
}

export class DomainStore extends Context.Tag("@docket/core/DomainStore")<DomainStore, DomainStoreService>() {}
