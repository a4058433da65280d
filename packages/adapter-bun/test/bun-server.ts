/**
 * Starts `fixtures/server.ts` under real Bun (`node_modules/.bin/bun`, the npm package `bun`)
 * from a vitest file that itself runs under Node. Bun runs the TypeScript sources directly and
 * resolves `@docket/*` through the `paths` of the root tsconfig, so no build is needed.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
export const BUN = fileURLToPath(new URL("../../../node_modules/.bin/bun", import.meta.url))
/** the Docket server script the tests run under Bun */
export const FIXTURE = "packages/adapter-bun/test/fixtures/server.ts"

export interface BunProcess {
  readonly child: ChildProcess
  /** e.g. `http://127.0.0.1:41234` */
  readonly url: string
  readonly stdout: () => string
  readonly stderr: () => string
  readonly stop: () => Promise<void>
}

const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The environment of the test process without any Docket setting, plus `env`. */
const environment = (env: Record<string, string>) => {
  const base: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith("DOCKET_") || k === "PORT" || k === "HOST") continue
    base[k] = v
  }
  return { ...base, ...env }
}

/** Runs `script` (relative to the repository root) with Bun; waits for its `listening on <url>` line. */
export const startBun = async (script: string, env: Record<string, string> = {}, timeoutMs = 30_000): Promise<BunProcess> => {
  if (!existsSync(BUN)) throw new Error(`Bun is not installed at ${BUN} (the root devDependency "bun"; run npm ci)`)
  const child = spawn(BUN, [script], { cwd: ROOT, env: environment(env), stdio: ["pipe", "pipe", "pipe"] })
  let out = ""
  let err = ""
  let exited: number | null | undefined
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (out += d))
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (err += d))
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code) => {
      exited = code
      resolve()
    })
  )
  const stop = async () => {
    if (exited !== undefined) return
    // the script stops when its stdin ends; SIGKILL if it does not within 5 s
    child.stdin!.end()
    child.kill("SIGTERM")
    const stopped = await Promise.race([exit.then(() => true), realWait(5_000).then(() => false)])
    if (!stopped) {
      child.kill("SIGKILL")
      await exit
    }
  }
  const started = Date.now()
  let url: string | undefined
  while ((url = /listening on (http:\/\/\S+)/.exec(out)?.[1]) === undefined) {
    if (exited !== undefined) throw new Error(`${script} exited with ${exited} under Bun; stdout: ${out}; stderr: ${err}`)
    if (Date.now() - started > timeoutMs) {
      await stop()
      throw new Error(`${script} did not start under Bun; stdout: ${out}; stderr: ${err}`)
    }
    await realWait(10)
  }
  return { child, url, stdout: () => out, stderr: () => err, stop }
}
