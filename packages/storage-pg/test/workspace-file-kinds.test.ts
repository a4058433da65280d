/**
 * The file job kinds on PostgreSQL storage, where the store decides races: uploads at one path
 * running at once (as on two instances) create one file; the others are refused, deduplicated or
 * become the next versions — never a lost file or a duplicate path.
 */
import { describe, expect, it } from "@effect/vitest"
import { Documents, Jobs, Workspaces } from "@docket/core"
import * as PgStorage from "@docket/storage-pg"
import { Effect, Either, Layer, Option, Stream } from "effect"
import { createHash, randomUUID } from "node:crypto"
import { afterAll } from "vitest"
import { settingsLayer } from "../../core/src/kernel/config.js"
import { IdsLive } from "../../core/src/kernel/ids.js"
import { createTestDatabase } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

const client = PgStorage.clientLayer({ url: db.url })
const layer = Layer.mergeAll(PgStorage.layerFromClient(), PgStorage.PgWorkspaceFileStore.layer, settingsLayer({}), IdsLive, Documents.platformHttpFetcherLayer()).pipe(
  Layer.provideMerge(client)
)

const T = "tenant_pg"

const uploadJob = (w: string, path: string, text: string, onConflict: "reject" | "new_version") =>
  Effect.gen(function*() {
    const blobs = yield* Documents.BlobStore
    const key = Workspaces.Files.stagedBlobKey(w, randomUUID())
    const bytes = new TextEncoder().encode(text)
    yield* blobs.put(key, Stream.make(bytes), 1000)
    const input: Workspaces.Files.FileUploadInput = {
      workspace_id: w,
      source: { type: "staged", staged_blob_key: key, observed_hash: createHash("sha256").update(bytes).digest("hex"), size_bytes: bytes.length, file_type: "text/plain" },
      path,
      labels: null,
      graph_inclusion: "auto",
      on_conflict: onConflict,
      access_label: null
    }
    const job: Jobs.Job<Workspaces.Files.FileUploadInput, Workspaces.Files.FileUploadResult> = {
      job_id: randomUUID(), tenant_id: T, kind: "file_upload", status: "running", input, result: null, error: null, workspace_id: w,
      force: null, progress: null, units: 0, request_id: "req", idempotency_key: null, fingerprint: "", created_at: 0, started_at: 0,
      finished_at: null, payload_expires_at: 1
    }
    return Workspaces.Files.fileUploadKind.run(job, () => Effect.void)
  })

describe("file kinds on PostgreSQL", () => {
  it.layer(layer, { timeout: "60 seconds" })((it) => {
    it.effect("concurrent uploads at one path: one file; with reject the others are path_conflict or deduplicated; with new_version each is a version", () =>
      Effect.gen(function*() {
        const w = randomUUID()
        const runs = yield* Effect.all(Array.from({ length: 6 }, (_, i) => uploadJob(w, "race.txt", i < 2 ? "same" : `other ${i}`, "reject")))
        const results = yield* Effect.all(runs.map(Effect.either), { concurrency: "unbounded" })
        const ok = results.filter(Either.isRight).map((r) => r.right.result)
        const created = ok.filter((r) => !r.deduplicated)
        expect(created).toHaveLength(1)
        for (const r of results.filter(Either.isLeft)) expect(r.left).toMatchObject({ code: "path_conflict" })
        const store = yield* Workspaces.Files.WorkspaceFileStore
        expect((yield* store.list(T, w, { visible: "all", order: "path", limit: 10 })).total).toBe(1)

        const w2 = randomUUID()
        const versions = yield* Effect.all(Array.from({ length: 5 }, (_, i) => uploadJob(w2, "v.txt", `v${i}`, "new_version")))
        const done = yield* Effect.all(versions, { concurrency: "unbounded" })
        expect(done.map((d) => d.result.file.version).sort()).toEqual([1, 2, 3, 4, 5])
        const file = Option.getOrThrow(yield* store.getByPath(T, w2, "v.txt"))
        expect(file.version).toBe(5)
        const listed = Option.getOrThrow(yield* store.listVersions(T, w2, file.file_id, { limit: 10 }))
        expect(listed.items.map((v) => v.version)).toEqual([5, 4, 3, 2, 1])
        // every version keeps its own blob
        expect(new Set(listed.items.map((v) => v.blob_key)).size).toBe(5)
      }))
  })
})
