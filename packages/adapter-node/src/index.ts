/**
 * @docket/adapter-node: Docket on Node. `createDocket` builds an instance (memory storage by
 * default); `listen` serves it; `makeNodeListener` and `docket.fetch` embed it in an existing
 * server.
 */
export { createDocket, type CreateDocketOptions, type EngineOption } from "./docket.js"
export { makeNodeListener, type NodeListener } from "./listener.js"
export { listen, type RunningServer } from "./server.js"
export { readServerConfig, startFromEnv } from "./main.js"
export { serverConfig, type ServerConfig } from "./config.js"
