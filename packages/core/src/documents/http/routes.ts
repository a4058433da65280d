/** The document service's routes (spec 2), flat form and v1 form. */
import { artifactRoutes } from "./artifact-route.js"
import { flatRoutes } from "./flat-routes.js"
import { groundCropRoutes } from "./ground-crop-route.js"
import { jobEventRoutes } from "./job-events-route.js"
import { uploadSessionRoutes } from "./upload-session-routes.js"
import { operationRoutes } from "./operations.js"
import { schemaRoutes } from "./schema-routes.js"
import { usageRoutes } from "./usage-routes.js"
import { v1Routes } from "./v1-routes.js"

export const documentRoutes = [...flatRoutes, ...v1Routes, ...operationRoutes, ...jobEventRoutes, ...groundCropRoutes, ...uploadSessionRoutes, ...artifactRoutes, ...schemaRoutes, ...usageRoutes]
