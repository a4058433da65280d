/**
 * A stored domain version (spec 3, "Domain"; "Versioning"): a tenant domain is a family of
 * numbered versions under one `domain_id`, the latest either a draft (edited in place) or
 * published (frozen; editing it starts draft n+1). Platform domains are version 1, published,
 * the same for every tenant, and live in code (`./platform/`), not in a store.
 */
import type { Ontology, Taxonomy } from "./domain-definition.js"

export type DomainOwner = "platform" | "tenant"
export type DomainStatus = "draft" | "published"

export interface DomainVersion {
  readonly domain_id: string
  /** null for platform domains */
  readonly tenant_id: string | null
  readonly owner: DomainOwner
  readonly slug: string
  readonly display_name: string
  readonly parent_slug: string | null
  readonly version: number
  readonly status: DomainStatus
  /** as declared (a child declares only what it adds; `effectiveDomain` resolves it) */
  readonly taxonomy: Taxonomy
  readonly ontology: Ontology
  readonly published_at: number | null
  readonly created_at: number
  readonly updated_at: number
}
