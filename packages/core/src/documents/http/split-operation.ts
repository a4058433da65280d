/**
 * Split (v1 `POST /v1/split`; the spec does not show its shapes — see `../split/`): body `source`,
 * `taxonomy`, `wait_seconds`; the parse extension list.
 */
import { SplitFields, splitParams } from "../split/split-request.js"
import { operationSpec } from "./operation-routes.js"

export const SPLIT = operationSpec({ kind: "split", operation: "parse", fields: () => SplitFields, params: splitParams })
