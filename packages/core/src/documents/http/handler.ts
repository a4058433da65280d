/**
 * What a document-service handler knows of its request; its caller comes from tenancy
 * (`../../tenancy/tenants/caller.ts`, shared with the workspace service).
 */
import type { ApiContext } from "../../api/handler.js"

/** What a document-service handler knows of its request (form, request id, path parameters). */
export type DocsContext = ApiContext

export { callerOf, type Limits } from "../../tenancy/tenants/caller.js"
