/** The workspace service's endpoints (spec 3), their routes and their OpenAPI document. */
import { Effect } from "effect"
import { openApiDocument } from "../../api/openapi.js"
import type { EndpointDoc } from "../../api/endpoint.js"
import { jsonResponse } from "../../platform/response.js"
import { route } from "../../platform/router.js"
import { accessLabelEndpoints } from "./access-label-routes.js"
import { domainEndpoints } from "./domain-routes.js"
import { workspaceRouteEndpoints } from "./workspace-routes.js"
import { toolEndpoints } from "./tool-routes.js"
import { ingestionEndpoints } from "./ingestion-routes.js"
import { WORKSPACES_SERVICE } from "./endpoints.js"
import { fileEndpoints } from "./file-routes.js"
import { artifactEndpoints } from "./artifact-route.js"
import { fileToolEndpoints } from "./file-tool-routes.js"
import { searchEndpoints } from "./search-routes.js"
import { intelligentSearchEndpoints } from "./intelligent-search-routes.js"
import { filteredSearchEndpoints } from "./filtered-search-routes.js"
import { graphEndpoints } from "./graph-routes.js"
import { ledgerEndpoints } from "./ledger-routes.js"

export const workspaceEndpoints = [...workspaceRouteEndpoints, ...accessLabelEndpoints, ...domainEndpoints, ...fileEndpoints, ...artifactEndpoints, ...fileToolEndpoints, ...toolEndpoints, ...searchEndpoints, ...intelligentSearchEndpoints, ...filteredSearchEndpoints, ...ingestionEndpoints, ...graphEndpoints, ...ledgerEndpoints]

/** The OpenAPI 3.1 document of the workspace service, from the same declarations that serve it. */
export const workspacesOpenApi = (endpoints: ReadonlyArray<EndpointDoc>) =>
  openApiDocument(
    {
      title: "Docket workspaces",
      version: "1.0.0",
      description: "Spec 3: workspaces, access labels and key grants, domains, files and file tools (v1 form, error envelope " +
        "`{error: {code, message, detail, retryable, request_id}, request_id}`).",
      securitySchemes: { ApiKey: { type: "apiKey", in: "header", name: "X-API-Key" } }
    },
    endpoints.filter((e) => e.service === WORKSPACES_SERVICE)
  )

/** Rendered once, on its first request. */
let openApiBody: string | undefined

export const workspaceRoutes = [
  ...workspaceEndpoints.map((e) => e.route),
  route("GET", "/openapi/workspaces.json", () =>
    Effect.sync(() => {
      openApiBody ??= JSON.stringify(workspacesOpenApi(workspaceEndpoints))
      return { ...jsonResponse(200, null), body: openApiBody }
    }))
]
