/**
 * Every way an extraction-schema operation can fail. The document service maps them to its
 * envelopes (spec 2, "Errors"): `InvalidSchema` to 422 `invalid_schema` on the registry and on
 * v1 extract (`detail.errors` = the problems), 422 `validation_error` on the flat form
 * (`error.errors`); `SchemaNotFound` to 404 `schema_not_found`; `InvalidSchemaRequest` to 422
 * `invalid_request` (`detail.errors`).
 */
import { Data } from "effect"
import type { SchemaProblem } from "./schema-problem.js"

/** The schema is outside the subset. `problems` holds every problem found, at least one. */
export class InvalidSchema extends Data.TaggedError("InvalidSchema")<{
  readonly problems: ReadonlyArray<SchemaProblem>
}> {}

/** No visible schema family with this id, or no such version of it. */
export class SchemaNotFound extends Data.TaggedError("SchemaNotFound")<{
  readonly schemaId: string
  /** the version asked for, when one was */
  readonly version: number | null
}> {}

/**
 * A registry request field other than the schema is refused (`name`, `description`, `cursor`,
 * `limit`). `problems` use the field name as path.
 */
export class InvalidSchemaRequest extends Data.TaggedError("InvalidSchemaRequest")<{
  readonly problems: ReadonlyArray<SchemaProblem>
}> {}

export const SCHEMA_MESSAGES = {
  invalidSchema: "The schema is outside the supported subset; see detail.errors for every problem.",
  notFound: (schemaId: string, version: number | null) =>
    version === null ? `No extraction schema with id ${schemaId}.` : `Extraction schema ${schemaId} has no version ${version}.`
} as const
