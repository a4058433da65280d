/**
 * The worker thread of the parser pool: parses one file at a time and answers with the parsed
 * document or the failure as plain data. Started by `pool.ts`, never imported by the main thread.
 */
import { parentPort, workerData } from "node:worker_threads"
import type { ParseLimits } from "./internal/limits.js"
import { makeTesseractEngine } from "./internal/ocr.js"
import { toProblemData } from "./internal/problem.js"
import { formatOf, parseBytes } from "./parse.js"

export interface WorkerRequest {
  readonly id: number
  readonly bytes: Uint8Array
  readonly fileName: string
}

export type WorkerResponse =
  | { readonly id: number; readonly ok: true; readonly document: unknown }
  | { readonly id: number; readonly ok: false; readonly problem: ReturnType<typeof toProblemData> }

const port = parentPort
if (port !== null) {
  const limits = (workerData as { limits: ParseLimits }).limits
  const ocr = makeTesseractEngine()
  port.on("message", (request: WorkerRequest) => {
    parseBytes(request.bytes, request.fileName, limits, ocr).then(
      (document) => port.postMessage({ id: request.id, ok: true, document } satisfies WorkerResponse),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, problem: toProblemData(formatOf(request.fileName), error) } satisfies WorkerResponse)
    )
  })
  port.on("close", () => void ocr.dispose())
  port.postMessage({ ready: true })
}
