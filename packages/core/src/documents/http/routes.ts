/** The document service's endpoints (spec 2), flat form and v1 form, their routes and their OpenAPI document. */
import { Effect } from "effect"
import { jsonResponse } from "../../platform/response.js"
import { route } from "../../platform/router.js"
import { documentsOpenApi } from "./openapi.js"
import { artifactEndpoints } from "./artifact-route.js"
import { flatEndpoints } from "./flat-routes.js"
import { groundCropEndpoints } from "./ground-crop-route.js"
import { jobEventEndpoints } from "./job-events-route.js"
import { operationEndpoints } from "./operations.js"
import { schemaEndpoints } from "./schema-routes.js"
import { uploadSessionEndpoints } from "./upload-session-routes.js"
import { usageEndpoints } from "./usage-routes.js"
import { v1Endpoints } from "./v1-routes.js"

export const documentEndpoints = [
  ...flatEndpoints,
  ...v1Endpoints,
  ...operationEndpoints,
  ...jobEventEndpoints,
  ...groundCropEndpoints,
  ...uploadSessionEndpoints,
  ...artifactEndpoints,
  ...schemaEndpoints,
  ...usageEndpoints
]

/** Rendered once, on its first request. */
let openApiBody: string | undefined

export const documentRoutes = [
  ...documentEndpoints.map((e) => e.route),
  route("GET", "/openapi/documents.json", () =>
    Effect.sync(() => {
      openApiBody ??= JSON.stringify(documentsOpenApi(documentEndpoints))
      return { ...jsonResponse(200, null), body: openApiBody }
    }))
]
