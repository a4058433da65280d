/**
 * The control channel of a benchmark server child process: it answers a `cpu` line on stdin with
 * its CPU time so far (`{"cpuMicros":…}` on stdout), and stops on `stop`, on end of stdin, on
 * SIGTERM or SIGINT.
 */
import { createInterface } from "node:readline"

export const control = (stop: () => void): void => {
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
    } else if (command === "stop") {
      once()
    }
  })
  lines.on("close", once)
  process.once("SIGTERM", once)
  process.once("SIGINT", once)
}
