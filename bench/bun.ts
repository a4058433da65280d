/**
 * Bun vs Node benchmark: throughput and latency of the same small POST /v1/systemone as
 * bench/http.ts (same body, same account setup, same autocannon load from this Node process),
 * against Docket served on Node (`@docket/adapter-node`'s `listen`) and on Bun
 * (`@docket/adapter-bun`'s `listen`, i.e. BunHttpServer, and a plain `Bun.serve` with
 * `makeBunFetchHandler`, the embedding path). Same run, same settings; the ratio is Bun / Node.
 *
 *   npx tsx bench/bun.ts
 *
 * Each server runs alone in its own child process (Node: `node --import tsx`; Bun: the npm
 * package `bun`, `node_modules/.bin/bun`, running the TypeScript sources), so the load generator
 * never shares an event loop with the server under test. Each server also reports its own CPU
 * time over the measurement (µs per request), which other load on the machine disturbs less than
 * req/s. Rounds alternate the servers; the best round of each is reported.
 *
 * Environment: BENCH_BUN_SECONDS (default 6), BENCH_BUN_WARMUP_REQUESTS (default 5000),
 * BENCH_BUN_WARMUP_SECONDS (default 1), BENCH_BUN_CONNECTIONS (default 10), BENCH_BUN_ROUNDS
 * (default 1). About 40 s with the defaults.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { realpathSync } from "node:fs"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import autocannon from "autocannon"
import { EVALUATE_BODY } from "./http.js"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const BUN = fileURLToPath(new URL("../node_modules/.bin/bun", import.meta.url))

const envNumber = (name: string, fallback: number): number => {
  const raw = process.env[name]
  const n = raw === undefined || raw === "" ? NaN : Number(raw)
  return Number.isFinite(n) && n > 0 ? n : fallback
}

interface Ready {
  readonly port: number
  readonly key: string
}

interface ServerProcess {
  readonly ready: Ready
  readonly runtime: string
  /** the server process's CPU time so far (user + system), in microseconds */
  readonly cpuMicros: () => Promise<number>
  readonly stop: () => Promise<void>
}

interface Target {
  readonly name: string
  readonly command: string
  readonly args: ReadonlyArray<string>
  readonly env?: Readonly<Record<string, string>>
}

const NODE: Target = {
  name: "Node: `@docket/adapter-node` `listen`",
  command: process.execPath,
  args: ["--import", "tsx", "bench/servers/docket-server.ts"]
}
const BUN_LISTEN: Target = {
  name: "Bun: `@docket/adapter-bun` `listen` (BunHttpServer)",
  command: BUN,
  args: ["bench/servers/docket-bun-server.ts"]
}
const BUN_FETCH: Target = {
  name: "Bun: `Bun.serve` + `makeBunFetchHandler`",
  command: BUN,
  args: ["bench/servers/docket-bun-server.ts"],
  env: { BENCH_BUN_SERVE: "fetch-handler" }
}
const TARGETS: ReadonlyArray<Target> = [NODE, BUN_LISTEN, BUN_FETCH]

/** Starts a server child process and waits for its `{"port":…,"key":…}` line (see servers/control.ts). */
const startServer = async (target: Target): Promise<ServerProcess> => {
  const child: ChildProcess = spawn(target.command, [...target.args], {
    cwd: ROOT,
    env: { ...process.env, ...target.env },
    stdio: ["pipe", "pipe", "inherit"]
  })
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  const waiting: Array<{ resolve: (v: unknown) => void; reject: (e: Error) => void }> = []
  const buffered: Array<string> = []
  const deliver = (): void => {
    while (waiting.length > 0 && buffered.length > 0) {
      const line = buffered.shift()!
      const w = waiting.shift()!
      try {
        w.resolve(JSON.parse(line))
      } catch {
        w.reject(new Error(`${target.name}: unexpected output ${JSON.stringify(line)}`))
      }
    }
  }
  createInterface({ input: child.stdout! }).on("line", (line) => {
    buffered.push(line)
    deliver()
  })
  void exited.then((code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`${target.name} exited (${code})`))
  })
  const nextLine = (timeoutMs: number): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${target.name}: no answer after ${timeoutMs} ms`)), timeoutMs)
      waiting.push({
        resolve: (v) => {
          clearTimeout(timer)
          resolve(v)
        },
        reject: (e) => {
          clearTimeout(timer)
          reject(e)
        }
      })
      deliver()
    })
  const ready = (await nextLine(60_000)) as Ready
  return {
    ready,
    runtime: target.command === BUN ? "bun" : "node",
    cpuMicros: async () => {
      const answer = nextLine(10_000)
      child.stdin!.write("cpu\n")
      return ((await answer) as { cpuMicros: number }).cpuMicros
    },
    stop: async () => {
      child.stdin!.end("stop\n")
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000)
      await exited
      clearTimeout(killer)
    }
  }
}

interface Measurement {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly requests: number
  readonly cpuPerRequest: number
}

/** A run of autocannon; 2xx latencies are kept to the microsecond for the percentiles. */
const load = (
  url: string,
  headers: Record<string, string>,
  run: { readonly seconds: number } | { readonly requests: number },
  connections: number
): Promise<{ readonly result: autocannon.Result; readonly latencies: Float64Array }> =>
  new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16)
    let n = 0
    const instance = autocannon(
      {
        url,
        method: "POST",
        headers,
        body: EVALUATE_BODY,
        connections,
        pipelining: 1,
        ...("seconds" in run ? { duration: run.seconds } : { amount: run.requests })
      },
      (err, result) => (err ? reject(err) : resolve({ result, latencies: latencies.subarray(0, n) }))
    )
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 200 || statusCode >= 300) return
      if (n === latencies.length) {
        const grown = new Float64Array(latencies.length * 2)
        grown.set(latencies)
        latencies = grown
      }
      latencies[n++] = responseTime
    })
  })

const percentile = (sorted: Float64Array, p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]

interface Settings {
  readonly seconds: number
  readonly warmupRequests: number
  readonly warmupSeconds: number
  readonly connections: number
  readonly rounds: number
}

const measure = async (target: Target, s: Settings): Promise<Measurement> => {
  const server = await startServer(target)
  try {
    const url = `http://127.0.0.1:${server.ready.port}/v1/systemone`
    const headers = { "content-type": "application/json", authorization: `Bearer ${server.ready.key}` }
    const check = await fetch(url, { method: "POST", headers, body: EVALUATE_BODY })
    const text = await check.text()
    if (check.status !== 200) throw new Error(`${target.name}: expected 200, got ${check.status}: ${text}`)
    await load(url, headers, { requests: s.warmupRequests }, s.connections)
    await load(url, headers, { seconds: s.warmupSeconds }, s.connections)
    const cpu0 = await server.cpuMicros()
    const { latencies, result: r } = await load(url, headers, { seconds: s.seconds }, s.connections)
    const cpu1 = await server.cpuMicros()
    latencies.sort()
    if (r.non2xx > 0 || r.errors > 0) {
      throw new Error(`${target.name}: ${r.non2xx} non-2xx responses and ${r.errors} errors during the measurement`)
    }
    return {
      rps: r.requests.total / r.duration,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      requests: r.requests.total,
      cpuPerRequest: (cpu1 - cpu0) / r.requests.total
    }
  } finally {
    await server.stop()
  }
}

const bunVersion = (): Promise<string> =>
  new Promise((resolve) => {
    const child = spawn(BUN, ["--version"], { stdio: ["ignore", "pipe", "ignore"] })
    let out = ""
    child.stdout!.setEncoding("utf8").on("data", (d: string) => (out += d))
    child.once("exit", () => resolve(out.trim() || "unknown"))
    child.once("error", () => resolve("not installed"))
  })

const fmtMs = (ms: number): string => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(2))
const fmtInt = (n: number): string => Math.round(n).toLocaleString("en-US")

export async function runBunBench(): Promise<string> {
  const settings: Settings = {
    seconds: envNumber("BENCH_BUN_SECONDS", 6),
    warmupRequests: envNumber("BENCH_BUN_WARMUP_REQUESTS", 5000),
    warmupSeconds: envNumber("BENCH_BUN_WARMUP_SECONDS", 1),
    connections: envNumber("BENCH_BUN_CONNECTIONS", 10),
    rounds: envNumber("BENCH_BUN_ROUNDS", 1)
  }
  const { connections, rounds, seconds, warmupRequests, warmupSeconds } = settings
  const bun = await bunVersion()

  const results = new Map<string, Array<Measurement>>()
  for (let round = 0; round < rounds; round++) {
    for (const target of TARGETS) {
      const m = await measure(target, settings)
      results.set(target.name, [...(results.get(target.name) ?? []), m])
    }
  }
  const best = (t: Target): Measurement => results.get(t.name)!.reduce((a, b) => (b.rps > a.rps ? b : a))
  const node = best(NODE)

  const lines: Array<string> = []
  lines.push("## HTTP on Bun vs Node: small evaluate request, Docket on each runtime")
  lines.push("")
  lines.push(
    `POST /v1/systemone, ${Buffer.byteLength(EVALUATE_BODY)}-byte body (one \`noul\` question, as in the HTTP section), ` +
      `autocannon ${connections} connections, pipelining 1, warm-up of ${warmupRequests.toLocaleString("en-US")} requests + ${warmupSeconds} s, ` +
      `then ${seconds} s measured` +
      (rounds > 1 ? `, best of ${rounds} alternating rounds` : "") +
      `. Each server alone in its own child process: Node ${process.version} (\`node --import tsx\`), Bun ${bun} ` +
      `(running the TypeScript sources); the load generator in the parent (Node). Memory storage, a paid account with ` +
      `\`custom_limits: {unlimited: true}\`; every response 200.`
  )
  lines.push("")
  lines.push("| server | req/s | vs Node | p50 ms | p99 ms | requests | server CPU µs/req |")
  lines.push("|---|---:|---:|---:|---:|---:|---:|")
  for (const target of TARGETS) {
    const m = best(target)
    lines.push(
      `| ${target.name} | ${fmtInt(m.rps)} | ${(m.rps / node.rps).toFixed(2)}× | ${fmtMs(m.p50)} | ${fmtMs(m.p99)} | ${fmtInt(m.requests)} | ${fmtInt(m.cpuPerRequest)} |`
    )
  }
  lines.push("")
  const bunListen = best(BUN_LISTEN)
  lines.push(
    `Bun (\`listen\`) / Node throughput: **${((bunListen.rps / node.rps) * 100).toFixed(1)} %**; ` +
      `server CPU per request, Node / Bun: ${((node.cpuPerRequest / bunListen.cpuPerRequest) * 100).toFixed(1)} %.`
  )
  return lines.join("\n")
}

const isMain = (() => {
  const argv1 = process.argv[1]
  if (argv1 === undefined) return false
  try {
    return realpathSync(argv1) === realpathSync(fileURLToPath(import.meta.url))
  } catch {
    return false
  }
})()

if (isMain) {
  runBunBench().then(
    (md) => console.log(md),
    (err: unknown) => {
      console.error(err)
      process.exitCode = 1
    }
  )
}
