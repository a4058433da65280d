/**
 * The artifact read below its route: exact paths only, access labels on every read, sources and
 * derived outputs, one range read as a range, 416 for bad, multiple or out-of-range ranges.
 */
import { describe, expect, it } from "@effect/vitest"
import { Documents, Workspaces } from "@docket/core"
import { MemoryBlobStore, MemoryWorkspaceFileStore } from "@docket/storage-memory"
import { Chunk, Effect, Layer, Stream } from "effect"
import { randomUUID } from "node:crypto"

const layer = Layer.mergeAll(MemoryBlobStore.layer, MemoryWorkspaceFileStore.layer)
const T = "tenant_art"

const text = (s: Stream.Stream<Uint8Array, unknown>) =>
  Effect.map(Stream.runCollect(s), (c) => Buffer.concat(Chunk.toReadonlyArray(c)).toString("utf8"))

describe("readArtifact", () => {
  it.layer(layer)((it) => {
    const seed = Effect.gen(function*() {
      const w = randomUUID()
      const blobs = yield* Documents.BlobStore
      const store = yield* Workspaces.Files.WorkspaceFileStore
      const put = (key: string, s: string) => blobs.put(key, Stream.make(new TextEncoder().encode(s)), 10_000)
      const mk = (path: string, body: string, access_label: string | null) =>
        Effect.gen(function*() {
          const key = Workspaces.Files.stagedBlobKey(w, randomUUID())
          yield* put(key, body)
          return yield* store.create({
            tenant_id: T, workspace_id: w, file_id: randomUUID(), path, file_type: "text/plain", size_bytes: body.length,
            observed_hash: "h", blob_key: key, labels: {}, graph_inclusion: "auto", access_label, ingestion_status: "discovered", at: 0
          })
        })
      const open = yield* mk("docs/open.txt", "0123456789", null)
      yield* mk("docs/secret.txt", "top secret", "hr")
      yield* mk("docs/résumé.txt", "é", null)
      const outKey = `workspaces/${w}/outputs/${randomUUID()}`
      yield* put(outKey, "# derived")
      yield* store.replaceOutputs(T, w, open.file_id, [
        { output_id: randomUUID(), kind: "derived_file", path: "derived/open.md", blob_key: outKey, size_bytes: 9, media_type: "text/markdown", members: [] },
        { output_id: randomUUID(), kind: "derived_folder", path: "derived/open", blob_key: null, size_bytes: 0, media_type: "inode/directory", members: [] }
      ], 0)
      return { w, open }
    })

    it.effect("a source is streamed whole with its headers; a derived output too; a non-ASCII name gets filename*", () =>
      Effect.gen(function*() {
        const { w } = yield* seed
        const whole = yield* Workspaces.Files.readArtifact(T, w, "docs/open.txt", [], undefined)
        expect(whole.status).toBe(200)
        expect(whole.headers).toEqual({
          "content-type": "text/plain",
          "content-length": "10",
          "accept-ranges": "bytes",
          "content-disposition": "inline; filename=\"open.txt\""
        })
        expect(yield* text(whole.body)).toBe("0123456789")
        const derived = yield* Workspaces.Files.readArtifact(T, w, "derived/open.md", [], undefined)
        expect(derived.headers["content-type"]).toBe("text/markdown")
        expect(yield* text(derived.body)).toBe("# derived")
        const accented = yield* Workspaces.Files.readArtifact(T, w, "docs/résumé.txt", [], undefined)
        expect(accented.headers["content-disposition"]).toBe("inline; filename=\"r_sum_.txt\"; filename*=UTF-8''r%C3%A9sum%C3%A9.txt")
      }))

    it.effect("one range is 206 with Content-Range and only those bytes; bad, multiple or out-of-range ranges are 416 with bytes */size", () =>
      Effect.gen(function*() {
        const { w } = yield* seed
        const part = yield* Workspaces.Files.readArtifact(T, w, "docs/open.txt", [], "bytes=2-5")
        expect(part.status).toBe(206)
        expect(part.headers["content-range"]).toBe("bytes 2-5/10")
        expect(part.headers["content-length"]).toBe("4")
        expect(yield* text(part.body)).toBe("2345")
        const suffix = yield* Workspaces.Files.readArtifact(T, w, "docs/open.txt", [], "bytes=-3")
        expect(yield* text(suffix.body)).toBe("789")
        for (const header of ["bytes=0-1,4-5", "bytes=10-", "bytes=5-2", "lines=1-2", "bytes=x"]) {
          const error = yield* Effect.flip(Workspaces.Files.readArtifact(T, w, "docs/open.txt", [], header))
          expect(error, header).toMatchObject({ _tag: "RangeNotSatisfiable", size: 10 })
          expect((error as { headers: Record<string, string> }).headers).toEqual({ "content-range": "bytes */10" })
        }
      }))

    it.effect("404 file_not_found for hidden files (and their outputs), folders, folder outputs, ids and paths not given exactly", () =>
      Effect.gen(function*() {
        const { w, open } = yield* seed
        expect((yield* Workspaces.Files.readArtifact(T, w, "docs/secret.txt", ["hr"], undefined)).status).toBe(200)
        for (const path of ["docs/secret.txt", "docs", "docs/", "derived/open", open.file_id, `${w}/docs/open.txt`, "/docs/open.txt", "docs//open.txt", "docs/../docs/open.txt", "open.txt", ""]) {
          const error = yield* Effect.flip(Workspaces.Files.readArtifact(T, w, path, [], undefined))
          expect(error, path).toMatchObject({ _tag: "WorkspaceFileNotFound" })
          expect((error as Workspaces.Files.WorkspaceFileNotFound).v1).toMatchObject({ status: 404, code: "file_not_found" })
        }
        // another tenant or workspace sees nothing
        expect(yield* Effect.flip(Workspaces.Files.readArtifact("other", w, "docs/open.txt", "all", undefined))).toMatchObject({ _tag: "WorkspaceFileNotFound" })
        expect(yield* Effect.flip(Workspaces.Files.readArtifact(T, randomUUID(), "docs/open.txt", "all", undefined))).toMatchObject({ _tag: "WorkspaceFileNotFound" })
      }))
  })
})
