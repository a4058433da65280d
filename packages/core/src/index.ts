/**
 * @docket/core: the domain of every Docket service, the ports adapters implement, and the
 * platform-neutral HTTP application.
 *
 * The top level holds only what an embedder's first lines need: making a Docket (`makeDocket`,
 * `docketLayer` and their option, service and port types), the control plane's client surface,
 * the HTTP application (`docketApp`, `makeDocketHandler`) and the `ManualClock` tests and demos
 * drive it with. Everything else is reached through one namespace per bounded context
 * (`Jobs.JobStore`, `Platform.DocketRequest`), each listed in that context's `index.ts`; modules
 * inside core import each other by file path, never through these indexes.
 */
export * from "./docket.js"
export { type AppServices, docketApp, docketHandler, makeDocketHandler } from "./app.js"
export { ManualClock } from "./kernel/clock.js"

export * as Kernel from "./kernel/index.js"
export * as Platform from "./platform/index.js"
export * as Api from "./api/index.js"
export * as Admin from "./admin/index.js"
export * as Journal from "./journal/index.js"
export * as Decision from "./decision/index.js"
export * as Tenancy from "./tenancy/index.js"
export * as Jobs from "./jobs/index.js"
export * as Documents from "./documents/index.js"
export * as Workspaces from "./workspaces/index.js"
export * as Intelligence from "./intelligence/index.js"
