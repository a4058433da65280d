/**
 * Real server processes for multi-process tests: the standalone `docket` server
 * (`node --import tsx …/bin/docket.ts`), and `docs-server.ts`, a test-only server whose document
 * service parses with the test parser on a manual clock.
 */
import { freePort, type StartedProcess, startProcess } from "@docket/core/testing"
import { fileURLToPath } from "node:url"

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url))

export type ServerProcess = Pick<StartedProcess, "url" | "output" | "stop"> & {
  /** SIGKILL: the process dies at once, nothing released (resolves once it has exited) */
  readonly kill: () => Promise<void>
}

const killOf = (p: StartedProcess) => async () => {
  p.child.kill("SIGKILL")
  await p.exited
}

/**
 * Starts the standalone server with `env` on a free port and waits for `listening on …`.
 * (`node --import tsx` rather than `npx tsx`: one process, so stopping it stops the server.)
 */
export const startServer = async (env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> => {
  const port = await freePort()
  const server = await startProcess({
    command: process.execPath,
    args: ["--import", "tsx", "packages/server/src/bin/docket.ts"],
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), DOCKET_DEMO: "0", ...env },
    timeoutMs,
    name: "the server"
  })
  return { url: `http://127.0.0.1:${port}`, output: server.output, stop: server.stop, kill: killOf(server) }
}

/**
 * Starts `support/docs-server.ts` (PostgreSQL storage, the test parser, a manual clock) with `env`
 * (`DATABASE_URL`, `DOCKET_ADMIN_TOKEN`) on a free port; stopped by `stop` or when the test
 * process ends (its stdin closes).
 */
export const startDocsServer = async (env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> => {
  const server = await startProcess({
    command: process.execPath,
    args: ["--import", "tsx", "packages/storage-pg/test/support/docs-server.ts"],
    cwd: ROOT,
    env: { ...process.env, PORT: "0", ...env },
    stdin: true,
    timeoutMs,
    name: "the docs test server"
  })
  return { url: server.url, output: server.output, stop: server.stop, kill: killOf(server) }
}
