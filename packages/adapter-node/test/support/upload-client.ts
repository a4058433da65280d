/**
 * Test only, run in its own process (`node --import tsx`): a client that uploads `size` bytes of
 * file in one multipart body and prints one JSON line: `{status, connection, body}` for the
 * answer, or `{error}` when the request failed before one. A client in another process than the
 * server is what shows an answer lost to a connection reset (in one process the client reads the
 * answer in time whatever the server does).
 *
 * `http-declared` declares the whole size in `Content-Length` but sends only the first 64 KiB,
 * then waits for the answer (as a client that reads an early answer does).
 *
 *   node --import tsx upload-client.ts <url> <key> <size> <fetch|fetch-chunked|http|http-chunked|http-declared>
 */
import { request } from "node:http"

const [url, key, sizeText, mode] = process.argv.slice(2) as [string, string, string, string]
const size = Number(sizeText)
const BOUNDARY = "docket-cap-test"
const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`)
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`)
const piece = Buffer.alloc(64 * 1024, 0x78)
const contentType = `multipart/form-data; boundary=${BOUNDARY}`

/** the whole body, piece by piece */
async function* body(): AsyncGenerator<Buffer> {
  yield head
  for (let sent = 0; sent < size;) {
    const n = Math.min(piece.byteLength, size - sent)
    sent += n
    yield n === piece.byteLength ? piece : piece.subarray(0, n)
  }
  yield tail
}

/** the answer's body: JSON, else its text (`""` for none) */
const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const streamOf = (chunks: AsyncGenerator<Buffer>) =>
  new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next()
      if (next.done) controller.close()
      else controller.enqueue(next.value)
    }
  })

const viaFetch = async (chunked: boolean) => {
  const init: RequestInit & { duplex?: "half" } = chunked
    ? { body: streamOf(body()), duplex: "half" }
    : { body: new Blob([head, new Uint8Array(size).fill(0x78), tail]) }
  const r = await fetch(url, { method: "POST", headers: { "x-api-key": key, "content-type": contentType }, ...init })
  return { status: r.status, connection: r.headers.get("connection"), body: parse(await r.text()) }
}

/** node:http writing the whole body (or its first 64 KiB: `partial`), then reading the answer */
const viaHttp = (chunked: boolean, partial = false) =>
  new Promise<unknown>((resolve, reject) => {
    const headers: Record<string, string> = { "x-api-key": key, "content-type": contentType }
    if (chunked) headers["transfer-encoding"] = "chunked"
    else headers["content-length"] = String(head.byteLength + size + tail.byteLength)
    let answered = false
    const req = request(url, { method: "POST", headers }, (res) => {
      answered = true
      const chunks: Array<Buffer> = []
      res.on("data", (c: Buffer) => chunks.push(c))
      res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection, body: parse(Buffer.concat(chunks).toString("utf8")) }))
      res.on("error", reject)
    })
    // a failure after the answer (the server closing the connection) is not the client's
    req.on("error", (e) => !answered && reject(e))
    const drained = () =>
      new Promise<void>((resolve) => {
        const go = () => {
          req.off("drain", go)
          req.off("close", go)
          resolve()
        }
        req.on("drain", go)
        req.on("close", go)
      })
    void (async () => {
      let sent = 0
      for await (const chunk of body()) {
        if (req.destroyed || (partial && sent >= 64 * 1024)) return
        sent += chunk.byteLength
        if (!req.write(chunk)) await drained()
      }
      if (!req.destroyed) req.end()
    })()
  })

const run = mode.startsWith("fetch") ? viaFetch(mode === "fetch-chunked") : viaHttp(mode === "http-chunked", mode === "http-declared")
// exits once it has its answer: a request left unfinished would hold the process open
run.then(
  (answer) => console.log(JSON.stringify(answer)),
  (error: unknown) => {
    const e = error as { message?: string; cause?: { code?: string; message?: string } }
    console.log(JSON.stringify({ error: `${e.message ?? String(error)}${e.cause ? `: ${e.cause.code ?? e.cause.message}` : ""}` }))
  }
).finally(() => process.exit(0))
