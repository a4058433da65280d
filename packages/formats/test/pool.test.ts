/**
 * Parsing off the main thread: the worker pool (`layerWith`) started from the TypeScript sources,
 * errors crossing the thread boundary as tagged errors, the time box, interruption, and a large
 * PDF parsed in a worker thread while the event loop keeps turning. (How long the loop stalls,
 * against a parse on the calling thread, is measured by `npm run bench`: bench/formats.ts.)
 */
import { Documents } from "@docket/core"
import { layerWith } from "@docket/formats"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber } from "effect"
import { Worker } from "node:worker_threads"
import { vi } from "vitest"
import * as F from "./fixtures.js"

const parse = (fileName: string, bytes: Uint8Array) =>
  Effect.flatMap(Documents.DocumentParser, (parser) => parser.parse({ fileName, bytes }))

/** A PDF of `pages` pages, each with 40 lines of text. */
const largePdf = (pages: number) =>
  F.samplePdf(Array.from({ length: pages }, (_, p) =>
    Array.from({ length: 40 }, (_, l) => ({ text: `Page ${p + 1} line ${l + 1}: the quick brown fox jumps over the lazy dog ${p * 40 + l}`, x: 50, y: 760 - l * 18, size: 10 }))))

/** The turns of the event loop (`setImmediate` after `setImmediate`) while `effect` runs. */
const loopTurns = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    let turns = 0
    let running = true
    const turn = () => {
      if (!running) return
      turns++
      setImmediate(turn)
    }
    setImmediate(turn)
    const result = yield* Effect.ensuring(effect, Effect.sync(() => (running = false)))
    return { result, turns }
  })

describe("worker pool", () => {
  it.layer(layerWith({ workers: 1 }), { timeout: 60_000 })((it) => {
    it.effect("parses in a worker thread: documents, spreadsheets, OCR, tagged failures", () =>
      Effect.gen(function*() {
        const doc = (yield* parse("report.docx", F.sampleDocx())) as Documents.ParsedTextDocument
        expect(doc.blocks[0]).toEqual({ type: "heading", page: 1, level: 1, text: "Quarterly Report" })
        const book = yield* parse("sales.xlsx", F.sampleXlsx())
        expect(book.kind === "spreadsheet" && book.sheets[0].cells[1].ref).toBe("B1")
        const image = (yield* parse("scan.png", F.png(F.drawText("HELLO WORLD", 4)))) as Documents.ParsedTextDocument
        expect(image.text).toBe("HELLO WORLD")
        const encrypted = yield* Effect.flip(parse("secret.pdf", yield* Effect.promise(() => F.encryptedPdf())))
        expect(encrypted).toMatchObject({ _tag: "EncryptedFile", fileName: "secret.pdf", format: "pdf" })
        const corrupt = yield* Effect.flip(parse("cut.docx", F.sampleDocx().subarray(0, 100)))
        expect(corrupt).toMatchObject({ _tag: "CorruptFile", fileName: "cut.docx" })
        // checked on the caller's thread, before any worker is involved
        expect(yield* Effect.flip(parse("a.exe", new Uint8Array(4)))).toMatchObject({ _tag: "UnsupportedFileType", reason: "extension" })
      }))

    it.effect("a large PDF is parsed in the worker thread, the event loop turning meanwhile", () =>
      Effect.gen(function*() {
        const pdf = yield* Effect.promise(() => largePdf(300))
        // start the worker first, so that what follows is about parsing
        yield* parse("warm.pdf", yield* Effect.promise(() => largePdf(1)))
        const posted = vi.spyOn(Worker.prototype, "postMessage")
        try {
          const { result, turns } = yield* loopTurns(parse("large.pdf", pdf))
          expect((result as Documents.ParsedTextDocument).page_count).toBe(300)
          // the file went to a worker thread, whole, and the answer came back from it
          const sent = posted.mock.calls.map(([message]) => message as { kind?: string; fileName?: string; bytes?: Uint8Array })
          expect(sent).toEqual([expect.objectContaining({ kind: "parse", fileName: "large.pdf" })])
          expect(sent[0].bytes?.byteLength).toBe(pdf.byteLength)
          // meanwhile the main thread was free: its event loop kept turning (a parse on the
          // calling thread holds it for the whole parse, as the benchmark shows)
          expect(turns).toBeGreaterThan(10)
        } finally {
          posted.mockRestore()
        }
      }), 120_000)

    it.effect("an interrupted parse stops its worker and the pool carries on", () =>
      Effect.gen(function*() {
        const pdf = yield* Effect.promise(() => largePdf(200))
        const fiber = yield* Effect.fork(parse("large.pdf", pdf))
        // once the fiber has run, its file is with the (idle) worker: interrupting terminates it
        yield* Effect.yieldNow()
        const exit = yield* Fiber.interrupt(fiber)
        expect(Exit.isInterrupted(exit)).toBe(true)
        const doc = (yield* parse("report.docx", F.sampleDocx())) as Documents.ParsedTextDocument
        expect(doc.page_count).toBe(2)
      }), 60_000)
  })

  it.layer(layerWith({ workers: 1, timeoutMs: 200 }), { timeout: 60_000 })((it) => {
    it.effect("a file that parses longer than the time box fails as too complex", () =>
      Effect.gen(function*() {
        const pdf = yield* Effect.promise(() => largePdf(300))
        // the time box counts from the moment a started worker takes the file
        expect((yield* parse("notes.txt", F.utf8("warm up"))).text).toBe("warm up")
        const error = yield* Effect.flip(parse("large.pdf", pdf))
        expect(error).toMatchObject({ _tag: "FileTooComplex", limit: "time", message: "Parsing the PDF file took longer than 0 s; it was stopped." })
        // a replacement worker takes the next file
        expect((yield* parse("notes.txt", F.utf8("hello"))).text).toBe("hello")
      }), 60_000)
  })
})
