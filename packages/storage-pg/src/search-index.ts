/**
 * The search index on PostgreSQL (tables of migration 20; the port's rules in core's
 * `workspaces/search/search-index.ts`).
 *
 * Writes: every write of a workspace first locks its row in `docket_search_workspaces` and bumps
 * its change counter `seq`, so writers of one workspace run one after another (no deadlock, no
 * lost update; writers of different workspaces never meet; within a process, in call order), and a file's chunks, postings, label
 * totals and document frequencies change in that one transaction: a reader sees the old file or
 * the new one. Label totals and frequencies change by the net difference of old and new chunks.
 *
 * `keyword` and `nearest` rank in this process on a cache per workspace: core's `KeywordScan`
 * (postings, label totals; the best `limit` by BM25F with the statistics) and core's `VectorScan`
 * (exact up to its `APPROXIMATE_FROM` rows, a reduced first pass and exact re-ranking beyond), with
 * each file's path, label and category. Before each call the cache catches up: one indexed query
 * reads the files whose `seq` passed the cache's (tombstones included) with their chunks' vectors
 * and postings (`docket_search_chunks.postings`, migration 23), in pages of `PAGE_CHUNKS` chunks; a
 * workspace removed and indexed again has a new `wid` and is reloaded whole. Catching up and
 * ranking run under the cache's lock, ranking synchronously, so a ranking and its statistics are of
 * one committed state. `keyword` needs nothing more (its candidates carry no text: `chunks` reads
 * the hits shown); `nearest` then reads its hits' text, checked to be of the same version of the
 * file (`content_seq`); a file replaced in between makes the call start again. So two instances on
 * one database see each other's writes on their next call.
 *
 * The cache is bounded by `cacheBytes` (default 512 MiB, about 120k chunks of 512-d vectors and
 * ~100 distinct terms each): past it the least recently searched workspaces are dropped; a
 * workspace larger than the whole budget is loaded for each call and not kept (correct, slow).
 * `removeWorkspace` drops its entry.
 */
import { Kernel, Workspaces } from "@docket/core"
import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Layer } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

type ChunkRef = Workspaces.Search.ChunkRef
type IndexedChunk = Workspaces.Search.IndexedChunk
type SearchScope = Workspaces.Search.SearchScope
type VisibleLabels = Workspaces.Files.VisibleLabels

/** the default bound of the search cache (vectors and postings), bytes */
export const DEFAULT_CACHE_BYTES = 512 * 2 ** 20
/** chunks read per catch-up query (a page of 512-d vectors is about 10 MB) */
const PAGE_CHUNKS = 5000
/** what a cached file costs beside its rows (its metadata object and strings) */
const FILE_OVERHEAD = 300
/** times `nearest` starts again when a hit's file changed between ranking and reading its text */
const RETRIES = 5
/** this process's write locks (workspaces hashed onto them) */
const WRITE_LOCKS = 64

export interface PgSearchIndexOptions {
  /** bound of this process's search cache (vectors and postings), bytes; default `DEFAULT_CACHE_BYTES` */
  readonly cacheBytes?: number | undefined
}

/** a label as the totals tables key it ('' for none: label names are never empty) */
const labelKey = (label: string | null) => label ?? ""

const withheldOf = (labels: ReadonlyArray<string | null>): Workspaces.Files.Withheld => ({
  count: labels.length,
  labels: [...new Set(labels.filter((l): l is string => l !== null))].sort(Workspaces.Files.compareCodePoints)
})

/** a vector as stored: Float32 little-endian */
const vectorBytes = (v: Float32Array): Buffer => {
  const out = Buffer.alloc(v.length * 4)
  for (let i = 0; i < v.length; i++) out.writeFloatLE(v[i]!, i * 4)
  return out
}

const vectorOf = (b: Uint8Array): Float32Array => {
  const n = b.byteLength >> 2
  const out = new Float32Array(n)
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength)
  for (let i = 0; i < n; i++) out[i] = view.getFloat32(i * 4, true)
  return out
}

/** the distinct terms of a chunk across its fields */
const termsOfChunk = (c: IndexedChunk): Set<string> => {
  const out = new Set<string>()
  for (const f of ["title", "text"] as const) for (const [term, tf] of Object.entries(c.terms[f])) if (tf > 0) out.add(term)
  return out
}

// ---------------------------------------------------------------------------------------------
// the net change of the statistics a write makes

class StatsDelta {
  readonly totals = new Map<string, { chunks: number; title: number; text: number }>()
  readonly df = new Map<string, number>()

  chunk(label: string | null, lenTitle: number, lenText: number, terms: Iterable<string>, sign: 1 | -1) {
    const key = labelKey(label)
    const t = this.totals.get(key) ?? { chunks: 0, title: 0, text: 0 }
    t.chunks += sign
    t.title += sign * lenTitle
    t.text += sign * lenText
    this.totals.set(key, t)
    for (const term of terms) {
      // term and label joined by a character neither holds (terms are analyzed words)
      const k = `${key}\u0001${term}`
      this.df.set(k, (this.df.get(k) ?? 0) + sign)
    }
  }
}

// ---------------------------------------------------------------------------------------------
// the search cache

/** what the scans hold of a cached file */
interface CachedFile {
  readonly fid: string
  readonly file_id: string
  readonly path: string
  readonly access_label: string | null
  readonly category: string | null
  /** the version of its chunks (a hit's text is checked to be of it) */
  readonly content_seq: number
}

interface WorkspaceCache {
  wid: string | null
  seq: number
  readonly scan: Workspaces.Search.VectorScan<CachedFile>
  readonly keywords: Workspaces.Search.KeywordScan<CachedFile>
  /** files held, with or without vectors */
  files: number
  bytes: number
  lastUsed: number
  readonly lock: Effect.Semaphore
}

interface CatchUpRow {
  readonly wid: string
  readonly ws_seq: string
  readonly fid: string | null
  readonly file_id: string | null
  readonly seq: string | null
  readonly content_seq: string | null
  readonly pending: string
  readonly in_page: string
  readonly chunk_index: number | null
  readonly path: string | null
  readonly access_label: string | null
  readonly category: string | null
  readonly vector: Buffer | null
  readonly len_title: number | null
  readonly len_text: number | null
  readonly postings: string | null
}

// ---------------------------------------------------------------------------------------------

const build = (sql: SqlClient.SqlClient, options: GuardOptions, cacheBytes: number) => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "SearchIndex", cause }))
  const caches = new Map<string, WorkspaceCache>()
  const cacheKey = (t: string, w: string) => `${t}\u0000${w}`
  // This process's writes of a workspace go one at a time, in the order they were called (the
  // semaphores are FIFO), so of two writes called one after the other here the later one wins, as
  // in memory; across instances the workspace row's lock orders them. Striped: a fixed number of
  // locks, whatever the number of workspaces.
  const writeLocks = Array.from({ length: WRITE_LOCKS }, () => Effect.unsafeMakeSemaphore(1))
  const writing = (t: string, w: string) => {
    let h = 0
    for (const ch of cacheKey(t, w)) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0
    return writeLocks[(h >>> 0) % WRITE_LOCKS]!.withPermits(1)
  }

  const visibleClause = (visible: VisibleLabels): Statement.Fragment =>
    visible === "all"
      ? sql`true`
      : visible.length === 0
      ? sql`c.access_label IS NULL`
      : sql`(c.access_label IS NULL OR c.access_label IN ${sql.in(visible)})`

  /** locks the workspace's row (creating it when `create`), bumps its change counter: its wid and new seq */
  const lockWorkspace = (t: string, w: string, create: boolean, model: string | null = null) =>
    create
      ? sql<{ readonly wid: string; readonly seq: string }>`
          INSERT INTO docket_search_workspaces (tenant_id, workspace_id, seq, model) VALUES (${t}, ${w}, 1, ${model})
          ON CONFLICT (tenant_id, workspace_id) DO UPDATE
            SET seq = docket_search_workspaces.seq + 1, model = COALESCE(EXCLUDED.model, docket_search_workspaces.model)
          RETURNING wid, seq`
      : sql<{ readonly wid: string; readonly seq: string }>`
          UPDATE docket_search_workspaces SET seq = seq + 1 WHERE tenant_id = ${t} AND workspace_id = ${w} RETURNING wid, seq`

  interface OldFile {
    readonly fid: string
    readonly chunks: number
  }

  /** deletes a file's chunks and postings, recording in `delta` what they counted; its row stays */
  const dropChunks = (wid: string, fileId: string, delta: StatsDelta) =>
    Effect.gen(function*() {
      const rows = yield* sql<{ readonly fid: string; readonly chunks: number; readonly terms: ReadonlyArray<string> }>`
        SELECT fid, chunks, terms FROM docket_search_files WHERE wid = ${wid} AND file_id = ${fileId}`
      const old = rows[0]
      if (old === undefined) return undefined
      if (old.chunks > 0) {
        const postings = yield* sql<{ readonly term: string; readonly chunk_index: number }>`
          DELETE FROM docket_search_postings WHERE wid = ${wid} AND term = ANY(${old.terms}::text[]) AND fid = ${old.fid}
          RETURNING term, chunk_index`
        const chunks = yield* sql<{ readonly chunk_index: number; readonly access_label: string | null; readonly len_title: number; readonly len_text: number }>`
          DELETE FROM docket_search_chunks WHERE wid = ${wid} AND fid = ${old.fid} RETURNING chunk_index, access_label, len_title, len_text`
        const termsByChunk = groupTerms(postings)
        for (const c of chunks) delta.chunk(c.access_label, c.len_title, c.len_text, termsByChunk.get(c.chunk_index) ?? [], -1)
      }
      return { fid: old.fid, chunks: old.chunks } satisfies OldFile
    })

  /** applies the net change of the statistics, in key order */
  const applyDelta = (wid: string, delta: StatsDelta) =>
    Effect.gen(function*() {
      const totals = [...delta.totals].filter(([, d]) => d.chunks !== 0 || d.title !== 0 || d.text !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      if (totals.length > 0) {
        yield* sql`
          INSERT INTO docket_search_label_totals (wid, label, chunks, len_title, len_text)
          SELECT ${wid}, * FROM unnest(${totals.map(([l]) => l)}::text[], ${totals.map(([, d]) => d.chunks)}::bigint[],
            ${totals.map(([, d]) => d.title)}::bigint[], ${totals.map(([, d]) => d.text)}::bigint[])
          ON CONFLICT (wid, label) DO UPDATE SET chunks = docket_search_label_totals.chunks + EXCLUDED.chunks,
            len_title = docket_search_label_totals.len_title + EXCLUDED.len_title, len_text = docket_search_label_totals.len_text + EXCLUDED.len_text`
        const emptied = totals.filter(([, d]) => d.chunks < 0).map(([l]) => l)
        if (emptied.length > 0) yield* sql`DELETE FROM docket_search_label_totals WHERE wid = ${wid} AND label = ANY(${emptied}::text[]) AND chunks <= 0`
      }
      const df = [...delta.df].filter(([, d]) => d !== 0).map(([k, d]) => {
        const at = k.indexOf("\u0001")
        return { label: k.slice(0, at), term: k.slice(at + 1), d }
      }).sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
      if (df.length > 0) {
        yield* sql`
          INSERT INTO docket_search_term_df (wid, term, label, df)
          SELECT ${wid}, * FROM unnest(${df.map((x) => x.term)}::text[], ${df.map((x) => x.label)}::text[], ${df.map((x) => x.d)}::bigint[])
          ON CONFLICT (wid, term, label) DO UPDATE SET df = docket_search_term_df.df + EXCLUDED.df`
        const fallen = df.filter((x) => x.d < 0)
        if (fallen.length > 0) {
          yield* sql`
            DELETE FROM docket_search_term_df d USING unnest(${fallen.map((x) => x.term)}::text[], ${fallen.map((x) => x.label)}::text[]) AS u(term, label)
            WHERE d.wid = ${wid} AND d.term = u.term AND d.label = u.label AND d.df <= 0`
        }
      }
    })

  const insertChunks = (wid: string, fid: string, chunks: ReadonlyArray<IndexedChunk>) =>
    Effect.gen(function*() {
      yield* sql`
        INSERT INTO docket_search_chunks (wid, fid, chunk_index, file_id, path, access_label, category, component, locator, title, body,
          len_title, len_text, vector, postings)
        SELECT ${wid}, ${fid}, * FROM unnest(${chunks.map((c) => c.chunk_index)}::int[], ${chunks.map((c) => c.file_id)}::text[],
          ${chunks.map((c) => c.path)}::text[], ${chunks.map((c) => c.access_label)}::text[], ${chunks.map((c) => c.category)}::text[],
          ${chunks.map((c) => c.component)}::text[], ${chunks.map((c) => JSON.stringify(c.locator))}::text[], ${chunks.map((c) => c.title)}::text[],
          ${chunks.map((c) => c.text)}::text[], ${chunks.map((c) => c.length.title)}::int[], ${chunks.map((c) => c.length.text)}::int[],
          ${chunks.map((c) => (c.vector === null ? null : vectorBytes(c.vector)))}::bytea[],
          ${chunks.map((c) => JSON.stringify(Workspaces.Search.postingsOf(c.terms)))}::text[])`
      const terms: Array<string> = []
      const index: Array<number> = []
      const tfTitle: Array<number> = []
      const tfText: Array<number> = []
      for (const c of chunks) {
        for (const term of termsOfChunk(c)) {
          terms.push(term)
          index.push(c.chunk_index)
          tfTitle.push(c.terms.title[term] ?? 0)
          tfText.push(c.terms.text[term] ?? 0)
        }
      }
      // in batches: one statement's parameters stay small whatever the file's size
      for (let i = 0; i < terms.length; i += 20_000) {
        yield* sql`
          INSERT INTO docket_search_postings (wid, term, fid, chunk_index, tf_title, tf_text)
          SELECT ${wid}, u.term, ${fid}, u.chunk_index, u.tf_title, u.tf_text
          FROM unnest(${terms.slice(i, i + 20_000)}::text[], ${index.slice(i, i + 20_000)}::int[], ${tfTitle.slice(i, i + 20_000)}::int[],
            ${tfText.slice(i, i + 20_000)}::int[]) AS u(term, chunk_index, tf_title, tf_text)`
      }
    })

  const replaceFile: Workspaces.Search.SearchIndexService["replaceFile"] = (t, w, fileId, chunks, model) =>
    writing(t, w)(run(sql.withTransaction(Effect.gen(function*() {
      const [ws] = yield* lockWorkspace(t, w, true, model)
      const delta = new StatsDelta()
      const old = yield* dropChunks(ws!.wid, fileId, delta)
      const distinct = new Set<string>()
      for (const c of chunks) {
        const terms = termsOfChunk(c)
        for (const term of terms) distinct.add(term)
        delta.chunk(c.access_label, c.length.title, c.length.text, terms, 1)
      }
      const file = yield* sql<{ readonly fid: string }>`
        INSERT INTO docket_search_files (wid, file_id, seq, content_seq, chunks, terms)
        VALUES (${ws!.wid}, ${fileId}, ${ws!.seq}, ${ws!.seq}, ${chunks.length}, ${[...distinct]}::text[])
        ON CONFLICT (wid, file_id) DO UPDATE SET seq = EXCLUDED.seq, content_seq = EXCLUDED.content_seq, chunks = EXCLUDED.chunks, terms = EXCLUDED.terms
        RETURNING fid`
      if (chunks.length > 0) yield* insertChunks(ws!.wid, file[0]!.fid, chunks)
      yield* applyDelta(ws!.wid, delta)
      const oldChunks = old?.chunks ?? 0
      yield* sql`
        UPDATE docket_search_workspaces SET files = files + ${(chunks.length > 0 ? 1 : 0) - (oldChunks > 0 ? 1 : 0)},
          chunks = chunks + ${chunks.length - oldChunks}
        WHERE wid = ${ws!.wid}`
    }))))

  const removeFile: Workspaces.Search.SearchIndexService["removeFile"] = (t, w, fileId) =>
    writing(t, w)(run(sql.withTransaction(Effect.gen(function*() {
      const [ws] = yield* lockWorkspace(t, w, false)
      if (ws === undefined) return
      const delta = new StatsDelta()
      const old = yield* dropChunks(ws.wid, fileId, delta)
      if (old === undefined || old.chunks === 0) return
      // the row stays as a tombstone: a cache catching up learns the file is gone
      yield* sql`UPDATE docket_search_files SET seq = ${ws.seq}, content_seq = ${ws.seq}, chunks = 0, terms = '{}' WHERE wid = ${ws.wid} AND fid = ${old.fid}`
      yield* applyDelta(ws.wid, delta)
      yield* sql`UPDATE docket_search_workspaces SET files = files - 1, chunks = chunks - ${old.chunks} WHERE wid = ${ws.wid}`
    }))))

  const relabelFile: Workspaces.Search.SearchIndexService["relabelFile"] = (t, w, fileId, file) =>
    writing(t, w)(run(sql.withTransaction(Effect.gen(function*() {
      const [ws] = yield* lockWorkspace(t, w, false)
      if (ws === undefined) return
      const rows = yield* sql<{ readonly fid: string; readonly chunks: number; readonly terms: ReadonlyArray<string> }>`
        SELECT fid, chunks, terms FROM docket_search_files WHERE wid = ${ws.wid} AND file_id = ${fileId}`
      const f = rows[0]
      if (f === undefined || f.chunks === 0) return
      const postings = yield* sql<{ readonly term: string; readonly chunk_index: number }>`
        SELECT term, chunk_index FROM docket_search_postings WHERE wid = ${ws.wid} AND term = ANY(${f.terms}::text[]) AND fid = ${f.fid}`
      const old = yield* sql<{ readonly chunk_index: number; readonly access_label: string | null; readonly len_title: number; readonly len_text: number }>`
        SELECT chunk_index, access_label, len_title, len_text FROM docket_search_chunks WHERE wid = ${ws.wid} AND fid = ${f.fid}`
      const delta = new StatsDelta()
      const termsByChunk = groupTerms(postings)
      for (const c of old) {
        const terms = termsByChunk.get(c.chunk_index) ?? []
        delta.chunk(c.access_label, c.len_title, c.len_text, terms, -1)
        delta.chunk(file.access_label, c.len_title, c.len_text, terms, 1)
      }
      yield* sql`
        UPDATE docket_search_chunks SET access_label = ${file.access_label}, category = ${file.category}, path = ${file.path}
        WHERE wid = ${ws.wid} AND fid = ${f.fid}`
      yield* sql`UPDATE docket_search_files SET seq = ${ws.seq} WHERE wid = ${ws.wid} AND fid = ${f.fid}`
      yield* applyDelta(ws.wid, delta)
    }))))

  const removeWorkspace: Workspaces.Search.SearchIndexService["removeWorkspace"] = (t, w) =>
    writing(t, w)(run(sql.withTransaction(Effect.gen(function*() {
      const rows = yield* sql<{ readonly wid: string }>`
        DELETE FROM docket_search_workspaces WHERE tenant_id = ${t} AND workspace_id = ${w} RETURNING wid`
      const wid = rows[0]?.wid
      if (wid === undefined) return
      for (const table of ["docket_search_files", "docket_search_chunks", "docket_search_postings", "docket_search_label_totals", "docket_search_term_df"]) {
        yield* sql`DELETE FROM ${sql(table)} WHERE wid = ${wid}`
      }
    })))).pipe(Effect.ensuring(Effect.sync(() => void caches.delete(cacheKey(t, w)))))

  const status: Workspaces.Search.SearchIndexService["status"] = (t, w) =>
    run(sql<{ readonly model: string | null; readonly files: number; readonly chunks: number }>`
      SELECT model, files, chunks FROM docket_search_workspaces WHERE tenant_id = ${t} AND workspace_id = ${w}`).pipe(
      Effect.map((rows) => {
        const r = rows[0]
        return r === undefined ? { indexed: false, files: 0, chunks: 0, model: null } : { indexed: true, files: r.files, chunks: r.chunks, model: r.model }
      })
    )

  interface ChunkRow {
    readonly file_id: string
    readonly chunk_index: number
    readonly path: string
    readonly access_label: string | null
    readonly category: string | null
    readonly component: string | null
    readonly locator: string
    readonly title: string
    readonly body: string
  }

  const chunks: Workspaces.Search.SearchIndexService["chunks"] = (t, w, keys, visible) =>
    keys.length === 0 ? Effect.succeed([]) : run(sql<ChunkRow>`
      SELECT c.file_id, c.chunk_index, c.path, c.access_label, c.category, c.component, c.locator, c.title, c.body
      FROM unnest(${keys.map((k) => k.file_id)}::text[], ${keys.map((k) => k.chunk_index)}::int[]) WITH ORDINALITY AS u(file_id, chunk_index, ord)
      JOIN docket_search_workspaces ws ON ws.tenant_id = ${t} AND ws.workspace_id = ${w}
      JOIN docket_search_files f ON f.wid = ws.wid AND f.file_id = u.file_id
      JOIN docket_search_chunks c ON c.wid = f.wid AND c.fid = f.fid AND c.chunk_index = u.chunk_index
      WHERE ${visibleClause(visible)}
      ORDER BY u.ord`).pipe(Effect.map((rows) =>
      rows.map((r): ChunkRef => ({
        file_id: r.file_id,
        chunk_index: r.chunk_index,
        path: r.path,
        access_label: r.access_label,
        category: r.category,
        component: r.component,
        locator: JSON.parse(r.locator) as ChunkRef["locator"],
        title: r.title,
        text: r.body
      }))
    ))

  // -------------------------------------------------------------------------------------------
  // the search cache

  const newCache = (): WorkspaceCache => ({
    wid: null,
    seq: 0,
    scan: new Workspaces.Search.VectorScan(),
    keywords: new Workspaces.Search.KeywordScan(),
    files: 0,
    bytes: 0,
    lastUsed: 0,
    lock: Effect.unsafeMakeSemaphore(1)
  })
  const resetCache = (cache: WorkspaceCache) => {
    cache.scan.clear()
    cache.keywords.clear()
    cache.files = 0
    cache.bytes = 0
  }

  /** one page of what changed since the cache's seq: false when the workspace is not indexed */
  const catchUpPage = (t: string, w: string, cache: WorkspaceCache) =>
    Effect.gen(function*() {
      const rows = yield* run(sql<CatchUpRow>`
        WITH ws AS (SELECT wid, seq FROM docket_search_workspaces WHERE tenant_id = ${t} AND workspace_id = ${w}),
        changed AS (
          SELECT f.fid, f.file_id, f.seq, f.content_seq, f.chunks, sum(f.chunks) OVER (ORDER BY f.seq, f.fid) AS upto
          FROM docket_search_files f, ws
          WHERE f.wid = ws.wid AND f.seq > CASE WHEN ws.wid = ${cache.wid ?? "0"}::bigint THEN ${cache.seq}::bigint ELSE 0 END
        ),
        page AS (SELECT * FROM changed WHERE upto - chunks < ${PAGE_CHUNKS})
        SELECT ws.wid, ws.seq AS ws_seq, (SELECT count(*) FROM changed) AS pending, (SELECT count(*) FROM page) AS in_page,
          page.fid, page.file_id, page.seq, page.content_seq, c.chunk_index, c.path, c.access_label, c.category, c.vector,
          c.len_title, c.len_text, c.postings
        FROM ws LEFT JOIN page ON true LEFT JOIN docket_search_chunks c ON c.wid = ws.wid AND c.fid = page.fid`)
      const first = rows[0]
      if (first === undefined) {
        cache.wid = null
        cache.seq = 0
        resetCache(cache)
        return { indexed: false, done: true }
      }
      if (first.wid !== cache.wid) {
        cache.wid = first.wid
        cache.seq = 0
        resetCache(cache)
      }
      const byFile = new Map<string, {
        readonly fileId: string
        file: CachedFile | null
        readonly seq: number
        readonly chunks: Array<Workspaces.Search.ScanChunk>
        readonly postings: Array<Workspaces.Search.KeywordChunk>
      }>()
      let last = cache.seq
      for (const r of rows) {
        if (r.fid === null) continue
        let f = byFile.get(r.fid)
        if (f === undefined) byFile.set(r.fid, f = { fileId: r.file_id!, file: null, seq: Number(r.seq), chunks: [], postings: [] })
        last = Math.max(last, f.seq)
        if (r.chunk_index === null) continue
        // a file's chunks share its path, label and category
        f.file ??= { fid: r.fid, file_id: r.file_id!, path: r.path!, access_label: r.access_label, category: r.category, content_seq: Number(r.content_seq) }
        f.chunks.push({ chunk_index: r.chunk_index, vector: r.vector === null ? null : vectorOf(r.vector) })
        f.postings.push({ chunk_index: r.chunk_index, length: { title: r.len_title!, text: r.len_text! }, postings: JSON.parse(r.postings!) as Workspaces.Search.ChunkPostings })
      }
      for (const [fid, f] of byFile) {
        if (cache.keywords.file(f.fileId) !== undefined) cache.files--
        if (f.file === null) {
          cache.scan.remove(fid)
          cache.keywords.remove(f.fileId)
        } else {
          cache.scan.replace(fid, f.file, f.chunks)
          cache.keywords.replace(f.file, f.postings)
          cache.files++
        }
      }
      // counted again only when something changed (counting walks every term's postings)
      if (byFile.size > 0) cache.bytes = cache.scan.bytes() + cache.keywords.bytes() + FILE_OVERHEAD * cache.files
      const done = Number(first.in_page) >= Number(first.pending)
      // a complete answer brings the cache to the workspace's seq of that snapshot
      cache.seq = done ? Number(first.ws_seq) : last
      return { indexed: true, done }
    })

  const catchUp = (t: string, w: string, cache: WorkspaceCache) =>
    Effect.gen(function*() {
      for (;;) {
        const page = yield* catchUpPage(t, w, cache)
        if (page.done) return page.indexed
      }
    })

  /** drops the least recently searched workspaces until the cache fits its bound */
  const evict = () => {
    let total = 0
    for (const c of caches.values()) total += c.bytes
    if (total <= cacheBytes) return
    for (const [key, c] of [...caches].sort(([, a], [, b]) => a.lastUsed - b.lastUsed)) {
      if (total <= cacheBytes) break
      caches.delete(key)
      total -= c.bytes
    }
  }

  interface Ranking {
    readonly wid: string | null
    readonly top: ReadonlyArray<Workspaces.Search.Neighbour<CachedFile>>
    /** the hidden chunks among the unfiltered top k, nearest first */
    readonly hidden: ReadonlyArray<Workspaces.Search.Neighbour<CachedFile>>
    readonly seen: number
    readonly withheld: Workspaces.Files.Withheld
  }

  const rank = (cache: WorkspaceCache, vector: Float32Array, k: number, scope: SearchScope): Ranking => {
    const { top, hidden, seen } = cache.scan.nearest(vector, k, scope)
    return { wid: cache.wid, top, hidden, seen, withheld: withheldOf(hidden.map((x) => x.file.access_label)) }
  }

  /** catches the workspace's cache up and ranks on it with `f`, under its lock: undefined when the workspace is not indexed */
  const onCache = <A>(t: string, w: string, f: (cache: WorkspaceCache) => A) =>
    Effect.gen(function*() {
      const key = cacheKey(t, w)
      let cache = caches.get(key)
      if (cache === undefined) caches.set(key, cache = newCache())
      const entry = cache
      return yield* entry.lock.withPermits(1)(Effect.gen(function*() {
        const indexed = yield* catchUp(t, w, entry)
        entry.lastUsed = performance.now()
        const ranking = indexed ? f(entry) : undefined
        if (!indexed) caches.delete(key)
        // a workspace larger than the whole bound is not kept; others make room
        else if (entry.bytes > cacheBytes) caches.delete(key)
        else evict()
        return ranking
      }))
    })

  // -------------------------------------------------------------------------------------------
  // keyword

  const keyword: Workspaces.Search.SearchIndexService["keyword"] = (t, w, terms, scope, limit, probe) =>
    Effect.map(onCache(t, w, (cache) => cache.keywords.query(terms, scope, limit, probe)), (ranked) => Workspaces.Search.keywordCandidatesOf(ranked, probe))

  interface DetailRow {
    readonly fid: string
    readonly chunk_index: number
    readonly content_seq: string
    readonly component: string | null
    readonly locator: string
    readonly title: string
    readonly body: string
  }

  const nearest: Workspaces.Search.SearchIndexService["nearest"] = (t, w, vector, k, scope) =>
    Effect.gen(function*() {
      for (let attempt = 0;; attempt++) {
        const ranking = yield* onCache(t, w, (cache) => rank(cache, vector, k, scope))
        if (ranking === undefined) return { hits: [], seen: 0, withheld: { count: 0, labels: [] }, hidden: [] }
        const wanted = [...ranking.top, ...ranking.hidden]
        if (wanted.length === 0) return { hits: [], seen: ranking.seen, withheld: ranking.withheld, hidden: [] }
        // primary-key lookups per key (the LIMIT keeps the planner from turning it into a scan of the
        // workspace's chunks joined by hash, which it chose on fresh statistics: 80 ms at 10k)
        const details = yield* run(sql<DetailRow>`
          SELECT c.fid, c.chunk_index, c.content_seq, c.component, c.locator, c.title, c.body
          FROM unnest(${wanted.map((x) => x.file.fid)}::bigint[], ${wanted.map((x) => x.chunk_index)}::int[]) AS u(fid, chunk_index)
          CROSS JOIN LATERAL (
            SELECT c.fid, c.chunk_index, f.content_seq, c.component, c.locator, c.title, c.body
            FROM docket_search_chunks c JOIN docket_search_files f ON f.wid = c.wid AND f.file_id = c.file_id AND f.fid = c.fid
            WHERE c.wid = ${ranking.wid} AND c.fid = u.fid AND c.chunk_index = u.chunk_index
            LIMIT 1
          ) c`)
        const byKey = new Map(details.map((d) => [`${d.fid}:${d.chunk_index}`, d]))
        const current = wanted.every((x) => {
          const d = byKey.get(`${x.file.fid}:${x.chunk_index}`)
          return d !== undefined && Number(d.content_seq) === x.file.content_seq
        })
        // a hit's file was replaced or removed since the ranking: rank again on the newer state
        if (!current && attempt < RETRIES) continue
        if (!current) return yield* new Kernel.StorageUnavailable({ store: "SearchIndex", cause: "the workspace kept changing under the search" })
        const refOf = ({ file, chunk_index }: Workspaces.Search.Neighbour<CachedFile>): ChunkRef => {
          const d = byKey.get(`${file.fid}:${chunk_index}`)!
          return {
            file_id: file.file_id,
            chunk_index,
            path: file.path,
            access_label: file.access_label,
            category: file.category,
            component: d.component,
            locator: JSON.parse(d.locator) as ChunkRef["locator"],
            title: d.title,
            text: d.body
          }
        }
        return {
          hits: ranking.top.map((x) => ({ chunk: refOf(x), similarity: x.similarity })),
          seen: ranking.seen,
          withheld: ranking.withheld,
          hidden: ranking.hidden.map(refOf)
        }
      }
    })

  const service: Workspaces.Search.SearchIndexService = { replaceFile, removeFile, relabelFile, removeWorkspace, status, keyword, chunks, nearest }
  return { service, cachedBytes: () => [...caches.values()].reduce((n, c) => n + c.bytes, 0) }
}

const groupTerms = (postings: ReadonlyArray<{ readonly term: string; readonly chunk_index: number }>) => {
  const out = new Map<number, Array<string>>()
  for (const p of postings) {
    const list = out.get(p.chunk_index)
    if (list === undefined) out.set(p.chunk_index, [p.term])
    else list.push(p.term)
  }
  return out
}

/** The index and a probe of its cache's size (for benchmarks), on the `SqlClient` in context. */
export const makeWithCache = (options: PgSearchIndexOptions = {}): Effect.Effect<
  { readonly service: Workspaces.Search.SearchIndexService; readonly cachedBytes: () => number },
  never,
  SqlClient.SqlClient
> => Effect.zipWith(SqlClient.SqlClient, PgTuning, (sql, tuning) => build(sql, tuning, options.cacheBytes ?? DEFAULT_CACHE_BYTES))

/** The index on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make = (options: PgSearchIndexOptions = {}): Effect.Effect<Workspaces.Search.SearchIndexService, never, SqlClient.SqlClient> =>
  Effect.map(makeWithCache(options), (x) => x.service)

export const layerWith = (options: PgSearchIndexOptions): Layer.Layer<Workspaces.Search.SearchIndex, never, SqlClient.SqlClient> =>
  Layer.effect(Workspaces.Search.SearchIndex, make(options))

export const layer: Layer.Layer<Workspaces.Search.SearchIndex, never, SqlClient.SqlClient> = layerWith({})

