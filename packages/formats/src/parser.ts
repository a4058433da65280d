/**
 * The `DocumentParser` Layers: checks on the caller's thread (extension, file signature, size),
 * then parsing in the worker pool (`layer`, `layerWith`) or on the caller's thread
 * (`layerInProcess`, for scripts and tests; it blocks the event loop while it parses).
 */
import { Documents } from "@docket/core"
import { Effect, Layer } from "effect"
import { defaultLimits, type ParseLimits } from "./internal/limits.js"
import { makeTesseractEngine } from "./internal/ocr.js"
import { type ProblemData, toProblemData } from "./internal/problem.js"
import { parseBytes } from "./parse.js"
import { defaultPoolSize, ParserPool } from "./pool.js"

export interface FormatsOptions {
  /** Parsing limits (pages, inflated bytes, cells, OCR…); each defaults as in `defaultLimits`. */
  readonly limits?: Partial<ParseLimits> | undefined
  /** Worker threads (default: cores − 1, at least 1). */
  readonly workers?: number | undefined
  /** Time box of one file in a worker (default 300 000 ms). */
  readonly timeoutMs?: number | undefined
  /** Heap cap of each worker (default 2048 MiB). */
  readonly maxWorkerMemoryMb?: number | undefined
  /** Largest file accepted (default 200 MiB, the spec's upload limit). */
  readonly maxFileBytes?: number | undefined
}

const DEFAULT_MAX_FILE_BYTES = 200 * 1024 * 1024

const SIGNATURE_NAMES: Record<string, string> = {
  pdf: "a PDF", zip: "a ZIP archive (Office Open XML)", cfb: "a legacy Office compound file", png: "a PNG image",
  jpeg: "a JPEG image", gif: "a GIF image", tiff: "a TIFF image", webp: "a WebP image", bmp: "a BMP image",
  gzip: "a gzip archive", rtf: "an RTF document", executable: "a program", text: "text", binary: "binary data", empty: "empty"
}

/** The tagged error of a failure reported as data (by a worker or a reader). */
export const toParseFailure = (fileName: string, problem: ProblemData): Documents.ParseFailure => {
  switch (problem.tag) {
    case "UnsupportedFileType":
      return new Documents.UnsupportedFileType({
        fileName, extension: Documents.fileExtension(fileName), reason: problem.reason ?? "format_not_readable", detected: problem.detected ?? null, message: problem.message
      })
    case "EncryptedFile":
      return new Documents.EncryptedFile({ fileName, format: problem.format, message: problem.message })
    case "FileTooComplex":
      return new Documents.FileTooComplex({ fileName, format: problem.format, limit: problem.limit ?? "time", message: problem.message })
    case "CorruptFile":
      return new Documents.CorruptFile({ fileName, format: problem.format, message: problem.message })
  }
}

/** What is checked before any parsing: a readable extension, a size within bounds, a fitting signature. */
export const precheck = (input: Documents.ParseInput, maxFileBytes = DEFAULT_MAX_FILE_BYTES): Effect.Effect<void, Documents.ParseFailure> =>
  Effect.suspend((): Effect.Effect<void, Documents.ParseFailure> => {
    const extension = Documents.fileExtension(input.fileName)
    const format = extension.slice(1)
    if (!Documents.DOCUMENT_EXTENSIONS.includes(extension)) {
      return Effect.fail(new Documents.UnsupportedFileType({
        fileName: input.fileName, extension, reason: "extension", detected: null,
        message: extension === ""
          ? `The file name "${input.fileName}" has no extension; the extension decides the format.`
          : `Files of type ${extension} are not supported. Supported: ${Documents.DOCUMENT_EXTENSIONS.join(" ")}.`
      }))
    }
    if (input.bytes.byteLength > maxFileBytes) {
      return Effect.fail(new Documents.FileTooComplex({
        fileName: input.fileName, format, limit: "decompressed_size",
        message: `The file is ${input.bytes.byteLength} bytes; at most ${maxFileBytes} bytes are parsed.`
      }))
    }
    const { conflict, detected } = Documents.checkFileSignature(extension, input.bytes)
    if (conflict) {
      return Effect.fail(new Documents.UnsupportedFileType({
        fileName: input.fileName, extension, reason: "signature_mismatch", detected,
        message: detected === "empty"
          ? `The file is empty; an empty file is not a valid ${extension} file.`
          : `The file's content is ${SIGNATURE_NAMES[detected] ?? detected}, which does not match its extension ${extension}.`
      }))
    }
    return Effect.void
  })

const limitsOf = (options: FormatsOptions): ParseLimits => ({ ...defaultLimits, ...options.limits })

/** A parser that parses on the calling thread. */
export const makeInProcessParser = (options: FormatsOptions = {}) =>
  Effect.gen(function*() {
    const limits = limitsOf(options)
    const ocr = makeTesseractEngine()
    yield* Effect.addFinalizer(() => Effect.promise(() => ocr.dispose()))
    const service: Documents.DocumentParserService = {
      parse: (input) =>
        precheck(input, options.maxFileBytes).pipe(
          Effect.zipRight(Effect.tryPromise({
            try: () => parseBytes(input.bytes, input.fileName, limits, ocr),
            catch: (error) => toParseFailure(input.fileName, toProblemData(Documents.fileExtension(input.fileName).slice(1), error))
          }))
        )
    }
    return service
  })

/** A parser whose parsing runs in a pool of worker threads. */
export const makeWorkerParser = (options: FormatsOptions = {}) =>
  Effect.gen(function*() {
    const pool = new ParserPool({
      size: Math.max(1, options.workers ?? defaultPoolSize()),
      timeoutMs: options.timeoutMs ?? 300_000,
      maxWorkerMemoryMb: options.maxWorkerMemoryMb ?? 2048,
      limits: limitsOf(options)
    })
    yield* Effect.addFinalizer(() => Effect.promise(() => pool.close()))
    const service: Documents.DocumentParserService & { readonly pool: ParserPool } = {
      pool,
      parse: (input) =>
        precheck(input, options.maxFileBytes).pipe(
          Effect.zipRight(Effect.async<Documents.ParsedDocument, Documents.ParseFailure>((resume) => {
            const { cancel } = pool.run(input.bytes, input.fileName, (outcome) =>
              resume(outcome.ok ? Effect.succeed(outcome.value as Documents.ParsedDocument) : Effect.fail(toParseFailure(input.fileName, outcome.problem))))
            return Effect.sync(cancel)
          }))
        )
    }
    return service
  })

/** `DocumentParser` on a worker pool with the given options. */
export const layerWith = (options: FormatsOptions = {}): Layer.Layer<Documents.DocumentParser> =>
  Layer.scoped(Documents.DocumentParser, makeWorkerParser(options))

/** `DocumentParser` on a worker pool with the default options. */
export const layer: Layer.Layer<Documents.DocumentParser> = layerWith()

/** `DocumentParser` on the calling thread (blocks the event loop while parsing). */
export const layerInProcess = (options: FormatsOptions = {}): Layer.Layer<Documents.DocumentParser> =>
  Layer.scoped(Documents.DocumentParser, makeInProcessParser(options))
