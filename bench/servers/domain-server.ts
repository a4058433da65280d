/**
 * Benchmark child process: the ceiling of Docket's own work. A bare `node:http` server that reads
 * the body and runs the pure functions of a small evaluate request directly — key hashing, the
 * whole validation with the exact token count (`prepareEvaluation`) and the local evaluator —
 * then answers. No Effect runtime, no key cache, limiter, credit or billing, no request id or
 * CORS. Prints `{"port":…}` on stdout when ready; then see `control.ts`.
 */
import { Decision } from "@docket/core"
import { createServer } from "node:http"
import { listenAndAnnounce } from "./control.js"

const server = createServer((req, res) => {
  const chunks: Array<Buffer> = []
  req.on("data", (chunk: Buffer) => chunks.push(chunk))
  req.on("end", () => {
    Decision.hashKey(String(req.headers.authorization ?? "").slice("Bearer ".length))
    const prepared = Decision.prepareEvaluation(Buffer.concat(chunks).toString("utf8"))
    if (prepared._tag === "Invalid") {
      res.writeHead(422, { "content-type": "application/json" })
      res.end(JSON.stringify({ error: { type: "invalid_request_error", issues: prepared.issues } }))
      return
    }
    const { evaluation } = prepared
    const answers = Decision.evaluateLocally(evaluation.state, evaluation.questions)
    const payload = JSON.stringify({ answers, model: evaluation.model.id, usage: { input_tokens: evaluation.tokens.billed } })
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) })
    res.end(payload)
  })
})

listenAndAnnounce(server)
