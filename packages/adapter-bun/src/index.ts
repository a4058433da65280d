/**
 * @docket/adapter-bun: Docket on Bun, thin (it depends on `@docket/core`, and on
 * `@effect/platform-bun` for `layer`). `listen` serves a Docket instance on `Bun.serve` (`layer`:
 * the same through `@effect/platform-bun`'s `BunHttpServer`); `makeBunFetchHandler` (or
 * `docket.fetch`) embeds it in an existing `Bun.serve`. The instance itself comes from
 * `makeDocket` of `@docket/core`, or from `createDocket` of `@docket/server`.
 */
export { type BunFetchHandler, type BunFetchHandlerOptions, type BunServerLike, makeBunFetchHandler } from "./fetch.js"
export { IDLE_TIMEOUT_SECONDS, layer, listen, MAX_REQUEST_BODY_SIZE, type ListenOptions, type RunningServer } from "./server.js"
