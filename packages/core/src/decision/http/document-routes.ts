/**
 * The decision service's document routes (spec 1, "Document routes"; shapes in the core README,
 * "Decisions where the spec is silent"): typed questions asked about a document, as jobs of the
 * one job model under `/v1/documents/jobs`, and a request echo.
 */
import { route } from "../../platform/router.js"
import { createDocumentJob } from "./document-create-route.js"
import { echoRequest } from "./document-echo-route.js"
import { documentJobEvents } from "./document-events-route.js"
import { documentJobFile } from "./document-files-route.js"
import { deleteDocumentJob, listDocumentJobs, readDocumentJob } from "./document-jobs-routes.js"
import { decisionHandler } from "./decision-handler.js"

export const decisionDocumentRoutes = [
  route("POST", "/v1/documents/jobs", decisionHandler((request, requestId) => createDocumentJob(request, requestId))),
  route("GET", "/v1/documents/jobs", decisionHandler((request, requestId) => listDocumentJobs(request, requestId))),
  route("GET", "/v1/documents/jobs/:job_id", decisionHandler((request, requestId, _scope, params) => readDocumentJob(request, requestId, params.job_id!))),
  route("DELETE", "/v1/documents/jobs/:job_id", decisionHandler((request, requestId, _scope, params) => deleteDocumentJob(request, requestId, params.job_id!))),
  route("GET", "/v1/documents/jobs/:job_id/events", decisionHandler((request, requestId, _scope, params) => documentJobEvents(request, requestId, params.job_id!))),
  route(
    "GET",
    "/v1/documents/jobs/:job_id/files/:name",
    decisionHandler((request, requestId, _scope, params) => documentJobFile(request, requestId, params.job_id!, params.name!))
  ),
  route("*", "/v1/documents/echo", decisionHandler((request, requestId) => echoRequest(request, requestId)))
]
