/**
 * Server processes for tests that spawn a real server (Node, Bun, `npx tsx` …): start one, collect
 * its stdout and stderr, wait for the line that says it is ready (`listening on <url>` by default),
 * and stop it (SIGTERM, then SIGKILL after a grace period). Also the real-time polling helpers such
 * tests need for I/O — never for a service's clock, which tests move themselves.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"

/** Waits `ms` milliseconds of real time. */
export const realWait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls `done` every few milliseconds of real time until it holds (for I/O, never for the service
 * clock); fails after `timeoutMs` with `what` in the message.
 */
export const waitUntil = async (
  done: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string | (() => string),
  intervalMs = 5
): Promise<void> => {
  const started = Date.now()
  while (!(await done())) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`timed out after ${timeoutMs} ms: ${typeof what === "string" ? what : what()}`)
    }
    await realWait(intervalMs)
  }
}

/** A port on 127.0.0.1 that was free a moment ago (bound to 0, then released). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

/** what a server prints once it is ready; the first group is its URL */
export const LISTENING = /listening on (http:\/\/\S+)/

export interface StartProcessOptions {
  readonly command: string
  readonly args?: ReadonlyArray<string>
  readonly cwd?: string
  /** the whole environment of the process (default: the test process's) */
  readonly env?: NodeJS.ProcessEnv
  /**
   * its own process group, and `stop` signals the whole group: for launchers such as `npx` and
   * `tsx`, whose server runs in a grandchild process
   */
  readonly detached?: boolean
  /** a pipe for stdin (ended by `stop`, for processes that exit when their stdin ends); default ignored */
  readonly stdin?: boolean
  /** matched against the complete lines of stdout; ready once it matches (default `LISTENING`) */
  readonly readyPattern?: RegExp
  /** how long to wait for `readyPattern` (default 30 s) */
  readonly timeoutMs?: number
  /** how long `stop` waits after SIGTERM before SIGKILL (default 5 s) */
  readonly graceMs?: number
  /** how error messages name the process (default: the command and its arguments) */
  readonly name?: string
}

export interface StartedProcess {
  readonly child: ChildProcess
  /** the match of `readyPattern` */
  readonly match: RegExpExecArray
  /** the first group of the match (the URL, with the default pattern), else the whole match */
  readonly url: string
  readonly stdout: () => string
  readonly stderr: () => string
  /** stdout and stderr, interleaved as they arrived */
  readonly output: () => string
  /** settles with the exit code (null after a signal) once the process has exited */
  readonly exited: Promise<number | null>
  /** SIGTERM (to the group when `detached`), SIGKILL after the grace period; resolves once it has exited */
  readonly stop: () => Promise<void>
}

/**
 * Spawns a process and resolves once its stdout matches `readyPattern`; rejects (and stops it) if
 * it exits first or does not get ready within `timeoutMs`. The error carries its stdout and stderr.
 */
export const startProcess = async (options: StartProcessOptions): Promise<StartedProcess> => {
  const { command, args = [], detached = false, readyPattern = LISTENING, timeoutMs = 30_000, graceMs = 5_000 } = options
  const name = options.name ?? [command, ...args].join(" ")
  const child = spawn(command, [...args], {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached,
    stdio: [options.stdin ? "pipe" : "ignore", "pipe", "pipe"]
  })
  let out = ""
  let err = ""
  let all = ""
  let exitCode: number | null | undefined
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    out += d
    all += d
  })
  child.stderr!.setEncoding("utf8").on("data", (d: string) => {
    err += d
    all += d
  })
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => {
      exitCode = code
      resolve(code)
    })
    // a command that cannot be spawned emits "error" and no "exit"
    child.once("error", (e) => {
      err += `${e.message}\n`
      all += `${e.message}\n`
      if (exitCode === undefined) {
        exitCode = null
        resolve(null)
      }
    })
  })

  const signal = (sig: NodeJS.Signals) => {
    if (child.pid === undefined) return false
    try {
      if (detached) process.kill(-child.pid, sig)
      else child.kill(sig)
      return true
    } catch {
      return false
    }
  }
  const stop = async () => {
    if (exitCode !== undefined) return
    child.stdin?.end()
    if (!signal("SIGTERM")) return
    const stopped = await Promise.race([exited.then(() => true), realWait(graceMs).then(() => false)])
    if (!stopped) {
      signal("SIGKILL")
      await exited
    }
  }

  const streams = () => `stdout: ${out}; stderr: ${err}`
  // complete lines only: a URL cut in two by the pipe must not match
  const readyMatch = () => readyPattern.exec(out.slice(0, out.lastIndexOf("\n") + 1))
  try {
    await waitUntil(
      () => readyMatch() !== null || exitCode !== undefined,
      timeoutMs,
      () => `${name} did not print ${readyPattern}; ${streams()}`,
      10
    )
  } catch (e) {
    await stop()
    throw e
  }
  const ready = readyMatch()
  if (ready === null) throw new Error(`${name} exited with ${exitCode} before printing ${readyPattern}; ${streams()}`)
  return {
    child,
    match: ready,
    url: ready[1] ?? ready[0],
    stdout: () => out,
    stderr: () => err,
    output: () => all,
    exited,
    stop
  }
}
