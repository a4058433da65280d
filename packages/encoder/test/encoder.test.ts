/**
 * USE-lite as core's Embedder, from the TypeScript sources (workers load worker.ts through tsx):
 * vectors, order across workers, determinism, paraphrase sanity, long texts, concurrent callers,
 * a crashed worker, a batch over its time box, a model that cannot load or whose load hangs
 * (EngineFailed, never a hang; the time boxes are real timers, as in @docket/formats), and the scope
 * stopping every worker thread (a child process that uses the layer exits on its own).
 */
import { Intelligence } from "@docket/core"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber } from "effect"
import { execFile, execFileSync } from "node:child_process"
import { closeSync, constants, mkdtempSync, openSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { fileURLToPath } from "node:url"
import { DIMENSIONS, layerWith, makeEncoder, MAX_TEXT_CHARS, MODEL_ID } from "../src/index.js"

const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!
  return s
}

const embed = (texts: ReadonlyArray<string>) => Effect.flatMap(Intelligence.Embedder, (e) => e.embed(texts))

const topics = [
  "The quarterly revenue grew by twelve percent.", "Our office is closed on public holidays.", "The cat slept on the warm windowsill.",
  "Invoices are payable within thirty days.", "The server crashed after the update.", "She planted tomatoes in the spring.",
  "The contract expires at the end of the year.", "Heavy rain is expected this weekend.", "The train to Paris was delayed.",
  "He learned to play the violin as a child.", "The new policy allows remote work.", "Interest rates rose again in March.",
  "The museum opens a new exhibition on Monday.", "Our team won the football match.", "The recipe needs two cups of flour.",
  "Backups run every night at midnight.", "The patient was prescribed antibiotics.", "A volcano erupted near the island.",
  "The committee approved the annual budget.", "Children love playing in the snow.", "The password must be changed every ninety days.",
  "The bridge was closed for repairs.", "The novel won a literary prize.", "Electric cars need fewer repairs."
]

// Measured, not assumed: each query's paraphrase should be nearer than an unrelated sentence.
const paraphrases: ReadonlyArray<readonly [query: string, paraphrase: string, unrelated: string]> = [
  ["How old are you?", "What is your age?", "The weather is lovely today."],
  ["rules for working from home", "remote working policy", "invoice payment terms"],
  ["when do I have to pay the bill", "invoice payment terms", "remote working policy"],
  ["The car would not start this morning.", "My automobile broke down today.", "The bank raised its interest rates."],
  ["Who is the chief executive of the company?", "Name of the firm's CEO", "Recipe for chocolate cake"]
]

describe("USE-lite encoder", () => {
  it.layer(layerWith({ workers: 2, batchSize: 4 }), { timeout: 60_000 })((it) => {
    it.effect("512-dimensional unit vectors, one per text, under a stable model id", () =>
      Effect.gen(function*() {
        const embedder = yield* Intelligence.Embedder
        expect(embedder.model).toBe(MODEL_ID)
        expect(embedder.dimensions).toBe(512)
        const vectors = yield* embed(["hello world", "", "   ", "Ünïcödé — ✓ 東京"])
        expect(vectors).toHaveLength(4)
        for (const v of vectors) {
          expect(v).toBeInstanceOf(Float32Array)
          expect(v.length).toBe(DIMENSIONS)
          expect(Math.abs(dot(v, v) - 1)).toBeLessThan(1e-5)
        }
        expect(yield* embed([])).toEqual([])
      }))

    it.effect("one call spread over batches and both workers keeps the texts' order", () =>
      Effect.gen(function*() {
        const together = yield* embed(topics) // 6 batches of 4 over 2 workers
        const alone = yield* Effect.forEach(topics, (t) => Effect.map(embed([t]), (v) => v[0]!))
        together.forEach((v, i) => {
          // the same text's vector whether batched or alone (the batch pads rows: float noise only)
          expect(dot(v, alone[i]!)).toBeGreaterThan(0.99999)
          const nearest = alone.reduce((best, w, j) => (dot(v, w) > dot(v, alone[best]!) ? j : best), 0)
          expect(nearest).toBe(i)
        })
      }))

    it.effect("deterministic: the same text gives the same vector, call after call", () =>
      Effect.gen(function*() {
        const text = "The committee approved the annual budget."
        const [a] = yield* embed([text])
        const [b] = yield* embed([text])
        const again = yield* embed([text, text, text, text, text, text, text, text, text]) // both workers
        expect(Array.from(b!)).toEqual(Array.from(a!))
        for (const v of again) expect(Array.from(v)).toEqual(Array.from(again[0]!))
      }))

    it.effect("a text is read up to MAX_TEXT_CHARS characters: a longer one embeds as its prefix, in bounded time", () =>
      Effect.gen(function*() {
        // a CSV header without spaces: the tokenizer's cost grows faster than the word's length
        const word = Array.from({ length: 2000 }, (_, i) => `Marker${i}frequencyUnstim`).join(",")
        expect(word.length).toBeGreaterThan(MAX_TEXT_CHARS)
        const [whole, prefix] = yield* embed([word, word.slice(0, MAX_TEXT_CHARS)])
        expect(Array.from(whole!)).toEqual(Array.from(prefix!))
      }))

    it.effect("paraphrases sit nearer than unrelated sentences", () =>
      Effect.gen(function*() {
        for (const [query, paraphrase, unrelated] of paraphrases) {
          const [q, p, u] = yield* embed([query, paraphrase, unrelated])
          expect(dot(q!, p!), `${query} ~ ${paraphrase} vs ${unrelated}`).toBeGreaterThan(dot(q!, u!))
        }
      }))

    it.effect("many concurrent callers each get their own texts' vectors, in order", () =>
      Effect.gen(function*() {
        const alone = yield* embed(topics)
        const calls = Array.from({ length: 20 }, (_, c) => Array.from({ length: 1 + (c % 7) }, (_, k) => (c * 5 + k * 3) % topics.length))
        const results = yield* Effect.forEach(calls, (ids) => embed(ids.map((i) => topics[i]!)), { concurrency: "unbounded" })
        results.forEach((vectors, c) => {
          expect(vectors).toHaveLength(calls[c]!.length)
          vectors.forEach((v, k) => expect(dot(v, alone[calls[c]![k]!]!)).toBeGreaterThan(0.99999))
        })
      }))
  })

  it.scoped("a text over the 128-token window: the mean of its windows by default, or its first window", () =>
    Effect.gen(function*() {
      const mean = yield* makeEncoder({ workers: 1 })
      const first = yield* makeEncoder({ workers: 1, longText: "first" })
      const opening = "The quarterly revenue grew by twelve percent and the board approved the annual budget. ".repeat(8)
      const ending = "Heavy rain and strong winds are expected across the coast this weekend. ".repeat(8)
      const [query] = yield* mean.embedder.embed(["storm and rain forecast"])
      const [m] = yield* mean.embedder.embed([opening + ending])
      const [f] = yield* first.embedder.embed([opening + ending])
      const [o] = yield* first.embedder.embed([opening])
      // the first window holds only the opening; the mean also sees the ending
      expect(dot(f!, o!)).toBeGreaterThan(0.99)
      expect(dot(m!, query!)).toBeGreaterThan(dot(f!, query!) + 0.05)
    }), { timeout: 60_000 })

  it.scoped("a crashed worker fails its batch with EngineFailed and is replaced", () =>
    Effect.gen(function*() {
      const { embedder, pool } = yield* makeEncoder({ workers: 1, batchSize: 64 })
      const [before] = yield* embedder.embed(["Backups run every night at midnight."])
      const crashed = yield* Effect.fork(embedder.embed(Array.from({ length: 64 }, (_, i) => `${topics[i % topics.length]} (${i})`)))
      while (pool.busy === 0) yield* Effect.yieldNow()
      yield* Effect.promise(() => pool.threads()[0]!.terminate())
      const exit = yield* Fiber.await(crashed)
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) {
        const error = exit.cause._tag === "Fail" ? exit.cause.error : undefined
        expect(error).toBeInstanceOf(Intelligence.EngineFailed)
        expect(error).toMatchObject({ operation: "embed", message: expect.stringContaining("stopped unexpectedly") })
      }
      const [after] = yield* embedder.embed(["Backups run every night at midnight."])
      expect(Array.from(after!)).toEqual(Array.from(before!))
      expect(pool.workers).toBe(1)
    }), { timeout: 60_000 })

  it.scoped("a model that cannot be loaded fails every waiting call with EngineFailed", () =>
    Effect.gen(function*() {
      const { embedder, pool } = yield* makeEncoder({ workers: 2, batchSize: 1, modelDir: "/nonexistent/use-lite" })
      const error = yield* Effect.flip(embedder.embed(["one", "two", "three"]))
      expect(error).toBeInstanceOf(Intelligence.EngineFailed)
      expect(error.message).toContain("could not be loaded")
      expect(pool.workers).toBe(0)
    }), { timeout: 60_000 })

  it.scoped("a batch over its time box fails with EngineFailed; a replacement worker takes the next call", () =>
    Effect.gen(function*() {
      const { embedder, pool } = yield* makeEncoder({ workers: 1, batchSize: 16, timeoutMs: 300 })
      yield* embedder.embed(["warm up"]) // the time box counts from the moment a loaded worker takes the batch
      const long = Array.from({ length: 16 }, (_, i) => `${topics.join(" ")} ${i}`.repeat(4)) // ~100 windows
      const error = yield* Effect.flip(embedder.embed(long))
      expect(error).toMatchObject({ _tag: "EngineFailed", operation: "embed", message: expect.stringContaining("took longer than 300 ms") })
      expect(yield* embedder.embed(["after"])).toHaveLength(1)
      expect(pool.workers).toBe(1)
    }), { timeout: 60_000 })

  it.scoped("a worker whose model load never finishes is stopped at the load time box", () =>
    Effect.gen(function*() {
      // the model's files are named pipes nobody writes: reading them blocks, as a hung disk would
      const files = ["model.json", "vocab.json"]
      const unblock = (d: string) => {
        for (const f of files) {
          try {
            closeSync(openSync(path.join(d, f), constants.O_WRONLY | constants.O_NONBLOCK)) // end of file for the reader
          } catch { /* no reader */ }
        }
      }
      const dir = yield* Effect.acquireRelease(
        Effect.sync(() => {
          const d = mkdtempSync(path.join(tmpdir(), "encoder-hang-"))
          for (const f of files) execFileSync("mkfifo", [path.join(d, f)])
          return d
        }),
        (d) => Effect.sync(() => (unblock(d), rmSync(d, { recursive: true, force: true })))
      )
      const { embedder, pool } = yield* makeEncoder({ workers: 1, modelDir: dir, loadTimeoutMs: 500 })
      const error = yield* Effect.flip(embedder.embed(["hello"]))
      expect(error).toMatchObject({ _tag: "EngineFailed", message: "loading the model took longer than 500 ms" })
      expect(pool.workers).toBe(0)
      unblock(dir) // the stopped thread exits once its reads return
    }), { timeout: 60_000 })

  it.effect("workers start on the first call; closing the scope stops every thread; the encoder then refuses work", () =>
    Effect.gen(function*() {
      const { embedder, pool } = yield* Effect.scoped(Effect.gen(function*() {
        const encoder = yield* makeEncoder({ workers: 2, batchSize: 1 })
        expect(encoder.pool.threadsAlive).toBe(0) // nothing starts before the first call
        yield* encoder.embedder.embed(["one", "two", "three"])
        expect(encoder.pool.threadsAlive).toBe(2)
        return encoder
      }))
      expect(pool.threadsAlive).toBe(0)
      expect(pool.workers).toBe(0)
      expect(yield* Effect.flip(embedder.embed(["four"]))).toMatchObject({ _tag: "EngineFailed", message: "the encoder is shut down" })
    }), { timeout: 60_000 })

  it.effect("a process that used the layer exits by itself once the layer's scope is closed", () =>
    Effect.gen(function*() {
      const root = fileURLToPath(new URL("../../..", import.meta.url))
      const script = fileURLToPath(new URL("./support/embed-and-exit.ts", import.meta.url))
      const { code, stdout } = yield* Effect.async<{ code: number | null; stdout: string }>((resume) => {
        // killed after 45 s: a worker left running would keep the child alive until then
        const child = execFile(process.execPath, ["--import", "tsx", script], { cwd: root, timeout: 45_000 }, (error, stdout) =>
          resume(Effect.succeed({ code: error === null ? 0 : (typeof error.code === "number" ? error.code : null), stdout })))
        return Effect.sync(() => child.kill())
      })
      expect(stdout.trim()).toBe("4 512")
      expect(code).toBe(0)
    }), { timeout: 60_000 })
})
