/**
 * @docket/adapter-node: Docket on Node, thin (it depends on `@docket/core` only). `listen` serves
 * a Docket instance on its own `node:http` server; `makeNodeListener` (or `docket.fetch`) embeds
 * it in an existing one. The instance itself comes from `makeDocket` of `@docket/core`, or from
 * `createDocket` of `@docket/server` (storage, formats and engines wired).
 */
export { makeNodeListener, type NodeListener } from "./listener.js"
export { listen, type RunningServer } from "./server.js"
