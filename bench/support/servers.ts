/**
 * The parent side of the benchmark servers: each server under test runs alone in its own child
 * process (a script in bench/servers/), so the load generator in this process never shares an
 * event loop with it. The child prints one JSON line `{"port":…}` (with `"key":"…"` for the
 * Docket servers) on stdout when ready; then it answers a `cpu` line on stdin with
 * `{"cpuMicros":…}` and stops on `stop` or end of stdin (the child side: bench/servers/control.ts).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"

/** the repository root, the servers' working directory */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url))

/** How to run a server: `command args…` in ROOT, with `env` over this process's environment. */
export interface ServerCommand {
  /** names the server in errors */
  readonly name: string
  readonly command: string
  readonly args: ReadonlyArray<string>
  readonly env?: Readonly<Record<string, string>> | undefined
}

/**
 * `node [nodeArgs…] --import tsx bench/servers/<script>`, on the built packages (tsx reads
 * bench/tsconfig.built.json, so `@docket/*` resolve to each package's dist)
 */
export const nodeServer = (name: string, script: string, nodeArgs: ReadonlyArray<string> = []): ServerCommand => ({
  name,
  command: process.execPath,
  args: [...nodeArgs, "--import", "tsx", `bench/servers/${script}`],
  env: { TSX_TSCONFIG_PATH: "bench/tsconfig.built.json" }
})

/** The same command with more environment variables. */
export const withEnv = (server: ServerCommand, env: Readonly<Record<string, string>>): ServerCommand => ({
  ...server,
  env: { ...server.env, ...env }
})

/** the server's first line */
export interface Ready {
  readonly port: number
  /** an API key of a paid account, from the Docket servers */
  readonly key?: string
  /** what else a server set up for its benchmark (e.g. the workspace and path of a file it placed) */
  readonly detail?: Readonly<Record<string, string | number>>
}

/** a server's memory: peak and current resident set, and its JS heap and buffers now (bytes) */
export interface MemoryReport {
  readonly maxRssBytes: number
  readonly rssBytes: number
  readonly heapUsedBytes: number
  readonly externalBytes: number
  readonly arrayBuffersBytes: number
}

export interface ServerProcess {
  readonly ready: Ready
  /** the server process's CPU time so far (user + system), in microseconds */
  readonly cpuMicros: () => Promise<number>
  /** the server process's memory (`collectFirst`: after a garbage collection, when it runs with --expose-gc) */
  readonly memory: (collectFirst?: boolean) => Promise<MemoryReport>
  readonly stop: () => Promise<void>
}

/** Starts a server child process and waits for its ready line (at most 60 s). */
export const startServer = async (server: ServerCommand): Promise<ServerProcess> => {
  const child: ChildProcess = spawn(server.command, [...server.args], {
    cwd: ROOT,
    env: { ...process.env, ...server.env },
    stdio: ["pipe", "pipe", "inherit"]
  })
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
        w.reject(new Error(`${server.name}: unexpected output ${JSON.stringify(line)}`))
      }
    }
  }
  createInterface({ input: child.stdout! }).on("line", (line) => {
    buffered.push(line)
    deliver()
  })
  void exited.then((code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`${server.name} exited (${code})`))
  })
  const nextLine = (timeoutMs: number): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${server.name}: no answer after ${timeoutMs} ms`)), timeoutMs)
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
    memory: async (collectFirst = false) => {
      const answer = nextLine(10_000)
      child.stdin!.write(collectFirst ? "gc\n" : "mem\n")
      return (await answer) as MemoryReport
    },
    stop: async () => {
      child.stdin!.end("stop\n")
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000)
      await exited
      clearTimeout(killer)
    }
  }
}
