/**
 * Reading workspace upload bodies: the file streamed into the blob store and hashed, the metadata
 * part decoded with every refusal naming its field, the caps (file, metadata, labels), JSON
 * bodies with a URL source, and replaces.
 */
import { describe, expect, it } from "@effect/vitest"
import { Documents, Platform, Workspaces } from "@docket/core"
import { MemoryBlobStore } from "@docket/storage-memory"
import { Effect, Either, Layer, Option } from "effect"
import { createHash, randomUUID } from "node:crypto"
import { settingsLayer } from "../../../src/kernel/config.js"
import { cryptoIds, Ids, IdsLive } from "../../../src/kernel/ids.js"

const MAX = 64 * 1024
const layer = Layer.mergeAll(MemoryBlobStore.layer, settingsLayer({ maxUploadBytes: MAX }), IdsLive)

const multipart = (parts: ReadonlyArray<{ name: string; body: string | Uint8Array<ArrayBuffer>; filename?: string; type?: string }>) => {
  const form = new FormData()
  for (const p of parts) {
    if (p.filename !== undefined) form.append(p.name, new Blob([p.body], { type: p.type ?? "" }), p.filename)
    else form.append(p.name, typeof p.body === "string" ? p.body : new Blob([p.body]))
  }
  return Platform.fromWebRequest(new Request("http://docket.test/v1/workspaces/w/files", { method: "POST", body: form }))
}

const sha = (s: string | Uint8Array) => createHash("sha256").update(s).digest("hex")
/** runs the read with a known staging id, so the test can look for the staged blob */
const withId = <A, E, R>(id: string, self: Effect.Effect<A, E, R>) => Effect.provideService(self, Ids, { ...cryptoIds, uuid: () => id })
const blobCount = (key: string) => Effect.flatMap(Documents.BlobStore, (b) => Effect.map(b.stat(key), Option.isSome))

describe("workspace upload bodies", () => {
  it.layer(layer)((it) => {
    it.effect("multipart: the file goes to the blob store with its hash, size and type; the metadata is decoded and the path normalized", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        const { staged, upload } = yield* Workspaces.Files.readMultipartUpload(
          multipart([
            { name: "metadata", body: JSON.stringify({ path: "reports//q1.pdf", labels: { b: "2", a: "1" }, on_conflict: "new_version", graph_inclusion: "exclude", access_label: "hr" }) },
            { name: "file", body: "%PDF-1.7 hello", filename: "local name.pdf", type: "application/octet-stream" }
          ]),
          w
        )
        expect(upload).toEqual({ path: "reports/q1.pdf", labels: { b: "2", a: "1" }, on_conflict: "new_version", graph_inclusion: "exclude", access_label: "hr" })
        expect(Object.keys(upload.labels!)).toEqual(["b", "a"])
        expect(staged).toMatchObject({ observed_hash: sha("%PDF-1.7 hello"), size_bytes: 14, file_type: "application/pdf" })
        expect(staged.staged_blob_key.startsWith(`workspaces/${w}/files/`)).toBe(true)
        const bytes = Option.getOrThrow(yield* Effect.flatMap(Documents.BlobStore, (b) => b.get(staged.staged_blob_key)))
        expect(new TextDecoder().decode(bytes)).toBe("%PDF-1.7 hello")
        // the metadata may come after the file; defaults apply; a declared type is kept
        const later = yield* Workspaces.Files.readMultipartUpload(
          multipart([{ name: "file", body: "a,b", filename: "x.csv", type: "text/csv" }, { name: "metadata", body: JSON.stringify({ path: "t.bin" }) }]),
          w
        )
        expect(later.upload).toEqual({ path: "t.bin", labels: null, on_conflict: "reject", graph_inclusion: "auto", access_label: null })
        expect(later.staged.file_type).toBe("text/csv")
      }))

    it.effect("refusals name their field and keep no blob", () =>
      Effect.gen(function*() {
        const cases: ReadonlyArray<readonly [ReadonlyArray<{ name: string; body: string; filename?: string }>, string, RegExp]> = [
          [[{ name: "file", body: "x", filename: "a" }], "metadata", /required/],
          [[{ name: "metadata", body: "{\"path\":\"a\"}" }], "file", /required/],
          [[{ name: "metadata", body: "not json" }, { name: "file", body: "x", filename: "a" }], "metadata", /JSON/],
          [[{ name: "metadata", body: "{}" }, { name: "file", body: "x", filename: "a" }], "metadata.path", /.+/],
          [[{ name: "metadata", body: "{\"path\":\"../etc/passwd\"}" }, { name: "file", body: "x", filename: "a" }], "metadata.path", /`\.` or `\.\.`/],
          [[{ name: "metadata", body: "{\"path\":\"/abs\"}" }, { name: "file", body: "x", filename: "a" }], "metadata.path", /leading/],
          [[{ name: "metadata", body: JSON.stringify({ path: "a\u0000b" }) }, { name: "file", body: "x", filename: "a" }], "metadata.path", /control/],
          [[{ name: "metadata", body: JSON.stringify({ path: "x".repeat(10_000) }) }, { name: "file", body: "x", filename: "a" }], "metadata.path", /at most/],
          [[{ name: "metadata", body: "{\"path\":\"a\",\"on_conflict\":\"overwrite\"}" }, { name: "file", body: "x", filename: "a" }], "metadata.on_conflict", /.+/],
          [[{ name: "metadata", body: "{\"path\":\"a\",\"graph_inclusion\":\"yes\"}" }, { name: "file", body: "x", filename: "a" }], "metadata.graph_inclusion", /.+/],
          [[{ name: "metadata", body: "{\"path\":\"a\",\"labels\":{\"k\":1}}" }, { name: "file", body: "x", filename: "a" }], "metadata.labels.k", /.+/],
          [[{ name: "metadata", body: "{\"path\":\"a\",\"rename\":true}" }, { name: "file", body: "x", filename: "a" }], "metadata.rename", /.+/],
          [[{ name: "metadata", body: JSON.stringify({ path: "a", labels: { ["k".repeat(129)]: "v" } }) }, { name: "file", body: "x", filename: "a" }], `metadata.labels.${"k".repeat(129)}`, /label name/],
          [[{ name: "metadata", body: JSON.stringify({ path: "a", labels: { k: "v".repeat(1025) } }) }, { name: "file", body: "x", filename: "a" }], "metadata.labels.k", /label value/],
          [[{ name: "metadata", body: JSON.stringify({ path: "a", labels: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, "v"])) }) }, { name: "file", body: "x", filename: "a" }], "metadata.labels", /at most 64/],
          [[{ name: "metadata", body: "{\"path\":\"a\"}" }, { name: "file", body: "x", filename: "a" }, { name: "extra", body: "y" }], "extra", /unknown/]
        ]
        for (const [parts, field, message] of cases) {
          const w = randomUUID()
          const id = randomUUID()
          const error = yield* Effect.flip(withId(id, Workspaces.Files.readMultipartUpload(multipart(parts), w)))
          expect(yield* blobCount(Workspaces.Files.stagedBlobKey(w, id)), field).toBe(false)
          expect(error._tag, field).toBe("InvalidInput")
          const errors = (error as { errors: ReadonlyArray<{ field: string; message: string }> }).errors
          const hit = errors.find((e) => e.field === field)
          expect(hit, `${field}: ${JSON.stringify(errors)}`).toBeDefined()
          expect(hit!.message).toMatch(message)
        }
      }))

    it.effect("a file over the server maximum is 413 file_too_large and nothing is kept; exactly the maximum is accepted", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        const id = randomUUID()
        const over = yield* Effect.flip(withId(id, Workspaces.Files.readMultipartUpload(multipart([{ name: "metadata", body: "{\"path\":\"big\"}" }, { name: "file", body: new Uint8Array(MAX + 1), filename: "big" }]), w)))
        expect(yield* blobCount(Workspaces.Files.stagedBlobKey(w, id))).toBe(false)
        expect(over._tag).toBe("PayloadTooLarge")
        expect((over as unknown as { v1: { status: number; code: string } }).v1).toMatchObject({ status: 413, code: "file_too_large" })
        const exact = yield* Workspaces.Files.readMultipartUpload(multipart([{ name: "metadata", body: "{\"path\":\"big\"}" }, { name: "file", body: new Uint8Array(MAX), filename: "big" }]), w)
        expect(exact.staged.size_bytes).toBe(MAX)
        expect(yield* blobCount(exact.staged.staged_blob_key)).toBe(true)
      }))

    it.effect("a huge metadata part is refused naming `metadata` without holding it; a refused upload's staged blob is deleted", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        const huge = JSON.stringify({ path: "a", labels: { k: "v".repeat(Workspaces.Files.METADATA_MAX_BYTES) } })
        const id = randomUUID()
        const error = yield* Effect.flip(withId(id, Workspaces.Files.readMultipartUpload(multipart([{ name: "file", body: "x", filename: "a" }, { name: "metadata", body: huge }]), w)))
        expect(error).toMatchObject({ _tag: "InvalidInput", errors: [{ field: "metadata", message: `must be at most ${Workspaces.Files.METADATA_MAX_BYTES} bytes` }] })
        expect(yield* blobCount(Workspaces.Files.stagedBlobKey(w, id))).toBe(false)
      }))

    it.effect("not multipart is 400/422 malformed", () =>
      Effect.gen(function*() {
        const request = Platform.fromWebRequest(new Request("http://docket.test/x", { method: "POST", body: "{}", headers: { "content-type": "application/json" } }))
        expect((yield* Effect.flip(Workspaces.Files.readMultipartUpload(request, randomUUID())))._tag).toBe("MalformedRequest")
      }))

    it.effect("replace: metadata optional; labels omitted unchanged (null), {} cleared; graph_inclusion; upload-only fields refused", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        const bare = yield* Workspaces.Files.readMultipartReplace(multipart([{ name: "file", body: "new", filename: "n.txt" }]), w, "doc.md")
        expect(bare.replace).toEqual({ labels: null, graph_inclusion: null })
        expect(bare.staged).toMatchObject({ size_bytes: 3, observed_hash: sha("new"), file_type: "text/markdown" })
        const cleared = yield* Workspaces.Files.readMultipartReplace(multipart([{ name: "file", body: "new", filename: "n" }, { name: "metadata", body: "{\"labels\":{},\"graph_inclusion\":\"include\"}" }]), w, "doc")
        expect(cleared.replace).toEqual({ labels: {}, graph_inclusion: "include" })
        const refused = yield* Effect.flip(Workspaces.Files.readMultipartReplace(multipart([{ name: "file", body: "new", filename: "n" }, { name: "metadata", body: "{\"path\":\"b\"}" }]), w, "doc"))
        expect(refused).toMatchObject({ _tag: "InvalidInput", errors: [{ field: "metadata.path" }] })
      }))
  })

  it("JSON bodies: a url source with its file name, the same metadata rules", () => {
    const ok = Workspaces.Files.decodeJsonUpload({ path: "a/b.pdf", source: { type: "url", url: "https://example.com/b.pdf", file_name: "b.pdf" }, labels: { x: "y" } })
    expect(ok).toEqual(Either.right({
      upload: { path: "a/b.pdf", labels: { x: "y" }, graph_inclusion: "auto", on_conflict: "reject", access_label: null },
      source: { url: "https://example.com/b.pdf", file_name: "b.pdf" }
    }))
    const bad = Workspaces.Files.decodeJsonUpload({ path: "../b", source: { type: "url", url: "https://e/x", file_name: "a/b" } })
    expect(Either.isLeft(bad) && bad.left.map((e) => e.field)).toEqual(["path", "source.file_name"])
    const missing = Workspaces.Files.decodeJsonUpload({ source: { type: "file" } })
    expect(Either.isLeft(missing) && missing.left.map((e) => e.field).sort()).toEqual(expect.arrayContaining(["path"]))
  })

  it("media types: declared unless generic, else by extension", () => {
    expect(Workspaces.Files.mediaTypeOf("a.pdf", undefined)).toBe("application/pdf")
    expect(Workspaces.Files.mediaTypeOf("a.PDF", "application/octet-stream")).toBe("application/pdf")
    expect(Workspaces.Files.mediaTypeOf("a.bin", "text/plain; charset=utf-8")).toBe("text/plain")
    expect(Workspaces.Files.mediaTypeOf("noext", "")).toBe("application/octet-stream")
  })
})
