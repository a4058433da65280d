/**
 * The HTTP load of the benchmarks: autocannon, in this process, POSTing a small evaluate request
 * to a server child process (see servers.ts), warm-up then a timed measurement, with the server's
 * own CPU time over the measurement.
 */
import autocannon from "autocannon"
import { envNumber } from "./env.js"
import { fmtInt, fmtMs } from "./format.js"
import { type ServerCommand, startServer } from "./servers.js"

/**
 * The request body: a small invoice state and one `noul` question. The state differs from one
 * request to the next (its number and total), as in real traffic, so no cache of a state's work
 * can flatter a server; the question stays the same, as an integration's questions do.
 */
export const evaluateBody = (i: number): string =>
  JSON.stringify({
    state: { invoice: { number: `INV-${10000 + (i % 90000)}`, total: 100 + (i % 997) / 4, paid: i % 2 === 0 } },
    questions: { paid: { type: "noul", instructions: "Has the invoice been paid?" } }
  })

/** one such body (for the size in the text, and the check by hand) */
export const EVALUATE_BODY = evaluateBody(0)

/** Nearest-rank percentile of a sorted sample. */
export const percentile = (sorted: ArrayLike<number>, p: number): number =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]

/**
 * A run of autocannon. Its own latency histogram has whole-millisecond resolution, so the
 * latency of every 2xx response is also kept here, to the microsecond, for the percentiles.
 */
export const load = (
  url: string,
  headers: Record<string, string>,
  run: { readonly seconds: number } | { readonly requests: number },
  connections: number
): Promise<{ readonly result: autocannon.Result; readonly latencies: Float64Array }> =>
  new Promise((resolve, reject) => {
    let latencies = new Float64Array(1 << 16)
    let n = 0
    let sent = 0
    const instance = autocannon(
      {
        url,
        method: "POST",
        headers,
        requests: [{ setupRequest: (req) => ({ ...req, body: evaluateBody(sent++) }) }],
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

/** One request by hand before the load: the server must answer 200 with a JSON body. */
const check = async (url: string, headers: Record<string, string>, name: string): Promise<void> => {
  const res = await fetch(url, { method: "POST", headers, body: EVALUATE_BODY })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${name}: expected 200, got ${res.status}: ${text}`)
  JSON.parse(text)
}

export interface LoadSettings {
  /** measured */
  readonly seconds: number
  /** the warm-up, counted in requests … */
  readonly warmupRequests: number
  /** … then in seconds (none when 0) */
  readonly warmupSeconds: number
  readonly connections: number
}

export interface RoundSettings extends LoadSettings {
  /** rounds alternate the servers; the best round of each is reported */
  readonly rounds: number
}

/**
 * `<prefix>_SECONDS`, `<prefix>_WARMUP_REQUESTS`, `<prefix>_WARMUP_SECONDS`,
 * `<prefix>_CONNECTIONS` and `<prefix>_ROUNDS` from the environment, else the defaults.
 */
export const roundSettingsFromEnv = (prefix: string, defaults: RoundSettings): RoundSettings => ({
  seconds: envNumber(`${prefix}_SECONDS`, defaults.seconds),
  warmupRequests: envNumber(`${prefix}_WARMUP_REQUESTS`, defaults.warmupRequests),
  warmupSeconds: envNumber(`${prefix}_WARMUP_SECONDS`, defaults.warmupSeconds),
  connections: envNumber(`${prefix}_CONNECTIONS`, defaults.connections),
  rounds: envNumber(`${prefix}_ROUNDS`, defaults.rounds)
})

/** "autocannon 10 connections, pipelining 1, warm-up of 5,000 requests + 1 s, then 8 s measured[, best of N alternating rounds]" */
export const describeRounds = ({ connections, rounds, seconds, warmupRequests, warmupSeconds }: RoundSettings): string =>
  `autocannon ${connections} connections, pipelining 1, warm-up of ${warmupRequests.toLocaleString("en-US")} requests + ${warmupSeconds} s, ` +
  `then ${seconds} s measured` +
  (rounds > 1 ? `, best of ${rounds} alternating rounds` : "")

export interface Measurement {
  readonly rps: number
  /** latency percentiles of the 2xx responses, ms, to the microsecond */
  readonly p50: number
  readonly p99: number
  readonly requests: number
  /** server CPU time per request, µs (user + system, over the measurement) */
  readonly cpuPerRequest: number
  /** autocannon's own summary of the measurement (its latency histogram in whole ms) */
  readonly result: autocannon.Result
}

/**
 * Starts the server, checks one request by hand, warms it up, measures, and stops it. Every
 * response of the measurement must be 2xx.
 */
export const measureServer = async (command: ServerCommand, s: LoadSettings): Promise<Measurement> => {
  const server = await startServer(command)
  try {
    const url = `http://127.0.0.1:${server.ready.port}/v1/systemone`
    const headers: Record<string, string> = {
      "content-type": "application/json",
      ...(server.ready.key ? { authorization: `Bearer ${server.ready.key}` } : {})
    }
    await check(url, headers, command.name)
    await load(url, headers, { requests: s.warmupRequests }, s.connections)
    if (s.warmupSeconds > 0) await load(url, headers, { seconds: s.warmupSeconds }, s.connections)
    const cpu0 = await server.cpuMicros()
    const { latencies, result: r } = await load(url, headers, { seconds: s.seconds }, s.connections)
    const cpu1 = await server.cpuMicros()
    latencies.sort()
    if (r.non2xx > 0 || r.errors > 0) {
      throw new Error(`${command.name}: ${r.non2xx} non-2xx responses and ${r.errors} errors during the measurement`)
    }
    return {
      rps: r.requests.total / r.duration,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      requests: r.requests.total,
      cpuPerRequest: (cpu1 - cpu0) / r.requests.total,
      result: r
    }
  } finally {
    await server.stop()
  }
}

/**
 * `rounds` rounds, each measuring every server in turn; returns the best round (highest req/s)
 * of each server.
 */
export const measureRounds = async <T extends ServerCommand>(
  servers: ReadonlyArray<T>,
  s: RoundSettings
): Promise<(server: T) => Measurement> => {
  const results = new Map<T, Array<Measurement>>()
  for (let round = 0; round < s.rounds; round++) {
    for (const server of servers) {
      const m = await measureServer(server, s)
      results.set(server, [...(results.get(server) ?? []), m])
    }
  }
  return (server) => results.get(server)!.reduce((a, b) => (b.rps > a.rps ? b : a))
}

/**
 * The markdown table of the servers' measurements: server, req/s, (with `vs`, the req/s ratio to
 * its `base`,) p50 and p99 ms, requests, server CPU µs per request.
 */
export const measurementTable = <T extends ServerCommand>(
  servers: ReadonlyArray<T>,
  measurement: (server: T) => Measurement,
  vs?: { readonly label: string; readonly base: Measurement }
): Array<string> => {
  const vsHeader = vs ? ` ${vs.label} |` : ""
  const lines = [
    `| server | req/s |${vsHeader} p50 ms | p99 ms | requests | server CPU µs/req |`,
    `|---|---:|${vs ? "---:|" : ""}---:|---:|---:|---:|`
  ]
  for (const server of servers) {
    const m = measurement(server)
    const vsCell = vs ? ` ${(m.rps / vs.base.rps).toFixed(2)}× |` : ""
    lines.push(
      `| ${server.name} | ${fmtInt(m.rps)} |${vsCell} ${fmtMs(m.p50)} | ${fmtMs(m.p99)} | ${fmtInt(m.requests)} | ${fmtInt(m.cpuPerRequest)} |`
    )
  }
  return lines
}
