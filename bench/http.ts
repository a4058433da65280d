/**
 * HTTP benchmark: throughput and latency of a small POST /v1/systemone through the whole stack
 * (Node adapter, Effect HTTP app, auth, validation, token count, limiter, local evaluator,
 * billing, memory storage), against a bare `node:http` server that reads the same body,
 * `JSON.parse`s it and answers a small JSON object. A third server, a one-route
 * `@effect/platform` app on the same Node integration (no Docket code), shows the framework floor.
 *
 *   npx tsx bench/http.ts
 *
 * Each server runs alone in its own child process (`node --import tsx bench/servers/…`), so the
 * load generator (autocannon, in this process) never shares an event loop with the server under
 * test; with 2 cores, the server and the load generator get one each. Same load, same settings
 * for all: warm-up, then a timed measurement. Besides req/s and latency, each server reports its
 * own CPU time over the measurement, as µs per request, which other load on the machine disturbs
 * less than throughput does.
 *
 * The warm-up is counted in requests, then in seconds: V8 needs several thousand requests to
 * settle on Docket's code path (Effect's fiber runtime; CPU per request falls by about 3× over the
 * first ~5,000 in-process requests), which a short timed warm-up does not give a slow server.
 *
 * Environment: BENCH_HTTP_SECONDS (default 8), BENCH_HTTP_WARMUP_REQUESTS (default 5000),
 * BENCH_HTTP_WARMUP_SECONDS (default 1, after the warm-up requests),
 * BENCH_HTTP_CONNECTIONS (default 10), BENCH_HTTP_ROUNDS (default 1; rounds alternate the
 * servers and the best round of each is reported), BENCH_CPU_PROF_DIR (when set, the servers run
 * with `--cpu-prof` and write their profiles there).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { realpathSync } from "node:fs"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import autocannon from "autocannon"

const ROOT = fileURLToPath(new URL("..", import.meta.url))

const envNumber = (name: string, fallback: number): number => {
  const raw = process.env[name]
  const n = raw === undefined || raw === "" ? NaN : Number(raw)
  return Number.isFinite(n) && n > 0 ? n : fallback
}

export const EVALUATE_BODY = JSON.stringify({
  state: { invoice: { number: "INV-1", total: 120.5, paid: false } },
  questions: { paid: { type: "noul", instructions: "Has the invoice been paid?" } }
})

interface Ready {
  readonly port: number
  readonly key?: string
}

interface ServerProcess {
  readonly ready: Ready
  /** the server process's CPU time so far (user + system), in microseconds */
  readonly cpuMicros: () => Promise<number>
  readonly stop: () => Promise<void>
}

/** Starts `bench/servers/<script>` in a child process and waits for its `{"port":…}` line. */
const startServer = async (script: string): Promise<ServerProcess> => {
  const profDir = process.env.BENCH_CPU_PROF_DIR
  const args = [
    // one profile per thread (the main thread and tsx's loader thread), named by pid
    ...(profDir ? ["--cpu-prof", "--cpu-prof-dir", profDir] : []),
    "--import",
    "tsx",
    `bench/servers/${script}`
  ]
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] })
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  // stdout is a sequence of JSON lines, each the answer to the oldest waiting reader
  const waiting: Array<{ resolve: (v: unknown) => void; reject: (e: Error) => void }> = []
  const buffered: Array<string> = []
  const deliver = (): void => {
    while (waiting.length > 0 && buffered.length > 0) {
      const line = buffered.shift()!
      const w = waiting.shift()!
      try {
        w.resolve(JSON.parse(line))
      } catch {
        w.reject(new Error(`${script}: unexpected output ${JSON.stringify(line)}`))
      }
    }
  }
  createInterface({ input: child.stdout! }).on("line", (line) => {
    buffered.push(line)
    deliver()
  })
  void exited.then((code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`${script} exited (${code})`))
  })
  const nextLine = (timeoutMs: number): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${script}: no answer after ${timeoutMs} ms`)), timeoutMs)
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

interface Target {
  readonly name: string
  readonly script: string
}

const BARE: Target = { name: "bare `node:http` + `JSON.parse`", script: "bare-server.ts" }
/** for reference: the framework floor (a one-route `@effect/platform` app, no Docket code) */
const EFFECT: Target = { name: "minimal `@effect/platform` route (reference)", script: "effect-server.ts" }
const DOCKET: Target = { name: "Docket (adapter-node, memory storage)", script: "docket-server.ts" }
const TARGETS: ReadonlyArray<Target> = [BARE, EFFECT, DOCKET]

interface Measurement {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly requests: number
  /** server CPU time per request, µs (user + system, over the measurement) */
  readonly cpuPerRequest: number
}

/**
 * A run of autocannon. Its own latency histogram has whole-millisecond resolution, so the
 * latency of every 2xx response is also kept here, to the microsecond, for the percentiles.
 */
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

/** Nearest-rank percentile of a sorted sample. */
const percentile = (sorted: Float64Array, p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]

/** One request by hand before the load: the server must answer 200 with a JSON body. */
const check = async (url: string, headers: Record<string, string>, name: string): Promise<void> => {
  const res = await fetch(url, { method: "POST", headers, body: EVALUATE_BODY })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${name}: expected 200, got ${res.status}: ${text}`)
  JSON.parse(text)
}

interface Settings {
  readonly seconds: number
  readonly warmupRequests: number
  readonly warmupSeconds: number
  readonly connections: number
  readonly rounds: number
}

const measure = async (target: Target, { connections, seconds, warmupRequests, warmupSeconds }: Settings): Promise<Measurement> => {
  const server = await startServer(target.script)
  try {
    const url = `http://127.0.0.1:${server.ready.port}/v1/systemone`
    const headers: Record<string, string> = {
      "content-type": "application/json",
      ...(server.ready.key ? { authorization: `Bearer ${server.ready.key}` } : {})
    }
    await check(url, headers, target.name)
    await load(url, headers, { requests: warmupRequests }, connections)
    await load(url, headers, { seconds: warmupSeconds }, connections)
    const cpu0 = await server.cpuMicros()
    const { latencies, result: r } = await load(url, headers, { seconds }, connections)
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

const fmtMs = (ms: number): string => (ms >= 10 ? ms.toFixed(1) : ms.toFixed(2))
const fmtInt = (n: number): string => Math.round(n).toLocaleString("en-US")

export async function runHttpBench(): Promise<string> {
  const settings: Settings = {
    seconds: envNumber("BENCH_HTTP_SECONDS", 8),
    warmupRequests: envNumber("BENCH_HTTP_WARMUP_REQUESTS", 5000),
    warmupSeconds: envNumber("BENCH_HTTP_WARMUP_SECONDS", 1),
    connections: envNumber("BENCH_HTTP_CONNECTIONS", 10),
    rounds: envNumber("BENCH_HTTP_ROUNDS", 1)
  }
  const { connections, rounds, seconds, warmupRequests, warmupSeconds } = settings

  const results = new Map<string, Array<Measurement>>()
  for (let round = 0; round < rounds; round++) {
    for (const target of TARGETS) {
      const m = await measure(target, settings)
      results.set(target.name, [...(results.get(target.name) ?? []), m])
    }
  }
  const best = (name: string): Measurement => results.get(name)!.reduce((a, b) => (b.rps > a.rps ? b : a))
  const bare = best(BARE.name)
  const docket = best(DOCKET.name)

  const lines: Array<string> = []
  lines.push("## HTTP: small evaluate request, Docket vs bare `node:http`")
  lines.push("")
  lines.push(
    `POST /v1/systemone, ${Buffer.byteLength(EVALUATE_BODY)}-byte body (one \`noul\` question), ` +
      `autocannon ${connections} connections, pipelining 1, warm-up of ${warmupRequests.toLocaleString("en-US")} requests + ${warmupSeconds} s, then ${seconds} s measured` +
      (rounds > 1 ? `, best of ${rounds} alternating rounds` : "") +
      `. Each server alone in its own child process (Node ${process.version}); the load generator in the parent. ` +
      `Docket: \`createDocket()\` + \`listen\` from \`@docket/adapter-node\`, a paid account with ` +
      `\`custom_limits: {unlimited: true}\`; every response 200.`
  )
  lines.push("")
  lines.push("| server | req/s | p50 ms | p99 ms | requests | server CPU µs/req |")
  lines.push("|---|---:|---:|---:|---:|---:|")
  for (const { name } of TARGETS) {
    const m = best(name)
    lines.push(`| ${name} | ${fmtInt(m.rps)} | ${fmtMs(m.p50)} | ${fmtMs(m.p99)} | ${fmtInt(m.requests)} | ${fmtInt(m.cpuPerRequest)} |`)
  }
  lines.push("")
  const ratio = docket.rps / bare.rps
  lines.push(
    `Docket / bare throughput: **${(ratio * 100).toFixed(1)} %** (target: at least 25 %; ${ratio >= 0.25 ? "met" : "not met"}). ` +
      `Server CPU per request, bare / Docket: ${((bare.cpuPerRequest / docket.cpuPerRequest) * 100).toFixed(1)} % ` +
      `(less sensitive to other load on the machine than req/s).`
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
  runHttpBench().then(
    (md) => console.log(md),
    (err: unknown) => {
      console.error(err)
      process.exitCode = 1
    }
  )
}
