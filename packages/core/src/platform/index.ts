/** Platform: the framework-neutral request, response, router and runner adapters translate to and from. */
export * from "./request.js"
export * from "./request-scope.js"
export * from "./turn-batch.js"
export * from "./response.js"
export * from "./router.js"
export * from "./runner.js"
export { fromWebRequest, makeWebHandler, targetOf, toWebResponse, webRequestBody } from "./web.js"
export { fromPlatformRequest, httpAppOf, toPlatformResponse } from "./platform.js"
