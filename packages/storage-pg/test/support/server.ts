/** Real `docket` server processes for multi-process tests (`node --import tsx …/bin/docket.ts`). */
import { freePort, type StartedProcess, startProcess } from "@docket/core/testing"
import { fileURLToPath } from "node:url"

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url))

export type ServerProcess = Pick<StartedProcess, "url" | "output" | "stop">

/**
 * Starts the standalone server with `env` on a free port and waits for `listening on …`.
 * (`node --import tsx` rather than `npx tsx`: one process, so stopping it stops the server.)
 */
export const startServer = async (env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> => {
  const port = await freePort()
  const server = await startProcess({
    command: process.execPath,
    args: ["--import", "tsx", "packages/adapter-node/src/bin/docket.ts"],
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), DOCKET_DEMO: "0", ...env },
    timeoutMs,
    name: "the server"
  })
  return { url: `http://127.0.0.1:${port}`, output: server.output, stop: server.stop }
}
