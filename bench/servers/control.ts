/**
 * The child side of a benchmark server process (the parent side: bench/support/servers.ts).
 * `announce` prints the ready line `{"port":…}` (with `"key":"…"` for the Docket servers) on
 * stdout, then serves the control channel: a `cpu` line on stdin is answered with the process's
 * CPU time so far (`{"cpuMicros":…}` on stdout), a `mem` line with its peak and current resident
 * memory and its heap and buffers now (`{"maxRssBytes":…,"rssBytes":…,"heapUsedBytes":…,…}`), a `gc` line
 * the same after a garbage collection (with --expose-gc); it stops on `stop`, on end of stdin, on SIGTERM or
 * SIGINT.
 */
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import { createInterface } from "node:readline"

const control = (stop: () => void): void => {
  let stopping = false
  const once = (): void => {
    if (stopping) return
    stopping = true
    stop()
  }
  const lines = createInterface({ input: process.stdin })
  lines.on("line", (line) => {
    const command = line.trim()
    if (command === "cpu") {
      const { system, user } = process.cpuUsage()
      process.stdout.write(`${JSON.stringify({ cpuMicros: user + system })}\n`)
    } else if (command === "mem" || command === "gc") {
      // `gc` first collects garbage (when the process runs with --expose-gc), for a baseline of what is live
      if (command === "gc") (globalThis as { gc?: () => void }).gc?.()
      // peak resident set size of the whole process (all its threads) so far, and now; the JS heap and buffers now
      const m = process.memoryUsage()
      process.stdout.write(`${JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024, rssBytes: m.rss, heapUsedBytes: m.heapUsed, externalBytes: m.external, arrayBuffersBytes: m.arrayBuffers })}\n`)
    } else if (command === "stop") {
      once()
    }
  })
  lines.on("close", once)
  process.once("SIGTERM", once)
  process.once("SIGINT", once)
}

/** Prints the ready line, then serves the control channel; `stop` is called once. */
export const announce = (
  ready: { readonly port: number; readonly key?: string; readonly detail?: Readonly<Record<string, string | number>> },
  stop: () => void
): void => {
  process.stdout.write(`${JSON.stringify(ready)}\n`)
  control(stop)
}

/**
 * Listens on an ephemeral port of 127.0.0.1, then announces it; on stop, closes the server and
 * its connections and exits.
 */
export const listenAndAnnounce = (server: Server): void => {
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as AddressInfo
    announce({ port }, () => {
      server.close(() => process.exit(0))
      server.closeAllConnections()
    })
  })
}
