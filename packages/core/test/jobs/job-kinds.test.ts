import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Exit, Layer, Schema } from "effect"
import { Jobs } from "../../src/index.js"

/** Spec 3's job kinds, each declared as its context would: a work that needs a service of its own. */
const SPEC3_KINDS = [
  "ingestion", "reconciliation", "kg_build", "file_upload", "file_replace", "file_delete", "workspace_delete", "intelligent_search",
  "filtered_search"
]

class WorkspaceNames extends Context.Tag("test/WorkspaceNames")<WorkspaceNames, { readonly nameOf: (id: string) => string }>() {}

const spec3Kind = (kind: string) =>
  Jobs.defineJobKind({
    kind,
    input: Schema.Struct({ workspace: Schema.String }),
    result: Schema.Struct({ result_type: Schema.String, workspace: Schema.String }),
    stage: "working",
    run: (job) => Effect.map(WorkspaceNames, (names) => ({ result: { result_type: kind, workspace: names.nameOf(job.input.workspace) }, units: 0 }))
  })

const job = (kind: string): Jobs.Job => ({
  job_id: "00000000-0000-4000-8000-000000000001",
  tenant_id: "t",
  kind,
  status: "running",
  input: { workspace: "ws_1" },
  result: null,
  error: null,
  workspace_id: "ws_1",
  force: null,
  progress: null,
  units: 0,
  request_id: "r",
  idempotency_key: null,
  fingerprint: "",
  created_at: 0,
  started_at: 0,
  finished_at: null,
  payload_expires_at: 1
})

const names = Layer.succeed(WorkspaceNames, { nameOf: (id: string) => `name of ${id}` })

describe("the registry of job kinds", () => {
  it.effect("takes every spec-3 kind, each declared outside jobs/; a work runs with the services it was registered with", () =>
    Effect.gen(function*() {
      const kinds = yield* Jobs.JobKinds
      expect(kinds.kinds).toEqual(SPEC3_KINDS)
      for (const name of SPEC3_KINDS) {
        expect(Jobs.SPEC_JOB_KINDS).toContain(name)
        const outcome = yield* kinds.get(name)!.run(job(name), () => Effect.void)
        expect(outcome).toEqual({ result: { result_type: name, workspace: "name of ws_1" }, units: 0 })
      }
      expect(kinds.get("parse")).toBeUndefined()
    }).pipe(Effect.provide(Jobs.jobKindsLayer(SPEC3_KINDS.map(spec3Kind)).pipe(Layer.provide(names)))))

  it.effect("refuses a kind registered twice", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(Effect.provide(Jobs.JobKinds, Jobs.jobKindsLayer([spec3Kind("kg_build"), spec3Kind("kg_build")]).pipe(Layer.provide(names))))
      expect(Exit.isFailure(exit) && String(exit.cause)).toContain("job kind kg_build is registered twice")
    }))

  it("progress moves only a running job; a job stored before workspace_id, force and progress reads with them as none", () => {
    const progress = { units_total: 4, units_done: 1, items_total: 2, items_done: 0, stage: "embedding" }
    expect(Jobs.transition(job("ingestion"), { type: "progress", at: 1, progress })).toMatchObject({ status: "running", progress })
    expect(Jobs.transition({ ...job("ingestion"), status: "queued" }, { type: "progress", at: 1, progress })).toBeUndefined()
    const { workspace_id: _w, force: _f, progress: _p, ...legacy } = job("parse")
    expect(Jobs.withJobDefaults(legacy as Jobs.Job)).toEqual({ ...job("parse"), workspace_id: null, force: null, progress: null })
  })
})
