/**
 * The document service's endpoints (`../../api/endpoint.ts`): listed in `/openapi/documents.json`,
 * authenticated by `X-API-Key` (then counted toward the tenant's requests per minute unless the
 * route is a job read), each with the errors of its form.
 */
import { Schema } from "effect"
import { type Auth, type EndpointSpec, endpoint, type ErrorDecl } from "../../api/endpoint.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import type { TenantStore } from "../../tenancy/tenants/tenant-store.js"
import type { RequestRateStore } from "../../tenancy/limits/request-rate-store.js"
import { callerOf, type Limits } from "./handler.js"

export const DOCUMENTS_SERVICE = "documents"

export const apiKey = (limits: Limits = "rate-limited"): Auth<Caller, TenantStore | RequestRateStore> => ({
  scheme: "ApiKey",
  authenticate: (ctx) => callerOf(ctx, limits)
})

/** What every authenticated route of the flat form may answer. */
export const FLAT_ERRORS: ReadonlyArray<ErrorDecl> = [
  [401, "unauthorized"],
  [429, "too_many_requests"],
  [500, "internal_error"],
  [503, "service_unavailable"]
]

/** What every authenticated route of the v1 form may answer. */
export const V1_ERRORS: ReadonlyArray<ErrorDecl> = [
  [401, "unauthorized"],
  [429, "rate_limited"],
  [500, "internal_error"],
  [503, "upstream_unavailable"]
]

type DocsSpec<P, Q, B, R> = Omit<EndpointSpec<P, Q, B, Caller, R, TenantStore | RequestRateStore>, "service" | "auth"> & {
  readonly limits?: Limits
}

/** An endpoint of the document service that needs the caller's `X-API-Key`. */
export const docsEndpoint = <P = {}, Q = {}, B = undefined, R = never>(spec: DocsSpec<P, Q, B, R>) =>
  endpoint<P, Q, B, Caller, R, TenantStore | RequestRateStore>({
    ...spec,
    service: DOCUMENTS_SERVICE,
    auth: apiKey(spec.limits),
    errors: [
      ...(spec.form === "flat" ? FLAT_ERRORS : V1_ERRORS).filter(([status]) => spec.limits !== "unlimited" || status !== 429),
      ...spec.errors
    ]
  })

export const JobIdParams = Schema.Struct({ job_id: Schema.String })

/** The multipart body of an upload: one part `file`. */
export const MULTIPART_FILE = {
  "multipart/form-data": {
    type: "object",
    required: ["file"],
    properties: { file: { type: "string", contentMediaType: "application/octet-stream", description: "the file (at most 200 MB)" } }
  }
}
