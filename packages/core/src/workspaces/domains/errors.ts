/** The refusals of the domain routes and of a workspace's domain (spec 3, "Errors"), as v1 errors. */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../../api/errors.js"
import type { DomainValidation } from "./domain-definition.js"

/** 404 `domain_not_found`: no such domain (or version) visible to the tenant. */
export class DomainNotFound extends Data.TaggedError("DomainNotFound")<{ readonly what: string }> implements ApiError {
  get text() {
    return `domain ${this.what} not found`
  }
  get flat(): FlatError {
    return { status: 404, code: "not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: "domain_not_found" }
  }
}

/** 409 `domain_not_published`: a workspace pins published versions only. */
export class DomainNotPublished extends Data.TaggedError("DomainNotPublished")<{ readonly what: string }> implements ApiError {
  get text() {
    return `domain ${this.what} has no published version to pin; publish it first (POST /v1/domains/{domain_id}/publish)`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "domain_not_published" }
  }
}

/** 409 `reserved_domain_slug`: the slug of a platform domain. */
export class ReservedDomainSlug extends Data.TaggedError("ReservedDomainSlug")<{ readonly slug: string }> implements ApiError {
  get text() {
    return `the slug ${this.slug} is reserved for a platform domain; choose another`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "reserved_domain_slug", detail: { slug: this.slug } }
  }
}

/** 409 `domain_slug_taken`: another domain of the tenant has the slug (documented extension). */
export class DomainSlugInUse extends Data.TaggedError("DomainSlugInUse")<{ readonly slug: string }> implements ApiError {
  get text() {
    return `a domain with the slug ${this.slug} already exists; edit it (PATCH /v1/domains/{domain_id}) or choose another slug`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "domain_slug_taken", detail: { slug: this.slug } }
  }
}

/** 409 `domain_edit_conflict`: another edit of the same domain won the race; retry. */
export class DomainEditConflict extends Data.TaggedError("DomainEditConflict")<{ readonly domainId: string }> implements ApiError {
  get text() {
    return `domain ${this.domainId} was changed by another request at the same time; read it again and retry`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "domain_edit_conflict", retryable: true }
  }
}

/** 422 `domain_validation_failed`, with every problem in `detail.errors` and the validation. */
export class DomainValidationFailed extends Data.TaggedError("DomainValidationFailed")<{ readonly validation: DomainValidation }> implements ApiError {
  get text() {
    const first = this.validation.errors[0]
    return first === undefined ? "the domain is not valid" : `the domain is not valid: ${first.path}: ${first.message}` +
      (this.validation.errors.length > 1 ? ` (and ${this.validation.errors.length - 1} more in detail.errors)` : "")
  }
  get flat(): FlatError {
    return { status: 422, code: "validation_error" }
  }
  get v1(): V1Error {
    return { status: 422, code: "domain_validation_failed", detail: { errors: this.validation.errors, validation: this.validation } }
  }
}

/** 422 `invalid_request`: platform domains are read-only. */
export class PlatformDomainReadOnly extends Data.TaggedError("PlatformDomainReadOnly")<{ readonly slug: string }> implements ApiError {
  get text() {
    return `platform domain ${this.slug} cannot be changed; create a domain of your own with parent_slug ${JSON.stringify(this.slug)} to extend it`
  }
  get flat(): FlatError {
    return { status: 422, code: "validation_error" }
  }
  get v1(): V1Error {
    return { status: 422, code: "invalid_request", detail: { errors: [{ field: "domain_id", message: this.text }] } }
  }
}
