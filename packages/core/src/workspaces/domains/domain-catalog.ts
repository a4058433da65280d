/**
 * The domains a tenant sees (spec 3, "Domains"): the platform domains (in code, version 1,
 * published, the same for every tenant) and its own, each a family of numbered versions. Reads
 * resolve inheritance (`parent_slug`: a platform domain, or the latest published version of a
 * tenant domain); create and edit refuse a draft that fails validation (422
 * `domain_validation_failed`, every problem listed); editing a published version starts draft n+1;
 * publishing validates again (the parent may have changed) and freezes the version.
 */
import { createHash } from "node:crypto"
import { Clock, Effect, Option } from "effect"
import { Ids } from "../../kernel/ids.js"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import type { DomainDraft, DomainValidation, Ontology, Taxonomy } from "./domain-definition.js"
import { isReservedDomainSlug } from "./domain-definition.js"
import type { DomainStatus, DomainVersion } from "./domain.js"
import { DomainStore } from "./domain-store.js"
import {
  DomainEditConflict,
  DomainNotFound,
  DomainNotPublished,
  DomainSlugInUse,
  DomainValidationFailed,
  PlatformDomainReadOnly,
  ReservedDomainSlug
} from "./errors.js"
import { type DomainParent, effectiveDomain } from "./inheritance.js"
import { GENERIC_ONTOLOGY, PLATFORM_DOMAINS } from "./platform/index.js"
import { validateDomain } from "./validate-domain.js"

/** When the platform domains were published (fixed: they are part of the release, not of a tenant's history). */
const PLATFORM_PUBLISHED_AT = Date.UTC(2026, 0, 1)

/** A stable UUID per platform slug (name-based, SHA-1, RFC 4122 version 5 layout), the same in every deployment. */
const platformDomainId = (slug: string): string => {
  const h = createHash("sha1").update(`docket:platform-domain:${slug}`).digest()
  h[6] = (h[6]! & 0x0f) | 0x50
  h[8] = (h[8]! & 0x3f) | 0x80
  const x = h.subarray(0, 16).toString("hex")
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`
}

export const PLATFORM_VERSIONS: ReadonlyArray<DomainVersion> = PLATFORM_DOMAINS.map((d) => ({
  domain_id: platformDomainId(d.slug),
  tenant_id: null,
  owner: "platform",
  slug: d.slug,
  display_name: d.display_name,
  parent_slug: d.parent_slug,
  version: 1,
  status: "published",
  taxonomy: d.taxonomy,
  ontology: d.ontology,
  published_at: PLATFORM_PUBLISHED_AT,
  created_at: PLATFORM_PUBLISHED_AT,
  updated_at: PLATFORM_PUBLISHED_AT
}))

/** Inheritance chains longer than this are refused as unknown parents (and cycles end here). */
const MAX_DEPTH = 8

const draftOf = (v: Pick<DomainVersion, "slug" | "display_name" | "parent_slug" | "taxonomy" | "ontology">): DomainDraft => ({
  slug: v.slug,
  display_name: v.display_name,
  parent_slug: v.parent_slug,
  taxonomy: v.taxonomy,
  ontology: v.ontology
})

/** The latest published version of the tenant's domain `slug` (platform first: its slugs are reserved). */
const publishedBySlug = (tenantId: string, slug: string) =>
  Effect.gen(function*() {
    const platform = PLATFORM_VERSIONS.find((v) => v.slug === slug)
    if (platform !== undefined) return Option.some(platform)
    const versions = yield* (yield* DomainStore).versionsBySlug(tenantId, slug)
    return Option.fromNullable(versions.filter((v) => v.status === "published").at(-1))
  })

/** The effective content of the domain `slug` as a parent (none when it names no published domain). */
const parentOf = (tenantId: string, slug: string | null, depth: number): Effect.Effect<DomainParent | null, StorageUnavailable, DomainStore> =>
  Effect.gen(function*() {
    if (slug === null || depth >= MAX_DEPTH) return null
    const found = yield* publishedBySlug(tenantId, slug)
    if (Option.isNone(found)) return null
    const grand = yield* parentOf(tenantId, found.value.parent_slug, depth + 1)
    const effective = effectiveDomain(draftOf(found.value), grand)
    return { taxonomy: effective.taxonomy, ontology: effective.ontology }
  })

/** The version with inheritance resolved, and its validation. */
export const resolveDomain = (tenantId: string, v: DomainVersion) =>
  Effect.gen(function*() {
    // a domain is never its own parent, even through a chain
    const parent = v.parent_slug === v.slug ? null : yield* parentOf(tenantId, v.parent_slug, 0)
    const draft = draftOf(v)
    return { effective: effectiveDomain(draft, parent), validation: validateDomain(draft, parent) }
  })

/** Whether a workspace can pin some version of the domain: a tenant draft n > 1 always follows a published n - 1. */
const selectable = (v: DomainVersion) => v.status === "published" || v.version > 1

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export const domainSummaryView = (v: DomainVersion, effective: DomainDraft) => ({
  domain_id: v.domain_id,
  slug: v.slug,
  display_name: v.display_name,
  owner: v.owner,
  version: v.version,
  status: v.status,
  parent_slug: v.parent_slug,
  class_count: effective.taxonomy.classes.length,
  selectable: selectable(v),
  created_at: iso(v.created_at),
  updated_at: iso(v.updated_at)
})

export const domainDetailView = (v: DomainVersion, effective: DomainDraft) => ({
  ...domainSummaryView(v, effective),
  taxonomy: effective.taxonomy,
  ontology: effective.ontology,
  published_at: iso(v.published_at)
})

/** Every version of a domain the tenant sees by id (platform or own); empty when none. */
const versionsOf = (tenantId: string, domainId: string) =>
  Effect.gen(function*() {
    const platform = PLATFORM_VERSIONS.find((v) => v.domain_id === domainId)
    if (platform !== undefined) return [platform] as ReadonlyArray<DomainVersion>
    return yield* (yield* DomainStore).versions(tenantId, domainId)
  })

/** A domain (its latest version, or `version`), inheritance resolved. */
export const getDomain = (tenantId: string, domainId: string, version?: number) =>
  Effect.gen(function*() {
    const versions = yield* versionsOf(tenantId, domainId)
    const v = version === undefined ? versions.at(-1) : versions.find((x) => x.version === version)
    if (v === undefined) return yield* new DomainNotFound({ what: version === undefined ? domainId : `${domainId} version ${version}` })
    const { effective } = yield* resolveDomain(tenantId, v)
    return domainDetailView(v, effective)
  })

/**
 * Cursor positions of the list: the platform domains first (position = index + 1), then the
 * tenant's in creation order (position = `TENANT_POSITIONS` + the store's `seq`).
 */
const TENANT_POSITIONS = 1000

export interface DomainListQuery {
  readonly owner?: "platform" | "tenant" | undefined
  readonly status?: DomainStatus | undefined
  readonly limit: number
  /** position of the last item of the previous page */
  readonly after?: number | undefined
}

/** A page of summaries: `items` (up to `limit + 1`, to tell whether there is more), each with its position. */
export const listDomains = (tenantId: string, q: DomainListQuery) =>
  Effect.gen(function*() {
    const after = q.after ?? 0
    const platform = q.owner === "tenant" || q.status === "draft"
      ? []
      : PLATFORM_VERSIONS.map((v, i) => ({ v, seq: i + 1 }))
    const platformPage = platform.filter((p) => p.seq > after).slice(0, q.limit)
    const tenant = q.owner === "platform"
      ? { items: [], total: 0 }
      : yield* (yield* DomainStore).list(tenantId, {
        status: q.status,
        limit: Math.max(0, q.limit - platformPage.length),
        after: Math.max(0, after - TENANT_POSITIONS)
      })
    const items = [
      ...platformPage,
      ...tenant.items.map((v) => ({ v: v as DomainVersion, seq: TENANT_POSITIONS + v.seq }))
    ]
    const resolved = yield* Effect.forEach(items, ({ v, seq }) => Effect.map(resolveDomain(tenantId, v), ({ effective }) => ({ ...domainSummaryView(v, effective), seq })))
    return { items: resolved, total: platform.length + tenant.total }
  })

export interface DomainInput {
  readonly slug: string
  readonly display_name: string
  readonly parent_slug?: string | null | undefined
  readonly taxonomy: Taxonomy
  readonly ontology?: Ontology | undefined
}

const refuseInvalid = (validation: DomainValidation) => validation.valid ? Effect.void : Effect.fail(new DomainValidationFailed({ validation }))

/** A new tenant domain, version 1, a draft: `{domain, validation}`. */
export const createDomain = (tenantId: string, input: DomainInput) =>
  Effect.gen(function*() {
    if (isReservedDomainSlug(input.slug)) return yield* new ReservedDomainSlug({ slug: input.slug })
    const at = yield* Clock.currentTimeMillis
    const v: DomainVersion = {
      domain_id: (yield* Ids).uuid(),
      tenant_id: tenantId,
      owner: "tenant",
      slug: input.slug,
      display_name: input.display_name,
      parent_slug: input.parent_slug ?? null,
      version: 1,
      status: "draft",
      taxonomy: input.taxonomy,
      // spec 3: "ontology (optional, defaults to the generic ontology)"
      ontology: input.ontology ?? GENERIC_ONTOLOGY,
      published_at: null,
      created_at: at,
      updated_at: at
    }
    const { effective, validation } = yield* resolveDomain(tenantId, v)
    yield* refuseInvalid(validation)
    const created = yield* (yield* DomainStore).create(v).pipe(
      Effect.catchTag("DomainSlugTaken", (e) => Effect.fail(new DomainSlugInUse({ slug: e.slug })))
    )
    return { domain: domainDetailView(created, effective), validation }
  })

export interface DomainPatch {
  readonly display_name?: string | undefined
  readonly taxonomy?: Taxonomy | undefined
  readonly ontology?: Ontology | undefined
}

/** Edits the latest draft in place, or starts draft n+1 from the latest published version. */
export const patchDomain = (tenantId: string, domainId: string, patch: DomainPatch) =>
  Effect.gen(function*() {
    const versions = yield* versionsOf(tenantId, domainId)
    const latest = versions.at(-1)
    if (latest === undefined) return yield* new DomainNotFound({ what: domainId })
    if (latest.owner === "platform") return yield* new PlatformDomainReadOnly({ slug: latest.slug })
    const at = yield* Clock.currentTimeMillis
    const next: DomainVersion = {
      ...latest,
      display_name: patch.display_name ?? latest.display_name,
      taxonomy: patch.taxonomy ?? latest.taxonomy,
      ontology: patch.ontology ?? latest.ontology,
      updated_at: at,
      ...(latest.status === "published" ? { version: latest.version + 1, status: "draft" as const, published_at: null, created_at: at } : {})
    }
    const { effective, validation } = yield* resolveDomain(tenantId, next)
    yield* refuseInvalid(validation)
    const store = yield* DomainStore
    const saved = latest.status === "published"
      ? yield* store.addVersion(next).pipe(Effect.catchTag("DomainVersionTaken", () => Effect.fail(new DomainEditConflict({ domainId }))))
      : yield* Effect.flatMap(store.replaceDraft(next), Option.match({ onNone: () => Effect.fail(new DomainEditConflict({ domainId })), onSome: Effect.succeed }))
    return { domain: domainDetailView(saved, effective), validation }
  })

/** Publishes the latest draft (validated again); an already published latest version is answered as it is. */
export const publishDomain = (tenantId: string, domainId: string) =>
  Effect.gen(function*() {
    const versions = yield* versionsOf(tenantId, domainId)
    const latest = versions.at(-1)
    if (latest === undefined) return yield* new DomainNotFound({ what: domainId })
    const { effective, validation } = yield* resolveDomain(tenantId, latest)
    if (latest.status === "published") return { domain: domainDetailView(latest, effective), validation }
    yield* refuseInvalid(validation)
    const published = yield* Effect.flatMap(
      (yield* DomainStore).publish(tenantId, domainId, latest.version, yield* Clock.currentTimeMillis),
      Option.match({ onNone: () => Effect.fail(new DomainEditConflict({ domainId })), onSome: Effect.succeed })
    )
    return { domain: domainDetailView(published, effective), validation }
  })

/**
 * The published version a workspace pins: `domain_slug`'s latest published version, or exactly
 * `version` (404 when it does not exist, 409 `domain_not_published` when it is a draft).
 */
export const pinnedDomain = (tenantId: string, slug: string, version?: number) =>
  Effect.gen(function*() {
    const platform = PLATFORM_VERSIONS.find((v) => v.slug === slug)
    const versions = platform !== undefined ? [platform] : yield* (yield* DomainStore).versionsBySlug(tenantId, slug)
    if (versions.length === 0) return yield* new DomainNotFound({ what: slug })
    if (version !== undefined) {
      const v = versions.find((x) => x.version === version)
      if (v === undefined) return yield* new DomainNotFound({ what: `${slug} version ${version}` })
      if (v.status !== "published") return yield* new DomainNotPublished({ what: `${slug} version ${version}` })
      return v
    }
    const published = versions.filter((v) => v.status === "published").at(-1)
    if (published === undefined) return yield* new DomainNotPublished({ what: slug })
    return published
  })
