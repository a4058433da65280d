/**
 * Starts `fixtures/server.ts` under real Bun (`node_modules/.bin/bun`, the npm package `bun`)
 * from a vitest file that itself runs under Node. Bun runs the TypeScript sources directly and
 * resolves `@docket/*` through the `paths` of the root tsconfig, so no build is needed.
 */
import { type StartedProcess, startProcess } from "@docket/core/testing"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
export const BUN = fileURLToPath(new URL("../../../node_modules/.bin/bun", import.meta.url))
/** the Docket server script the tests run under Bun */
export const FIXTURE = "packages/adapter-bun/test/fixtures/server.ts"

/** A script running under Bun; `url` is e.g. `http://127.0.0.1:41234`. */
export type BunProcess = StartedProcess

/** The environment of the test process without any Docket setting, plus `env`. */
const environment = (env: Record<string, string>) => {
  const base: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || k.startsWith("DOCKET_") || k === "PORT" || k === "HOST") continue
    base[k] = v
  }
  return { ...base, ...env }
}

/**
 * Runs `script` (relative to the repository root) with Bun; waits for its `listening on <url>`
 * line. Its stdin is a pipe: the script stops when it ends (as `stop` does), SIGKILL if it does
 * not within 5 s.
 */
export const startBun = async (script: string, env: Record<string, string> = {}, timeoutMs = 30_000): Promise<BunProcess> => {
  if (!existsSync(BUN)) throw new Error(`Bun is not installed at ${BUN} (the root devDependency "bun"; run npm ci)`)
  return startProcess({ command: BUN, args: [script], cwd: ROOT, env: environment(env), stdin: true, timeoutMs, name: `${script} under Bun` })
}
