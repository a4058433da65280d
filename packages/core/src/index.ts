/**
 * @docket/core: the domain of every Docket service, the ports adapters implement, and the
 * platform-neutral HTTP application.
 */

// shared
export * from "./kernel/clock.js"
export * from "./kernel/config.js"
export * from "./kernel/faults.js"
export * from "./kernel/ids.js"
export * as Immediate from "./kernel/immediate.js"
export * from "./kernel/json.js"
export * from "./kernel/storage-admin.js"
export * from "./kernel/storage-unavailable.js"

// decision service (spec 1)
export * from "./decision/account.js"
export * from "./decision/api-key.js"
export * from "./decision/decision-store.js"
export type { DecisionStorage } from "./decision/storage.js"
export * from "./decision/errors.js"
export * from "./decision/evaluate.js"
export * from "./decision/evaluate-request.js"
export * from "./decision/evaluator/evaluator.js"
export { evaluateLocally } from "./decision/evaluator/local/index.js"
export * from "./decision/issue.js"
export * from "./decision/key-cache.js"
export * from "./decision/limiter/admission.js"
export * from "./decision/limiter/limiter-store.js"
export * from "./decision/limiter/limits.js"
export * from "./decision/media.js"
export * from "./decision/models.js"
export * from "./decision/question.js"
export * from "./decision/token-budget.js"
export * from "./decision/tokenizer/index.js"
export * from "./decision/validation.js"
export * as DecisionAdmin from "./decision/admin.js"
export { decisionRoutes, ROUTE_DURATION_MS } from "./decision/http/routes.js"

// control plane
export * from "./admin/errors.js"
export * as Harness from "./admin/harness.js"
export { adminRoutes } from "./admin/http.js"
export { controlPlaneClient } from "./admin/client.js"

// the HTTP application
export * from "./platform/request.js"
export * from "./platform/request-scope.js"
export * from "./platform/turn-batch.js"
export * from "./platform/response.js"
export * from "./platform/router.js"
export * from "./platform/runner.js"
export { type AppServices, docketApp, docketHandler, docketRoutes, makeDocketHandler } from "./app.js"
export { fromWebRequest, makeWebHandler, targetOf, toWebResponse, webRequestBody } from "./platform/web.js"
export { fromPlatformRequest, httpAppOf, toPlatformResponse } from "./platform/platform.js"
export * from "./docket.js"

// the job model: a host registers its own kinds (`jobKinds` of makeDocket)
export * from "./jobs/job-kind.js"
export { fingerprintOf, JobKinds, jobKindsLayer, type JobKindsService } from "./jobs/job-kinds.js"
export { createJob, type CreateJob, IdempotencyKeyReused, JobQueueFull } from "./jobs/create-job.js"
export { onPayloadExpired } from "./jobs/job-retention.js"
export { flatJob, flatSummary, v1Job, v1Summary } from "./jobs/projections.js"
export { documentJobKinds } from "./documents/document-kinds.js"

export type { DocumentStorage } from "./documents/storage.js"
export type { JobStorage } from "./jobs/storage.js"
export type { TenancyStorage } from "./tenancy/storage.js"
export * from "./documents/index.js"
export * from "./documents/split/page-extractor.js"

// the intelligence engine
export * from "./intelligence/index.js"
