/**
 * Benchmark child process: the framework floor. A minimal `@effect/platform` app on the same
 * Node integration Docket uses (`NodeHttpServer.makeHandler`): one POST route that reads the body
 * as text, `JSON.parse`s it and answers a small JSON object. No Docket code. Prints `{"port":…}`
 * on stdout when ready; then see `control.ts`.
 */
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, ManagedRuntime, Layer } from "effect"
import { createServer } from "node:http"
import { listenAndAnnounce } from "./control.js"

const app = HttpRouter.empty.pipe(
  HttpRouter.post(
    "/v1/systemone",
    Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const body = JSON.parse(yield* request.text) as { questions?: Record<string, unknown> }
      const answers: Record<string, { answer: string }> = {}
      for (const name of Object.keys(body.questions ?? {})) answers[name] = { answer: "no" }
      return HttpServerResponse.unsafeJson({ answers, model: "effect", usage: { input_tokens: 0 } })
    }).pipe(Effect.catchAll(() => HttpServerResponse.json({ error: "invalid_json" }, { status: 400 })))
  )
)

const main = async (): Promise<void> => {
  const runtime = ManagedRuntime.make(Layer.empty)
  const handler = await runtime.runPromise(NodeHttpServer.makeHandler(app))
  listenAndAnnounce(createServer(handler))
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
