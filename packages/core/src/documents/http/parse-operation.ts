/** Parse (spec 2): no fields of its own; the parse extension list. */
import type { OperationSpec } from "./operation-routes.js"

export const PARSE: OperationSpec = { kind: "parse", operation: "parse", fields: () => ({}) }
