/**
 * The extract body's own fields (spec 2, "Endpoints", "Extract schema subset"):
 * - flat: `schema` (required object), `markdown_url` (optional; ignored for spreadsheets);
 * - v1: exactly one of `schema_id` (with optional `schema_version`; omitted means the latest
 *   visible version) or `schema`, and `markdown_url`.
 * The effective schema is compiled now — anything outside the subset is 422 before any job — and
 * frozen on the job (a later registry version does not change it).
 */
import { Effect } from "effect"
import { invalid, storageUnavailable } from "../../api/errors.js"
import type { Json } from "../../api/inputs.js"
import { markdownSourceOf } from "../parse/markdown-source.js"
import type { JobForm, MarkdownSource } from "../../jobs/job.js"
import { resolveExtractionSchema } from "../schema/registry.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"

export interface ExtractParams {
  /** the effective schema, as the caller or the registry gave it */
  readonly schema: unknown
  readonly schema_id: string | null
  readonly schema_version: number | null
  readonly markdown: MarkdownSource | null
}

const SPREADSHEET = /\.(csv|xls|xlsx|xlsm)$/i

export const extractParams = (body: Json, caller: Caller, form: JobForm, fileName: string) =>
  Effect.gen(function*() {
    const hasId = body.schema_id !== undefined && body.schema_id !== null
    const hasSchema = body.schema !== undefined && body.schema !== null
    if (form === "flat" && !hasSchema) return yield* invalid("schema", "is required: a JSON Schema object")
    if (form === "v1" && hasId === hasSchema) {
      return yield* invalid(hasId ? "schema" : "schema_id", "send exactly one of schema_id or schema")
    }
    if (hasSchema && (typeof body.schema !== "object" || Array.isArray(body.schema))) {
      return yield* invalid("schema", "must be a JSON Schema object")
    }
    if (hasId && typeof body.schema_id !== "string") return yield* invalid("schema_id", "must be a schema id (sch_…)")
    if (body.schema_version !== undefined && body.schema_version !== null) {
      if (!hasId) return yield* invalid("schema_version", "is only allowed with schema_id")
      if (typeof body.schema_version !== "number" || !Number.isInteger(body.schema_version) || body.schema_version < 1) {
        return yield* invalid("schema_version", "must be an integer of at least 1")
      }
    }
    const resolved = yield* resolveExtractionSchema(
      caller.tenant.tenant_id,
      hasId
        ? { schema_id: body.schema_id as string, schema_version: (body.schema_version as number | undefined) ?? undefined }
        : { schema: body.schema }
    ).pipe(
      Effect.catchTag("StoreUnavailable", () => Effect.fail(storageUnavailable()))
    )
    // markdown_url is ignored for spreadsheets (their cells are read from the file)
    const markdown = body.markdown_url === undefined || body.markdown_url === null || SPREADSHEET.test(fileName)
      ? null
      : yield* markdownSourceOf(caller, "markdown_url", body.markdown_url)
    return { schema: resolved.schema, schema_id: resolved.schema_id, schema_version: resolved.schema_version, markdown } satisfies ExtractParams
  })
