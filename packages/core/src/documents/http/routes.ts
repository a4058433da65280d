/** The document service's endpoints (spec 2), flat form and v1 form, and their routes. */
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

export const documentRoutes = documentEndpoints.map((e) => e.route)
