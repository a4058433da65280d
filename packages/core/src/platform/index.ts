/** Platform: the framework-neutral request, response, router and runner adapters translate to and from. */
export { type BodyError, BodyReadFailed, BodyTooLarge, capped, concatChunks, declaredOver, type DocketRequest, type RequestBody, splitTarget } from "./request.js"
export { ClosableRequestScope, type RequestScope } from "./request-scope.js"
export { makeTurnBatch } from "./turn-batch.js"
export { type DocketResponse, jsonResponse } from "./response.js"
export { type Handler, type PathParams, route, type Route } from "./router.js"
export { makeRequestRunner } from "./runner.js"
export { fromWebRequest, makeWebHandler, targetOf, toWebResponse, webRequestBody } from "./web.js"
export { fromPlatformRequest, httpAppOf, toPlatformResponse } from "./platform.js"
