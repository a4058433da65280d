/**
 * Extract (spec 2): flat `/extract` and `/extract_async` (`schema`, `markdown_url`), v1
 * `/v1/extract` (`schema_id` + `schema_version`, or `schema`; `markdown_url`); the extract
 * extension list (the parse list plus `.md`, `.mdx`).
 */
import { extractParams } from "../extract/extract-request.js"
import { operationSpec } from "./operation-routes.js"

export const FLAT_EXTRACT = operationSpec({ kind: "extract", operation: "extract", fields: ["schema", "markdown_url"], params: extractParams })
export const V1_EXTRACT = operationSpec({
  kind: "extract",
  operation: "extract",
  fields: ["schema", "schema_id", "schema_version", "markdown_url"],
  params: extractParams
})
