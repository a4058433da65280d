/**
 * Ground (spec 2): flat `/ground` and `/ground_async`, v1 `/v1/ground`; body `items`, `options`,
 * `derived`; the ground extension list (the parse list without `.eml .msg .vsd .vsdx`, plus
 * `.bmp .jsonl .md .mdx`).
 */
import { groundFields, groundParams } from "../ground/ground-request.js"
import { operationSpec } from "./operation-routes.js"

export const GROUND = operationSpec({ kind: "ground", operation: "ground", fields: groundFields, params: groundParams })
