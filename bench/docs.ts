/**
 * Document service benchmark (issue 4):
 *
 *   npx tsx bench/docs.ts
 *
 * 1. Parse throughput: a generated text PDF of BENCH_DOCS_PAGES pages (default 200, 45 lines a
 *    page) uploaded once, then parsed through HTTP (`POST /parse`, waiting for the result) by a
 *    Docket server in a child process (`bench/servers/docs-server.ts`: memory storage,
 *    `@docket/formats`' worker-pool parser), median of BENCH_DOCS_RUNS runs (default 3) after one
 *    warm-up; against pdf.js text extraction alone (`getTextContent` on every page, the same
 *    pdfjs-dist build) on the same file in this process. Pages per second, and the server's peak
 *    resident memory.
 * 2. Job polls while that parse runs: BENCH_DOCS_POLLERS loops (default 4) poll `GET /jobs/{id}`
 *    back to back from the start of an async parse until it finishes; then the same number of
 *    polls with the server idle. p50/p99 latency of each.
 * 3. Upload memory: one BENCH_DOCS_UPLOAD_MB MB file (default 150), and one a third of that size,
 *    streamed as multipart to `POST /upload` of a server on PostgreSQL storage (a fresh database,
 *    dropped at the end; the memory blob store keeps files in memory by design), with the server's
 *    peak resident memory before and after; and the large file to a server whose blob store keeps
 *    nothing (BENCH_DOCS_DISCARD_BLOBS: what receiving the bytes costs the process, the
 *    reference). Each upload to a fresh server process, BENCH_DOCS_UPLOAD_RUNS rounds (default
 *    3), medians.
 *
 * BENCH_DOCS_ONLY=upload runs part 3 alone.
 */
import { request } from "node:http"
import { PDFDocument, StandardFonts } from "pdf-lib"
import { createDatabase } from "./support/database.js"
import { envNumber } from "./support/env.js"
import { fmtInt, fmtMs } from "./support/format.js"
import { percentile } from "./support/load.js"
import { runIfMain } from "./support/main.js"
import { nodeServer, type ServerCommand, type ServerProcess, startServer, withEnv } from "./support/servers.js"
import { median } from "./support/timing.js"

const MB = 1024 * 1024

/** A text PDF: `pages` US-letter pages of 45 lines each. */
export const makePdf = async (pages: number): Promise<Uint8Array> => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792])
    for (let l = 0; l < 45; l++) {
      page.drawText(`Page ${p}, line ${l + 1}: revenue, costs and the outlook of region ${(p * 45 + l) % 97} for the quarter.`, {
        x: 50,
        y: 750 - l * 16,
        size: 10,
        font
      })
    }
  }
  return doc.save()
}

/** pdf.js text extraction alone: every page's text content. */
const extractWithPdfJs = async (bytes: Uint8Array): Promise<number> => {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs")
  const doc = await pdfjs.getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise
  let items = 0
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i)
    items += (await page.getTextContent()).items.length
    page.cleanup()
  }
  await doc.destroy()
  return items
}

const timeAsync = async (runs: number, f: () => Promise<unknown>): Promise<number> => {
  await f()
  const ts: Array<number> = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    await f()
    ts.push(performance.now() - t0)
  }
  return median(ts)
}

const DOCS_SERVER = nodeServer("Docket document service", "docs-server.ts")

const api = (server: ServerProcess) => {
  const base = `http://127.0.0.1:${server.ready.port}`
  const headers = { "x-api-key": server.ready.key ?? "" }
  const json = async (path: string, body?: unknown): Promise<any> => {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const text = await response.text()
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${text}`)
    return JSON.parse(text)
  }
  const upload = async (bytes: Uint8Array, fileName: string): Promise<string> => {
    const form = new FormData()
    form.set("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), fileName)
    const response = await fetch(`${base}/upload`, { method: "POST", headers, body: form })
    const text = await response.text()
    if (response.status !== 200) throw new Error(`upload: ${response.status} ${text}`)
    return (JSON.parse(text) as { source_url: string }).source_url
  }
  return { base, headers, json, upload }
}

/** Polls `path` back to back from `pollers` loops until `done()`, or `count` polls in all; latencies in ms. */
const poll = async (
  server: ReturnType<typeof api>,
  path: string,
  pollers: number,
  until: { readonly done: () => boolean } | { readonly count: number }
): Promise<Array<number>> => {
  const latencies: Array<number> = []
  let issued = 0
  const loop = async (): Promise<void> => {
    while ("done" in until ? !until.done() : issued < until.count) {
      issued++
      const t0 = performance.now()
      const response = await fetch(`${server.base}${path}`, { headers: server.headers })
      await response.text()
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: pollers }, loop))
  return latencies.sort((a, b) => a - b)
}

/** Streams a multipart upload of `size` bytes of text, never holding it whole in this process. */
const streamUpload = (port: number, key: string, size: number): Promise<{ readonly status: number; readonly body: string }> =>
  new Promise((resolve, reject) => {
    const boundary = "docketbench0123456789"
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`
    const tail = `\r\n--${boundary}--\r\n`
    const chunk = Buffer.alloc(MB, "Quarterly figures by region and product line.\n")
    const req = request({
      host: "127.0.0.1",
      port,
      path: "/upload",
      method: "POST",
      headers: {
        "x-api-key": key,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": Buffer.byteLength(head) + size + Buffer.byteLength(tail)
      }
    }, (res) => {
      let body = ""
      res.on("data", (c: Buffer) => (body += c.toString()))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on("error", reject)
    let sent = 0
    const pump = (): void => {
      while (sent < size) {
        const n = Math.min(MB, size - sent)
        sent += n
        if (!req.write(n === MB ? chunk : chunk.subarray(0, n))) return void req.once("drain", pump)
      }
      req.end(tail)
    }
    req.write(head)
    pump()
  })

/** One upload to a fresh server process: its time and the server's peak resident memory around it. */
const measureUpload = async (server: ServerCommand, size: number) => {
  const child = await startServer(server)
  try {
    const before = await child.memory()
    const t0 = performance.now()
    const result = await streamUpload(child.ready.port, child.ready.key ?? "", size)
    const ms = performance.now() - t0
    if (result.status !== 200) throw new Error(`upload: ${result.status} ${result.body.slice(0, 300)}`)
    const after = await child.memory()
    return { ms, before: before.maxRssBytes, after: after.maxRssBytes }
  } finally {
    await child.stop()
  }
}

/** Part 3: upload memory. */
const runUploadBench = async (): Promise<Array<string>> => {
  const uploadMb = envNumber("BENCH_DOCS_UPLOAD_MB", 150)
  const runs = envNumber("BENCH_DOCS_UPLOAD_RUNS", 3)
  const smallMb = Math.max(1, Math.round(uploadMb / 3))
  const db = await createDatabase()
  const pg = { ...withEnv(DOCS_SERVER, { DATABASE_URL: db.url }), name: "Docket document service (PostgreSQL)" }
  const discarding = { ...withEnv(DOCS_SERVER, { BENCH_DOCS_DISCARD_BLOBS: "1" }), name: "Docket document service (blobs discarded)" }
  const cases = [
    { label: "PostgreSQL storage", mb: uploadMb, server: pg },
    { label: "PostgreSQL storage", mb: smallMb, server: pg },
    { label: "reference: a blob store that keeps nothing", mb: uploadMb, server: discarding }
  ]
  const results = cases.map(() => [] as Array<Awaited<ReturnType<typeof measureUpload>>>)
  try {
    // the cases take turns, so a slow spell of the machine falls on all of them
    for (let run = 0; run < runs; run++) {
      for (const [i, c] of cases.entries()) results[i].push(await measureUpload(c.server, c.mb * MB))
    }
  } finally {
    await db.drop()
  }
  const rows = cases.map((c, i) => {
    const growths = results[i].map((m) => (m.after - m.before) / MB)
    return {
      ...c,
      ms: median(results[i].map((m) => m.ms)),
      before: median(results[i].map((m) => m.before / MB)),
      growth: median(growths),
      min: Math.min(...growths),
      max: Math.max(...growths)
    }
  })
  const lines: Array<string> = []
  lines.push(
    `Upload: one ${uploadMb} MB text file, and one of ${smallMb} MB, streamed as multipart to \`POST /upload\` of a server on ` +
      `PostgreSQL storage (blobs as 256 KiB chunk rows); and the ${uploadMb} MB file to a server whose blob store reads each ` +
      `upload to its end and keeps nothing (what receiving the bytes costs the process). Each upload to a fresh server ` +
      `process; ${runs} rounds, medians.`
  )
  lines.push("")
  lines.push("| server process | file | upload ms | peak resident memory before | peak growth during the upload (min–max) |")
  lines.push("|---|---:|---:|---:|---:|")
  for (const r of rows) {
    lines.push(`| ${r.label} | ${r.mb} MB | ${fmtInt(r.ms)} | ${fmtInt(r.before)} MB | ${fmtInt(r.growth)} MB (${fmtInt(r.min)}–${fmtInt(r.max)}) |`)
  }
  lines.push("")
  lines.push(
    `Peak growth during the upload: **${fmtInt(rows[0].growth)} MB** for a ${uploadMb} MB file on PostgreSQL storage ` +
      `(${fmtInt(rows[1].growth)} MB for ${smallMb} MB; ${fmtInt(rows[2].growth)} MB with a blob store that keeps nothing).`
  )
  return lines
}

export async function runDocsBench(): Promise<string> {
  if (process.env.BENCH_DOCS_ONLY === "upload") return ["## Document service: upload memory", "", ...(await runUploadBench())].join("\n")
  const pages = envNumber("BENCH_DOCS_PAGES", 200)
  const runs = envNumber("BENCH_DOCS_RUNS", 3)
  const pollers = envNumber("BENCH_DOCS_POLLERS", 4)
  const pdf = await makePdf(pages)
  const lines: Array<string> = []

  // 1. parse throughput, against pdf.js alone
  const progress = (what: string) => process.env.BENCH_DOCS_VERBOSE ? console.error(`[docs] ${what}`) : undefined
  const referenceMs = await timeAsync(runs, () => extractWithPdfJs(pdf))
  progress(`pdf.js: ${referenceMs} ms`)
  const server = await startServer(DOCS_SERVER)
  progress("server started")
  let parseMs: number
  let memory: { readonly maxRssBytes: number; readonly rssBytes: number }
  let busy: Array<number>
  let idle: Array<number>
  try {
    const docs = api(server)
    const sourceUrl = await docs.upload(pdf, "report.pdf")
    progress(`uploaded: ${sourceUrl}`)
    parseMs = await timeAsync(runs, async () => {
      const job = await docs.json("/parse?timeout_seconds=300", { file: { source_url: sourceUrl } })
      if (job.status !== "succeeded" || job.result?.item?.page_count !== pages) throw new Error(`parse: ${JSON.stringify(job).slice(0, 300)}`)
    })
    memory = await server.memory()
    progress(`parsed: ${parseMs} ms`)

    // 2. job polls during a parse, then idle
    const { job_id } = await docs.json("/parse_async", { file: { source_url: sourceUrl } })
    let finished = false
    const watcher = (async () => {
      while (!finished) {
        const job = await docs.json(`/jobs/${job_id}`)
        finished = job.status === "succeeded" || job.status === "failed"
        if (!finished) await new Promise((r) => setTimeout(r, 20))
      }
    })()
    busy = await poll(docs, `/jobs/${job_id}`, pollers, { done: () => finished })
    await watcher
    idle = await poll(docs, `/jobs/${job_id}`, pollers, { count: busy.length })
  } finally {
    await server.stop()
  }
  const pagesPerSecond = (pages / parseMs) * 1000
  const referencePagesPerSecond = (pages / referenceMs) * 1000
  lines.push("## Document service: parse, job polls during a parse, upload memory")
  lines.push("")
  lines.push(
    `A generated ${pages}-page text PDF (${fmtInt(pdf.byteLength / 1024)} KiB, 45 lines a page). Docket: \`createDocket()\` of \`@docket/server\` + \`listen\` ` +
      `from \`@docket/adapter-node\` in a child process (memory storage, \`@docket/formats\` parsing in worker threads), ` +
      `\`POST /parse\` waiting for the result, median of ${runs} runs after a warm-up. Reference: pdf.js (\`pdfjs-dist\`, the ` +
      `same build) extracting the text content of every page in this process, median of ${runs} runs after a warm-up.`
  )
  lines.push("")
  lines.push("| parse | ms | pages/s |")
  lines.push("|---|---:|---:|")
  lines.push(`| Docket \`POST /parse\` (upload handle → job → markdown, blocks, chunks) | ${fmtMs(parseMs)} | ${fmtInt(pagesPerSecond)} |`)
  lines.push(`| pdf.js text extraction alone | ${fmtMs(referenceMs)} | ${fmtInt(referencePagesPerSecond)} |`)
  lines.push("")
  lines.push(
    `Docket / pdf.js: **${((pagesPerSecond / referencePagesPerSecond) * 100).toFixed(1)} %** of the pages per second. ` +
      `Peak resident memory of the server process (all threads) after ${runs + 1} parses: ${fmtInt(memory.maxRssBytes / MB)} MB.`
  )
  lines.push("")
  lines.push(
    `Job polls: ${pollers} loops polling \`GET /jobs/{id}\` back to back while an async parse of the same PDF runs ` +
      `(${fmtInt(busy.length)} polls), then as many with the server idle.`
  )
  lines.push("")
  lines.push("| server | polls | p50 ms | p99 ms |")
  lines.push("|---|---:|---:|---:|")
  lines.push(`| parsing the ${pages}-page PDF | ${fmtInt(busy.length)} | ${fmtMs(percentile(busy, 50))} | ${fmtMs(percentile(busy, 99))} |`)
  lines.push(`| idle | ${fmtInt(idle.length)} | ${fmtMs(percentile(idle, 50))} | ${fmtMs(percentile(idle, 99))} |`)
  lines.push("")
  lines.push(`p99 while parsing / p99 idle: **${(percentile(busy, 99) / percentile(idle, 99)).toFixed(2)}×**.`)

  // 3. upload memory
  lines.push("")
  lines.push(...(await runUploadBench()))
  return lines.join("\n")
}

runIfMain(import.meta.url, runDocsBench)
