/**
 * A Docket instance: the HTTP application with its services, as a web-standard fetch handler and
 * a typed control plane. Storage comes from an adapter (`@docket/storage-memory`, …).
 */
import { Effect, Either, Layer, ManagedRuntime } from "effect"
import { bootstrapDemo } from "./admin/demo.js"
import type { AdminError } from "./admin/errors.js"
import { advanceClock, clockNow, getFaults, resetAll, setFaults } from "./admin/harness.js"
import { clearJournal, listJournal } from "./admin/journal.js"
import type { JournalFilter } from "./journal/journal-query.js"
import { RequestJournal } from "./journal/request-journal.js"
import { RingJournalLive } from "./journal/ring-journal.js"
import type { AccountPatch } from "./decision/account.js"
import * as DecisionAdmin from "./decision/admin.js"
import { Evaluator, LocalEvaluatorLive } from "./decision/evaluator/evaluator.js"
import { decisionFaults } from "./decision/faults.js"
import { KeyCache, KeyCacheLive } from "./decision/key-cache.js"
import { makeDocketHandler } from "./app.js"
import type { DocketRequest } from "./platform/request.js"
import type { RequestScope } from "./platform/request-scope.js"
import type { DocketResponse } from "./platform/response.js"
import type { Route } from "./platform/router.js"
import { makeWebHandler } from "./platform/web.js"
import { ClockControl, ManualClock, manualClockLayer, systemClockLayer } from "./kernel/clock.js"
import { type DocketSettings, Settings, settingsLayer } from "./kernel/config.js"
import { Faults, FaultsLive, type FaultState } from "./kernel/faults.js"
import { Ids, IdsLive } from "./kernel/ids.js"
import * as DocsAdmin from "./tenancy/tenants/admin.js"
import type { TenantPatch } from "./tenancy/tenants/tenant.js"
import type { DocumentParser } from "./documents/document-parser.js"
import { type HttpFetcher, platformHttpFetcherLayer } from "./documents/sources/http-fetcher.js"
import { JobRuntime, JobRuntimeLive } from "./jobs/job-runtime.js"
import type { AnyJobKind } from "./jobs/job-kind.js"
import { JobKinds, jobKindsLayer } from "./jobs/job-kinds.js"
import { documentJobKinds } from "./documents/document-kinds.js"
import { decisionJobKinds } from "./decision/documents/document-questions-kind.js"
import { jobWorkersLayer } from "./jobs/worker.js"
import { retentionSweeperLayer, sweepAdmin } from "./documents/retention/sweeper.js"
import { LinkSigner, LinkSignerLive } from "./documents/parse/artifact-links.js"
import { noParserLayer } from "./documents/parse/no-parser.js"
import { noRendererLayer, type PageRenderer } from "./documents/ground/page-renderer.js"
import { noPageExtractorLayer, type PageExtractor } from "./documents/split/page-extractor.js"
import type { PlatformSchemaDefinition } from "./documents/schema/registry.js"
import { seedPlatformSchemaAdmin } from "./documents/schema/platform-admin.js"
import type { IntelligencePorts } from "./intelligence/intelligence-ports.js"
import { intelligenceFaults } from "./intelligence/faults.js"
import { LocalIntelligenceLive } from "./intelligence/local/index.js"
import type { DecisionStorage } from "./decision/storage.js"
import type { DocumentStorage } from "./documents/storage.js"
import type { JobStorage } from "./jobs/storage.js"
import type { StorageAdmin } from "./kernel/storage-admin.js"
import type { TenancyStorage } from "./tenancy/storage.js"
import type { WorkspaceStorage } from "./workspaces/storage.js"
import { workspaceJobKinds } from "./workspaces/workspace-kinds.js"
import { KnowledgeGraphCache, KnowledgeGraphCacheLive } from "./workspaces/graph/loaded-graph.js"
import { createGrantedKey } from "./workspaces/access/key-grants.js"
import { type LabelReferences, labelReferencesLayer } from "./workspaces/access/label-references.js"
import { type WorkspaceTeardown, workspaceTeardownLayer } from "./workspaces/workspace/teardown.js"
import { workspaceLabelReferences, workspaceTeardownSteps } from "./workspaces/seams.js"

/** What a storage adapter provides: the ports of every context, and `StorageAdmin`. */
export type StoragePorts = DecisionStorage | TenancyStorage | JobStorage | DocumentStorage | WorkspaceStorage | StorageAdmin

/** Every service the HTTP application needs. */
export type DocketServices =
  | StoragePorts
  | Evaluator
  | IntelligencePorts
  | KeyCache
  | Faults
  | Ids
  | Settings
  | ClockControl
  | DocumentParser
  | PageRenderer
  | PageExtractor
  | JobRuntime
  | JobKinds
  | LinkSigner
  | HttpFetcher
  | LabelReferences
  | WorkspaceTeardown
  | KnowledgeGraphCache
  | RequestJournal

export interface DocketOptions<E = never> {
  /** the storage ports, e.g. `MemoryStorage.layer` */
  readonly storage: Layer.Layer<StoragePorts, E>
  /** `"manual"` for a virtual clock moved only by `advance`; or your own `ManualClock` */
  readonly clock?: "system" | "manual" | ManualClock | undefined
  readonly settings?: Partial<DocketSettings> | undefined
  /** replaces the local evaluator */
  readonly evaluator?: Layer.Layer<Evaluator> | undefined
  /** the intelligence engine of the document operations (the local engine by default) */
  readonly intelligence?: Layer.Layer<IntelligencePorts> | undefined
  /**
   * reads documents for the document service (`@docket/formats`' layer; `createDocket` of
   * `@docket/server` provides it by default); without one every parse job fails saying so
   */
  readonly parser?: Layer.Layer<DocumentParser> | undefined
  /**
   * draws the previews of ground's visual matches (`return_cropped_images` / `include_previews`):
   * `@docket/formats`' `rendererLayer` (`createDocket` of `@docket/server` provides it by default);
   * without one ground jobs still succeed, their matches without `cropped_image_url`
   */
  readonly renderer?: Layer.Layer<PageRenderer> | undefined
  /**
   * cuts pages out of a file for split's part files (`@docket/formats`' `pageExtractorLayer`, PDFs;
   * `createDocket` of `@docket/server` provides it by default); without one, parts are markdown files
   */
  readonly pageExtractor?: Layer.Layer<PageExtractor> | undefined
  /**
   * reads `https://` source URLs (the platform's `fetch` by default; `platformHttpFetcherLayer({
   * allowHttpLoopback: true })` also reads `http://127.0.0.1`, for tests against a local server)
   */
  readonly httpFetcher?: Layer.Layer<HttpFetcher> | undefined
  /**
   * job kinds of the host's own, registered beside the document service's (each declares its
   * input and result schemas, its work, its projections, usage and retention hooks:
   * `defineJobKind`); their jobs are read, listed, cancelled and streamed by the job routes of
   * both forms. A kind's work and hooks may use any of Docket's services.
   */
  readonly jobKinds?: ReadonlyArray<AnyJobKind<DocketServices>> | undefined
  /**
   * routes of the host's own (e.g. the create route of its job kinds), served by `fetch` and
   * `handler` before Docket's own, with the same CORS
   */
  readonly routes?: ReadonlyArray<Route<DocketServices>> | undefined
  /**
   * a span per HTTP request through Effect's tracer (off by default: it costs a noticeable part
   * of a small request; turn it on when a tracer such as OpenTelemetry is installed)
   */
  readonly httpTracing?: boolean | undefined
}

/** Builds the layer of every Docket service from the options. */
export const docketLayer = <E>(options: DocketOptions<E>): Layer.Layer<DocketServices, E> => {
  const clock = options.clock === "manual" ? new ManualClock() : options.clock === "system" ? undefined : options.clock
  const base = Layer.mergeAll(
    options.storage,
    options.evaluator ?? LocalEvaluatorLive,
    options.intelligence ?? LocalIntelligenceLive,
    options.parser ?? noParserLayer,
    options.renderer ?? noRendererLayer,
    options.pageExtractor ?? noPageExtractorLayer,
    options.httpFetcher ?? platformHttpFetcherLayer(),
    KeyCacheLive,
    FaultsLive,
    IdsLive,
    JobRuntimeLive,
    KnowledgeGraphCacheLive,
    settingsLayer(options.settings),
    clock === undefined ? systemClockLayer : manualClockLayer(clock)
  )
  // the harness's faults, each a decorator over the port it disturbs: one entry per context
  const disturbed = Layer.provideMerge(Layer.mergeAll(decisionFaults, intelligenceFaults), base)
  const withSigner = Layer.provideMerge(Layer.merge(LinkSignerLive, RingJournalLive), disturbed)
  // the seams of the workspace service (`workspaces/seams.ts`): label references, teardown steps
  const withSeams = Layer.provideMerge(
    Layer.merge(labelReferencesLayer(workspaceLabelReferences), workspaceTeardownLayer(workspaceTeardownSteps)),
    withSigner
  )
  // every context's job kinds: one line per context
  const kinds = jobKindsLayer([...documentJobKinds, ...decisionJobKinds, ...workspaceJobKinds, ...(options.jobKinds ?? [])])
  const withKinds = Layer.provideMerge(kinds, withSeams)
  const workers = Layer.unwrapEffect(
    Effect.map(Settings, (s) => Layer.merge(jobWorkersLayer(s.jobWorkers), retentionSweeperLayer(s.sweepIntervalMs)))
  )
  return Layer.provideMerge(workers, withKinds)
}

/** The application of an instance: every service's routes and the host's, on `DocketServices`. */
export type DocketHandler = (request: DocketRequest, scope: RequestScope) => Effect.Effect<DocketResponse, never, DocketServices>

/** Rejects with the control plane's tagged error (AdminNotFound, AdminConflict, …), not a wrapper. */
export class ControlPlaneError extends Error {
  constructor(readonly error: AdminError) {
    super(error.message)
    this.name = error._tag
  }
}

export interface Docket {
  /** web-standard fetch handler serving both services and the control plane */
  readonly fetch: (request: Request) => Promise<Response>
  /** the runtime that holds the services (adapters run `handler` on it) */
  readonly runtime: ManagedRuntime.ManagedRuntime<DocketServices, unknown>
  /** the HTTP application (with a span per request when `httpTracing` is on) */
  readonly handler: DocketHandler
  /** the manual clock, when the instance runs on one */
  readonly clock: ManualClock | undefined
  readonly admin: DocketControlPlane
  /** creates the demo account and key (`DOCKET_DEMO=1`) */
  readonly bootstrapDemo: () => Promise<{
    readonly decision: { readonly account_id: string; readonly key_id: string; readonly api_key: string }
    readonly docs: { readonly tenant_id: string; readonly key_id: string; readonly api_key: string }
  }>
  readonly dispose: () => Promise<void>
}

/** The control plane as a typed API: in process (`docket.admin`) or over HTTP (`controlPlaneClient`). */
export type DocketControlPlane = ReturnType<typeof controlPlane>

const controlPlane = (run: <A>(e: Effect.Effect<A, AdminError, DocketServices>) => Promise<A>) => ({
  decision: {
    createAccount: (input: AccountPatch = {}) => run(DecisionAdmin.createAccount(input)),
    getAccount: (accountId: string) => run(DecisionAdmin.getAccount(accountId)),
    updateAccount: (accountId: string, patch: AccountPatch) => run(DecisionAdmin.updateAccount(accountId, patch)),
    topUp: (accountId: string, amount: number) => run(DecisionAdmin.topUp(accountId, amount)),
    createKey: (accountId: string, name: string) => run(DecisionAdmin.createKey(accountId, name)),
    listKeys: (accountId: string) => run(DecisionAdmin.listKeys(accountId)),
    revokeKey: (keyId: string) => run(DecisionAdmin.revokeKey(keyId)),
    getPools: () => run(DecisionAdmin.getPools),
    setPools: (sizes: { readonly fleets?: Readonly<Record<string, number>>; readonly free?: number }) =>
      run(DecisionAdmin.setPools(sizes))
  },
  docs: {
    createTenant: (input: TenantPatch = {}) => run(DocsAdmin.createTenant(input)),
    getTenant: (tenantId: string) => run(DocsAdmin.getTenant(tenantId)),
    updateTenant: (tenantId: string, patch: TenantPatch) => run(DocsAdmin.updateTenant(tenantId, patch)),
    createKey: (tenantId: string, input: DocsAdmin.DocsKeyInputValue = {}) => run(createGrantedKey(tenantId, input)),
    revokeKey: (keyId: string) => run(DocsAdmin.revokeDocsKey(keyId)),
    seedPlatformSchema: (definition: PlatformSchemaDefinition) => run(seedPlatformSchemaAdmin(definition)),
    /** one retention sweep now (what the background sweep does every `sweepIntervalMs`): what it deleted */
    sweep: () => run(sweepAdmin)
  },
  clock: {
    advance: (ms: number) => run(advanceClock(ms)),
    now: () => run(clockNow)
  },
  faults: {
    get: () => run(getFaults),
    set: (faults: Partial<FaultState>) => run(setFaults(faults))
  },
  /** the request journal (`GET|DELETE /_admin/journal`): what the services were asked, newest first */
  journal: {
    list: (filter: JournalFilter = {}) => run(listJournal(filter)),
    clear: () => run(clearJournal)
  },
  reset: () => run(resetAll)
})

/** A span per request around a handler. */
const traced = (handler: DocketHandler): DocketHandler => (request, scope) =>
  handler(request, scope).pipe(
    Effect.tap((response) => Effect.annotateCurrentSpan("http.response.status_code", response.status)),
    Effect.withSpan(`http.server ${request.method}`, {
      kind: "server",
      attributes: { "http.request.method": request.method, "url.path": request.path }
    })
  )

/** The host's routes before Docket's own. */
export const makeDocket = <E>(input: DocketOptions<E>): Docket => {
  const options = { ...input, clock: input.clock === "manual" ? new ManualClock() : input.clock }
  const layer = docketLayer(options)
  const runtime = ManagedRuntime.make(layer) as ManagedRuntime.ManagedRuntime<DocketServices, unknown>
  const routed = makeDocketHandler(options.routes ?? [])
  const handler = options.httpTracing === true ? traced(routed) : routed
  let fetchHandler: ((request: Request) => Promise<Response>) | undefined
  const run = async <A>(effect: Effect.Effect<A, AdminError, DocketServices>): Promise<A> => {
    const result = await runtime.runPromise(Effect.either(effect))
    if (Either.isLeft(result)) throw new ControlPlaneError(result.left)
    return result.right
  }
  return {
    fetch: (request) => {
      if (fetchHandler !== undefined) return fetchHandler(request)
      // the first request builds the runtime (and with it the services)
      return runtime.runtime().then((built) => {
        fetchHandler ??= makeWebHandler(built, handler)
        return fetchHandler(request)
      })
    },
    runtime,
    handler,
    clock: options.clock instanceof ManualClock ? options.clock : undefined,
    admin: controlPlane(run),
    bootstrapDemo: () => run(bootstrapDemo),
    dispose: () => runtime.dispose()
  }
}
