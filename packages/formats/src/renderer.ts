/**
 * The `PageRenderer` Layers (ground previews): checks on the caller's thread (a drawable extension,
 * the size, the file signature), then drawing in a pool of worker threads (`rendererLayer`,
 * `rendererLayerWith`) or on the caller's thread (`rendererLayerInProcess`, for scripts and tests;
 * it blocks the event loop while it draws).
 */
import { Documents } from "@docket/core"
import { Effect, Either, Layer } from "effect"
import { defaultLimits } from "./internal/limits.js"
import { makeTesseractEngine } from "./internal/ocr.js"
import { type ProblemData, toProblemData } from "./internal/problem.js"
import { precheck, toParseFailure } from "./parser.js"
import { defaultPoolSize, ParserPool } from "./pool.js"
import { type RegionOutcome, RENDERABLE_FORMATS, renderRegions } from "./render.js"

export interface RendererOptions {
  /** Worker threads (default: 2, or fewer on a machine with fewer cores). */
  readonly workers?: number | undefined
  /** Time box of one file's crops in a worker (default 60 000 ms). */
  readonly timeoutMs?: number | undefined
  /** Heap cap of each worker (default 2048 MiB). */
  readonly maxWorkerMemoryMb?: number | undefined
  /** Largest file drawn (default 200 MiB, the spec's upload limit). */
  readonly maxFileBytes?: number | undefined
}

const reasonOf = (e: Documents.ParseFailure): Documents.RenderFailure["reason"] => {
  switch (e._tag) {
    case "UnsupportedFileType":
      return e.reason === "signature_mismatch" ? "unreadable" : "unsupported"
    case "CorruptFile":
    case "EncryptedFile":
      return "unreadable"
    case "FileTooComplex":
      return "too_complex"
  }
}

const toRenderFailure = (fileName: string, e: Documents.ParseFailure) => new Documents.RenderFailure({ fileName, reason: reasonOf(e), message: e.message })

const fromProblem = (fileName: string, problem: ProblemData) => toRenderFailure(fileName, toParseFailure(fileName, problem))

/** What is checked before drawing: a drawable extension, a size within bounds, a fitting signature. */
export const renderPrecheck = (input: Documents.RenderInput, maxFileBytes?: number): Effect.Effect<string, Documents.RenderFailure> => {
  const format = Documents.fileExtension(input.fileName).slice(1)
  if (!RENDERABLE_FORMATS.includes(format)) {
    return Effect.fail(new Documents.RenderFailure({
      fileName: input.fileName,
      reason: "unsupported",
      message: `previews are drawn for PDFs and images (${RENDERABLE_FORMATS.map((f) => `.${f}`).join(" ")}), not for ${format === "" ? "files without an extension" : `.${format} files`}`
    }))
  }
  return precheck({ bytes: input.bytes, fileName: input.fileName }, maxFileBytes).pipe(
    Effect.mapError((e) => toRenderFailure(input.fileName, e)),
    Effect.as(format)
  )
}

const outcomesOf = (fileName: string, outcomes: ReadonlyArray<RegionOutcome>) =>
  outcomes.map((o) => o.ok ? Either.right(o.png) : Either.left(new Documents.RenderFailure({ fileName, reason: "region", message: o.message })))

/** A renderer that draws on the calling thread. */
export const makeInProcessRenderer = (options: RendererOptions = {}) =>
  Effect.gen(function*() {
    const ocr = makeTesseractEngine()
    yield* Effect.addFinalizer(() => Effect.promise(() => ocr.dispose()))
    const service: Documents.PageRendererService = {
      renderRegions: (input) =>
        Effect.flatMap(renderPrecheck(input, options.maxFileBytes), (format) =>
          Effect.tryPromise({
            try: () => renderRegions(input.bytes, format, input.regions, ocr),
            catch: (error) => fromProblem(input.fileName, toProblemData(format, error))
          })).pipe(Effect.map((outcomes) => outcomesOf(input.fileName, outcomes)))
    }
    return service
  })

/** A renderer whose drawing runs in a pool of worker threads (started on first use). */
export const makeWorkerRenderer = (options: RendererOptions = {}) =>
  Effect.gen(function*() {
    const pool = new ParserPool({
      size: Math.max(1, options.workers ?? Math.min(2, defaultPoolSize())),
      timeoutMs: options.timeoutMs ?? 60_000,
      maxWorkerMemoryMb: options.maxWorkerMemoryMb ?? 2048,
      limits: defaultLimits
    })
    yield* Effect.addFinalizer(() => Effect.promise(() => pool.close()))
    const service: Documents.PageRendererService & { readonly pool: ParserPool } = {
      pool,
      renderRegions: (input) =>
        Effect.flatMap(renderPrecheck(input, options.maxFileBytes), () =>
          Effect.async<ReadonlyArray<RegionOutcome>, Documents.RenderFailure>((resume) => {
            const { cancel } = pool.submit(
              { kind: "render", bytes: input.bytes, fileName: input.fileName, regions: input.regions.map((r) => ({ page: r.page, x: r.x, y: r.y, w: r.w, h: r.h })) },
              (outcome) =>
                resume(outcome.ok ? Effect.succeed(outcome.value as ReadonlyArray<RegionOutcome>) : Effect.fail(fromProblem(input.fileName, outcome.problem)))
            )
            return Effect.sync(cancel)
          })).pipe(Effect.map((outcomes) => outcomesOf(input.fileName, outcomes)))
    }
    return service
  })

/** `PageRenderer` on a worker pool with the given options. */
export const rendererLayerWith = (options: RendererOptions = {}): Layer.Layer<Documents.PageRenderer> =>
  Layer.scoped(Documents.PageRenderer, makeWorkerRenderer(options))

/** `PageRenderer` on a worker pool with the default options. */
export const rendererLayer: Layer.Layer<Documents.PageRenderer> = rendererLayerWith()

/** `PageRenderer` on the calling thread (blocks the event loop while drawing). */
export const rendererLayerInProcess = (options: RendererOptions = {}): Layer.Layer<Documents.PageRenderer> =>
  Layer.scoped(Documents.PageRenderer, makeInProcessRenderer(options))
