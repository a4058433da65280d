/**
 * The knowledge graph store with a large snapshot (spec 3, "Knowledge graph"):
 *
 *   npx tsx bench/graph-store.ts          (after `npm run build`)
 *   BENCH_GRAPH_NODES=20000 BENCH_GRAPH_EDGES=60000 BENCH_GRAPH_RUNS=5
 *
 * One snapshot of BENCH_GRAPH_NODES nodes and BENCH_GRAPH_EDGES edges (each node two aliases, two
 * facts, three mentions and two source files; each edge two statements; quotes of a sentence), on
 * the `KnowledgeGraphStore` port: `publish`, `snapshot` (read whole) and `currentSnapshot` (the
 * head), on memory and on PostgreSQL (a database of its own, migrated by the whole storage layer).
 * A snapshot is read twice: first after a publish, then again (the stores keep no parsed copy:
 * on PostgreSQL each read is fetched and parsed). Then as the graph tools read it: `currentGraph`
 * after a publish (the head, the snapshot, the graphology load) and again (the head, then the
 * loaded graph core's `KnowledgeGraphCache` keeps).
 * Each figure is the median of BENCH_GRAPH_RUNS runs: this process's CPU time (`process.cpuUsage`:
 * JSON, the driver, the store) and wall time (on PostgreSQL, also the server's work and the wire).
 *
 * On PostgreSQL it also reads the same content, fetched and parsed, from scratch tables storing it
 * four ways, to back the store's choice of JSON text (migration 24): text as the store keeps it
 * (pglz), text compressed by lz4 (when the server has it), jsonb, and the text compressed in this
 * process (gzip, bytea).
 */
import { Workspaces } from "@docket/core"
import * as MemoryStorage from "@docket/storage-memory"
import * as PgStorage from "@docket/storage-pg"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime, Option } from "effect"
import { gunzipSync, gzipSync } from "node:zlib"
import { createDatabase } from "./support/database.js"
import { envNumber } from "./support/env.js"
import { fmtDurationMs, fmtInt } from "./support/format.js"
import { runIfMain } from "./support/main.js"
import { median } from "./support/timing.js"

type GraphSnapshot = Workspaces.Graph.GraphSnapshot
const TENANT = "bench-tenant"
const WS = "bench-ws"
const MB = 1024 * 1024

const SENTENCE = "Northwind Holdings Limited appointed Jane Doe as chief financial officer with effect from 1 March."

/** a snapshot of the shape a build publishes, of the size asked */
export const largeSnapshot = (nodes: number, edges: number, files = 400): GraphSnapshot => {
  const fileIds = Array.from({ length: files }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`)
  const evidence = (i: number, k: number): Workspaces.Graph.GraphEvidence => ({
    file_id: fileIds[(i + k) % files]!,
    path: `contracts/2026/agreement-${(i + k) % files}.pdf`,
    page: (i + k) % 7 === 0 ? null : 1 + ((i + k) % 40),
    component: null,
    char_start: (i * 97 + k * 13) % 100_000,
    char_end: (i * 97 + k * 13) % 100_000 + SENTENCE.length,
    quote: SENTENCE
  })
  return {
    snapshot_id: `snap-${nodes}-${edges}`,
    built_at: 1_767_225_600_000,
    file_ids: fileIds,
    nodes: Array.from({ length: nodes }, (_, i) => ({
      node_id: `node-${i.toString(36).padStart(8, "0")}`,
      node_type: i % 3 === 0 ? "company" : "person",
      title: `Entity ${i} Holdings Limited`,
      aliases: [`Entity ${i}`, `E${i}`],
      facts: [
        { predicate: "registration_number", value: `0812${i}`, evidence: evidence(i, 0) },
        { predicate: "role", value: "chief financial officer", evidence: evidence(i, 1) }
      ],
      mentions: [evidence(i, 0), evidence(i, 1), evidence(i, 2)],
      source_file_ids: [fileIds[i % files]!, fileIds[(i + 1) % files]!]
    })),
    edges: Array.from({ length: edges }, (_, i) => ({
      edge_id: `edge-${i.toString(36).padStart(8, "0")}`,
      edge_type: i % 2 === 0 ? "employs" : "owns",
      from_node_id: `node-${(i % nodes).toString(36).padStart(8, "0")}`,
      to_node_id: `node-${((i * 7 + 1) % nodes).toString(36).padStart(8, "0")}`,
      evidence: [evidence(i, 3), evidence(i, 4)]
    }))
  }
}

interface Timing {
  readonly cpu: number
  readonly wall: number
}

/** median CPU and wall ms of `runs` runs of `f` (after one warm-up run), each after an untimed `before` */
const measure = async (runs: number, f: () => Promise<unknown>, before: () => Promise<unknown> = async () => {}): Promise<Timing> => {
  await before()
  await f()
  const cpu: Array<number> = []
  const wall: Array<number> = []
  for (let i = 0; i < runs; i++) {
    await before()
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    await f()
    wall.push(performance.now() - t0)
    const c = process.cpuUsage(c0)
    cpu.push((c.user + c.system) / 1000)
  }
  return { cpu: median(cpu), wall: median(wall) }
}

const row = (store: string, op: string, t: Timing) => `| ${store} | ${op} | ${fmtDurationMs(t.cpu)} | ${fmtDurationMs(t.wall)} |`

const storeRows = async (
  name: string,
  runtime: ManagedRuntime.ManagedRuntime<Workspaces.Graph.KnowledgeGraphStore, unknown>,
  snapshot: GraphSnapshot,
  runs: number
): Promise<Array<string>> => {
  const store = await runtime.runPromise(Workspaces.Graph.KnowledgeGraphStore)
  const publish = await measure(runs, () => runtime.runPromise(store.publish(TENANT, WS, snapshot)))
  const read = () =>
    runtime.runPromise(Effect.map(store.snapshot(TENANT, WS), (s) => {
      if (Option.getOrThrow(s).nodes.length !== snapshot.nodes.length) throw new Error("a short read")
    }))
  const first = await measure(runs, read, () => runtime.runPromise(store.publish(TENANT, WS, snapshot)))
  const again = await measure(runs, read)
  const head = await measure(runs, () => runtime.runPromise(store.currentSnapshot(TENANT, WS)))
  // what the graph tools read: the head, then the loaded graph core's cache keeps (loaded anew after a publish)
  const cache = Workspaces.Graph.makeKnowledgeGraphCache()
  const tools = () =>
    runtime.runPromise(Workspaces.Graph.currentGraph(TENANT, WS).pipe(Effect.provideService(Workspaces.Graph.KnowledgeGraphCache, cache), Effect.asVoid))
  const loaded = await measure(runs, tools, () => runtime.runPromise(store.publish(TENANT, WS, snapshot)))
  const kept = await measure(runs, tools)
  return [
    row(name, "publish", publish),
    row(name, "snapshot, first read after a publish", first),
    row(name, "snapshot, read again", again),
    row(name, "currentSnapshot", head),
    row(name, "currentGraph after a publish (read, graphology load)", loaded),
    row(name, "currentGraph again (head, the loaded graph kept)", kept)
  ]
}

/** the same content read back whole from scratch tables stored other ways */
const storageVariants = async (url: string, text: string, runs: number): Promise<Array<string>> => {
  const runtime = ManagedRuntime.make(PgStorage.clientLayer({ url }))
  const sql = await runtime.runPromise(SqlClient.SqlClient)
  const run = <A>(e: Effect.Effect<A, unknown>) => runtime.runPromise(e)
  const rows: Array<string> = []
  try {
    const lz4 = await run(sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)`)
    const variants: Array<readonly [string, string, (v: string) => unknown, (r: any) => unknown]> = [
      ["text, pglz (the store)", "text", (v) => v, (r) => JSON.parse(r)],
      ...(lz4[0]!.n === 1 ? [["text, lz4", "text COMPRESSION lz4", (v: string) => v, (r: any) => JSON.parse(r)] as const] : []),
      ["jsonb", "jsonb", (v) => v, (r) => (typeof r === "string" ? JSON.parse(r) : r)],
      ["bytea, gzip in process", "bytea", (v) => gzipSync(v, { level: 1 }), (r) => JSON.parse(gunzipSync(r).toString("utf8"))]
    ]
    for (const [label, type, write, read] of variants) {
      const table = `bench_kg_variant_${rows.length}`
      await run(sql.unsafe(`CREATE TABLE ${table} (id int PRIMARY KEY, content ${type} NOT NULL)`))
      const value = write(text)
      const insert = type === "jsonb" ? sql.unsafe(`INSERT INTO ${table} VALUES (1, $1::jsonb)`, [value]) : sql.unsafe(`INSERT INTO ${table} VALUES (1, $1)`, [value])
      await run(insert)
      const [size] = await run(sql.unsafe<{ stored: number }>(`SELECT pg_column_size(content)::int AS stored FROM ${table}`))
      const t = await measure(runs, () => run(Effect.map(sql.unsafe<{ content: unknown }>(`SELECT content FROM ${table} WHERE id = 1`), (rs) => read(rs[0]!.content))))
      rows.push(`| ${label} | ${(size!.stored / MB).toFixed(1)} | ${fmtDurationMs(t.cpu)} | ${fmtDurationMs(t.wall)} |`)
    }
  } finally {
    await runtime.dispose()
  }
  return rows
}

export const runGraphStoreBench = async (): Promise<string> => {
  const nodes = envNumber("BENCH_GRAPH_NODES", 20_000)
  const edges = envNumber("BENCH_GRAPH_EDGES", 60_000)
  const runs = envNumber("BENCH_GRAPH_RUNS", 5)
  const snapshot = largeSnapshot(nodes, edges)
  const text = JSON.stringify(snapshot)
  const lines = [
    "## Knowledge graph store",
    "",
    `One snapshot of ${fmtInt(nodes)} nodes and ${fmtInt(edges)} edges (${(text.length / MB).toFixed(1)} MB of JSON); median of ${runs} runs, ms.`,
    "",
    "| store | operation | CPU ms | wall ms |",
    "|---|---|---:|---:|"
  ]
  const memory = ManagedRuntime.make(MemoryStorage.MemoryGraphStore.layer)
  try {
    lines.push(...await storeRows("memory", memory, snapshot, runs))
  } finally {
    await memory.dispose()
  }
  const db = await createDatabase()
  try {
    const pg = ManagedRuntime.make(Layer.orDie(PgStorage.layer({ url: db.url, operationTimeout: "60 seconds" })))
    try {
      lines.push(...await storeRows("PostgreSQL", pg, snapshot, runs))
    } finally {
      await pg.dispose()
    }
    lines.push("", "The same content read whole on PostgreSQL, stored other ways:", "", "| column | stored MB | CPU ms | wall ms |", "|---|---:|---:|---:|")
    lines.push(...await storageVariants(db.url, text, runs))
  } finally {
    await db.drop()
  }
  return lines.join("\n")
}

runIfMain(import.meta.url, runGraphStoreBench)
