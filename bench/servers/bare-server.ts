/**
 * Benchmark child process: the baseline. A bare `node:http` server that reads the request body,
 * `JSON.parse`s it and answers a small JSON object. Prints `{"port":…}` on stdout when ready; then
 * see `control.ts`.
 */
import { createServer } from "node:http"
import { listenAndAnnounce } from "./control.js"

const server = createServer((req, res) => {
  const chunks: Array<Buffer> = []
  req.on("data", (chunk: Buffer) => chunks.push(chunk))
  req.on("end", () => {
    let body: unknown
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"))
    } catch {
      res.writeHead(400, { "content-type": "application/json" })
      res.end('{"error":"invalid_json"}')
      return
    }
    const questions = (body as { questions?: Record<string, unknown> }).questions ?? {}
    const answers: Record<string, { answer: string }> = {}
    for (const name of Object.keys(questions)) answers[name] = { answer: "no" }
    const payload = JSON.stringify({ answers, model: "bare", usage: { input_tokens: 0 } })
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) })
    res.end(payload)
  })
})

listenAndAnnounce(server)
