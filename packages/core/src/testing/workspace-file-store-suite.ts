/**
 * The conformance suite of the `WorkspaceFileStore` port, run by every adapter
 * (`workspaceFileStoreSuite("memory", MemoryWorkspaceFileStore.layer)`). Each test works in a
 * tenant and workspace of its own.
 */
import { expect } from "@effect/vitest"
import { Effect, Either, type Layer, Option } from "effect"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import { type FileListQuery, type NewFileOutput, WorkspaceFileStore } from "../workspaces/files/file-store.js"
import type { NewWorkspaceFile, WorkspaceFile } from "../workspaces/files/workspace-file.js"
import { randomUUID } from "node:crypto"

const scope = () => ({ t: unique("tenant"), w: randomUUID() })

const newFile = (t: string, w: string, path: string, over: Partial<NewWorkspaceFile> = {}): NewWorkspaceFile => ({
  tenant_id: t,
  workspace_id: w,
  file_id: randomUUID(),
  path,
  file_type: "application/pdf",
  size_bytes: 100,
  observed_hash: "h1",
  blob_key: `ws/${randomUUID()}`,
  labels: {},
  graph_inclusion: "auto",
  access_label: null,
  ingestion_status: "discovered",
  at: 1_000,
  ...over
})

const output = (path: string, members = 0): NewFileOutput => ({
  output_id: randomUUID(),
  kind: members > 0 ? "derived_folder" : "derived_file",
  path,
  blob_key: members > 0 ? null : `out/${randomUUID()}`,
  size_bytes: 10,
  media_type: "text/markdown",
  members: Array.from({ length: members }, (_, i) => ({
    path: `${path}/m${String(i).padStart(3, "0")}.csv`,
    file_name: `m${String(i).padStart(3, "0")}.csv`,
    size_bytes: i,
    media_type: "text/csv",
    blob_key: `member/${randomUUID()}`
  }))
})

export const workspaceFileStoreSuite = <E>(name: string, layer: Layer.Layer<WorkspaceFileStore, E>, options: SuiteOptions = {}) =>
  storageSuite(`WorkspaceFileStore (${name})`, layer, options, (it) => {
    const run = <A, E2>(f: (s: WorkspaceFileStore["Type"]) => Effect.Effect<A, E2>) => Effect.flatMap(WorkspaceFileStore, f)

    /** every page of a list, following the cursors */
    const all = (s: WorkspaceFileStore["Type"], t: string, w: string, q: FileListQuery) =>
      Effect.gen(function*() {
        const items: Array<WorkspaceFile> = []
        let after = q.after
        for (let i = 0; i < 100; i++) {
          const page = yield* s.list(t, w, { ...q, after })
          items.push(...page.items)
          if (page.next_cursor === null) return { items, last: page }
          after = page.next_cursor
        }
        throw new Error("the list never ended")
      })

    it("creates a file at version 1 and reads it back by id and by path; another tenant or workspace sees nothing", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const n = newFile(t, w, "reports/2024/q1.pdf", { labels: { b: "2", a: "1" }, access_label: "hr" })
          const f = yield* s.create(n)
          expect(f).toMatchObject({
            file_id: n.file_id,
            workspace_id: w,
            path: "reports/2024/q1.pdf",
            file_name: "q1.pdf",
            version: 1,
            ingestion_status: "discovered",
            ingested_hash: null,
            ingested_at: null,
            category: null,
            access_label: "hr",
            access_label_explicit: true,
            created_at: 1_000,
            updated_at: 1_000,
            blob_key: n.blob_key
          })
          expect(Object.keys(f.labels)).toEqual(["b", "a"])
          expect(Option.getOrThrow(yield* s.get(t, w, n.file_id))).toEqual(f)
          expect(Option.getOrThrow(yield* s.getByPath(t, w, "reports/2024/q1.pdf"))).toEqual(f)
          expect(Object.keys(Option.getOrThrow(yield* s.get(t, w, n.file_id)).labels)).toEqual(["b", "a"])
          expect(Option.isNone(yield* s.get("other", w, n.file_id))).toBe(true)
          expect(Option.isNone(yield* s.get(t, randomUUID(), n.file_id))).toBe(true)
          expect(Option.isNone(yield* s.getByPath(t, randomUUID(), "reports/2024/q1.pdf"))).toBe(true)
          // the same path in another workspace is another file
          yield* s.create(newFile(t, randomUUID(), "reports/2024/q1.pdf"))
        })))

    it("a taken path is a PathConflict naming the file there; of concurrent creates at one path exactly one wins", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const first = yield* s.create(newFile(t, w, "a.txt"))
          const error = yield* Effect.flip(s.create(newFile(t, w, "a.txt")))
          expect(error).toMatchObject({ _tag: "PathConflict", path: "a.txt", file_id: first.file_id })
          const results = yield* Effect.all(Array.from({ length: 8 }, () => Effect.either(s.create(newFile(t, w, "race.txt")))), {
            concurrency: "unbounded"
          })
          const won = results.filter(Either.isRight)
          expect(won).toHaveLength(1)
          for (const r of results.filter(Either.isLeft)) expect(r.left).toMatchObject({ _tag: "PathConflict", file_id: won[0].right.file_id })
          expect(Option.getOrThrow(yield* s.getByPath(t, w, "race.txt")).file_id).toBe(won[0].right.file_id)
        })))

    it("a next version becomes current, the replaced one is frozen with replaced_at; versions page newest first", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const f = yield* s.create(newFile(t, w, "v.txt", { labels: { keep: "yes" } }))
          const v2 = yield* s.addVersion(t, w, f.file_id, { file_type: "text/plain", size_bytes: 200, observed_hash: "h2", blob_key: "b2", at: 2_000 })
          expect(v2).toMatchObject({ version: 2, observed_hash: "h2", size_bytes: 200, blob_key: "b2", file_type: "text/plain", updated_at: 2_000, labels: { keep: "yes" } })
          const v3 = yield* s.addVersion(t, w, f.file_id, { file_type: "text/plain", size_bytes: 300, observed_hash: "h3", blob_key: "b3", labels: {}, at: 3_000 })
          expect(v3.labels).toEqual({})
          expect(v3.version_created_at).toBe(3_000)
          const page = Option.getOrThrow(yield* s.listVersions(t, w, f.file_id, { limit: 2 }))
          expect(page.total).toBe(3)
          expect(page.items.map((v) => [v.version, v.is_current, v.replaced_at, v.created_at, v.blob_key])).toEqual([
            [3, true, null, 3_000, "b3"],
            [2, false, 3_000, 2_000, "b2"]
          ])
          expect(page.next_cursor).toBe(2)
          const rest = Option.getOrThrow(yield* s.listVersions(t, w, f.file_id, { before: 2, limit: 2 }))
          expect(rest.items.map((v) => [v.version, v.is_current, v.replaced_at, v.observed_hash, v.size_bytes])).toEqual([[1, false, 2_000, "h1", 100]])
          expect(rest.next_cursor).toBeNull()
          expect(Option.getOrThrow(yield* s.getVersion(t, w, f.file_id, 1)).blob_key).toBe(f.blob_key)
          expect(Option.getOrThrow(yield* s.getVersion(t, w, f.file_id, 3)).is_current).toBe(true)
          expect(Option.isNone(yield* s.getVersion(t, w, f.file_id, 4))).toBe(true)
          expect(Option.isNone(yield* s.listVersions(t, randomUUID(), f.file_id, { limit: 5 }))).toBe(true)
          expect(yield* Effect.flip(s.addVersion(t, w, randomUUID(), { file_type: "x", size_bytes: 1, observed_hash: "h", blob_key: "k", at: 1 })))
            .toMatchObject({ _tag: "WorkspaceFileNotFound" })
        })))

    it("new bytes: an ingested file becomes stale, the ingested bytes again make it ingested; a never-ingested file stays discovered", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const f = yield* s.create(newFile(t, w, "s.txt"))
          yield* s.update(t, w, f.file_id, { ingestion_status: "ingested", ingested_hash: "h1", ingested_at: 1_500, page_count: 3 }, 1_500)
          const stale = yield* s.addVersion(t, w, f.file_id, { file_type: "text/plain", size_bytes: 1, observed_hash: "h2", blob_key: "k2", at: 2_000 })
          expect(stale.ingestion_status).toBe("stale")
          const versions = Option.getOrThrow(yield* s.listVersions(t, w, f.file_id, { limit: 10 }))
          // the replaced version keeps what was ingested of it; the new one has not been ingested
          expect(versions.items.map((v) => [v.version, v.ingested_hash, v.ingested_at])).toEqual([[2, null, null], [1, "h1", 1_500]])
          const back = yield* s.addVersion(t, w, f.file_id, { file_type: "text/plain", size_bytes: 1, observed_hash: "h1", blob_key: "k3", at: 3_000 })
          expect(back.ingestion_status).toBe("ingested")
          const g = yield* s.create(newFile(t, w, "d.txt"))
          yield* s.update(t, w, g.file_id, { ingestion_status: "failed" }, 1_100)
          expect((yield* s.addVersion(t, w, g.file_id, { file_type: "x", size_bytes: 1, observed_hash: "h9", blob_key: "k9", at: 1_200 })).ingestion_status).toBe("discovered")
        })))

    it("updates compare and set: of concurrent claims queued → ingesting one wins; a version expectation guards a late write", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const f = yield* s.create(newFile(t, w, "c.txt"))
          yield* s.update(t, w, f.file_id, { ingestion_status: "queued" }, 1_100)
          const claims = yield* Effect.all(
            Array.from({ length: 6 }, () => Effect.either(s.update(t, w, f.file_id, { ingestion_status: "ingesting" }, 1_200, { ingestion_status: ["queued"] }))),
            { concurrency: "unbounded" }
          )
          expect(claims.filter(Either.isRight)).toHaveLength(1)
          for (const c of claims.filter(Either.isLeft)) expect(c.left).toMatchObject({ _tag: "FileStateChanged", ingestion_status: "ingesting", version: 1 })
          yield* s.addVersion(t, w, f.file_id, { file_type: "x", size_bytes: 1, observed_hash: "h2", blob_key: "k2", at: 1_300 })
          const late = yield* Effect.flip(s.update(t, w, f.file_id, { ingestion_status: "ingested", ingested_hash: "h1" }, 1_400, { version: 1 }))
          expect(late).toMatchObject({ _tag: "FileStateChanged", version: 2 })
          const done = yield* s.update(
            t,
            w,
            f.file_id,
            {
              ingestion_status: "failed",
              ingestion_error: { code: "corrupt_file", message: "bad", detail: null, retryable: false, request_id: null },
              category: "finance/invoice",
              access_label: "legal",
              access_label_explicit: false,
              lane: "document",
              units: 4
            },
            1_500,
            // new bytes while ingesting: the file is to be ingested again
            { version: 2, ingestion_status: ["discovered"] }
          )
          expect(done).toMatchObject({ ingestion_status: "failed", category: "finance/invoice", access_label: "legal", lane: "document", units: 4, updated_at: 1_500 })
          expect(Option.getOrThrow(yield* s.get(t, w, f.file_id))).toEqual(done)
          expect(yield* Effect.flip(s.update(t, w, randomUUID(), { units: 1 }, 1))).toMatchObject({ _tag: "WorkspaceFileNotFound" })
          expect(yield* Effect.flip(s.update("other", w, f.file_id, { units: 1 }, 1))).toMatchObject({ _tag: "WorkspaceFileNotFound" })
        })))

    it("lists by path and by creation with exact totals and withheld counts on every page, access filtered in the query", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const labels = [null, "hr", null, "legal", null, "hr", "secret", null, null, null, "legal", null]
          const paths = labels.map((_, i) => `docs/${String.fromCharCode(122 - i)}${i}.pdf`)
          for (let i = 0; i < labels.length; i++) {
            yield* s.create(newFile(t, w, paths[i], { access_label: labels[i], at: 1_000 + (i % 3) }))
          }
          const visibleCount = labels.filter((l) => l === null || l === "hr").length
          const byPath = yield* all(s, t, w, { visible: ["hr"], order: "path", limit: 2 })
          expect(byPath.items.map((f) => f.path)).toEqual(paths.filter((_, i) => labels[i] === null || labels[i] === "hr").sort())
          expect(byPath.last.total).toBe(visibleCount)
          expect(byPath.last.withheld).toEqual({ count: 3, labels: ["legal", "secret"] })
          const first = yield* s.list(t, w, { visible: ["hr"], order: "path", limit: 2 })
          expect(first.items).toHaveLength(2)
          expect(first.total).toBe(visibleCount)
          expect(first.withheld).toEqual({ count: 3, labels: ["legal", "secret"] })
          const byCreated = yield* all(s, t, w, { visible: ["hr"], order: "created", limit: 3 })
          const sorted = [...byCreated.items].sort((a, b) => a.created_at - b.created_at || (a.file_id < b.file_id ? -1 : 1))
          expect(byCreated.items.map((f) => f.file_id)).toEqual(sorted.map((f) => f.file_id))
          expect(byCreated.items).toHaveLength(visibleCount)
          const everything = yield* s.list(t, w, { visible: "all", order: "path", limit: 200 })
          expect(everything.total).toBe(labels.length)
          expect(everything.withheld).toEqual({ count: 0, labels: [] })
          const none = yield* s.list(t, w, { visible: [], order: "path", limit: 200 })
          expect(none.total).toBe(labels.filter((l) => l === null).length)
          expect(none.withheld).toEqual({ count: 5, labels: ["hr", "legal", "secret"] })
        })))

    it("each page is the next files in the list's order, whatever order they were created in", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          // 61 paths in a scrambled creation order (37 is prime to 61), creation times with ties
          const paths = Array.from({ length: 61 }, (_, i) => `d${i % 4}/f${String((i * 37) % 61).padStart(2, "0")}.pdf`)
          const created: Array<WorkspaceFile> = []
          for (let i = 0; i < paths.length; i++) created.push(yield* s.create(newFile(t, w, paths[i], { at: 1_000 + ((i * 7) % 5) })))
          const byPath = [...paths].sort()
          const byCreated = [...created].sort((a, b) => a.created_at - b.created_at || (a.file_id < b.file_id ? -1 : 1)).map((f) => f.file_id)
          for (const limit of [1, 7, 60, 61, 62]) {
            const pathPages = yield* all(s, t, w, { visible: "all", order: "path", limit })
            expect(pathPages.items.map((f) => f.path)).toEqual(byPath)
            const createdPages = yield* all(s, t, w, { visible: "all", order: "created", limit })
            expect(createdPages.items.map((f) => f.file_id)).toEqual(byCreated)
          }
          const first = yield* s.list(t, w, { visible: "all", order: "path", limit: 60 })
          expect(first.next_cursor).toEqual({ order: "path", path: byPath[59] })
          const whole = yield* s.list(t, w, { visible: "all", order: "path", limit: 61 })
          expect(whole.next_cursor).toBeNull()
        })))

    it("filters (prefix, status, category, name_contains with % and _ literal, case-insensitive) apply before totals and withheld", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const mk = (path: string, over: Partial<NewWorkspaceFile> = {}) => s.create(newFile(t, w, path, over))
          const a = yield* mk("reports/Q1_100%.pdf")
          yield* mk("reports/q1x100a.pdf")
          yield* mk("reports-old/q1_100%.pdf")
          const hidden = yield* mk("reports/secret_100%.pdf", { access_label: "hr" })
          yield* s.update(t, w, a.file_id, { category: "finance/report", ingestion_status: "ingested" }, 2_000)
          yield* s.update(t, w, hidden.file_id, { category: "finance/report", ingestion_status: "ingested" }, 2_000)
          const q = (over: Partial<FileListQuery>) => s.list(t, w, { visible: [], order: "path", limit: 50, ...over })
          const contains = yield* q({ name_contains: "_100%" })
          expect(contains.items.map((f) => f.path)).toEqual(["reports-old/q1_100%.pdf", "reports/Q1_100%.pdf"])
          expect(contains.withheld).toEqual({ count: 1, labels: ["hr"] })
          expect((yield* q({ name_contains: "q1_1" })).total).toBe(2)
          const prefixed = yield* q({ path_prefix: "reports/" })
          expect(prefixed.items.map((f) => f.path)).toEqual(["reports/Q1_100%.pdf", "reports/q1x100a.pdf"])
          expect(prefixed.withheld.count).toBe(1)
          expect((yield* q({ path_prefix: "reports" })).total).toBe(3)
          const ingested = yield* q({ ingestion_status: ["ingested"] })
          expect(ingested.items.map((f) => f.file_id)).toEqual([a.file_id])
          expect(ingested.withheld).toEqual({ count: 1, labels: ["hr"] })
          expect((yield* q({ ingestion_status: ["discovered", "ingested"] })).total).toBe(3)
          expect((yield* q({ category: "finance/report", path_prefix: "reports/" })).total).toBe(1)
          expect((yield* q({ category: "finance" })).total).toBe(0)
          expect((yield* q({ name_contains: "%" , path_prefix: "nothing/" })).withheld).toEqual({ count: 0, labels: [] })
          // kind (`contentKindOf`: by extension, else media type) filters before totals and withheld too
          yield* mk("data/sheet.xlsx", { file_type: "application/octet-stream" })
          yield* mk("data/photo.bin", { file_type: "image/png" })
          yield* mk("data/hidden.csv", { access_label: "hr" })
          const tables = yield* q({ kind: "table" })
          expect(tables.items.map((f) => f.path)).toEqual(["data/sheet.xlsx"])
          expect(tables.withheld).toEqual({ count: 1, labels: ["hr"] })
          expect((yield* q({ kind: "media" })).items.map((f) => f.path)).toEqual(["data/photo.bin"])
          const documents = yield* q({ kind: "document" })
          expect(documents.total).toBe(3)
          expect(documents.withheld).toEqual({ count: 1, labels: ["hr"] })
          // a new version of another type changes the kind
          const photo = Option.getOrThrow(yield* s.getByPath(t, w, "data/photo.bin"))
          yield* s.addVersion(t, w, photo.file_id, { file_type: "application/pdf", size_bytes: 1, observed_hash: "h2", blob_key: "k2", at: 3_000 })
          expect((yield* q({ kind: "media" })).total).toBe(0)
          expect((yield* q({ kind: "document" })).total).toBe(4)
        })))

    it("path order is code-point order (astral characters after the rest of the BMP)", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const paths = ["b.txt", "a.txt", "\uff41.txt", "😀.txt", "Z.txt", "é.txt"]
          for (const p of paths) yield* s.create(newFile(t, w, p))
          const page = yield* all(s, t, w, { visible: "all", order: "path", limit: 2 })
          expect(page.items.map((f) => f.path)).toEqual(["Z.txt", "a.txt", "b.txt", "é.txt", "\uff41.txt", "😀.txt"])
        })))

    it("outputs are replaced whole by the next generation; members page by offset; an output is found by its path", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const f = yield* s.create(newFile(t, w, "book.xlsx"))
          const first = [output("derived/book.xlsx.md"), output("derived/book.xlsx", 5)]
          const r1 = yield* s.replaceOutputs(t, w, f.file_id, first, 5_000)
          expect(r1.generation).toBe(1)
          expect(r1.replaced_blob_keys).toEqual([])
          expect(r1.outputs.map((o) => [o.path, o.kind, o.generation, o.member_count, o.created_at])).toEqual([
            ["derived/book.xlsx", "derived_folder", 1, 5, 5_000],
            ["derived/book.xlsx.md", "derived_file", 1, 0, 5_000]
          ])
          expect((yield* s.listOutputs(t, w, f.file_id)).map((o) => o.output_id)).toEqual(r1.outputs.map((o) => o.output_id))
          const folder = first[1]
          const members = yield* s.listOutputMembers(t, w, folder.output_id, { offset: 1, limit: 3 })
          expect(members.total).toBe(5)
          expect(members.items.map((m) => m.file_name)).toEqual(["m001.csv", "m002.csv", "m003.csv"])
          expect((yield* s.listOutputMembers(t, w, folder.output_id, { offset: 10, limit: 3 })).items).toEqual([])
          expect((yield* s.listOutputMembers(t, randomUUID(), folder.output_id, { offset: 0, limit: 3 })).total).toBe(0)
          const found = Option.getOrThrow(yield* s.findOutputByPath(t, w, "derived/book.xlsx.md"))
          expect(found.file.file_id).toBe(f.file_id)
          expect(found.output.output_id).toBe(first[0].output_id)
          expect(Option.isNone(yield* s.findOutputByPath(t, randomUUID(), "derived/book.xlsx.md"))).toBe(true)
          expect(Option.getOrThrow(yield* s.getOutput(t, w, f.file_id, folder.output_id)).member_count).toBe(5)
          const second = [output("derived/book.xlsx.md")]
          const r2 = yield* s.replaceOutputs(t, w, f.file_id, second, 6_000)
          expect(r2.generation).toBe(2)
          expect([...r2.replaced_blob_keys].sort()).toEqual([first[0].blob_key!, ...folder.members.map((m) => m.blob_key)].sort())
          expect(Option.isNone(yield* s.getOutput(t, w, f.file_id, folder.output_id))).toBe(true)
          expect((yield* s.listOutputMembers(t, w, folder.output_id, { offset: 0, limit: 3 })).total).toBe(0)
          expect((yield* s.listOutputs(t, w, f.file_id)).map((o) => o.generation)).toEqual([2])
          expect(yield* Effect.flip(s.replaceOutputs(t, w, randomUUID(), [], 1))).toMatchObject({ _tag: "WorkspaceFileNotFound" })
        })))

    it("a delete takes versions, outputs and members with it, answers every blob key, and frees the path", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const f = yield* s.create(newFile(t, w, "gone.pdf"))
          yield* s.addVersion(t, w, f.file_id, { file_type: "x", size_bytes: 1, observed_hash: "h2", blob_key: "v2", at: 2_000 })
          const outs = [output("derived/gone.md"), output("derived/gone", 2)]
          yield* s.replaceOutputs(t, w, f.file_id, outs, 2_000)
          expect(Option.isNone(yield* s.delete("other", w, f.file_id))).toBe(true)
          const deleted = Option.getOrThrow(yield* s.delete(t, w, f.file_id))
          expect([...deleted.blob_keys].sort()).toEqual([f.blob_key, "v2", outs[0].blob_key!, ...outs[1].members.map((m) => m.blob_key)].sort())
          expect(Option.isNone(yield* s.get(t, w, f.file_id))).toBe(true)
          expect(Option.isNone(yield* s.listVersions(t, w, f.file_id, { limit: 5 }))).toBe(true)
          expect(yield* s.listOutputs(t, w, f.file_id)).toEqual([])
          expect((yield* s.listOutputMembers(t, w, outs[1].output_id, { offset: 0, limit: 5 })).total).toBe(0)
          expect(Option.isNone(yield* s.findOutputByPath(t, w, "derived/gone.md"))).toBe(true)
          expect(Option.isNone(yield* s.delete(t, w, f.file_id))).toBe(true)
          yield* s.create(newFile(t, w, "gone.pdf"))
        })))

    it("stats count every status, bytes, ingested pages, last ingestion and expiries", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const day = 86_400_000
          const a = yield* s.create(newFile(t, w, "a", { size_bytes: 10, at: 0 }))
          const b = yield* s.create(newFile(t, w, "b", { size_bytes: 20, at: 5 * day }))
          yield* s.create(newFile(t, w, "c", { size_bytes: 30, at: 9 * day }))
          yield* s.update(t, w, a.file_id, { ingestion_status: "ingested", ingested_hash: "h1", ingested_at: 2 * day, page_count: 7 }, 2 * day)
          yield* s.update(t, w, b.file_id, { ingestion_status: "failed", page_count: 99, ingested_at: 6 * day }, 6 * day)
          const none = yield* s.stats(t, w, { source_ttl_ms: null, derived_ttl_ms: null }, 10 * day, 7 * day)
          expect(none).toMatchObject({ files_total: 3, bytes_total: 60, pages_ingested: 7, last_ingestion_at: 6 * day, next_expiry_at: null, files_expiring_within: 0 })
          expect(none.files_by_ingestion_status).toEqual({ discovered: 1, queued: 0, ingesting: 0, ingested: 1, stale: 0, expired: 0, failed: 1, not_required: 0 })
          const kept = yield* s.stats(t, w, { source_ttl_ms: 30 * day, derived_ttl_ms: 10 * day }, 10 * day, 7 * day)
          // a's representations expire at day 12 (ingested day 2 + 10); sources at 30, 35, 39
          expect(kept.next_expiry_at).toBe(12 * day)
          expect(kept.files_expiring_within).toBe(1)
          const later = yield* s.stats(t, w, { source_ttl_ms: 30 * day, derived_ttl_ms: null }, 26 * day, 10 * day)
          expect(later.next_expiry_at).toBe(30 * day)
          expect(later.files_expiring_within).toBe(2)
          const empty = yield* s.stats(t, randomUUID(), { source_ttl_ms: 1, derived_ttl_ms: 1 }, 0, 1)
          expect(empty).toMatchObject({ files_total: 0, bytes_total: 0, pages_ingested: 0, last_ingestion_at: null, next_expiry_at: null })
        })))

    it("a workspace teardown deletes its files in bounded batches with their blob keys, and nothing of other workspaces", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const other = randomUUID()
          const kept = yield* s.create(newFile(t, other, "keep.txt"))
          const keys = new Set<string>()
          for (let i = 0; i < 5; i++) keys.add((yield* s.create(newFile(t, w, `f${i}.txt`))).blob_key)
          const first = yield* s.deleteWorkspace(t, w, 3)
          expect(first).toMatchObject({ deleted: 3, more: true })
          const second = yield* s.deleteWorkspace(t, w, 3)
          expect(second).toMatchObject({ deleted: 2, more: false })
          expect(new Set([...first.blob_keys, ...second.blob_keys])).toEqual(keys)
          expect((yield* s.list(t, w, { visible: "all", order: "path", limit: 10 })).total).toBe(0)
          expect(Option.isSome(yield* s.get(t, other, kept.file_id))).toBe(true)
          expect(yield* s.deleteWorkspace(t, w, 3)).toEqual({ deleted: 0, blob_keys: [], more: false })
        })))

    it("referencesLabel: any file of the tenant (any workspace) with that access label; not another tenant's", () =>
      run((s) =>
        Effect.gen(function*() {
          const { t, w } = scope()
          const other = scope()
          expect(yield* s.referencesLabel(t, "legal")).toBe(false)
          yield* s.create(newFile(other.t, other.w, "a.txt", { access_label: "legal" }))
          expect(yield* s.referencesLabel(t, "legal")).toBe(false)
          const f = yield* s.create(newFile(t, w, "a.txt", { access_label: "legal" }))
          expect(yield* s.referencesLabel(t, "legal")).toBe(true)
          expect(yield* s.referencesLabel(t, "hr")).toBe(false)
          yield* s.update(t, w, f.file_id, { access_label: "hr" }, 2_000)
          expect(yield* s.referencesLabel(t, "legal")).toBe(false)
          expect(yield* s.referencesLabel(t, "hr")).toBe(true)
          yield* s.delete(t, w, f.file_id)
          expect(yield* s.referencesLabel(t, "hr")).toBe(false)
        })))
  })
