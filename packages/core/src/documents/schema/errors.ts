/**
 * Every way an extraction-schema operation can fail. The document service maps them to its
 * envelopes (spec 2, "Errors"): `InvalidSchema` to 422 `invalid_schema` on the registry and on
 * v1 extract (`detail.errors` = the problems), 422 `validation_error` on the flat form
 * (`error.errors`); `SchemaNotFound` to 404 `schema_not_found`; `InvalidSchemaRequest` to 422
 * `invalid_request` (`detail.errors`).
 */
import { Data } from "effect"
import { type ApiError, fieldSummary, type FieldError, type FlatError, type V1Error } from "../../api/errors.js"
import type { SchemaProblem } from "./schema-problem.js"

/** Schema problems as field errors: `prefix` + the JSON pointer (`schema/properties/total`). */
const fieldErrorsOf = (problems: ReadonlyArray<SchemaProblem>, prefix: string): Array<FieldError> =>
  problems.map((p) => ({ field: `${prefix}${p.path}`, message: p.message }))

/** The schema is outside the subset. `problems` holds every problem found, at least one. */
export class InvalidSchema extends Data.TaggedError("InvalidSchema")<{
  readonly problems: ReadonlyArray<SchemaProblem>
}> implements ApiError {
  get text() {
    return SCHEMA_MESSAGES.invalidSchema
  }
  get flat(): FlatError {
    return { status: 422, code: "validation_error", errors: fieldErrorsOf(this.problems, "schema") }
  }
  get v1(): V1Error {
    return { status: 422, code: "invalid_schema", detail: { errors: fieldErrorsOf(this.problems, "schema") } }
  }
}

/** No visible schema family with this id, or no such version of it. */
export class SchemaNotFound extends Data.TaggedError("SchemaNotFound")<{
  readonly schemaId: string
  /** the version asked for, when one was */
  readonly version: number | null
}> implements ApiError {
  get text() {
    return SCHEMA_MESSAGES.notFound(this.schemaId, this.version)
  }
  get flat(): FlatError {
    return { status: 404, code: "not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: "schema_not_found" }
  }
}

/**
 * A registry request field other than the schema is refused (`name`, `description`, `cursor`,
 * `limit`). `problems` use the field name as path.
 */
export class InvalidSchemaRequest extends Data.TaggedError("InvalidSchemaRequest")<{
  readonly problems: ReadonlyArray<SchemaProblem>
}> implements ApiError {
  get text() {
    return fieldSummary(fieldErrorsOf(this.problems, ""))
  }
  get flat(): FlatError {
    return { status: 422, code: "validation_error", errors: fieldErrorsOf(this.problems, "") }
  }
  get v1(): V1Error {
    return { status: 422, code: "invalid_request", detail: { errors: fieldErrorsOf(this.problems, "") } }
  }
}

export const SCHEMA_MESSAGES = {
  invalidSchema: "The schema is outside the supported subset; see detail.errors for every problem.",
  notFound: (schemaId: string, version: number | null) =>
    version === null ? `No extraction schema with id ${schemaId}.` : `Extraction schema ${schemaId} has no version ${version}.`
} as const
