/**
 * Bun vs Node benchmark: throughput and latency of the same small POST /v1/systemone as
 * bench/http.ts (same body, same account setup, same autocannon load from this Node process),
 * against Docket served on Node (`@docket/adapter-node`'s `listen`) and on Bun
 * (`@docket/adapter-bun`'s `listen`, its own `Bun.serve`; a plain `Bun.serve` with
 * `makeBunFetchHandler`, the embedding path; and the adapter's `layer`, i.e. `@effect/platform-bun`'s
 * BunHttpServer). Same run, same settings; the ratio is Bun / Node.
 *
 *   npx tsx bench/bun.ts
 *
 * Each server runs alone in its own child process (Node: `node --import tsx`; Bun: the npm
 * package `bun`, `node_modules/.bin/bun`; both on the built packages, bench/tsconfig.built.json),
 * so the load generator never shares an event loop with the server under test. Each server also reports its own CPU
 * time over the measurement (µs per request), which other load on the machine disturbs less than
 * req/s. Rounds alternate the servers; the best round of each is reported.
 *
 * Environment: BENCH_BUN_SECONDS (default 6), BENCH_BUN_WARMUP_REQUESTS (default 5000),
 * BENCH_BUN_WARMUP_SECONDS (default 1), BENCH_BUN_CONNECTIONS (default 10), BENCH_BUN_ROUNDS
 * (default 1). About 50 s with the defaults.
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describeRounds, EVALUATE_BODY, measureRounds, measurementTable, roundSettingsFromEnv } from "./support/load.js"
import { runIfMain } from "./support/main.js"
import { BUILT_TSCONFIG } from "./support/built.js"
import { nodeServer, type ServerCommand } from "./support/servers.js"

const BUN = fileURLToPath(new URL("../node_modules/.bin/bun", import.meta.url))

const NODE: ServerCommand = nodeServer("Node: `@docket/adapter-node` `listen`", "docket-server.ts")
/** `bun bench/servers/docket-bun-server.ts` on the built packages (as the Node server), with `env` */
const bunServer = (name: string, env?: Readonly<Record<string, string>>): ServerCommand => ({
  name,
  command: BUN,
  args: [`--tsconfig-override=${BUILT_TSCONFIG}`, "bench/servers/docket-bun-server.ts"],
  env
})
const BUN_LISTEN = bunServer("Bun: `@docket/adapter-bun` `listen` (`Bun.serve`)")
const BUN_FETCH = bunServer("Bun: your `Bun.serve` + `makeBunFetchHandler`", { BENCH_BUN_SERVE: "fetch-handler" })
const BUN_LAYER = bunServer("Bun: `@docket/adapter-bun` `layer` (BunHttpServer)", { BENCH_BUN_SERVE: "layer" })
const TARGETS: ReadonlyArray<ServerCommand> = [NODE, BUN_LISTEN, BUN_FETCH, BUN_LAYER]

const bunVersion = (): Promise<string> =>
  new Promise((resolve) => {
    const child = spawn(BUN, ["--version"], { stdio: ["ignore", "pipe", "ignore"] })
    let out = ""
    child.stdout!.setEncoding("utf8").on("data", (d: string) => (out += d))
    child.once("exit", () => resolve(out.trim() || "unknown"))
    child.once("error", () => resolve("not installed"))
  })

export async function runBunBench(): Promise<string> {
  const settings = roundSettingsFromEnv("BENCH_BUN", { seconds: 6, warmupRequests: 5000, warmupSeconds: 1, connections: 10, rounds: 1 })
  const bun = await bunVersion()
  const best = await measureRounds(TARGETS, settings)
  const node = best(NODE)

  const lines: Array<string> = []
  lines.push("## HTTP on Bun vs Node: small evaluate request, Docket on each runtime")
  lines.push("")
  lines.push(
    `POST /v1/systemone, a body of about ${Buffer.byteLength(EVALUATE_BODY)} bytes (one \`noul\` question; the invoice in the state differs from one request to the next, as in the HTTP section), ` +
      describeRounds(settings) +
      `. Each server alone in its own child process: Node ${process.version} (\`node --import tsx\`), Bun ${bun} ` +
      `(both on the built packages); the load generator in the parent (Node). Memory storage, a paid account with ` +
      `\`custom_limits: {unlimited: true}\`; every response 200.`
  )
  lines.push("")
  lines.push(...measurementTable(TARGETS, best, { label: "vs Node", base: node }))
  lines.push("")
  const bunListen = best(BUN_LISTEN)
  lines.push(
    `Bun (\`listen\`) / Node throughput: **${((bunListen.rps / node.rps) * 100).toFixed(1)} %**; ` +
      `server CPU per request, Node / Bun: ${((node.cpuPerRequest / bunListen.cpuPerRequest) * 100).toFixed(1)} %.`
  )
  return lines.join("\n")
}

runIfMain(import.meta.url, runBunBench)
