/**
 * The search index on PostgreSQL (tables of migration 20; the port's rules in core's
 * `workspaces/search/search-index.ts`).
 *
 * Writes: every write of a workspace first locks its row in `docket_search_workspaces` and bumps
 * its change counter `seq`, so writers of one workspace run one after another (no deadlock, no
 * lost update; writers of different workspaces never meet; within a process, in call order), and a
 * file's chunks (each with its postings) change in that one transaction: a reader sees the old file
 * or the new one. The statistics BM25F needs (label totals, document frequencies) are counted by
 * core's `KeywordScan` from the cached postings, so nothing else is written.
 *
 * `keyword` and `nearest` rank in this process on a cache per workspace: core's `KeywordScan`
 * (postings and the statistics counted from them; the best `limit` by BM25F) and core's `VectorScan`
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

  /** deletes a file's chunks: how many it had (its row stays), undefined when it was never indexed */
  const dropChunks = (wid: string, fileId: string) =>
    Effect.gen(function*() {
      const rows = yield* sql<{ readonly fid: string; readonly chunks: number }>`
        SELECT fid, chunks FROM docket_search_files WHERE wid = ${wid} AND file_id = ${fileId}`
      const old = rows[0]
      if (old === undefined) return undefined
      if (old.chunks > 0) yield* sql`DELETE FROM docket_search_chunks WHERE wid = ${wid} AND fid = ${old.fid}`
      return old
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
    })

  const replaceFile: Workspaces.Search.SearchIndexService["replaceFile"] = (t, w, fileId, chunks, model) =>
    writing(t, w)(run(sql.withTransaction(Effect.gen(function*() {
      const [ws] = yield* lockWorkspace(t, w, true, model)
      const old = yield* dropChunks(ws!.wid, fileId)
      const file = yield* sql<{ readonly fid: string }>`
        INSERT INTO docket_search_files (wid, file_id, seq, content_seq, chunks)
        VALUES (${ws!.wid}, ${fileId}, ${ws!.seq}, ${ws!.seq}, ${chunks.length})
        ON CONFLICT (wid, file_id) DO UPDATE SET seq = EXCLUDED.seq, content_seq = EXCLUDED.content_seq, chunks = EXCLUDED.chunks
        RETURNING fid`
      if (chunks.length > 0) yield* insertChunks(ws!.wid, file[0]!.fid, chunks)
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
      const old = yield* dropChunks(ws.wid, fileId)
      if (old === undefined || old.chunks === 0) return
      // the row stays as a tombstone: a cache catching up learns the file is gone
      yield* sql`UPDATE docket_search_files SET seq = ${ws.seq}, content_seq = ${ws.seq}, chunks = 0 WHERE wid = ${ws.wid} AND fid = ${old.fid}`
      yield* sql`UPDATE docket_search_workspaces SET files = files - 1, chunks = chunks - ${old.chunks} WHERE wid = ${ws.wid}`
    }))))

  const removeWorkspace: Workspaces.Search.SearchIndexService["removeWorkspace"] = (t, w) =>
    writing(t, w)(run(sql.withTransaction(Effect.gen(function*() {
      const rows = yield* sql<{ readonly wid: string }>`
        DELETE FROM docket_search_workspaces WHERE tenant_id = ${t} AND workspace_id = ${w} RETURNING wid`
      const wid = rows[0]?.wid
      if (wid === undefined) return
      yield* sql`DELETE FROM docket_search_files WHERE wid = ${wid}`
      yield* sql`DELETE FROM docket_search_chunks WHERE wid = ${wid}`
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

  const service: Workspaces.Search.SearchIndexService = { replaceFile, removeFile, removeWorkspace, status, keyword, chunks, nearest }
  return { service, cachedBytes: () => [...caches.values()].reduce((n, c) => n + c.bytes, 0) }
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

