/**
 * The conformance suite of `StorageAdmin`: a reset empties every store of the adapter at once.
 * Every storage adapter runs it against its whole storage layer
 * (`storageAdminSuite("memory", MemoryStorage.layer)`). Its tests empty the storage, so an adapter
 * on a shared database runs it where no other suite runs at the same time (as vitest runs the
 * suites of one file one after the other).
 */
import { expect } from "@effect/vitest"
import { Chunk, Effect, type Layer, Option, Stream } from "effect"
import { DEFAULT_POOL_SIZES, LimiterStore } from "../decision/limiter/limiter-store.js"
import type { StoragePorts } from "../docket.js"
import { platformSchemaScope, tenantSchemaScope } from "../documents/schema/extraction-schema.js"
import { ExtractionSchemaStore, type NewSchemaFamily } from "../documents/schema/extraction-schema-store.js"
import { BlobStore } from "../documents/uploads/blob-store.js"
import { UPLOAD_SESSION_LIFETIME_MS, type UploadSession, UploadSessionStore } from "../documents/uploads/upload-session.js"
import { UPLOAD_LIFETIME_MS, UploadStore } from "../documents/uploads/upload.js"
import { JobEventLog } from "../jobs/job-event-log.js"
import { StorageAdmin } from "../kernel/storage-admin.js"
import { KnowledgeGraphStore } from "../workspaces/graph/graph-store.js"
import { LedgerStore } from "../workspaces/ledger/ledger-store.js"
import { UsageStore } from "../tenancy/billing/usage-store.js"
import { RequestRateStore } from "../tenancy/limits/request-rate-store.js"
import { SyncWaitStore } from "../tenancy/limits/sync-wait-store.js"
import { hashDocsKey, TENANT_DEFAULTS } from "../tenancy/tenants/tenant.js"
import { TenantStore } from "../tenancy/tenants/tenant-store.js"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"

const T0 = 1_767_225_600_000
const DAY = 24 * 3600 * 1000
const reset = Effect.flatMap(StorageAdmin, (admin) => admin.reset)
const uuid = () => {
  const hex = Array.from({ length: 12 }, () => Math.floor(Math.random() * 16).toString(16)).join("")
  return `00000000-0000-4000-8000-${hex}`
}

export const storageAdminSuite = <E>(name: string, layer: Layer.Layer<StoragePorts, E>, options: SuiteOptions = {}) =>
  storageSuite(`StorageAdmin (${name})`, layer, options, (it) => {
    it("reset empties tenants and keys", () =>
      Effect.gen(function*() {
        const s = yield* TenantStore
        const t = yield* s.createTenant({ tenant_id: unique("ten"), ...TENANT_DEFAULTS, created_at: 1_000 })
        const k = yield* s.createKey({
          key_id: unique("dkey"),
          tenant_id: t.tenant_id,
          hash: hashDocsKey(unique("dk_secret")),
          access_labels: ["a", "b"],
          status: "active",
          created_at: 2_000
        })
        yield* reset
        expect(Option.isNone(yield* s.getTenant(t.tenant_id))).toBe(true)
        expect(Option.isNone(yield* s.findKeyByHash(k.hash))).toBe(true)
      }))

    it("reset empties the usage records", () =>
      Effect.gen(function*() {
        const s = yield* UsageStore
        const tenantId = unique("tnt")
        yield* s.record({
          job_id: uuid(),
          tenant_id: tenantId,
          kind: "parse",
          workspace_id: null,
          units: 2,
          pages: 2,
          bytes_ingested: 0,
          processing_ms: 1000,
          at: T0 + 3600_000
        })
        yield* reset
        expect(yield* s.unitsUsed(tenantId)).toBe(0)
        expect(yield* s.summarize({ tenantId, from: 0, to: T0 + 10 * DAY, groupBy: "day" })).toEqual([])
      }))

    it("reset forgets every request window", () =>
      Effect.gen(function*() {
        const s = yield* RequestRateStore
        const key = unique("tnt")
        const hit = (now: number) => s.hit({ key, limit: 1, windowMs: 60_000, now })
        expect(yield* hit(0)).toEqual({ admitted: true })
        expect((yield* hit(1)).admitted).toBe(false)
        yield* reset
        expect(yield* hit(2)).toEqual({ admitted: true })
      }))

    it("reset frees every sync-wait place", () =>
      Effect.gen(function*() {
        const s = yield* SyncWaitStore
        const tenantId = unique("tnt")
        const hold = () => ({ tenantId, waitId: unique("wait"), cap: 1, now: T0, expiresAt: T0 + 360_000 })
        expect(yield* s.acquire(hold())).toBe(true)
        yield* reset
        expect(yield* s.acquire(hold())).toBe(true)
      }))

    it("reset empties every job event log; sequences start again at 1", () =>
      Effect.gen(function*() {
        const log = yield* JobEventLog
        const job = uuid()
        const queued = (at: number) => ({ at, status: "queued", progress: null, message: null }) as const
        yield* log.append(job, queued(1))
        yield* log.append(job, queued(2))
        yield* reset
        expect(yield* log.since(job, 0)).toEqual([])
        expect((yield* log.append(job, queued(3))).sequence).toBe(1)
      }))

    it("reset empties the blobs", () =>
      Effect.gen(function*() {
        const s = yield* BlobStore
        const key = `uploads/${unique("blob")}`
        yield* s.put(key, Stream.fromChunk(Chunk.of(new Uint8Array([1, 2, 3]))), 10)
        yield* reset
        expect(Option.isNone(yield* s.get(key))).toBe(true)
      }))

    it("reset empties every extraction-schema scope", () =>
      Effect.gen(function*() {
        const s = yield* ExtractionSchemaStore
        const tenantId = unique("ten")
        const family = (scope: NewSchemaFamily["scope"]): NewSchemaFamily => ({
          scope,
          schemaId: unique("sch"),
          name: "Invoice",
          description: "an invoice",
          schema: { type: "object", properties: { total: { type: "string" } } },
          at: 1_000
        })
        const f = family(tenantSchemaScope(tenantId))
        yield* s.createFamily(f)
        yield* s.createFamily(family(platformSchemaScope))
        yield* reset
        expect(Option.isNone(yield* s.getLatest(tenantSchemaScope(tenantId), f.schemaId))).toBe(true)
        expect((yield* s.listVisible(tenantId, { afterSchemaId: null, limit: 10 })).total).toBe(0)
        // the id is free again
        expect((yield* s.createFamily(f)).version).toBe(1)
      }))

    it("reset empties the upload sessions", () =>
      Effect.gen(function*() {
        const s = yield* UploadSessionStore
        const session: UploadSession = {
          session_id: uuid(),
          tenant_id: unique("ten"),
          file_name: "a.pdf",
          size: 10,
          received: 0,
          parts: [],
          state: "open",
          created_at: T0,
          expires_at: T0 + UPLOAD_SESSION_LIFETIME_MS,
          completed_at: null
        }
        const a = yield* s.create(session)
        yield* reset
        expect(Option.isNone(yield* s.get(a.session_id))).toBe(true)
      }))

    it("reset empties the upload records", () =>
      Effect.gen(function*() {
        const s = yield* UploadStore
        const a = yield* s.create({
          file_id: uuid(),
          tenant_id: unique("ten"),
          file_name: "a.pdf",
          size: 3,
          created_at: T0,
          expires_at: T0 + UPLOAD_LIFETIME_MS
        })
        yield* reset
        expect(Option.isNone(yield* s.get(a.file_id))).toBe(true)
      }))

    it("reset empties the knowledge graph: file graphs and snapshots", () =>
      Effect.gen(function*() {
        const s = yield* KnowledgeGraphStore
        const tenantId = unique("ten")
        const workspaceId = uuid()
        yield* s.putFileGraph(tenantId, workspaceId, {
          file_id: uuid(),
          path: "a.pdf",
          ingested_hash: "sha256:a",
          extracted_at: T0,
          graph: { entities: [], relations: [] }
        })
        yield* s.publish(tenantId, workspaceId, { snapshot_id: uuid(), built_at: T0, file_ids: [], nodes: [], edges: [] })
        yield* reset
        expect(yield* s.fileGraphs(tenantId, workspaceId)).toEqual([])
        expect(Option.isNone(yield* s.currentSnapshot(tenantId, workspaceId))).toBe(true)
        expect(Option.isNone(yield* s.snapshot(tenantId, workspaceId))).toBe(true)
      }))

    it("reset empties ledger understanding: selections and reports", () =>
      Effect.gen(function*() {
        const s = yield* LedgerStore
        const tenantId = unique("ten")
        const workspaceId = uuid()
        const selectionId = uuid()
        yield* s.putSelection(tenantId, workspaceId, {
          selection_id: selectionId,
          key_id: uuid(),
          created_at: T0,
          selection: { catalog_revision: "rev:a", primary_source_id: "gl", primary_member_ids: ["gl"], supporting_source_ids: [], primary_confirmed_unrecognized: false }
        })
        yield* s.putReport(tenantId, workspaceId, { scope_key: "[]", catalog_revision: "rev:a", job_id: uuid(), created_at: T0, report: { report_version: 1 } as never })
        yield* reset
        expect(Option.isNone(yield* s.selection(tenantId, workspaceId, selectionId))).toBe(true)
        expect(Option.isNone(yield* s.report(tenantId, workspaceId, "[]"))).toBe(true)
      }))

    it("reset restores the default pool sizes of the limiter", () =>
      Effect.gen(function*() {
        const l = yield* LimiterStore
        yield* reset
        const before = yield* l.getPools
        expect(before).toEqual(DEFAULT_POOL_SIZES)
        const after = yield* l.setPools({ fleets: { "dm-v1.0:fast": 7 }, free: 3 })
        expect(after.fleets["dm-v1.0:fast"]).toBe(7)
        yield* reset
        expect(yield* l.getPools).toEqual(before)
      }))
  })
