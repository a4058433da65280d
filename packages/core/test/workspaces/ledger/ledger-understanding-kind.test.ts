/**
 * The `ledger_understanding` job's work on the memory stores, where HTTP cannot reach: a review
 * refused by the job itself (the package changed after the route accepted it), a selection gone,
 * republishing against a package whose table was loaded again with other rows, and a stored report
 * of an older engine read again.
 */
import { Workspaces } from "@docket/core"
import { layer as memoryStorage } from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, Option } from "effect"
import { settingsLayer } from "../../../src/kernel/config.js"
import { buildTable } from "../../../src/workspaces/tables/table-profile.js"
import type { RawCell } from "../../../src/workspaces/tables/workspace-table.js"
import { workspaceFixture } from "@docket/core/testing"

const TENANT = "ten-ledger"

const workspace = (id: string) =>
  workspaceFixture({
    workspace_id: id,
    tenant_id: TENANT,
    name: "ledger",
    // runs here take the recommended primary (the HTTP suite covers `required`)
    ledger_understanding: { ...Workspaces.DEFAULT_LEDGER_UNDERSTANDING, package_confirmation: "automatic" }
  })

/** a balanced journal of `entries` two-line entries */
const journalGrid = (entries: number): ReadonlyArray<ReadonlyArray<RawCell>> => [
  ["Journal_ID", "JE_Line_Number", "Effective_Date", "GL_Account_Number", "Description", "Amount"],
  ...Array.from({ length: entries }, (_, e) => [
    [`JE-${e + 1}`, "1", `2024-0${1 + (e % 9)}-1${e % 10}`, "1200", `Invoice ${e}`, `${100 + e}.25`],
    [`JE-${e + 1}`, "2", `2024-0${1 + (e % 9)}-1${e % 10}`, "4000", `Invoice ${e}`, `-${100 + e}.25`]
  ]).flat()
]

const load = (ws: string, entries: number) =>
  Effect.gen(function*() {
    const built = buildTable({ file_id: "file-1", path: "gl/journal.csv", component: "journal.csv", component_kind: "csv", table_name: "journal" }, journalGrid(entries))
    yield* Effect.flatMap(Workspaces.Tables.WorkspaceSql, (s) => s.loadTable(TENANT, ws, built.descriptor, built.rows))
  })

const input = (ws: string, over: Partial<Workspaces.Ledger.LedgerRunInput> = {}): Workspaces.Ledger.LedgerRunInput => ({
  workspace_id: ws,
  key_id: null,
  access_labels: null,
  path_prefix: null,
  paths: [],
  selection_id: null,
  force: false,
  review: null,
  request: null,
  ...over
})

const run = (i: Workspaces.Ledger.LedgerRunInput) =>
  Effect.either(Workspaces.Ledger.ledgerUnderstandingKind.run({ job_id: crypto.randomUUID(), tenant_id: TENANT, input: i, progress: null } as never, () => Effect.void))

const setup = (entries: number) =>
  Effect.gen(function*() {
    const ws = crypto.randomUUID()
    yield* Effect.flatMap(Workspaces.WorkspaceStore, (s) => s.create(workspace(ws)))
    yield* load(ws, entries)
    return ws
  })

const layer = Layer.mergeAll(memoryStorage, settingsLayer({}))

describe("ledger_understanding job", () => {
  it.effect("republishes an unchanged package without a unit; a table loaded again with other rows is read again", () =>
    Effect.gen(function*() {
      const ws = yield* setup(12)
      const first = yield* run(input(ws))
      expect(Either.isRight(first)).toBe(true)
      const made = Either.getOrThrow(first)
      expect(made).toMatchObject({ units: 1, result: { result_type: "ledger_understanding", republished: false } })
      expect(made.result.report.assessment).toMatchObject({ status: "ready", entries: 12, lines: 24 })
      const again = Either.getOrThrow(yield* run(input(ws)))
      expect(again).toMatchObject({ units: 0, result: { republished: true } })
      expect(again.result.report).toEqual(made.result.report)
      yield* load(ws, 15)
      const changed = Either.getOrThrow(yield* run(input(ws)))
      expect(changed).toMatchObject({ units: 1, result: { republished: false } })
      expect(changed.result.report.assessment.entries).toBe(15)
    }).pipe(Effect.provide(layer)))

  it.effect("a stored report made by another engine version is read again, never republished; the one made now is", () =>
    Effect.gen(function*() {
      const ws = yield* setup(8)
      const made = Either.getOrThrow(yield* run(input(ws)))
      expect(made.result.report.scope.engine_version).toBe(Workspaces.Ledger.LEDGER_ENGINE_VERSION)
      // the scope's stored report, as an older engine made it (same package revision)
      const store = yield* Workspaces.Ledger.LedgerStore
      const key = Workspaces.Ledger.ledgerScopeKey(Workspaces.Ledger.ledgerScope(null, [], null))
      const stored = Option.getOrThrow(yield* store.report(TENANT, ws, key))
      const older = { ...stored.report, scope: { ...stored.report.scope, engine_version: Workspaces.Ledger.LEDGER_ENGINE_VERSION - 1 } }
      yield* store.putReport(TENANT, ws, { ...stored, job_id: "older-engine", report: older })
      const again = Either.getOrThrow(yield* run(input(ws)))
      expect(again).toMatchObject({ units: 1, result: { republished: false } })
      expect(again.result.report.scope.engine_version).toBe(Workspaces.Ledger.LEDGER_ENGINE_VERSION)
      expect(again.result.report.scope.catalog_revision).toBe(stored.catalog_revision)
      // a report stored before engine versions were recorded has none: read again as well
      const { engine_version: _, ...unversionedScope } = again.result.report.scope
      yield* store.putReport(TENANT, ws, { ...stored, job_id: "unversioned", report: { ...again.result.report, scope: unversionedScope as never } })
      expect(Either.getOrThrow(yield* run(input(ws)))).toMatchObject({ units: 1, result: { republished: false } })
      expect(Either.getOrThrow(yield* run(input(ws)))).toMatchObject({ units: 0, result: { republished: true } })
    }).pipe(Effect.provide(layer)))

  it("a stored report's policy compares equal whatever the order of its keys (jsonb reorders them), and differs when a value does", () => {
    const policy = Workspaces.Ledger.appliedLedgerPolicy({
      ...Workspaces.DEFAULT_LEDGER_UNDERSTANDING,
      gl_parsing: { max_rows_per_source: 10, date_format: "DD.MM.YYYY", decimal_separator: ",", sign_convention: null }
    }).report
    const reordered = JSON.parse(JSON.stringify({ ...policy, gl_parsing: { sign_convention: null, decimal_separator: ",", date_format: "DD.MM.YYYY", max_rows_per_source: 10 } }))
    expect(Workspaces.Ledger.samePolicy(reordered, policy)).toBe(true)
    expect(Workspaces.Ledger.samePolicy({ ...reordered, gl_parsing: { ...reordered.gl_parsing, max_rows_per_source: 11 } }, policy)).toBe(false)
    expect(Workspaces.Ledger.samePolicy(undefined, policy)).toBe(false)
  })

  it.effect("the job checks the review itself: a reading gone stale since acceptance fails ledger_catalog_stale, an unknown source invalid_request", () =>
    Effect.gen(function*() {
      const ws = yield* setup(10)
      const reading = Either.getOrThrow(yield* run(input(ws))).result.report.scope.review_reading_id
      const accepted = Either.getOrThrow(yield* run(input(ws, { review: { reading_id: reading, scope: [] } })))
      expect(accepted.result.review).toEqual({ reading_id: reading, primary_source_id: "journal", source_ids: ["journal"] })
      // the package changes after the route accepted the review
      yield* load(ws, 11)
      const stale = yield* run(input(ws, { review: { reading_id: reading, scope: [] } }))
      expect(Either.isLeft(stale) && stale.left).toMatchObject({ code: "ledger_catalog_stale", retryable: false })
      const current = Either.getOrThrow(yield* run(input(ws, { force: true }))).result.report.scope.review_reading_id
      const unknown = yield* run(input(ws, { review: { reading_id: current, scope: ["ghost"] } }))
      expect(Either.isLeft(unknown) && unknown.left).toMatchObject({ code: "invalid_request", retryable: false })
    }).pipe(Effect.provide(layer)))

  it.effect("a selection the workspace no longer holds fails invalid_request; a missing workspace workspace_not_found", () =>
    Effect.gen(function*() {
      const ws = yield* setup(4)
      const gone = yield* run(input(ws, { selection_id: "sel-gone" }))
      expect(Either.isLeft(gone) && gone.left).toMatchObject({ code: "invalid_request" })
      const missing = yield* run(input(crypto.randomUUID()))
      expect(Either.isLeft(missing) && missing.left).toMatchObject({ code: "workspace_not_found" })
    }).pipe(Effect.provide(layer)))
})
