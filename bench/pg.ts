/**
 * PostgreSQL storage benchmark: the limiter and the whole evaluate path on PostgreSQL versus in
 * memory, in the same run.
 *
 *   npx tsx bench/pg.ts
 *
 * 1. Limiter admissions per second: BENCH_PG_LIMITER_CONCURRENCY workers (default 16) in this
 *    process each loop `acquire` + `release` for BENCH_PG_LIMITER_SECONDS (default 4) on the
 *    LimiterStore port: the memory store, then storage-pg (one round trip each:
 *    `docket_limiter_acquire`, then `docket_limiter_release`; a pool of as many connections as
 *    workers). Every worker is its own paid account with an RPM and an in-flight limit that never
 *    refuse, all on one fleet, so each acquire takes the account lock, records an RPM admission
 *    and serializes on the fleet's row.
 * 2. Evaluate throughput: `createDocket({ storage })` (@docket/server) + `listen` from `@docket/adapter-node` in a
 *    child process (`bench/servers/docket-storage-server.ts`), driven by autocannon from this
 *    process as bench/http.ts does: POST /v1/systemone, BENCH_PG_HTTP_CONNECTIONS (default 10)
 *    connections, BENCH_PG_HTTP_WARMUP_REQUESTS (default 3000) warm-up requests, then
 *    BENCH_PG_HTTP_SECONDS (default 6) measured; memory storage, then PostgreSQL. Each request
 *    on PostgreSQL costs four round trips (the account's credit, acquire, release, debit; the
 *    key comes from the 5 s cache).
 *
 * The PostgreSQL server is the one of DOCKET_BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test); a fresh database `docket_bench_<random>` is created on
 * it and dropped at the end. It shares the machine's cores with the server and the load generator.
 */
import { Decision, Kernel } from "@docket/core"
import * as MemoryStorage from "@docket/storage-memory"
import * as PgStorage from "@docket/storage-pg"
import { Effect, Layer, ManagedRuntime } from "effect"
import { cpus } from "node:os"
import { createDatabase } from "./support/database.js"
import { envNumber } from "./support/env.js"
import { fmtInt, fmtMs } from "./support/format.js"
import { EVALUATE_BODY, type LoadSettings, measureServer, percentile } from "./support/load.js"
import { runIfMain } from "./support/main.js"
import { nodeServer, withEnv } from "./support/servers.js"

// ---------------------------------------------------------------------------------------------
// 1. the limiter port

interface LimiterRun {
  readonly perSecond: number
  readonly admissions: number
  /** one acquire + release, ms */
  readonly p50: number
  readonly p99: number
}

const limiterLoop = (limiter: Decision.LimiterStoreService, concurrency: number, seconds: number, tag: string) =>
  Effect.gen(function*() {
    const deadline = performance.now() + seconds * 1000
    const latencies: Array<number> = []
    let seq = 0
    const worker = (w: number) =>
      Effect.gen(function*() {
        const base: Omit<Decision.AdmissionRequest, "slotId" | "now"> = {
          accountId: `acct_bench_${tag}_${w}`,
          rpm: 1_000_000_000,
          inFlight: 10_000,
          fleet: "dm-v1.5:fast",
          freeTier: false
        }
        while (performance.now() < deadline) {
          const t0 = performance.now()
          const r = yield* limiter.acquire({ ...base, slotId: `slot_${tag}_${w}_${++seq}`, now: Date.now() })
          if (r._tag !== "Admitted") return yield* Effect.dieMessage(`refused: ${r._tag}`)
          yield* limiter.release(r.slotId)
          latencies.push(performance.now() - t0)
          // the memory store never yields on its own: let the other workers run
          yield* Effect.yieldNow()
        }
      })
    const t0 = performance.now()
    yield* Effect.forEach(Array.from({ length: concurrency }, (_, w) => w), worker, { concurrency: "unbounded", discard: true })
    const elapsed = (performance.now() - t0) / 1000
    latencies.sort((a, b) => a - b)
    return { perSecond: latencies.length / elapsed, admissions: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) } satisfies LimiterRun
  })

const benchLimiter = async (url: string, concurrency: number, seconds: number) => {
  const run = async (layer: Layer.Layer<Decision.LimiterStore | Kernel.StorageAdmin, unknown>, tag: string): Promise<LimiterRun> => {
    const runtime = ManagedRuntime.make(layer)
    try {
      return await runtime.runPromise(
        Effect.gen(function*() {
          const limiter = yield* Decision.LimiterStore
          yield* Effect.flatMap(Kernel.StorageAdmin, (admin) => admin.reset)
          // warm-up (JIT, pool connections, plan caches)
          yield* limiterLoop(limiter, concurrency, 0.5, `${tag}w`)
          return yield* limiterLoop(limiter, concurrency, seconds, tag)
        })
      )
    } finally {
      await runtime.dispose()
    }
  }
  const memory = await run(MemoryStorage.layer, "mem")
  const pg = await run(PgStorage.layer({ url, maxConnections: concurrency }), "pg")
  return { memory, pg }
}

// ---------------------------------------------------------------------------------------------
// 2. evaluate over HTTP

/** the storage server in a child process, on PostgreSQL when `env` has DATABASE_URL */
const measureHttp = (name: string, env: Record<string, string>, settings: LoadSettings) =>
  measureServer(withEnv(nodeServer(`Docket on ${name} storage`, "docket-storage-server.ts"), env), settings)

// ---------------------------------------------------------------------------------------------

export async function runPgBench(): Promise<string> {
  const concurrency = envNumber("BENCH_PG_LIMITER_CONCURRENCY", 16)
  const limiterSeconds = envNumber("BENCH_PG_LIMITER_SECONDS", 4)
  const connections = envNumber("BENCH_PG_HTTP_CONNECTIONS", 10)
  const httpSeconds = envNumber("BENCH_PG_HTTP_SECONDS", 6)
  const warmupRequests = envNumber("BENCH_PG_HTTP_WARMUP_REQUESTS", 3000)

  const db = await createDatabase()
  try {
    const limiter = await benchLimiter(db.url, concurrency, limiterSeconds)
    // the warm-up is counted in requests only
    const http: LoadSettings = { connections, seconds: httpSeconds, warmupRequests, warmupSeconds: 0 }
    const memoryHttp = await measureHttp("memory", {}, http)
    const pgHttp = await measureHttp("PostgreSQL", { DATABASE_URL: db.url, DOCKET_PG_MAX_CONNECTIONS: String(connections) }, http)

    const lines: Array<string> = []
    lines.push("## PostgreSQL storage vs memory")
    lines.push("")
    lines.push(
      `Limiter: ${concurrency} concurrent workers in one process, each looping \`acquire\` + \`release\` on the LimiterStore port for ` +
        `${limiterSeconds} s (after 0.5 s of warm-up); each worker a paid account with RPM and in-flight limits that never refuse, ` +
        `all on one fleet (size ${Decision.DEFAULT_POOL_SIZES.fleets["dm-v1.5:fast"]}). PostgreSQL: a pool of ${concurrency} connections, ` +
        "one round trip per acquire (`docket_limiter_acquire`) and one per release."
    )
    lines.push("")
    lines.push("| limiter store | admissions/s | acquire+release p50 ms | p99 ms | admissions |")
    lines.push("|---|---:|---:|---:|---:|")
    lines.push(`| memory | ${fmtInt(limiter.memory.perSecond)} | ${fmtMs(limiter.memory.p50)} | ${fmtMs(limiter.memory.p99)} | ${fmtInt(limiter.memory.admissions)} |`)
    lines.push(`| PostgreSQL | ${fmtInt(limiter.pg.perSecond)} | ${fmtMs(limiter.pg.p50)} | ${fmtMs(limiter.pg.p99)} | ${fmtInt(limiter.pg.admissions)} |`)
    lines.push("")
    lines.push(`PostgreSQL / memory: **${((limiter.pg.perSecond / limiter.memory.perSecond) * 100).toFixed(2)} %** of the admissions per second.`)
    lines.push("")
    lines.push(
      `Evaluate: POST /v1/systemone (a body of about ${Buffer.byteLength(EVALUATE_BODY)} bytes, the state differing per request), \`createDocket({ storage })\` + \`listen\` in a child ` +
        `process, autocannon ${connections} connections, pipelining 1, ${fmtInt(warmupRequests)} warm-up requests, then ${httpSeconds} s measured. ` +
        `A paid account with limits that never refuse; every response 200. PostgreSQL: a pool of ${connections} connections; ` +
        "four round trips per request (credit, acquire, release, debit)."
    )
    lines.push("")
    // latencies from autocannon's own histogram (whole ms)
    lines.push("| storage | req/s | p50 ms | p99 ms | requests |")
    lines.push("|---|---:|---:|---:|---:|")
    lines.push(`| memory | ${fmtInt(memoryHttp.rps)} | ${memoryHttp.result.latency.p50} | ${memoryHttp.result.latency.p99} | ${fmtInt(memoryHttp.requests)} |`)
    lines.push(`| PostgreSQL | ${fmtInt(pgHttp.rps)} | ${pgHttp.result.latency.p50} | ${pgHttp.result.latency.p99} | ${fmtInt(pgHttp.requests)} |`)
    lines.push("")
    lines.push(
      `PostgreSQL / memory: **${((pgHttp.rps / memoryHttp.rps) * 100).toFixed(1)} %** of the evaluate throughput. ` +
        `Node ${process.version}, ${cpus().length} cores shared by PostgreSQL, the server and the load generator.`
    )
    return lines.join("\n")
  } finally {
    await db.drop()
  }
}

runIfMain(import.meta.url, runPgBench)
