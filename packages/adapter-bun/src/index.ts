/**
 * @docket/adapter-bun: Docket on Bun. `createDocket` builds an instance (memory storage by
 * default); `listen` serves it on `Bun.serve` (`layer`: the same through `@effect/platform-bun`'s `BunHttpServer`);
 * `makeBunFetchHandler` (or `docket.fetch`) embeds it in an existing `Bun.serve`.
 */
export { createDocket, type CreateDocketOptions } from "./docket.js"
export { type BunFetchHandler, type BunFetchHandlerOptions, type BunServerLike, makeBunFetchHandler } from "./fetch.js"
export { IDLE_TIMEOUT_SECONDS, layer, listen, type ListenOptions, type RunningServer } from "./server.js"
