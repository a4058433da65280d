/**
 * The extract body's own fields (spec 2, "Endpoints", "Extract schema subset"):
 * - flat: `schema` (required object), `markdown_url` (optional; ignored for spreadsheets);
 * - v1: exactly one of `schema_id` (with optional `schema_version`; omitted means the latest
 *   visible version) or `schema`, and `markdown_url`.
 * The effective schema is compiled now — anything outside the subset is 422 before any job — and
 * frozen on the job (a later registry version does not change it).
 */
import { Effect, Option, Schema } from "effect"
import { decodeStage } from "../../api/endpoint.js"
import { fieldMessage } from "../../api/decode.js"
import { invalid, storageUnavailable } from "../../api/errors.js"
import { optionalNullable } from "../../api/schemas.js"
import { markdownSourceOf, MarkdownUrl } from "../parse/markdown-source.js"
import type { JobForm } from "../../jobs/job.js"
import type { MarkdownSource } from "../document-job.js"
import { resolveExtractionSchema } from "../schema/registry.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"

const JsonSchemaObject = Schema.Record({ key: Schema.String, value: Schema.Unknown }).pipe(fieldMessage("must be a JSON Schema object"))
const SchemaId = Schema.String.pipe(fieldMessage("must be a schema id (sch_…)"))
const SchemaVersion = Schema.Int.pipe(Schema.greaterThanOrEqualTo(1), fieldMessage("must be an integer of at least 1"))

/**
 * A field whose value `extractParams` decodes itself: which of `schema` and `schema_id` is given
 * decides what is checked next, one rule at a time.
 */
const checkedLater = (jsonSchema: Record<string, unknown>) => Schema.optional(Schema.Unknown.annotations({ jsonSchema }))

const SCHEMA_FIELD = checkedLater({ type: "object", description: "a JSON Schema in the extract subset" })

/** The extract body's own fields: flat `schema`, `markdown_url`; v1 also `schema_id`, `schema_version`. */
export const extractFields = (form: JobForm): Schema.Struct.Fields =>
  form === "flat"
    ? { schema: SCHEMA_FIELD, markdown_url: optionalNullable(MarkdownUrl) }
    : {
      schema: SCHEMA_FIELD,
      schema_id: checkedLater({ type: "string", description: "a schema of the registry (sch_…); send exactly one of schema_id or schema" }),
      schema_version: checkedLater({ type: "integer", minimum: 1, description: "a version of schema_id (default: the latest)" }),
      markdown_url: optionalNullable(MarkdownUrl)
    }

export interface ExtractBody {
  readonly schema?: unknown
  readonly schema_id?: unknown
  readonly schema_version?: unknown
  readonly markdown_url: Option.Option<unknown>
}

const given = (v: unknown) => v !== undefined && v !== null

export interface ExtractParams {
  /** the effective schema, as the caller or the registry gave it */
  readonly schema: unknown
  readonly schema_id: string | null
  readonly schema_version: number | null
  readonly markdown: MarkdownSource | null
}

const SPREADSHEET = /\.(csv|xls|xlsx|xlsm)$/i

export const extractParams = (body: ExtractBody, caller: Caller, form: JobForm, fileName: string) =>
  Effect.gen(function*() {
    const hasId = given(body.schema_id)
    const hasSchema = given(body.schema)
    if (form === "flat" && !hasSchema) return yield* invalid("schema", "is required: a JSON Schema object")
    if (form === "v1" && hasId === hasSchema) {
      return yield* invalid(hasId ? "schema" : "schema_id", "send exactly one of schema_id or schema")
    }
    const schema = hasSchema ? yield* decodeStage(JsonSchemaObject, body.schema, ["schema"]) : undefined
    const schemaId = hasId ? yield* decodeStage(SchemaId, body.schema_id, ["schema_id"]) : undefined
    let version: number | undefined
    if (given(body.schema_version)) {
      if (!hasId) return yield* invalid("schema_version", "is only allowed with schema_id")
      version = yield* decodeStage(SchemaVersion, body.schema_version, ["schema_version"])
    }
    const resolved = yield* resolveExtractionSchema(
      caller.tenant.tenant_id,
      schemaId !== undefined ? { schema_id: schemaId, schema_version: version } : { schema }
    ).pipe(
      Effect.catchTag("StorageUnavailable", () => Effect.fail(storageUnavailable()))
    )
    // markdown_url is ignored for spreadsheets (their cells are read from the file)
    const markdown = Option.isNone(body.markdown_url) || SPREADSHEET.test(fileName)
      ? null
      : yield* markdownSourceOf(caller, "markdown_url", body.markdown_url.value)
    return { schema: resolved.schema, schema_id: resolved.schema_id, schema_version: resolved.schema_version, markdown } satisfies ExtractParams
  })
