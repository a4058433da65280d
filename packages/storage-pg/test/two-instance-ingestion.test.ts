/**
 * Two instances (two Dockets, each its own pool, workers and manual clock) on one database run
 * one ingestion: the instance that claimed the job dies mid-way (disposed while a file's parse
 * waits on its clock: its fiber interrupted), the other claims the job once the lease has expired
 * on its clock and finishes it — every file ends `ingested`, none ingested twice (each file's
 * outputs are at generation 1), none lost. A job whose lease was released (its instance stopped) resumes
 * like one whose lease expired.
 */
import { type Docket, Jobs, makeDocket, ManualClock, Workspaces } from "@docket/core"
import { docsClient, inProcessTarget, placeWorkspaceFile, testParserLayer } from "@docket/core/testing"
import * as PgStorage from "@docket/storage-pg"
import { Effect, Option } from "effect"
import { afterAll, expect, it } from "vitest"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

const START = Date.UTC(2026, 0, 1)
const instance = () =>
  makeDocket({
    storage: PgStorage.layer({ url: db.url, maxConnections: 4, jobQueuePollInterval: 20 }),
    clock: new ManualClock(START),
    parser: testParserLayer,
    settings: { adminToken: "test-admin-token", sweepIntervalMs: 0, jobWorkers: 1 }
  })

const until = async (what: string, f: () => Promise<boolean>, tries = 6000) => {
  for (let i = 0; i < tries; i++) {
    if (await f()) return
    await new Promise((r) => setTimeout(r, 10))
  }
  throw new Error(`never: ${what}`)
}

it("a job whose instance dies mid-way is finished by the other: no file ingested twice, none lost", async () => {
  const a: Docket = instance()
  let b: Docket | undefined
  try {
    const api = docsClient(inProcessTarget(a))
    await a.admin.reset()
    const t = await api.tenant()
    const ws = (await api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "two instances" } })).body.workspace_id as string
    const files = []
    for (let i = 0; i < 3; i++) files.push(await placeWorkspaceFile(a, t.tenantId, ws, `f${i}.txt`, `file number ${i}`))
    // this one waits on the clock of whoever parses it
    files.push(await placeWorkspaceFile(a, t.tenantId, ws, "slow.txt", "#delay 60000\nslow file"))
    files.push(await placeWorkspaceFile(a, t.tenantId, ws, "z.txt", "after the slow one"))
    const r = await api.call("POST", `/v1/workspaces/${ws}/ingestions`, { key: t.key, body: { selection: { type: "path_prefix" } } })
    expect(r.status).toBe(202)
    const fileOf = (d: Docket, id: string) =>
      d.runtime.runPromise(Effect.map(Effect.flatMap(Workspaces.Files.WorkspaceFileStore, (s) => s.get(t.tenantId, ws, id)), Option.getOrThrow))
    const slow = files[3]!
    // the job ingests several files at once: the others get past the slow one
    const placed = [...files]
    await until("the slow file is being ingested, the others ingested", async () => {
      const now = await Promise.all(placed.map((f) => fileOf(a, f.file_id)))
      return now.every((f) => f.ingestion_status === (f.file_id === slow.file_id ? "ingesting" : "ingested"))
    })
    // b's workers start only once the job is a's
    b = instance()
    await b.runtime.runPromise(Effect.void)
    await a.dispose() // dies mid-way: its work interrupted, the slow file left `ingesting`

    const other = b
    const job = (id: string) => other.runtime.runPromise(Effect.flatMap(Jobs.JobStore, (s) => s.get(id)))
    // b's clock passes the lease, then the slow file's delay
    await other.clock!.advance(Jobs.JOB_LEASE_MS + 1)
    await until("b finishes the job", async () => {
      await other.clock!.advance(60_000)
      const j = await job(r.body.job_id)
      return Option.isSome(j) && j.value.status === "succeeded"
    })
    const done = Option.getOrThrow(await job(r.body.job_id))
    const result = done.result as any
    expect(result.outcomes.map((o: any) => [o.path, o.status])).toEqual([
      ["f0.txt", "ingested"], ["f1.txt", "ingested"], ["f2.txt", "ingested"], ["slow.txt", "ingested"], ["z.txt", "ingested"]
    ])
    for (const f of files) {
      const now = await fileOf(other, f.file_id)
      expect(now.ingestion_status).toBe("ingested")
      const outs = await other.runtime.runPromise(Effect.flatMap(Workspaces.Files.WorkspaceFileStore, (s) => s.listOutputs(t.tenantId, ws, f.file_id)))
      expect(outs.map((o) => o.generation), f.path).toEqual([1])
    }
  } finally {
    await b?.dispose()
    await a.dispose().catch(() => undefined)
  }
}, 180_000)
