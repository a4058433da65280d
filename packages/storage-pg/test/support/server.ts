/** Real `docket` server processes for multi-process tests (`node --import tsx …/bin/docket.ts`). */
import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url))

/** A port that was free a moment ago (bound to 0, then released). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

export interface ServerProcess {
  readonly url: string
  readonly output: () => string
  readonly stop: () => Promise<void>
}

/**
 * Starts the standalone server with `env` on a free port and waits for `listening on …`.
 * (`node --import tsx` rather than `npx tsx`: one process, so stopping it stops the server.)
 */
export const startServer = async (env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> => {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "packages/adapter-node/src/bin/docket.ts"], {
    cwd: ROOT,
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), DOCKET_DEMO: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let output = ""
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes("listening on ")) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on("data", onData)
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()))
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}) before listening:\n${output}`))
    })
  })
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill("SIGTERM")
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000)
      await exited
      clearTimeout(killer)
    }
  }
}
