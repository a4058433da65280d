/**
 * The domain-generation port of the intelligence engine (spec 3, "POST /v1/domains/generate"):
 * from a tenant's description of its documents, a draft taxonomy and ontology with a suggested
 * slug and display name. The draft is not saved; the route validates it and returns the
 * validation with it.
 *
 * Implementations: the local, deterministic generator (`local/local-domain-generator.ts`) and the
 * model-backed one (`@docket/intelligence-openai`). Both return drafts that pass `validateDomain`
 * (their answers go through `repairTaxonomy` / `repairOntology`).
 */
import { Context, type Effect } from "effect"
import { isReservedDomainSlug, isSlug, MAX_DISPLAY_NAME, MAX_SLUG, type Ontology, type Taxonomy } from "../workspaces/domains/domain-definition.js"
import { GENERIC_ONTOLOGY } from "../workspaces/domains/platform/generic.js"
import { repairOntology, repairTaxonomy, snakeName } from "../workspaces/domains/repair-domain.js"
import type { EngineFailed } from "./engine-error.js"

export interface GenerateDomainInput {
  /** what the tenant's documents are, in its own words */
  readonly description: string
  /** the name the tenant wants; the suggestion is it when given */
  readonly display_name?: string | undefined
  /** the slug the tenant wants; the suggestion is it when it is a valid, unreserved slug */
  readonly slug?: string | undefined
}

export interface GeneratedDomain {
  readonly taxonomy: Taxonomy
  readonly ontology: Ontology
  readonly suggested_slug: string
  readonly suggested_display_name: string
}

export interface DomainGeneratorService {
  readonly generate: (input: GenerateDomainInput) => Effect.Effect<GeneratedDomain, EngineFailed>
}

export class DomainGenerator extends Context.Tag("@docket/core/DomainGenerator")<DomainGenerator, DomainGeneratorService>() {}

/** What a generator proposes before it is settled. */
export interface ProposedDomain {
  readonly taxonomy: Taxonomy
  readonly ontology: Ontology
  /** a slug or a name to make one of */
  readonly slug: string
  readonly display_name: string
}

/**
 * A proposal made into a draft that passes `validateDomain`, named as the caller asked: the given
 * `display_name` (else the proposal's, else "Custom domain"); the given `slug` when it is a valid,
 * unreserved slug, else the snake_case form of the given display name, of the proposal's slug or of
 * its name — never a reserved slug
 * (`financial` becomes `financial_custom`). An empty ontology becomes the generic one.
 */
export const settleGeneratedDomain = (input: GenerateDomainInput, proposed: ProposedDomain): GeneratedDomain => {
  const tidy = (s: string | undefined) => (s ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_DISPLAY_NAME).trim()
  const suggested_display_name = tidy(input.display_name) || tidy(proposed.display_name) || "Custom domain"
  const wanted = (input.slug ?? "").trim()
  let suggested_slug = isSlug(wanted) && !isReservedDomainSlug(wanted)
    ? wanted
    : snakeName(tidy(input.display_name), MAX_SLUG) || snakeName(proposed.slug, MAX_SLUG) || snakeName(suggested_display_name, MAX_SLUG) || "custom_domain"
  if (isReservedDomainSlug(suggested_slug)) suggested_slug = `${suggested_slug}_custom`
  return {
    taxonomy: repairTaxonomy(proposed.taxonomy),
    ontology: repairOntology(proposed.ontology, GENERIC_ONTOLOGY),
    suggested_slug,
    suggested_display_name
  }
}
