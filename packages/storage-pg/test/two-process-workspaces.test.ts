/**
 * Real server processes on one database, for the workspace service (spec 3, "Quality, speed,
 * robustness": no file ingested twice, none lost when an instance dies mid-ingestion). C answers
 * every request and runs no jobs (`DOCKET_JOB_WORKERS=0`); A (one worker) runs the job and is
 * SIGKILLed mid-way; B (one worker), started while A holds the job, claims it once A's lease has
 * expired on B's clock and finishes it. The servers (`support/docs-server.ts`) parse with the test
 * parser on manual clocks that start at the same instant and that only the test moves: a parse
 * with `#delay` waits on its instance's clock, which is how A is caught mid-file; nobody moves
 * A's clock, so A's lease ends at the start plus `JOB_LEASE_MS`. A teardown is caught mid-way by
 * row locks on the workspace's blobs, held by the test. Real time only bounds waits for I/O.
 */
import { Admin, type DocketControlPlane, Jobs } from "@docket/core"
import { readJson, waitUntil } from "@docket/core/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestDatabase, holdLocks, querySql, type TestDatabase } from "./support/database.js"
import { type ServerProcess, startDocsServer } from "./support/server.js"

const TOKEN = "two-process-workspaces-admin-token"
/** a parse that takes this long on its instance's clock (a duration no other sleeper has) */
const SLOW = 600_123
const WAIT_MS = 60_000

let db: TestDatabase
let api: ServerProcess
let control: DocketControlPlane

const worker = async () => {
  const server = await startDocsServer({ DATABASE_URL: db.url, DOCKET_ADMIN_TOKEN: TOKEN, DOCKET_JOB_WORKERS: "1" })
  return { server, control: Admin.controlPlaneClient(server.url, TOKEN) }
}

beforeAll(async () => {
  db = await createTestDatabase()
  api = await startDocsServer({ DATABASE_URL: db.url, DOCKET_ADMIN_TOKEN: TOKEN, DOCKET_JOB_WORKERS: "0" })
  control = Admin.controlPlaneClient(api.url, TOKEN)
}, 120_000)

afterAll(async () => {
  await api?.stop()
  await db?.drop()
})

const call = async (server: ServerProcess, method: string, path: string, key: string, body?: unknown) =>
  readJson(
    await fetch(`${server.url}${path}`, {
      method,
      headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  )

const tenant = async () => (await control.docs.createTenant({ rpm: 100_000 })).api_key

const workspace = async (key: string, name: string) => {
  const r = await call(api, "POST", "/v1/workspaces", key, { name })
  expect(r.status, JSON.stringify(r.body)).toBe(201)
  return r.body.workspace_id as string
}

/** uploads through C (a worker runs the `file_upload` job); the file's id */
const upload = async (key: string, ws: string, path: string, content: string) => {
  const form = new FormData()
  form.append("file", new Blob([content]), path)
  form.append("metadata", JSON.stringify({ path }))
  const r = await readJson(await fetch(`${api.url}/v1/workspaces/${ws}/files?wait_seconds=30`, { method: "POST", headers: { "x-api-key": key }, body: form }))
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
  return r.body.result.file.file_id as string
}

const jobStatus = async (key: string, jobId: string) => (await call(api, "GET", `/v1/jobs/${jobId}`, key)).body

const settled = async (key: string, jobId: string, what: string) => {
  await waitUntil(async () => ["succeeded", "failed", "cancelled"].includes((await jobStatus(key, jobId)).status), WAIT_MS, what, 20)
  return jobStatus(key, jobId)
}

/** fibers sleeping for exactly `ms` on an instance's manual clock */
const sleeping = async (c: DocketControlPlane, ms: number) =>
  ((await c.clock.now()) as { pending_sleeps?: Record<string, number> }).pending_sleeps?.[String(ms)] ?? 0

const count = async (statement: string, params: ReadonlyArray<unknown>) =>
  Number((await querySql<{ n: string | number }>(db.url, statement, params))[0]!.n)

describe("two worker processes on one PostgreSQL database: workspaces", () => {
  it("an ingestion whose worker is SIGKILLed mid-file is finished by the other once the lease expires: every file ingested once, none lost", async () => {
    const a = await worker()
    let b: Awaited<ReturnType<typeof worker>> | undefined
    try {
      const key = await tenant()
      const ws = await workspace(key, "killed mid-ingestion")
      const files: Array<[string, string]> = [
        ["a.txt", "the first file"],
        ["b.csv", "region,amount\nnorth,12\nsouth,30\n"],
        ["c.txt", "the third file"],
        ["d-slow.txt", `#delay ${SLOW}\nthe slow file`],
        ["e.txt", "after the slow one"]
      ]
      for (const [path, content] of files) await upload(key, ws, path, content)
      const r = await call(api, "POST", `/v1/workspaces/${ws}/ingestions`, key, { selection: { type: "path_prefix" } })
      expect(r.status, JSON.stringify(r.body)).toBe(202)
      const jobId = r.body.job_id as string

      // A parses the slow file: the parse waits on A's clock, which nobody moves; the job ingests
      // several files at once, so the others finish around it
      await waitUntil(async () => (await sleeping(a.control, SLOW)) === 1, WAIT_MS, "A to be parsing the slow file", 20)
      const statuses = async () =>
        Object.fromEntries((await querySql<{ path: string; ingestion_status: string }>(db.url,
          "SELECT path, ingestion_status FROM docket_ws_files WHERE workspace_id = $1 ORDER BY path", [ws])).map((f) => [f.path, f.ingestion_status]))
      const othersDone = { "a.txt": "ingested", "b.csv": "ingested", "c.txt": "ingested", "d-slow.txt": "ingesting", "e.txt": "ingested" }
      await waitUntil(async () => JSON.stringify(await statuses()) === JSON.stringify(othersDone), WAIT_MS, "A to ingest every file but the slow one", 20)

      // B starts while A holds the job (B's clock at the start: A's lease still runs), then A dies
      b = await worker()
      await a.server.kill()
      expect((await jobStatus(key, jobId)).status).toBe("running")
      // on B's clock A's lease has expired: B claims the job, re-claims the file A left `ingesting`
      await b.control.clock.advance(Jobs.JOB_LEASE_MS + 1)
      await waitUntil(async () => (await sleeping(b!.control, SLOW)) === 1, WAIT_MS, "B to be parsing the slow file", 20)
      await b.control.clock.advance(SLOW)
      const done = await settled(key, jobId, "B to finish the ingestion")
      expect(done.status, JSON.stringify(done)).toBe("succeeded")
      expect(done.result.outcomes.map((o: any) => [o.path, o.status])).toEqual(files.map(([p]) => [p, "ingested"]))
      expect(done.result).toMatchObject({ files_ingested: 5, files_failed: 0, files_skipped: 0 })

      // none ingested twice: each file's outputs replaced once (generation 1), one record at version 1,
      // no derived blob beyond the current outputs'; none lost: all `ingested`
      const rows = await querySql<{ path: string; ingestion_status: string; generation: number }>(db.url,
        "SELECT path, ingestion_status, generation FROM docket_ws_files WHERE workspace_id = $1 ORDER BY path", [ws])
      expect(rows.map((f) => [f.path, f.ingestion_status, f.generation])).toEqual(files.map(([p]) => [p, "ingested", 1]))
      const outputs = await count("SELECT count(*) AS n FROM docket_ws_file_outputs WHERE workspace_id = $1", [ws])
      expect(outputs).toBe(6) // document.md each, and b.csv's table as CSV
      expect(await count("SELECT count(*) AS n FROM docket_blobs WHERE key LIKE $1", [`workspaces/${ws}/derived/%`])).toBe(outputs)
      const records = await querySql<{ version: number }>(db.url, "SELECT version FROM docket_ws_file_ingestions WHERE workspace_id = $1", [ws])
      expect(records.map((x) => x.version)).toEqual([1, 1, 1, 1, 1])
      // b.csv's one table; the job left the queue
      expect(await count("SELECT count(*) AS n FROM docket_workspace_tables WHERE workspace_id = $1", [ws])).toBe(1)
      expect(await count("SELECT count(*) AS n FROM docket_job_queue WHERE job_id = $1", [jobId])).toBe(0)
    } finally {
      await b?.server.stop()
      await a.server.kill()
    }
  }, 180_000)

  it("a workspace delete whose worker is SIGKILLed mid-teardown is finished by the other: 404 on both, no file, blob, table or row left", async () => {
    const a = await worker()
    let b: Awaited<ReturnType<typeof worker>> | undefined
    try {
      const key = await tenant()
      const name = "killed mid-teardown"
      const ws = await workspace(key, name)
      // more blobs than a teardown deletes at once (8), so that some wait their turn
      for (let i = 0; i < 6; i++) await upload(key, ws, `notes/n${i}.txt`, `note number ${i}`)
      await upload(key, ws, "sales.csv", "region,amount\nnorth,12\n")
      const ing = await call(api, "POST", `/v1/workspaces/${ws}/ingestions`, key, { selection: { type: "path_prefix" } })
      expect(ing.status, JSON.stringify(ing.body)).toBe(202)
      expect((await settled(key, ing.body.job_id, "the ingestion")).status).toBe("succeeded")
      const schema = (await querySql<{ schema_name: string }>(db.url, "SELECT schema_name FROM docket_workspace_sql WHERE workspace_id = $1", [ws]))[0]!.schema_name
      const prefix = `workspaces/${ws}/%`
      const blobs = await querySql<{ key: string; blob_id: string }>(db.url, "SELECT key, blob_id FROM docket_blobs WHERE key LIKE $1", [prefix])
      expect(blobs.length).toBe(7 + 8) // the sources, a document.md each, the CSV's table
      const fileIds = (await querySql<{ file_id: string }>(db.url, "SELECT file_id FROM docket_ws_files WHERE workspace_id = $1", [ws])).map((f) => f.file_id)
      expect(fileIds.length).toBe(7)

      // the workspace's blobs locked: A's teardown goes as far as its first blob deletion and waits there
      const lock = await holdLocks(db.url, "SELECT key FROM docket_blobs WHERE key LIKE $1 FOR UPDATE", [prefix])
      let jobId: string
      try {
        const del = await call(api, "DELETE", `/v1/workspaces/${ws}`, key, { confirm_name: name })
        expect(del.status, JSON.stringify(del.body)).toBe(202)
        jobId = del.body.job_id
        const waiting = () =>
          querySql<{ pid: number }>(db.url,
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%DELETE FROM docket_blobs%'")
        await waitUntil(async () => (await waiting()).length > 0, WAIT_MS, "A's teardown to wait on the blobs", 20)
        // mid-teardown: the ingestion records are gone, the blobs and the tables not yet
        expect(await count("SELECT count(*) AS n FROM docket_ws_file_ingestions WHERE workspace_id = $1", [ws])).toBe(0)
        expect(await count("SELECT count(*) AS n FROM pg_namespace WHERE nspname = $1", [schema])).toBe(1)
        expect((await call(api, "GET", `/v1/workspaces/${ws}`, key)).body.status).toBe("deleting")

        b = await worker()
        const pids = (await waiting()).map((p) => p.pid)
        await a.server.kill()
        // A's connections died with it, but PostgreSQL would only notice once the lock is free, and
        // run their statements first: ended here, so that nothing of the dead instance runs after it
        await querySql(db.url, "SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid", [pids])
      } finally {
        await lock.release()
      }
      expect((await jobStatus(key, jobId!)).status).toBe("running")
      await b!.control.clock.advance(Jobs.JOB_LEASE_MS + 1)
      const done = await settled(key, jobId!, "B to finish the teardown")
      expect(done.status, JSON.stringify(done)).toBe("succeeded")

      for (const server of [api, b!.server]) {
        const got = await call(server, "GET", `/v1/workspaces/${ws}`, key)
        expect(got.status).toBe(404)
        expect(got.body.error.code).toBe("workspace_not_found")
      }
      for (const table of ["docket_workspaces", "docket_ws_files", "docket_ws_file_versions", "docket_ws_file_outputs", "docket_ws_file_ingestions", "docket_workspace_tables", "docket_workspace_sql"]) {
        expect(await count(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = $1`, [ws]), table).toBe(0)
      }
      for (const table of ["docket_ws_file_versions", "docket_ws_file_outputs", "docket_ws_output_members"]) {
        expect(await count(`SELECT count(*) AS n FROM ${table} WHERE file_id = ANY($1)`, [fileIds]), table).toBe(0)
      }
      expect(await count("SELECT count(*) AS n FROM docket_job_queue WHERE job_id = $1", [jobId!]), "queue").toBe(0)
      expect(await count("SELECT count(*) AS n FROM docket_blobs WHERE key LIKE $1", [prefix]), "blobs").toBe(0)
      expect(await count("SELECT count(*) AS n FROM docket_blob_chunks WHERE blob_id = ANY($1)", [blobs.map((x) => x.blob_id)]), "blob chunks").toBe(0)
      expect(await count("SELECT count(*) AS n FROM pg_namespace WHERE nspname = $1", [schema]), "schema").toBe(0)
      expect(await count("SELECT count(*) AS n FROM pg_roles WHERE rolname = $1", [schema]), "role").toBe(0)
    } finally {
      await b?.server.stop()
      await a.server.kill()
    }
  }, 180_000)
})
