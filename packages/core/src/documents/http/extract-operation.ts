/**
 * Extract (spec 2): flat `/extract` and `/extract_async` (`schema`, `markdown_url`), v1
 * `/v1/extract` (`schema_id` + `schema_version`, or `schema`; `markdown_url`); the extract
 * extension list (the parse list plus `.md`, `.mdx`).
 */
import { extractFields, extractParams } from "../extract/extract-request.js"
import { operationSpec } from "./operation-routes.js"

/** One spec for both forms: the fields differ by form (`extractFields`). */
export const EXTRACT = operationSpec({ kind: "extract", operation: "extract", fields: extractFields, params: extractParams })
