/**
 * @docket/server: the Docket distribution. `createDocket` builds an instance with storage
 * (memory, or PostgreSQL through `storage`), `@docket/formats` and an engine wired, for embedders
 * on Node or Bun (serve it with `@docket/adapter-node` or `@docket/adapter-bun`); `startFromEnv`
 * is the standalone server (`docket` bin, `npm start`) configured by the environment
 * (`serverConfig`); `referenceRoutes` are the `/docs` API reference pages and `consoleRoutes` the
 * `/console` dashboard (`createDocket({ routes })`).
 */
export { createDocket, type CreateDocketOptions, type EngineOption } from "./docket.js"
export { readServerConfig, type RunningServer, type Serve, startFromEnv, startWith } from "./main.js"
export { serverConfig, type ServerConfig } from "./config.js"
export { referenceRoutes } from "./reference-pages.js"
export { consoleAssetsDir, consoleRoutes } from "./console-pages.js"
