/**
 * Categorize and classify (spec 2): flat `/categorize` and `/categorize_async`, v1
 * `/v1/classify` (jobs of kind `classify`) and the hidden legacy alias
 * `/v1/document-operations/categorize` (jobs of kind `categorize`). Body fields `taxonomy` and
 * `markdown_url`; the categorize extension list (the parse list).
 */
import { CategorizeFields, categorizeParams } from "../categorize/categorize-request.js"
import { operationSpec } from "./operation-routes.js"

const fields = () => CategorizeFields

export const CATEGORIZE = operationSpec({ kind: "categorize", operation: "categorize", fields, params: categorizeParams })
export const CLASSIFY = operationSpec({ kind: "classify", operation: "categorize", fields, params: categorizeParams })
