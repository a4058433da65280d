/**
 * The document operations' create endpoints, both forms (spec 2, "Endpoints", "v1 job and
 * document endpoints"). Parse is in `flat-routes.ts` / `v1-routes.ts` with the job routes.
 */
import { CATEGORIZE, CLASSIFY } from "./categorize-operation.js"
import { EXTRACT } from "./extract-operation.js"
import { GROUND } from "./ground-operation.js"
import { SPLIT } from "./split-operation.js"
import { flatOperationEndpoints, v1OperationEndpoint } from "./operation-routes.js"

export const operationEndpoints = [
  ...flatOperationEndpoints("/categorize", CATEGORIZE, "Categorize a file"),
  v1OperationEndpoint("/v1/classify", CLASSIFY, "Classify a file"),
  // the hidden legacy alias: jobs of kind `categorize`
  v1OperationEndpoint("/v1/document-operations/categorize", CATEGORIZE, "Categorize a file (legacy alias of /v1/classify, jobs of kind categorize)"),
  ...flatOperationEndpoints("/extract", EXTRACT, "Extract data from a file"),
  v1OperationEndpoint("/v1/extract", EXTRACT, "Extract data from a file"),
  ...flatOperationEndpoints("/ground", GROUND, "Ground queries in a file"),
  v1OperationEndpoint("/v1/ground", GROUND, "Ground queries in a file"),
  v1OperationEndpoint("/v1/split", SPLIT, "Split a file into its documents")
]
