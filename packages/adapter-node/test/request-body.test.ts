/**
 * The Node request body is read as its consumer pulls: a consumer that takes its time leaves the
 * rest of the upload in the socket (Node stops reading it once the message's small buffer is
 * full), so what the server holds stays bounded whatever the body's size. Measured with the
 * socket's own count of bytes read, against what the consumer has taken; nothing is timed.
 */
import { Chunk, Effect, Exit, Option, Stream } from "effect"
import { createServer, request, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterEach, describe, expect, it } from "vitest"
import { NodeRequestBody } from "../src/request.js"

const KiB = 1024
const MiB = 1024 * KiB
/**
 * What Node may hold of a paused message: its buffer (16 KiB high-water mark) plus the socket read
 * that filled it (at most 64 KiB), and the request's head. A reader that queues chunks for its
 * consumer (the message left flowing into a queue of even a few chunks) goes past it.
 */
const MAX_AHEAD = 160 * KiB

/** a few turns of the event loop, in which Node reads whatever the socket lets it */
const idle = Effect.promise(() => new Promise<void>((resolve) => setImmediate(() => setImmediate(() => setImmediate(() => resolve())))))

let server: Server | undefined
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())))
  server = undefined
})

/** Serves one request with `handle`; resolves with the answer's JSON. `chunked`: no Content-Length. */
const exchange = async (
  handle: (message: IncomingMessage) => Promise<unknown>,
  size: number,
  chunked = false
): Promise<Record<string, number | string>> => {
  const s = createServer((message, res) => {
    void handle(message).then((answer) => {
      res.setHeader("connection", "close")
      res.end(JSON.stringify(answer))
    })
  })
  server = s
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve))
  const { port } = s.address() as AddressInfo
  return new Promise((resolve, reject) => {
    let answered = false
    const headers = chunked ? {} : { "content-length": size }
    const req = request({ host: "127.0.0.1", port, method: "PUT", path: "/", headers }, (res) => {
      let text = ""
      res.on("data", (c: Buffer) => (text += c.toString()))
      res.on("end", () => {
        answered = true
        resolve(JSON.parse(text) as Record<string, number | string>)
        req.destroy()
      })
    })
    // a server that answers before reading the whole body closes the connection on the writer
    req.on("error", (e) => (answered ? undefined : reject(e)))
    const piece = Buffer.alloc(MiB, 7)
    let sent = 0
    const pump = (): void => {
      while (sent < size) {
        const n = Math.min(MiB, size - sent)
        sent += n
        if (answered) return
        if (!req.write(n === MiB ? piece : piece.subarray(0, n))) return void req.once("drain", pump)
      }
      req.end()
    }
    pump()
  })
}

describe("NodeRequestBody.stream: pulled, with backpressure to the socket", () => {
  it("a slow consumer of a 16 MiB body: the socket is never read far ahead of it", async () => {
    const size = 16 * MiB
    const answer = await exchange(async (message) => {
      const body = new NodeRequestBody(message)
      let taken = 0
      let maxAhead = 0
      let pulls = 0
      const program = Effect.scoped(
        Effect.gen(function*() {
          const pull = yield* Stream.toPull(body.stream(size))
          for (;;) {
            yield* idle
            const next = yield* Effect.option(pull)
            maxAhead = Math.max(maxAhead, message.socket.bytesRead - taken)
            if (Option.isNone(next)) return
            taken += Chunk.reduce(next.value, 0, (n, c) => n + c.byteLength)
            pulls++
          }
        })
      )
      const exit = await Effect.runPromiseExit(program)
      return { ok: Exit.isSuccess(exit) ? "yes" : String(exit.cause), taken, maxAhead, pulls }
    }, size)
    expect(answer.ok).toBe("yes")
    expect(answer.taken).toBe(size)
    expect(answer.maxAhead).toBeLessThanOrEqual(MAX_AHEAD)
  })

  it("a chunked body past the cap: BodyTooLarge, and the socket is read no further than the cap and the bound", async () => {
    const size = 16 * MiB
    const limit = 1 * MiB
    const answer = await exchange(async (message) => {
      const body = new NodeRequestBody(message)
      const exit = await Effect.runPromiseExit(Stream.runDrain(body.stream(limit).pipe(Stream.tap(() => idle))))
      // give Node every chance to read on if it were going to
      for (let i = 0; i < 20; i++) await Effect.runPromise(idle)
      return {
        error: Exit.isFailure(exit) ? JSON.stringify(exit.cause.toJSON()) : "none",
        abandoned: body.abandoned ? "yes" : "no",
        read: message.socket.bytesRead
      }
    }, size, true)
    expect(answer.error).toContain("BodyTooLarge")
    expect(answer.abandoned).toBe("yes")
    expect(answer.read).toBeLessThanOrEqual(limit + MAX_AHEAD)
  })

  it("a client that goes away part-way: the stream fails with BodyReadFailed (it does not wait for ever)", async () => {
    let served: (outcome: string) => void = () => undefined
    const outcome = new Promise<string>((resolve) => (served = resolve))
    const s = createServer((message) => {
      const body = new NodeRequestBody(message)
      void Effect.runPromiseExit(Stream.runDrain(body.stream(64 * MiB).pipe(Stream.tap(() => idle)))).then((exit) =>
        served(Exit.isFailure(exit) ? JSON.stringify(exit.cause.toJSON()) : "ended")
      )
    })
    server = s
    await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve))
    const { port } = s.address() as AddressInfo
    const req = request({ host: "127.0.0.1", port, method: "PUT", path: "/", headers: { "content-length": 8 * MiB } })
    req.on("error", () => undefined)
    req.write(Buffer.alloc(MiB, 1), () => req.destroy())
    expect(await outcome).toContain("BodyReadFailed")
  })
})
