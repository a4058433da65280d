/**
 * HTTP benchmark: throughput and latency of a small POST /v1/systemone through the whole stack
 * (Node adapter, Effect HTTP app, auth, validation, token count, limiter, local evaluator,
 * billing, memory storage), against a bare `node:http` server that reads the same body,
 * `JSON.parse`s it and answers a small JSON object. A third server, a one-route
 * `@effect/platform` app on the same Node integration (no Docket code), shows what Effect's own
 * HTTP server costs; a fourth, bare `node:http` calling Docket's pure validation, token count and
 * local evaluator directly (no Effect, no auth, limiter or billing), shows the ceiling that
 * Docket's own domain work leaves on this machine.
 *
 *   npx tsx bench/http.ts
 *
 * Each server runs alone in its own child process (`node --import tsx bench/servers/…`, on the
 * built packages: see bench/tsconfig.built.json), so the
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
 * BENCH_HTTP_CONNECTIONS (default 10), BENCH_HTTP_ROUNDS (default 3; rounds alternate the
 * servers and the best round of each is reported), BENCH_CPU_PROF_DIR (when set, the servers run
 * with `--cpu-prof` and write their profiles there), BENCH_HTTP_ONLY (a subset of the servers).
 *
 * Three rounds by default: on a 2-core machine the bare server's req/s is bounded by the load
 * generator sharing the machine, and it moved between 25,000 and 37,000 from one run to the next
 * while Docket's moved far less; the best of three rounds of each steadies the ratio.
 */
import { describeRounds, EVALUATE_BODY, measureRounds, measurementTable, roundSettingsFromEnv } from "./support/load.js"
import { runIfMain } from "./support/main.js"
import { nodeServer, type ServerCommand } from "./support/servers.js"

/**
 * node options of the servers: with BENCH_CPU_PROF_DIR, `--cpu-prof`, one profile per thread (the
 * main thread and tsx's loader thread), named by pid
 */
const profDir = process.env.BENCH_CPU_PROF_DIR
const NODE_ARGS = profDir ? ["--cpu-prof", "--cpu-prof-dir", profDir] : []

const BARE: ServerCommand = nodeServer("bare `node:http` + `JSON.parse`", "bare-server.ts", NODE_ARGS)
/** for reference: the framework floor (a one-route `@effect/platform` app, no Docket code) */
const EFFECT: ServerCommand = nodeServer("minimal `@effect/platform` route (reference)", "effect-server.ts", NODE_ARGS)
/** for reference: the ceiling of Docket's domain work (no framework at all) */
const DOMAIN: ServerCommand = nodeServer(
  "bare `node:http` + Docket's validation, token count and local evaluator (reference)",
  "domain-server.ts",
  NODE_ARGS
)
const DOCKET: ServerCommand = nodeServer("Docket (adapter-node, memory storage)", "docket-server.ts", NODE_ARGS)
/** for reference: the same without the request journal (what journaling each request costs) */
const NO_JOURNAL: ServerCommand = nodeServer("Docket, request journal off (reference)", "docket-no-journal-server.ts", NODE_ARGS)
const ALL: Record<string, ServerCommand> = { bare: BARE, effect: EFFECT, domain: DOMAIN, docket: DOCKET, nojournal: NO_JOURNAL }
/** BENCH_HTTP_ONLY: a comma-separated subset of bare, effect, domain, docket, nojournal (the bare server always runs) */
const only = process.env.BENCH_HTTP_ONLY?.split(",").map((s) => s.trim())
const TARGETS: ReadonlyArray<ServerCommand> = Object.entries(ALL)
  .filter(([name]) => !only || name === "bare" || only.includes(name))
  .map(([, server]) => server)

export async function runHttpBench(): Promise<string> {
  const settings = roundSettingsFromEnv("BENCH_HTTP", { seconds: 8, warmupRequests: 5000, warmupSeconds: 1, connections: 10, rounds: 3 })
  const best = await measureRounds(TARGETS, settings)
  const bare = best(BARE)
  const has = (server: ServerCommand) => TARGETS.includes(server)

  const lines: Array<string> = []
  lines.push("## HTTP: small evaluate request, Docket vs bare `node:http`")
  lines.push("")
  lines.push(
    `POST /v1/systemone, a body of about ${Buffer.byteLength(EVALUATE_BODY)} bytes (a small invoice state and one \`noul\` question; the invoice differs from one request to the next, so no cache of a state can help), ` +
      describeRounds(settings) +
      `. Each server alone in its own child process (Node ${process.version}); the load generator in the parent. ` +
      `Docket: \`createDocket()\` of \`@docket/server\` + \`listen\` from \`@docket/adapter-node\`, a paid account with ` +
      `\`custom_limits: {unlimited: true}\`; every response 200.`
  )
  lines.push("")
  lines.push(...measurementTable(TARGETS, best))
  lines.push("")
  const sentences: Array<string> = []
  if (has(DOCKET)) {
    const docket = best(DOCKET)
    const ratio = docket.rps / bare.rps
    sentences.push(
      `Docket / bare throughput: **${(ratio * 100).toFixed(1)} %** (target: at least 25 %; ${ratio >= 0.25 ? "met" : "not met"}).`,
      `Server CPU per request, bare / Docket: ${((bare.cpuPerRequest / docket.cpuPerRequest) * 100).toFixed(1)} % ` +
        `(less sensitive to other load on the machine than req/s).`
    )
  }
  if (has(DOCKET) && has(NO_JOURNAL)) {
    const on = best(DOCKET)
    const off = best(NO_JOURNAL)
    sentences.push(
      `The request journal (on by default, bodies off): throughput with it / without it ${((on.rps / off.rps) * 100).toFixed(1)} %, ` +
        `server CPU per request ${on.cpuPerRequest.toFixed(0)} µs against ${off.cpuPerRequest.toFixed(0)} µs.`
    )
  }
  if (has(DOMAIN)) {
    sentences.push(`Docket's domain work alone, with no framework: ${((best(DOMAIN).rps / bare.rps) * 100).toFixed(1)} % of the bare server.`)
  }
  lines.push(sentences.join(" "))
  return lines.join("\n")
}

runIfMain(import.meta.url, runHttpBench)
