/** Domains over HTTP (spec 3, "Domains"): list, read (inheritance resolved), create, edit, publish. */
import { Effect, Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"
import { jsonBodyOf } from "../../api/endpoint.js"
import { docsJson } from "../../api/envelope.js"
import { EmptyObject, optionalParam, queryInt, queryLiteral } from "../../api/schemas.js"
import { MAX_DISPLAY_NAME, MAX_SLUG, OntologySchema, SLUG_PATTERN, TaxonomySchema } from "../domains/domain-definition.js"
import { createDomain, getDomain, listDomains, patchDomain, publishDomain } from "../domains/domain-catalog.js"
import { PageFields, pageOf } from "../page.js"
import { workspaceEndpoint } from "./endpoints.js"
import { ServiceUnavailable } from "../../api/errors.js"
import { DomainGenerator } from "../../intelligence/domain-generator.js"
import { validateDomain } from "../domains/validate-domain.js"
import { storeDown } from "./store-errors.js"

const TAG = "domains"

export const DomainSlug = Schema.String.pipe(
  Schema.maxLength(MAX_SLUG),
  Schema.pattern(SLUG_PATTERN),
  fieldMessage(`must be lower-case letters and digits in words joined by single underscores (${SLUG_PATTERN.source}), at most ${MAX_SLUG} characters`)
)

export const DisplayName = Schema.String.pipe(
  Schema.filter((s) => s.trim().length > 0),
  Schema.maxLength(MAX_DISPLAY_NAME),
  fieldMessage(`must be a non-blank string of at most ${MAX_DISPLAY_NAME} characters`)
)

const CreateBody = Schema.Struct({
  slug: DomainSlug,
  display_name: DisplayName,
  /** documented extension: a tenant domain may extend another (a platform domain or a published one of its own) */
  parent_slug: Schema.optional(Schema.NullOr(DomainSlug)),
  taxonomy: TaxonomySchema,
  ontology: Schema.optional(OntologySchema)
})

const PatchBody = Schema.Struct({
  display_name: Schema.optional(DisplayName),
  taxonomy: Schema.optional(TaxonomySchema),
  ontology: Schema.optional(OntologySchema)
})

const DomainParams = Schema.Struct({ domain_id: Schema.String })

const ListQuery = Schema.Struct({
  owner: optionalParam(queryLiteral(["platform", "tenant"] as const, "must be platform or tenant")),
  status: optionalParam(queryLiteral(["draft", "published"] as const, "must be draft or published")),
  ...PageFields
})

const VersionQuery = Schema.Struct({ version: optionalParam(queryInt(1, 1_000_000)) })

/** the description is the generator's prompt: bounded like a search's `context` */
export const GENERATE_DESCRIPTION_MAX = 20_000

const GenerateBody = Schema.Struct({
  description: Schema.String.pipe(
    Schema.filter((s) => s.trim().length > 0),
    Schema.maxLength(GENERATE_DESCRIPTION_MAX),
    fieldMessage(`must be a non-blank description of your documents, at most ${GENERATE_DESCRIPTION_MAX} characters`)
  ),
  display_name: Schema.optional(DisplayName),
  slug: Schema.optional(DomainSlug)
})

/** An unsaved draft from a description, validated (the generators' drafts pass validation). */
const generate = (body: typeof GenerateBody.Type) =>
  Effect.gen(function*() {
    const generator = yield* DomainGenerator
    const draft = yield* generator.generate(body).pipe(
      Effect.mapError((e) => new ServiceUnavailable({ message: `domain generation failed (${e.message}); retry shortly` }))
    )
    const validation = validateDomain(
      { slug: draft.suggested_slug, display_name: draft.suggested_display_name, parent_slug: null, taxonomy: draft.taxonomy, ontology: draft.ontology },
      null
    )
    return { ...draft, validation }
  })

const WITH_VALIDATION = { status: 200, description: "`{domain, validation}`" }
const DOMAIN_ERRORS = [[404, "domain_not_found"], [409, "domain_edit_conflict"], [422, "invalid_request"], [422, "domain_validation_failed"]] as const

export const domainEndpoints = [
  workspaceEndpoint({
    method: "POST",
    path: "/v1/domains/generate",
    costClass: "slow",
    tag: TAG,
    summary: "Draft a taxonomy and ontology from a description (unsaved; slow; creates no job)",
    body: jsonBodyOf(GenerateBody),
    responses: [{ status: 200, description: "`{taxonomy, ontology, suggested_slug, suggested_display_name, validation}`" }],
    errors: [[422, "invalid_request"]],
    handler: ({ ctx, body }) => Effect.map(generate(body), (r) => docsJson(200, r, ctx.requestId))
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/domains",
    tag: TAG,
    summary: "List the domains you can use: the platform's, then yours (each at its latest version)",
    query: ListQuery,
    responses: [{ status: 200, description: "`{items, next_cursor, total_count}` of domain summaries" }],
    errors: [[422, "invalid_request"]],
    handler: ({ ctx, caller, query }) =>
      Effect.map(
        listDomains(caller.tenant.tenant_id, { owner: query.owner, status: query.status, limit: query.limit + 1, after: query.cursor }).pipe(storeDown),
        (r) => docsJson(200, pageOf(r, query.limit, ({ seq: _, ...summary }) => summary), ctx.requestId)
      )
  }),
  workspaceEndpoint({
    method: "GET",
    path: "/v1/domains/:domain_id",
    tag: TAG,
    summary: "Read a domain (its latest version, or `version`), inheritance resolved",
    params: DomainParams,
    query: VersionQuery,
    responses: [{ status: 200, description: "the domain with `taxonomy`, `ontology`, `published_at`" }],
    errors: [[404, "domain_not_found"], [422, "invalid_request"]],
    handler: ({ ctx, caller, params, query }) =>
      Effect.map(getDomain(caller.tenant.tenant_id, params.domain_id, query.version).pipe(storeDown), (d) => docsJson(200, d, ctx.requestId))
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/domains",
    tag: TAG,
    summary: "Create a domain (version 1, a draft)",
    body: jsonBodyOf(CreateBody),
    responses: [{ ...WITH_VALIDATION, status: 201 }],
    errors: [[409, "reserved_domain_slug"], [409, "domain_slug_taken"], [422, "invalid_request"], [422, "domain_validation_failed"]],
    handler: ({ ctx, caller, body }) =>
      Effect.map(createDomain(caller.tenant.tenant_id, body).pipe(storeDown), (r) => docsJson(201, r, ctx.requestId))
  }),
  workspaceEndpoint({
    method: "PATCH",
    path: "/v1/domains/:domain_id",
    tag: TAG,
    summary: "Edit a domain: a draft in place; a published version gets a new draft n+1",
    params: DomainParams,
    body: jsonBodyOf(PatchBody),
    responses: [WITH_VALIDATION],
    errors: [...DOMAIN_ERRORS],
    handler: ({ ctx, caller, params, body }) =>
      Effect.map(patchDomain(caller.tenant.tenant_id, params.domain_id, body).pipe(storeDown), (r) => docsJson(200, r, ctx.requestId))
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/domains/:domain_id/publish",
    tag: TAG,
    summary: "Publish a domain's latest draft (validated; frozen afterwards)",
    params: DomainParams,
    body: jsonBodyOf(EmptyObject, { emptyIsObject: true }),
    responses: [WITH_VALIDATION],
    errors: [...DOMAIN_ERRORS],
    handler: ({ ctx, caller, params }) =>
      Effect.map(publishDomain(caller.tenant.tenant_id, params.domain_id).pipe(storeDown), (r) => docsJson(200, r, ctx.requestId))
  })
]
