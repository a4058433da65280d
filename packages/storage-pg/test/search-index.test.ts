/**
 * The search index on PostgreSQL beyond the conformance suite (run in `conformance.test.ts`): two
 * instances on one database, each its own pool and vector cache, see each other's writes on their
 * next call; parallel writers of one workspace keep the statistics' totals exact; a cache bound
 * below a workspace's size still answers exactly; a reset empties what the caches hold; migration
 * 23 fills the postings the caches load from for chunks indexed before it.
 */
import { Kernel, Workspaces } from "@docket/core"
import * as PgStorage from "@docket/storage-pg"
import { Effect, Layer, ManagedRuntime } from "effect"
import { randomUUID } from "node:crypto"
import { afterAll, describe, expect, it } from "vitest"
import { createTestDatabase, querySql } from "./support/database.js"

const db = await createTestDatabase()
afterAll(() => db.drop())

type Service = Workspaces.Search.SearchIndexService

/** an instance: a pool of its own (migrations applied), the index with a cache of its own */
const instance = (cacheBytes?: number) =>
  ManagedRuntime.make(
    Layer.mergeAll(PgStorage.PgSearchIndex.layerWith({ cacheBytes }), PgStorage.PgStorageAdmin.layer).pipe(
      Layer.provide(Layer.effectDiscard(PgStorage.PgMigrations.run)),
      Layer.provideMerge(PgStorage.clientLayer({ url: db.url, maxConnections: 4 }))
    )
  )

const using = async <A>(rt: ReturnType<typeof instance>, f: (s: Service) => Effect.Effect<A, unknown>): Promise<A> =>
  rt.runPromise(Effect.flatMap(Workspaces.Search.SearchIndex, f))

const vec = (...xs: ReadonlyArray<number>) => {
  const n = Math.hypot(...xs)
  return Float32Array.from(xs, (x) => x / n)
}

const chunk = (fileId: string, path: string, i: number, words: string, vector: Float32Array | null, label: string | null = null): Workspaces.Search.IndexedChunk => {
  const terms: Record<string, number> = {}
  for (const w of words.split(" ")) terms[w] = (terms[w] ?? 0) + 1
  return {
    file_id: fileId,
    chunk_index: i,
    path,
    access_label: label,
    category: null,
    component: null,
    locator: { kind: "text", page: null, char_start: 0, char_end: words.length },
    title: "",
    text: words,
    terms: { title: {}, text: terms },
    length: { title: 0, text: words.split(" ").length },
    vector
  }
}

const everyone: Workspaces.Search.SearchScope = { visible: "all" }

/** a postings column's flat triples as sorted [term, tf_title, tf_text] */
const outsider: Workspaces.Search.SearchScope = { visible: [] }

describe("SearchIndex (pg): two instances on one database", () => {
  it("a replace (also under another label and path) or remove through one is seen by keyword and nearest through the other on its next call", async () => {
    const a = instance()
    const b = instance()
    try {
      const t = `tenant_${randomUUID()}`
      const w = randomUUID()
      const f = randomUUID()
      const g = randomUUID()
      const q = vec(1, 0, 0)
      await using(a, (s) => s.replaceFile(t, w, f, [chunk(f, "a.md", 0, "alpha beta", vec(1, 0, 0)), chunk(f, "a.md", 1, "alpha", vec(0, 1, 0))], "m"))
      // b's cache is filled here and must follow every later write of a
      const first = await using(b, (s) => s.nearest(t, w, q, 10, everyone))
      expect(first.hits.map((h) => `${h.chunk.path}#${h.chunk.chunk_index}`)).toEqual(["a.md#0", "a.md#1"])
      expect((await using(b, (s) => s.keyword(t, w, ["alpha"], everyone, 1000))).candidates).toHaveLength(2)

      await using(a, (s) => s.replaceFile(t, w, f, [chunk(f, "a.md", 0, "gamma", vec(0, 0, 1))], "m"))
      await using(a, (s) => s.replaceFile(t, w, g, [chunk(g, "b.md", 0, "alpha gamma", vec(1, 0.1, 0))], "m"))
      const replaced = await using(b, (s) => s.nearest(t, w, q, 10, everyone))
      expect(replaced.hits.map((h) => [h.chunk.path, h.chunk.text])).toEqual([["b.md", "alpha gamma"], ["a.md", "gamma"]])
      const kw = await using(b, (s) => s.keyword(t, w, ["alpha"], everyone, 1000))
      expect(kw.candidates.map((c) => c.chunk.path)).toEqual(["b.md"])
      expect([kw.stats.documentCount, kw.stats.documentFrequency.get("alpha")]).toEqual([2, 1])

      // g indexed again under another label, category and path (its next version)
      await using(a, (s) => s.replaceFile(t, w, g, [{ ...chunk(g, "hr/b.md", 0, "alpha gamma", vec(1, 0.1, 0), "hr"), category: "x/y" }], "m"))
      const hidden = await using(b, (s) => s.nearest(t, w, q, 10, outsider))
      expect(hidden.hits.map((h) => h.chunk.path)).toEqual(["a.md"])
      expect(hidden.withheld).toEqual({ count: 1, labels: ["hr"] })
      const hr = await using(b, (s) => s.nearest(t, w, q, 10, { visible: ["hr"], path_prefix: "hr/" }))
      expect(hr.hits.map((h) => [h.chunk.path, h.chunk.access_label, h.chunk.category])).toEqual([["hr/b.md", "hr", "x/y"]])
      const kwHidden = await using(b, (s) => s.keyword(t, w, ["gamma"], outsider, 1000))
      expect([kwHidden.candidates.length, kwHidden.withheld.count, kwHidden.stats.documentCount]).toEqual([1, 1, 1])

      await using(a, (s) => s.removeFile(t, w, f))
      const removed = await using(b, (s) => s.nearest(t, w, q, 10, everyone))
      expect(removed.hits.map((h) => h.chunk.path)).toEqual(["hr/b.md"])
      expect(removed.seen).toBe(1)
      const kwRemoved = await using(b, (s) => s.keyword(t, w, ["gamma"], { visible: ["hr"] }, 1000))
      expect(kwRemoved.candidates.map((c) => [c.chunk.path, c.chunk.access_label, c.chunk.category])).toEqual([["hr/b.md", "hr", "x/y"]])
      expect([kwRemoved.stats.documentCount, kwRemoved.stats.documentFrequency.get("gamma"), kwRemoved.seen]).toEqual([1, 1, 1])

      // removed and indexed again: b reloads the new workspace whole, nothing of the old one
      await using(a, (s) => s.removeWorkspace(t, w))
      expect((await using(b, (s) => s.nearest(t, w, q, 10, everyone))).hits).toEqual([])
      expect((await using(b, (s) => s.keyword(t, w, ["gamma"], everyone, 1000))).candidates).toEqual([])
      await using(a, (s) => s.replaceFile(t, w, f, [chunk(f, "new.md", 0, "delta", vec(1, 0, 0))], null))
      // keyword first this time: it alone brings b's cache to the new workspace
      const kwAgain = await using(b, (s) => s.keyword(t, w, ["delta", "gamma"], everyone, 1000))
      expect([kwAgain.candidates.map((c) => c.chunk.path), kwAgain.stats.documentCount]).toEqual([["new.md"], 1])
      const again = await using(b, (s) => s.nearest(t, w, q, 10, everyone))
      expect(again.hits.map((h) => h.chunk.path)).toEqual(["new.md"])
      expect(await using(b, (s) => s.status(t, w))).toEqual({ indexed: true, files: 1, chunks: 1, model: null })
    } finally {
      await a.dispose()
      await b.dispose()
    }
  })

  it("a reset through one instance empties what the other's cache held", async () => {
    const a = instance()
    const b = instance()
    try {
      const t = `tenant_${randomUUID()}`
      const w = randomUUID()
      const f = randomUUID()
      await using(a, (s) => s.replaceFile(t, w, f, [chunk(f, "a.md", 0, "alpha", vec(1, 0))], null))
      expect((await using(b, (s) => s.nearest(t, w, vec(1, 0), 5, everyone))).hits).toHaveLength(1)
      await a.runPromise(Effect.flatMap(Kernel.StorageAdmin, (admin) => admin.reset))
      expect((await using(b, (s) => s.nearest(t, w, vec(1, 0), 5, everyone))).hits).toEqual([])
      const kw = await using(b, (s) => s.keyword(t, w, ["alpha"], everyone, 5))
      expect([kw.candidates, kw.seen, kw.stats.documentCount]).toEqual([[], 0, 0])
      // indexed again after the reset: the new chunk, not the cached one
      await using(a, (s) => s.replaceFile(t, w, f, [chunk(f, "b.md", 0, "beta", vec(0, 1))], null))
      expect((await using(b, (s) => s.nearest(t, w, vec(1, 0), 5, everyone))).hits.map((h) => h.chunk.path)).toEqual(["b.md"])
    } finally {
      await a.dispose()
      await b.dispose()
    }
  })
})

describe("SearchIndex (pg): writers and the cache bound", () => {
  it("parallel replaceFile of many files from two instances leaves every total and frequency exact", async () => {
    const a = instance()
    const b = instance()
    try {
      const t = `tenant_${randomUUID()}`
      const w = randomUUID()
      const ids = Array.from({ length: 24 }, () => randomUUID())
      const write = (rt: ReturnType<typeof instance>, i: number, round: number) =>
        using(rt, (s) =>
          s.replaceFile(t, w, ids[i]!, Array.from({ length: 1 + ((i + round) % 3) }, (_, c) =>
            chunk(ids[i]!, `f${i}.md`, c, `common shared word${i} round${round}`, vec(1, i, c), i % 4 === 0 ? "hr" : null)), null))
      // each file written twice, by both instances at once, interleaved with the other files
      await Promise.all(ids.flatMap((_, i) => [write(i % 2 === 0 ? a : b, i, 0), write(i % 2 === 0 ? b : a, i, 1)]))
      const status = await using(a, (s) => s.status(t, w))
      const k = await using(b, (s) => s.keyword(t, w, ["common"], everyone, 1000))
      // whichever round landed last for each file, the totals are of what is stored
      expect(k.candidates.length).toBe(status.chunks)
      expect([k.stats.documentCount, k.stats.documentFrequency.get("common")]).toEqual([status.chunks, status.chunks])
      const hidden = k.candidates.filter((c) => c.chunk.access_label === "hr").length
      const o = await using(a, (s) => s.keyword(t, w, ["common"], outsider, 1000))
      expect([o.stats.documentCount, o.stats.documentFrequency.get("common"), o.withheld.count]).toEqual([status.chunks - hidden, status.chunks - hidden, hidden])
      expect(status.files).toBe(24)
      // the table holds exactly the rows of the stored chunks
      const [rows] = await querySql<{ n: string }>(db.url, `
        SELECT count(*) AS n FROM docket_search_chunks c JOIN docket_search_workspaces s ON s.wid = c.wid WHERE s.tenant_id = $1`, [t])
      expect(Number(rows!.n)).toBe(status.chunks)
      expect((await using(a, (s) => s.nearest(t, w, vec(1, 1, 1), 1000, everyone))).hits).toHaveLength(status.chunks)
    } finally {
      await a.dispose()
      await b.dispose()
    }
  })

  it("a workspace larger than the cache bound, read in several pages, is still ranked exactly", async () => {
    // a bound of one byte: nothing is kept, every call loads the workspace
    const small = instance(1)
    const big = instance()
    try {
      const t = `tenant_${randomUUID()}`
      const w = randomUUID()
      // more chunks than one catch-up page holds
      const files = Array.from({ length: 6 }, () => randomUUID())
      for (const [n, f] of files.entries()) {
        await using(big, (s) =>
          s.replaceFile(t, w, f, Array.from({ length: 1200 }, (_, i) => chunk(f, `f${n}.md`, i, `w${i % 7}`, vec(Math.cos((n * 1200 + i) / 5000), Math.sin((n * 1200 + i) / 5000)))), null))
      }
      const q = vec(1, 0)
      const expected = await using(big, (s) => s.nearest(t, w, q, 25, everyone))
      const got = await using(small, (s) => s.nearest(t, w, q, 25, everyone))
      expect(got.hits.map((h) => [h.chunk.path, h.chunk.chunk_index])).toEqual(expected.hits.map((h) => [h.chunk.path, h.chunk.chunk_index]))
      expect(got.hits[0]!.chunk).toMatchObject({ path: "f0.md", chunk_index: 0 })
      expect([got.seen, expected.seen]).toEqual([7200, 7200])
      const kwExpected = await using(big, (s) => s.keyword(t, w, ["w3", "w5"], everyone, 40))
      const kwGot = await using(small, (s) => s.keyword(t, w, ["w3", "w5"], everyone, 40))
      expect(kwGot.candidates.map((c) => [c.chunk.path, c.chunk.chunk_index])).toEqual(kwExpected.candidates.map((c) => [c.chunk.path, c.chunk.chunk_index]))
      expect([kwGot.seen, kwGot.stats, kwGot.candidates.length]).toEqual([kwExpected.seen, kwExpected.stats, 40])
      expect(kwGot.stats.documentCount).toBe(7200)
    } finally {
      await small.dispose()
      await big.dispose()
    }
  }, 60_000)
})

describe("SearchIndex (pg): migration 30", () => {
  it("drops the tables nothing read and keeps every chunk: a fresh instance ranks as before", async () => {
    const rt = instance()
    try {
      const t = `tenant_${randomUUID()}`
      const w = randomUUID()
      const f = randomUUID()
      await using(rt, (s) => s.replaceFile(t, w, f, [chunk(f, "a.md", 0, "lease lease rent", vec(1, 0)), chunk(f, "a.md", 1, "rent", vec(0, 1))], null))
      const want = await using(rt, (s) => s.keyword(t, w, ["lease", "rent"], everyone, 10))
      // the database as before migration 30 (the three tables and the files' term lists), then the migration alone
      for (
        const ddl of [
          `CREATE TABLE docket_search_postings (wid bigint, term text, fid bigint, chunk_index int, tf_title int, tf_text int)`,
          `CREATE TABLE docket_search_label_totals (wid bigint, label text, chunks bigint, len_title bigint, len_text bigint)`,
          `CREATE TABLE docket_search_term_df (wid bigint, term text, label text, df bigint)`,
          `ALTER TABLE docket_search_files ADD COLUMN terms text[] NOT NULL DEFAULT '{}'`
        ]
      ) await querySql(db.url, ddl, [])
      await Effect.runPromise(PgStorage.PgMigrations.migrations["30_search_statistics_in_cache"]!.pipe(Effect.provide(PgStorage.clientLayer({ url: db.url })), Effect.scoped))
      const [left] = await querySql<{ tables: string; columns: string }>(db.url, `
        SELECT (SELECT count(*) FROM information_schema.tables WHERE table_name IN ('docket_search_postings', 'docket_search_label_totals', 'docket_search_term_df')) AS tables,
               (SELECT count(*) FROM information_schema.columns WHERE table_name = 'docket_search_files' AND column_name = 'terms') AS columns`, [])
      expect([Number(left!.tables), Number(left!.columns)]).toEqual([0, 0])
      const fresh = instance()
      try {
        const got = await using(fresh, (s) => s.keyword(t, w, ["lease", "rent"], everyone, 10))
        expect(got.candidates).toEqual(want.candidates)
        expect(got.stats).toEqual(want.stats)
        // and writes go on without them
        await using(fresh, (s) => s.replaceFile(t, w, f, [chunk(f, "a.md", 0, "rent", vec(1, 0))], null))
        expect((await using(fresh, (s) => s.status(t, w))).chunks).toBe(1)
      } finally {
        await fresh.dispose()
      }
    } finally {
      await rt.dispose()
    }
  })
})
