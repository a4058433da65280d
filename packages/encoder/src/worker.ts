/**
 * The worker thread of the encoder pool: loads USE-lite once, then embeds one batch of texts at a
 * time and answers with their vectors (one flat Float32Array, its buffer transferred) or the
 * failure's message. Started by `pool.ts`, never imported by the main thread.
 */
import { parentPort, workerData } from "node:worker_threads"
import { type LongText, loadUseLite } from "./model.js"

export interface WorkerRequest {
  readonly id: number
  readonly texts: ReadonlyArray<string>
}

export type WorkerMessage =
  | { readonly kind: "ready" }
  | { readonly kind: "load-failed"; readonly message: string }
  | { readonly kind: "done"; readonly id: number; readonly vectors: Float32Array }
  | { readonly kind: "failed"; readonly id: number; readonly message: string }

export interface WorkerSetup {
  readonly modelDir: string | undefined
  readonly longText: LongText
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

const port = parentPort
if (port !== null) {
  const setup = workerData as WorkerSetup
  loadUseLite({ modelDir: setup.modelDir, longText: setup.longText }).then(
    (model) => {
      // One batch at a time: the WASM backend is single-threaded, so overlapping would only queue.
      let chain: Promise<void> = Promise.resolve()
      port.on("message", (request: WorkerRequest) => {
        chain = chain.then(() =>
          model.embed(request.texts).then(
            (vectors) => port.postMessage({ kind: "done", id: request.id, vectors } satisfies WorkerMessage, [vectors.buffer as ArrayBuffer]),
            (error: unknown) => port.postMessage({ kind: "failed", id: request.id, message: messageOf(error) } satisfies WorkerMessage)
          )
        )
      })
      port.postMessage({ kind: "ready" } satisfies WorkerMessage)
    },
    (error: unknown) => port.postMessage({ kind: "load-failed", message: messageOf(error) } satisfies WorkerMessage)
  )
}
