/**
 * Ground on real files through HTTP, with what `createDocket` provides by default (the
 * @docket/formats parser and page renderer): `visual_region` boxes checked against where pdf-lib
 * drew the text on a two-page PDF and against where the text of an image was drawn (OCR), and the
 * previews (`return_cropped_images` / v1 `include_previews`): the flat signed crop link, the v1
 * crop route with its byte ranges, its refusals and retention.
 */
import { createDocket } from "@docket/server"
import { type Docket, Documents, Jobs } from "@docket/core"
import { ADMIN_TOKEN, docsClient, type HttpTarget, inProcessTarget, type JsonResponse } from "@docket/core/testing"
import { Effect, Option } from "effect"
import { PDFDocument, StandardFonts } from "pdf-lib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as F from "../../formats/test/fixtures.js"

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

/** width and height from a PNG's IHDR chunk, after checking the signature */
const pngSize = (bytes: Uint8Array) => {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

const byId = (results: Array<any>): Record<string, any> => Object.fromEntries(results.map((r) => [r.item_id, r]))

/** the path and query of an absolute URL the service returned, to send to the in-process target */
const local = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

const PAGE = { width: 612, height: 792 }

/** Values drawn at known points on two letter pages, each its own text run, far from the others. */
const PLACED = [
  { id: "number", page: 1, text: "INV-2041", x: 72, y: 720, size: 18 },
  { id: "total", page: 1, text: "1,234.56", x: 430, y: 480, size: 12 },
  { id: "signer", page: 2, text: "Ada Lovelace", x: 150, y: 180, size: 14 },
  { id: "reference", page: 2, text: "ZX-93", x: 480, y: 650, size: 10 }
] as const

const LABELS = [
  { page: 1, text: "Invoice", x: 72, y: 750, size: 10 },
  { page: 1, text: "Total due", x: 250, y: 480, size: 12 },
  { page: 2, text: "Signature", x: 150, y: 220, size: 10 }
] as const

/**
 * The PDF, and the box of each placed value normalized to its page (origin top-left): from the
 * font's ascent above the baseline to its descent below it, as wide as the text's advance.
 */
const twoPagePdf = async () => {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const pages = [doc.addPage([PAGE.width, PAGE.height]), doc.addPage([PAGE.width, PAGE.height])]
  for (const t of [...PLACED, ...LABELS]) pages[t.page - 1]!.drawText(t.text, { x: t.x, y: t.y, size: t.size, font })
  const expected = Object.fromEntries(PLACED.map((t) => [t.id, {
    page: t.page,
    x: t.x / PAGE.width,
    y: (PAGE.height - t.y - font.heightAtSize(t.size, { descender: false })) / PAGE.height,
    w: font.widthOfTextAtSize(t.text, t.size) / PAGE.width,
    h: font.heightAtSize(t.size) / PAGE.height
  }]))
  return { bytes: await doc.save(), expected }
}

describe("ground on real files over HTTP (createDocket: @docket/formats parser and renderer)", () => {
  let docket: Docket
  let target: HttpTarget
  let api: ReturnType<typeof docsClient>
  let pdf: Awaited<ReturnType<typeof twoPagePdf>>

  beforeAll(async () => {
    docket = createDocket({ clock: "manual", settings: { adminToken: ADMIN_TOKEN } })
    target = inProcessTarget(docket)
    api = docsClient(target)
    pdf = await twoPagePdf()
  })
  afterAll(() => target.close())

  const upload = async (key: string, fileName: string, bytes: Uint8Array) => {
    const r = await api.upload(key, fileName, bytes)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.file_id as string
  }
  const succeeded = (r: JsonResponse) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.status, JSON.stringify(r.body)).toBe("succeeded")
    return r.body
  }
  const groundFlat = async (key: string, fileId: string, items: ReadonlyArray<{ item_id: string; query: string; semantic?: boolean }>, options?: Record<string, unknown>) =>
    succeeded(await api.call("POST", "/ground", { key, body: { file: { source_url: `svc://file/${fileId}` }, items, ...(options === undefined ? {} : { options }) } }))
  const groundV1 = async (key: string, fileId: string, items: ReadonlyArray<{ item_id: string; query: string }>, options?: Record<string, unknown>) =>
    succeeded(await api.call("POST", "/v1/ground", {
      key,
      body: { source: { type: "upload", upload_id: fileId }, items, wait_seconds: 120, ...(options === undefined ? {} : { options }) }
    }))
  const get = (path: string, headers: Record<string, string> = {}) => target.fetch(path, { headers })

  it("PDF: each value's visual_region is the box pdf-lib drew it in (page, x, y, w, h within 0.01), on both pages", async () => {
    const t = await api.tenant()
    const fileId = await upload(t.key, "invoice.pdf", pdf.bytes)
    const job = await groundFlat(t.key, fileId, PLACED.map((p) => ({ item_id: p.id, query: p.text })))
    expect(job.result).toMatchObject({ result_type: "ground", status: "success", total_items_found: PLACED.length, total_items_requested: PLACED.length })
    const items = byId(job.result.results)
    for (const p of PLACED) {
      const best = items[p.id].matches[0]
      expect(items[p.id].found, p.id).toBe(true)
      expect(best, p.id).toMatchObject({ match_type: "visual_region", page: p.page, matched_text: p.text })
      expect(best.cropped_image_url, p.id).toBeUndefined()
      const want = pdf.expected[p.id]!
      for (const k of ["x", "y", "w", "h"] as const) {
        expect(Math.abs(best[k] - want[k]), `${p.id}.${k}: ${best[k]} vs ${want[k]}`).toBeLessThan(0.01)
      }
    }
  }, 120_000)

  it("PDF, semantic queries: the described value as the extractor reads it (a receipt's shop from its head, the purchase date under 'Date:')", async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    const page = doc.addPage([PAGE.width, PAGE.height])
    const lines = ["CORNER HARDWARE & GARDEN", "18 Mill Lane, Bristol BS1 4QT", "Date: 20/03/2026", "Hammer claw 16oz   12.99", "Wood screws x100   4.50", "TOTAL   17.49"]
    lines.forEach((text, i) => page.drawText(text, { x: 72, y: 720 - 24 * i, size: 12, font }))
    const t = await api.tenant()
    const fileId = await upload(t.key, "receipt.pdf", await doc.save())
    const items = [
      { item_id: "shop", query: "the name of the shop or business", semantic: true },
      { item_id: "date", query: "the date of the purchase", semantic: true },
      { item_id: "total", query: "the total amount paid", semantic: true }
    ]
    const job = await groundFlat(t.key, fileId, items)
    const found = byId(job.result.results)
    expect(found.shop.matches[0]).toMatchObject({ match_type: "visual_region", page: 1, matched_text: "CORNER HARDWARE & GARDEN" })
    expect(found.date.matches[0]).toMatchObject({ match_type: "visual_region", page: 1, matched_text: "20/03/2026" })
    expect(found.total.matches[0]).toMatchObject({ match_type: "visual_region", page: 1, matched_text: "17.49" })
  }, 120_000)

  it("image: a word's visual_region is where the text was drawn (OCR word box, within 4 px)", async () => {
    const t = await api.tenant()
    // 5×7 glyphs in 6×9 cells scaled by 4, from cell (2, 4): WORLD is glyphs 6 to 10
    const image = F.drawText("HELLO WORLD", 4)
    const fileId = await upload(t.key, "scan.png", F.png(image))
    const job = await groundFlat(t.key, fileId, [{ item_id: "word", query: "WORLD" }])
    const best = byId(job.result.results).word.matches[0]
    expect(best).toMatchObject({ match_type: "visual_region", page: 1 })
    expect(best.matched_text.toUpperCase()).toBe("WORLD")
    const drawn = { left: (2 + 6 * 6) * 4, top: 4 * 4, width: (6 * 4 + 5) * 4, height: 7 * 4 }
    const found = { left: best.x * image.width, top: best.y * image.height, width: best.w * image.width, height: best.h * image.height }
    for (const k of ["left", "top", "width", "height"] as const) {
      expect(Math.abs(found[k] - drawn[k]), `${k}: ${found[k]} vs ${drawn[k]}`).toBeLessThanOrEqual(4)
    }
  }, 120_000)

  it("flat return_cropped_images: every visual match has a signed cropped_image_url that fetches its PNG crop", async () => {
    const t = await api.tenant()
    const fileId = await upload(t.key, "invoice.pdf", pdf.bytes)
    const job = await groundFlat(t.key, fileId, [{ item_id: "total", query: "1,234.56" }, { item_id: "signer", query: "Ada Lovelace" }], { return_cropped_images: true })
    const items = byId(job.result.results)
    for (const id of ["total", "signer"]) {
      for (const m of items[id].matches) {
        expect(m.match_type).toBe("visual_region")
        expect(m.cropped_image_url, id).toMatch(/\/artifacts\/[0-9a-f-]+\/crop-[0-9a-f]{32}\?expires=\d+&signature=[0-9a-f]{64}$/)
      }
      const best = items[id].matches[0]
      // no API key: the signed link is the credential
      const r = await get(local(best.cropped_image_url))
      expect(r.status).toBe(200)
      expect(r.headers.get("content-type")).toBe("image/png")
      expect(r.headers.get("accept-ranges")).toBe("bytes")
      const bytes = new Uint8Array(await r.arrayBuffer())
      expect(Number(r.headers.get("content-length"))).toBe(bytes.byteLength)
      // the box at 2× plus a margin of at most 5 % of the page's long side on each side
      const { width, height } = pngSize(bytes)
      const margin = 2 * 0.05 * PAGE.height * 2
      expect(width).toBeGreaterThanOrEqual(Math.floor(best.w * PAGE.width * 2))
      expect(width).toBeLessThanOrEqual(Math.ceil(best.w * PAGE.width * 2 + margin))
      expect(height).toBeGreaterThanOrEqual(Math.floor(best.h * PAGE.height * 2))
      expect(height).toBeLessThanOrEqual(Math.ceil(best.h * PAGE.height * 2 + margin))
    }
    // one byte range on the flat link too; a tampered link is 403
    const link = local(items.total.matches[0].cropped_image_url)
    const part = await get(link, { range: "bytes=0-9" })
    expect(part.status).toBe(206)
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...PNG_SIGNATURE, 0, 0])
    const tampered = await api.call("GET", link.replace(/signature=[0-9a-f]/, (s) => s.endsWith("0") ? s.slice(0, -1) + "1" : s.slice(0, -1) + "0"))
    expect(tampered.status).toBe(403)
    expect(tampered.body.error.code).toBe("forbidden")
    // the same job in the v1 form points at the v1 crop route, with the same crops
    const v1 = await api.call("GET", `/v1/jobs/${job.job_id}`, { key: t.key })
    const v1Url = byId(v1.body.result.results).total.matches[0].cropped_image_url as string
    const ref = /crop-([0-9a-f]{32})\?/.exec(items.total.matches[0].cropped_image_url)![1]
    expect(new URL(v1Url).pathname).toBe(`/v1/jobs/${job.job_id}/ground-crops/${ref}`)
  }, 120_000)

  it("a file with visual matches that cannot be drawn (.pptx): the job succeeds, its matches carry no crop", async () => {
    const t = await api.tenant()
    const fileId = await upload(t.key, "deck.pptx", F.samplePptx())
    const job = await groundFlat(t.key, fileId, [{ item_id: "title", query: "Welcome deck" }], { return_cropped_images: true })
    const best = byId(job.result.results).title.matches[0]
    expect(best).toMatchObject({ match_type: "visual_region", matched_text: "Welcome deck" })
    expect(best.cropped_image_url).toBeUndefined()
  }, 120_000)

  describe("v1 include_previews and GET /v1/jobs/{job_id}/ground-crops/{artifact_ref}", () => {
    let key: string
    let jobId: string
    let cropPath: string
    let crop: Uint8Array

    beforeAll(async () => {
      // requests per minute of 3: crop reads are job reads, never rate-limited
      const t = await api.tenant({ rpm: 3 })
      key = t.key
      const fileId = await upload(key, "invoice.pdf", pdf.bytes)
      const job = await groundV1(key, fileId, [{ item_id: "number", query: "INV-2041" }, { item_id: "reference", query: "ZX-93" }], { include_previews: true })
      jobId = job.job_id
      const items = byId(job.result.results)
      expect(items.number.matches[0]).toMatchObject({ match_type: "visual_region", page: 1 })
      expect(items.reference.matches[0]).toMatchObject({ match_type: "visual_region", page: 2 })
      const url = items.number.matches[0].cropped_image_url as string
      expect(url).toMatch(new RegExp(`^https?://[^/]+/v1/jobs/${jobId}/ground-crops/[0-9a-f]{32}$`))
      cropPath = local(url)
    }, 120_000)

    it("200: image/png with Content-Length, Accept-Ranges and ETag; read any number of times past the rate limit", async () => {
      for (let i = 0; i < 6; i++) {
        const r = await get(cropPath, { "x-api-key": key })
        expect(r.status).toBe(200)
        expect(r.headers.get("content-type")).toBe("image/png")
        expect(r.headers.get("accept-ranges")).toBe("bytes")
        expect(r.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/)
        expect(r.headers.get("x-request-id")).toMatch(/^req_/)
        crop = new Uint8Array(await r.arrayBuffer())
        expect(Number(r.headers.get("content-length"))).toBe(crop.byteLength)
      }
      const { width, height } = pngSize(crop)
      expect(width).toBeGreaterThan(100)
      expect(width).toBeLessThanOrEqual(1600)
      expect(height).toBeGreaterThan(20)
      expect(height).toBeLessThan(200)
    })

    it("206 for one satisfiable range (bytes=0-9, bytes=-5, bytes=n-, an end past the last byte)", async () => {
      const size = crop.byteLength
      const cases: Array<[string, number, number]> = [["bytes=0-9", 0, 9], ["bytes=-5", size - 5, size - 1], [`bytes=${size - 3}-`, size - 3, size - 1], [`bytes=10-${size + 100}`, 10, size - 1], [`bytes=-${size + 10}`, 0, size - 1]]
      for (const [range, start, end] of cases) {
        const r = await get(cropPath, { "x-api-key": key, range })
        expect(r.status, range).toBe(206)
        expect(r.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${size}`)
        expect(r.headers.get("content-length"), range).toBe(String(end - start + 1))
        expect(r.headers.get("content-type")).toBe("image/png")
        expect([...new Uint8Array(await r.arrayBuffer())], range).toEqual([...crop.subarray(start, end + 1)])
      }
    })

    it("416 range_not_satisfiable with Content-Range: bytes */size for a range past the end", async () => {
      const size = crop.byteLength
      for (const range of [`bytes=${size}-`, `bytes=${size + 5}-${size + 10}`, "bytes=-0"]) {
        const r = await get(cropPath, { "x-api-key": key, range })
        expect(r.status, range).toBe(416)
        expect(r.headers.get("content-range")).toBe(`bytes */${size}`)
        const body = await r.json()
        expect(body).toMatchObject({ error: { code: "range_not_satisfiable", retryable: false }, request_id: r.headers.get("x-request-id") })
      }
    })

    it("a malformed or multi-range Range header is ignored: 200 with the whole crop", async () => {
      for (const range of ["bytes=0-1,4-5", "bytes=abc", "bytes=9-2", "items=0-9", "bytes=", "bytes=1-2-3"]) {
        const r = await get(cropPath, { "x-api-key": key, range })
        expect(r.status, range).toBe(200)
        expect(new Uint8Array(await r.arrayBuffer()).byteLength, range).toBe(crop.byteLength)
      }
      // a Range under an If-Range that does not name this crop is ignored too
      const stale = await get(cropPath, { "x-api-key": key, range: "bytes=0-9", "if-range": "\"something-else\"" })
      expect(stale.status).toBe(200)
      const etag = (await get(cropPath, { "x-api-key": key })).headers.get("etag")!
      expect((await get(cropPath, { "x-api-key": key, range: "bytes=0-9", "if-range": etag })).status).toBe(206)
    })

    it("refusals: no key 401; another tenant's key 404 job_not_found; an unknown ref or a job without crops 404 file_not_found", async () => {
      const anonymous = await api.call("GET", cropPath)
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.error.code).toBe("unauthorized")
      const other = await api.tenant()
      const foreign = await api.call("GET", cropPath, { key: other.key })
      expect(foreign.status).toBe(404)
      expect(foreign.body).toMatchObject({ error: { code: "job_not_found" } })
      const unknown = await api.call("GET", `/v1/jobs/${jobId}/ground-crops/${"0".repeat(32)}`, { key })
      expect(unknown.status).toBe(404)
      expect(unknown.body).toMatchObject({ error: { code: "file_not_found" } })
      const missingJob = await api.call("GET", `/v1/jobs/${crypto.randomUUID()}/ground-crops/${"0".repeat(32)}`, { key })
      expect(missingJob.body.error.code).toBe("job_not_found")
      // a real crop ref under another job of the same tenant (a ground job without previews)
      const ref = cropPath.split("/").pop()!
      const fileId = await upload(other.key, "invoice.pdf", pdf.bytes)
      const plain = await groundV1(other.key, fileId, [{ item_id: "number", query: "INV-2041" }])
      expect(byId(plain.result.results).number.matches[0].cropped_image_url).toBeUndefined()
      const wrongJob = await api.call("GET", `/v1/jobs/${plain.job_id}/ground-crops/${ref}`, { key: other.key })
      expect(wrongJob.status).toBe(404)
      expect(wrongJob.body.error.code).toBe("file_not_found")
    }, 120_000)

    it("past payload_expires_at: a late read of the job deletes its crops with its result; the crop is 410 result_expired", async () => {
      const ref = cropPath.split("/").pop()!
      const blob = () => docket.runtime.runPromise(Effect.flatMap(Documents.BlobStore, (b) => b.get(`ground-crops/${jobId}/${ref}`)))
      expect(Option.isSome(await blob())).toBe(true)
      await docket.admin.clock.advance(Jobs.PAYLOAD_RETENTION_MS)
      const job = await api.call("GET", `/v1/jobs/${jobId}`, { key })
      expect(job.body.result_state).toBe("expired")
      expect(Option.isNone(await blob())).toBe(true)
      const r = await api.call("GET", cropPath, { key })
      expect(r.status).toBe(410)
      expect(r.body).toMatchObject({ error: { code: "result_expired" } })
    })
  })
})
