/**
 * The child side of a benchmark server process (the parent side: bench/support/servers.ts).
 * `announce` prints the ready line `{"port":…}` (with `"key":"…"` for the Docket servers) on
 * stdout, then serves the control channel: a `cpu` line on stdin is answered with the process's
 * CPU time so far (`{"cpuMicros":…}` on stdout), a `mem` line with its peak and current resident
 * memory (`{"maxRssBytes":…,"rssBytes":…}`); it stops on `stop`, on end of stdin, on SIGTERM or
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
    } else if (command === "mem") {
      // peak resident set size of the whole process (all its threads) so far, and now
      process.stdout.write(`${JSON.stringify({ maxRssBytes: process.resourceUsage().maxRSS * 1024, rssBytes: process.memoryUsage.rss() })}\n`)
    } else if (command === "stop") {
      once()
    }
  })
  lines.on("close", once)
  process.once("SIGTERM", once)
  process.once("SIGINT", once)
}

/** Prints the ready line, then serves the control channel; `stop` is called once. */
export const announce = (ready: { readonly port: number; readonly key?: string }, stop: () => void): void => {
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
