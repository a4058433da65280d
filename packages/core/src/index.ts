/**
 * @docket/core: the domain of every Docket service, the ports adapters implement, and the
 * platform-neutral HTTP application.
 */

// shared
export * from "./shared/clock.js"
export * from "./shared/config.js"
export * from "./shared/faults.js"
export * from "./shared/ids.js"
export * from "./shared/json.js"

// decision service (spec 1)
export * from "./decision/account.js"
export * from "./decision/api-key.js"
export * from "./decision/decision-store.js"
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
export * from "./http/request.js"
export * from "./http/request-scope.js"
export * from "./http/turn-batch.js"
export * from "./http/response.js"
export * from "./http/router.js"
export * from "./http/runner.js"
export { docketHandler, type DocketHandler, docketRoutes } from "./http/app.js"
export { fromWebRequest, makeWebHandler, targetOf, toWebResponse, webRequestBody } from "./http/web.js"
export { docketApp, fromPlatformRequest, toPlatformResponse } from "./http/platform.js"
export * from "./docket.js"
export * from "./documents/index.js"
export * from "./documents/split/page-extractor.js"

// the intelligence engine
export * from "./intelligence/index.js"
