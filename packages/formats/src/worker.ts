/**
 * The worker thread of the parser pool: parses one file at a time (or draws crops of its pages)
 * and answers with the parsed document (or the crops) or the failure as plain data. Started by
 * `pool.ts`, never imported by the main thread.
 */
import { parentPort, workerData } from "node:worker_threads"
import type { ParseLimits } from "./internal/limits.js"
import { makeTesseractEngine } from "./internal/ocr.js"
import { toProblemData } from "./internal/problem.js"
import { formatOf, parseBytes } from "./parse.js"
import type { PoolWork } from "./pool.js"
import { renderRegions } from "./render.js"

export type WorkerRequest = PoolWork & { readonly id: number }

export type WorkerResponse =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly problem: ReturnType<typeof toProblemData> }

const port = parentPort
if (port !== null) {
  const limits = (workerData as { limits: ParseLimits }).limits
  const ocr = makeTesseractEngine()
  port.on("message", (request: WorkerRequest) => {
    const work: Promise<unknown> = request.kind === "parse"
      ? parseBytes(request.bytes, request.fileName, limits, ocr)
      : renderRegions(request.bytes, formatOf(request.fileName), request.regions, ocr)
    work.then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies WorkerResponse),
      (error: unknown) => port.postMessage({ id: request.id, ok: false, problem: toProblemData(formatOf(request.fileName), error) } satisfies WorkerResponse)
    )
  })
  port.on("close", () => void ocr.dispose())
  port.postMessage({ ready: true })
}
