/**
 * The workspace service's endpoints (spec 3, `../../api/endpoint.ts`): listed in
 * `/openapi/workspaces.json`, authenticated by `X-API-Key` (tenancy's `callerOf`, then counted
 * toward the tenant's requests per minute), answering in the v1 envelope.
 */
import { Schema } from "effect"
import { type Auth, type EndpointSpec, endpoint, type ErrorDecl } from "../../api/endpoint.js"
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import { callerOf, type Limits } from "../../tenancy/tenants/caller.js"
import type { RequestRateStore } from "../../tenancy/limits/request-rate-store.js"
import type { TenantStore } from "../../tenancy/tenants/tenant-store.js"

export const WORKSPACES_SERVICE = "workspaces"

const apiKey = (limits: Limits): Auth<Caller, TenantStore | RequestRateStore> => ({
  scheme: "ApiKey",
  authenticate: (ctx) => callerOf(ctx, limits)
})

/** What every authenticated route of the workspace service may answer (spec 2's v1 form). */
export const WORKSPACE_ERRORS: ReadonlyArray<ErrorDecl> = [
  [401, "unauthorized"],
  [429, "rate_limited"],
  [500, "internal_error"],
  [503, "upstream_unavailable"]
]

type WorkspaceSpec<P, Q, B, R> = Omit<EndpointSpec<P, Q, B, Caller, R, TenantStore | RequestRateStore>, "service" | "auth" | "form"> & {
  readonly limits?: Limits
}

/** An endpoint of the workspace service: v1 form, `X-API-Key`. */
export const workspaceEndpoint = <P = {}, Q = {}, B = undefined, R = never>(spec: WorkspaceSpec<P, Q, B, R>) =>
  endpoint<P, Q, B, Caller, R, TenantStore | RequestRateStore>({
    ...spec,
    form: "v1",
    service: WORKSPACES_SERVICE,
    auth: apiKey(spec.limits ?? "rate-limited"),
    errors: [...WORKSPACE_ERRORS.filter(([status]) => spec.limits !== "unlimited" || status !== 429), ...spec.errors]
  })

export const WorkspaceIdParams = Schema.Struct({ workspace_id: Schema.String })
