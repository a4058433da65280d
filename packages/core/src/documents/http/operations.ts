/**
 * The document operations' create routes, both forms (spec 2, "Endpoints", "v1 job and document
 * endpoints"). Parse is in `flat-routes.ts` / `v1-routes.ts` with the job routes.
 */
import { CATEGORIZE, CLASSIFY } from "./categorize-operation.js"
import { FLAT_EXTRACT, V1_EXTRACT } from "./extract-operation.js"
import { GROUND } from "./ground-operation.js"
import { SPLIT } from "./split-operation.js"
import { flatOperationRoutes, v1OperationRoute } from "./operation-routes.js"

export const operationRoutes = [
  ...flatOperationRoutes("/categorize", CATEGORIZE),
  v1OperationRoute("/v1/classify", CLASSIFY),
  // the hidden legacy alias: jobs of kind `categorize`
  v1OperationRoute("/v1/document-operations/categorize", CATEGORIZE),
  ...flatOperationRoutes("/extract", FLAT_EXTRACT),
  v1OperationRoute("/v1/extract", V1_EXTRACT),
  ...flatOperationRoutes("/ground", GROUND),
  v1OperationRoute("/v1/ground", GROUND),
  v1OperationRoute("/v1/split", SPLIT)
]
