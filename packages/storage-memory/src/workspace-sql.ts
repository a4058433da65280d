/**
 * `WorkspaceSql` in memory: PGlite (`@electric-sql/pglite`, PostgreSQL compiled to WebAssembly) —
 * the same dialect and the same construction as storage-pg (a schema and a NOLOGIN role per
 * workspace, the query opened as a cursor in a READ ONLY transaction, `set_config` revoked; see
 * core's `postgres-dialect.ts`). One PGlite instance serves every workspace of the layer.
 *
 * PGlite runs PostgreSQL single-threaded and honours no `statement_timeout` (no timer signals in
 * WebAssembly), so a query could hold the thread for as long as it likes. The instance therefore
 * runs in a worker thread, created on first use (a layer that never touches SQL pays nothing): a
 * query past its time limit terminates the worker, and the next call starts a new one and loads
 * every table again from the copies this store keeps (the tables of a memory store live in
 * memory anyway).
 */
import { Kernel, Workspaces } from "@docket/core"
import { Effect, Layer, type Scope } from "effect"
import { createRequire } from "node:module"
import { pathToFileURL } from "node:url"
import { Worker } from "node:worker_threads"

const T = Workspaces.Tables

interface Step {
  readonly sql: string
  readonly params?: ReadonlyArray<unknown>
  /** return this step's rows (as arrays) and fields */
  readonly keep?: boolean
}

interface StepResult {
  readonly rows: ReadonlyArray<ReadonlyArray<unknown>>
  readonly fields: ReadonlyArray<{ readonly name: string; readonly dataTypeID: number }>
}

type Reply = { readonly id: number; readonly results?: ReadonlyArray<StepResult>; readonly error?: { code?: string; message: string } }

// runs in the worker: one PGlite, each request a transaction of steps; dates, timestamps, numerics and bigints come back as text
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads")
const raw = (s) => s
const parsers = { 20: raw, 1700: raw, 1082: raw, 1114: raw, 1184: raw }
const ready = import(workerData.pglite).then((m) => m.PGlite.create())
parentPort.on("message", async ({ id, steps }) => {
  try {
    const db = await ready
    const results = await db.transaction(async (tx) => {
      const out = []
      for (const step of steps) {
        const r = await tx.query(step.sql, step.params || [], { rowMode: "array", parsers })
        if (step.keep) out.push({ rows: r.rows, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) })
      }
      return out
    })
    parentPort.postMessage({ id, results })
  } catch (e) {
    parentPort.postMessage({ id, error: { code: e && e.code, message: String((e && e.message) || e) } })
  }
})
`

class EngineError extends Error {
  constructor(readonly code: string | undefined, message: string) {
    super(message)
  }
}
class EngineTimedOut extends Error {}

interface Engine {
  readonly run: (steps: ReadonlyArray<Step>, timeoutMs?: number) => Promise<ReadonlyArray<StepResult>>
}

interface Workspace {
  readonly schema: string
  readonly tables: Map<string, { readonly descriptor: Workspaces.Tables.WorkspaceTable; readonly rows: ReadonlyArray<Workspaces.Tables.TableRow> }>
}

const startWorker = (): { run: Engine["run"]; stop: () => void } => {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pglite } })
  worker.unref()
  const pending = new Map<number, { resolve: (r: ReadonlyArray<StepResult>) => void; reject: (e: Error) => void }>()
  let next = 0
  let dead: Error | null = null
  const failAll = (e: Error) => {
    dead = e
    for (const p of pending.values()) p.reject(e)
    pending.clear()
  }
  worker.on("message", (reply: Reply) => {
    const p = pending.get(reply.id)
    if (p === undefined) return
    pending.delete(reply.id)
    if (reply.error !== undefined) p.reject(new EngineError(reply.error.code, reply.error.message))
    else p.resolve(reply.results ?? [])
  })
  worker.on("error", (e) => failAll(e))
  worker.on("exit", () => failAll(new Error("the SQL engine stopped")))
  return {
    stop: () => void worker.terminate(),
    run: (steps, timeoutMs) =>
      new Promise((resolve, reject) => {
        if (dead !== null) return reject(dead)
        const id = ++next
        let timer: ReturnType<typeof setTimeout> | undefined
        pending.set(id, {
          resolve: (r) => (clearTimeout(timer), resolve(r)),
          reject: (e) => (clearTimeout(timer), reject(e))
        })
        worker.ref()
        if (timeoutMs !== undefined) {
          // real time: the engine cannot cancel a statement itself, so the worker goes
          timer = setTimeout(() => {
            pending.delete(id)
            reject(new EngineTimedOut())
            failAll(new Error("the SQL engine was restarted"))
            void worker.terminate()
          }, timeoutMs)
        }
        worker.postMessage({ id, steps })
      }).finally(() => {
        if (pending.size === 0) worker.unref()
      }) as Promise<ReadonlyArray<StepResult>>
  }
}

const build = (): { readonly service: Workspaces.Tables.WorkspaceSqlService; readonly close: () => void } => {
  const workspaces = new Map<string, Workspace>()
  let schemas = 0
  let engine: { readonly worker: ReturnType<typeof startWorker>; readonly ready: Promise<void> } | null = null
  const key = (tenantId: string, workspaceId: string) => `${tenantId}\u0000${workspaceId}`

  const loadSteps = (schema: string, descriptor: Workspaces.Tables.WorkspaceTable, rows: ReadonlyArray<Workspaces.Tables.TableRow>): Array<Step> => [
    ...T.ensureWorkspaceStatements(schema).map((sql) => ({ sql })),
    ...T.replaceTableStatements(schema, descriptor).map((sql) => ({ sql })),
    ...T.insertBatches(schema, descriptor, rows).map((b) => ({ sql: b.sql, params: b.params }))
  ]

  /** the running engine, started (and loaded with every table kept) when there is none */
  const current = async (): Promise<ReturnType<typeof startWorker>> => {
    if (engine !== null) {
      try {
        await engine.ready
        return engine.worker
      } catch {
        engine = null
      }
    }
    const worker = startWorker()
    const ready = (async () => {
      await worker.run(T.SETUP_STATEMENTS.map((sql) => ({ sql })))
      for (const ws of workspaces.values()) {
        for (const t of ws.tables.values()) await worker.run(loadSteps(ws.schema, t.descriptor, t.rows))
      }
    })()
    engine = { worker, ready }
    await ready
    return worker
  }
  const restartIfStopped = (e: unknown) => {
    if (!(e instanceof EngineError) && engine !== null) {
      engine.worker.stop()
      engine = null
    }
  }
  const unavailable = (cause: unknown) => new Kernel.StorageUnavailable({ store: "WorkspaceSql", cause })
  const onEngine = <A>(f: (run: Engine["run"]) => Promise<A>) =>
    Effect.tryPromise({
      try: async () => {
        const worker = await current()
        try {
          return await f(worker.run)
        } catch (e) {
          restartIfStopped(e)
          throw e
        }
      },
      catch: (e) => e
    })

  const service: Workspaces.Tables.WorkspaceSqlService = {
    loadTable: (tenantId, workspaceId, descriptor, rows) =>
      Effect.suspend(() => {
        const k = key(tenantId, workspaceId)
        const ws = workspaces.get(k) ?? { schema: `docket_ws_${(++schemas).toString(16).padStart(8, "0")}`, tables: new Map() }
        const copy = { descriptor, rows: rows.map((r) => [...r]) }
        // kept only once the engine holds it, so a failed load changes nothing
        return onEngine((run) => run(loadSteps(ws.schema, descriptor, copy.rows))).pipe(
          Effect.tap(() => Effect.sync(() => {
            workspaces.set(k, ws)
            ws.tables.set(descriptor.table_name, copy)
          })),
          Effect.mapError(unavailable),
          Effect.asVoid
        )
      }),
    dropTables: (tenantId, workspaceId, tableNames) =>
      Effect.suspend(() => {
        const ws = workspaces.get(key(tenantId, workspaceId))
        if (ws === undefined || tableNames.length === 0) return Effect.void
        for (const name of tableNames) ws.tables.delete(name)
        if (engine === null) return Effect.void
        return onEngine((run) => run(tableNames.map((n) => ({ sql: `DROP TABLE IF EXISTS ${T.quoteIdent(ws.schema)}.${T.quoteIdent(n)}` })))).pipe(
          Effect.mapError(unavailable),
          Effect.asVoid
        )
      }),
    dropWorkspace: (tenantId, workspaceId) =>
      Effect.suspend(() => {
        const ws = workspaces.get(key(tenantId, workspaceId))
        if (ws === undefined) return Effect.void
        workspaces.delete(key(tenantId, workspaceId))
        if (engine === null) return Effect.void
        const role = T.quoteIdent(ws.schema)
        return onEngine((run) =>
          run([
            { sql: `DROP SCHEMA IF EXISTS ${role} CASCADE` },
            { sql: `REVOKE ALL ON SCHEMA docket_sql FROM ${role}` },
            { sql: `REVOKE ALL ON FUNCTION docket_sql.open_query(text) FROM ${role}` },
            { sql: `DROP ROLE IF EXISTS ${role}` }
          ])
        ).pipe(Effect.mapError(unavailable), Effect.asVoid)
      }),
    listTables: (tenantId, workspaceId) =>
      Effect.sync(() =>
        [...(workspaces.get(key(tenantId, workspaceId))?.tables.values() ?? [])]
          .map((t) => t.descriptor)
          .sort((a, b) => (a.table_name < b.table_name ? -1 : a.table_name > b.table_name ? 1 : 0))
      ),
    query: (tenantId, workspaceId, text, options) =>
      Effect.suspend(() => {
        if (text.trim() === "") return Effect.fail(new T.SqlRejected({ reason: "empty", message: "sql is empty: send one SELECT" }))
        const ws = workspaces.get(key(tenantId, workspaceId))
        if (ws === undefined) {
          return Effect.fail(new T.SqlRejected({ reason: "unknown_table", message: "this workspace has no tables yet: ingest a spreadsheet, CSV or a document with tables first" }))
        }
        return onEngine(async (run) => {
          const [open] = await run([{ sql: T.SET_CONFIG_OPEN, keep: true }])
          if (open.rows[0]?.[0] !== false) throw new Error("pg_catalog.set_config is executable by PUBLIC")
          const [fetched] = await run(
            [
              ...T.queryPreludeStatements(ws.schema, options.timeoutMs).map((sql) => ({ sql })),
              { sql: T.OPEN_QUERY, params: [text] },
              { sql: T.fetchStatement(options.maxRows), keep: true }
            ],
            options.timeoutMs
          )
          const unknown = [...new Set(fetched.fields.map((f) => f.dataTypeID).filter((oid) => T.TYPE_NAMES[oid] === undefined))]
          const names = new Map<number, string>()
          for (const oid of unknown) {
            const [r] = await run([{ sql: "SELECT format_type($1::oid, NULL)", params: [oid], keep: true }])
            names.set(oid, String(r.rows[0]?.[0] ?? "unknown"))
          }
          const columns = fetched.fields.map((f) => ({ name: f.name, data_type: T.TYPE_NAMES[f.dataTypeID] ?? names.get(f.dataTypeID) ?? "unknown" }))
          const rows = fetched.rows.slice(0, options.maxRows).map((row) => row.map((v, i) => T.toSqlValue(fetched.fields[i]?.dataTypeID ?? 25, v)))
          return { columns, rows, row_count: rows.length, truncated: fetched.rows.length > options.maxRows } satisfies Workspaces.Tables.SqlResult
        }).pipe(
          Effect.mapError((e): Workspaces.Tables.SqlRejected | Kernel.StorageUnavailable => {
            if (e instanceof EngineTimedOut) return new T.SqlRejected({ reason: "timeout", message: "the query ran past its time limit and was cancelled: narrow it (filters, LIMIT) or aggregate" })
            if (e instanceof EngineError) return T.rejectionOf({ code: e.code, message: e.message }) ?? unavailable(e)
            return unavailable(e)
          })
        )
      })
  }
  return { service, close: () => engine?.worker.stop() }
}

/** The engine, its worker (if one was started) stopped with the scope. */
export const make: Effect.Effect<Workspaces.Tables.WorkspaceSqlService, never, Scope.Scope> = Effect.map(
  Effect.acquireRelease(Effect.sync(build), (engine) => Effect.sync(engine.close)),
  (engine) => engine.service
)

export const layer: Layer.Layer<Workspaces.Tables.WorkspaceSql> = Layer.scoped(Workspaces.Tables.WorkspaceSql, make)
