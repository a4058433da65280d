/**
 * Blobs on PostgreSQL as bytea rows of at most `CHUNK_BYTES` (256 KiB). A put streams the body
 * in: it gathers at most one chunk at a time, in one buffer it reuses for every chunk of the put
 * (so a put allocates no more as the file grows), and writes it as its own statement (no transaction
 * held open while a client uploads slowly), under a fresh chunk-set id. Only when the stream has
 * ended within `maxBytes` does one short transaction point the key at the new chunk set and drop
 * the chunks it replaced; a put that fails, is interrupted or crosses `maxBytes` deletes its own
 * chunks and leaves the key as it was. (Chunks of a put cut short by a crash of the instance stay
 * behind, unreferenced; `StorageAdmin.reset` removes them.)
 *
 * `get` answers the whole blob, as the port defines it; it reads the chunks in order in one
 * statement, so a concurrent replacement is never seen half-way. `read` streams them, a few rows
 * per statement, from the chunk set the key pointed at when it began; a replacement or delete
 * meanwhile drops that set, and the stream fails rather than go on with another blob's bytes.
 * `readRange` does the same from the chunk that holds the range's first byte to the one that
 * holds its last: every chunk of a blob but its last is exactly `CHUNK_BYTES` (a put fills each
 * row before it writes the next; a put capped below `CHUNK_BYTES` has only one row), so the
 * chunk of byte `n` is `n / CHUNK_BYTES` and nothing outside the range is read.
 */
import { Documents, Kernel } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Chunk, Effect, Layer, Option, Stream } from "effect"
import { randomUUID } from "node:crypto"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

export const CHUNK_BYTES = 256 * 1024
/** rows a `read` fetches per statement (1 MiB) */
const READ_ROWS = 4

/** the least string above every string that starts with `prefix`, in code-point order (its last code point + 1) */
const prefixEnd = (prefix: string): string => {
  const points = [...prefix]
  const last = points.pop()!.codePointAt(0)!
  // past the surrogates' range (no code point of its own)
  return points.join("") + String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : Math.min(last + 1, 0x10ffff))
}

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Documents.BlobStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "BlobStore", cause }))

  const dropChunks = (blobId: string) => run(sql`DELETE FROM docket_blob_chunks WHERE blob_id = ${blobId}`).pipe(Effect.asVoid)

  return {
    put: <E>(key: string, body: Stream.Stream<Uint8Array, E>, maxBytes: number) =>
      Effect.suspend(() => {
        const blobId = randomUUID()
        let seq = 0
        let size = 0
        /**
         * the row being gathered: one buffer for the whole put, filled and written again and again
         * (each write has completed, and the driver copied the bytes out, before it is refilled)
         */
        const row = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(maxBytes, 1)))
        let filled = 0
        const writeRow = Effect.suspend(() => {
          const data = row.subarray(0, filled)
          filled = 0
          return run(sql`INSERT INTO docket_blob_chunks (blob_id, seq, data) VALUES (${blobId}, ${seq++}, ${data})`)
        })
        /** copies `chunk` into rows, writing each row once it is full */
        const gather = (chunk: Uint8Array): Effect.Effect<void, Kernel.StorageUnavailable> =>
          Effect.suspend(() => {
            let at = 0
            const fill = (): Effect.Effect<void, Kernel.StorageUnavailable> => {
              while (at < chunk.byteLength) {
                const n = Math.min(row.length - filled, chunk.byteLength - at)
                row.set(chunk.subarray(at, at + n), filled)
                filled += n
                at += n
                if (filled === row.length) return Effect.zipRight(writeRow, Effect.suspend(fill))
              }
              return Effect.void
            }
            return fill()
          })
        const publish = run(
          sql.withTransaction(
            Effect.gen(function*() {
              const old = yield* sql<{ readonly blob_id: string }>`SELECT blob_id FROM docket_blobs WHERE key = ${key} FOR UPDATE`
              yield* sql`
                INSERT INTO docket_blobs (key, blob_id, size) VALUES (${key}, ${blobId}, ${size})
                ON CONFLICT (key) DO UPDATE SET blob_id = EXCLUDED.blob_id, size = EXCLUDED.size`
              if (old.length > 0) yield* sql`DELETE FROM docket_blob_chunks WHERE blob_id = ${old[0].blob_id}`
            })
          )
        )
        return body.pipe(
          Stream.runForEach((chunk): Effect.Effect<void, Documents.BlobTooLarge | Kernel.StorageUnavailable> => {
            size += chunk.byteLength
            if (size > maxBytes) return Effect.fail(new Documents.BlobTooLarge({ limit: maxBytes }))
            return gather(chunk)
          }),
          Effect.zipRight(Effect.suspend(() => (filled > 0 ? writeRow : Effect.void))),
          Effect.zipRight(publish),
          Effect.map(() => size),
          Effect.onExit((exit) => (exit._tag === "Success" ? Effect.void : dropChunks(blobId).pipe(Effect.ignore)))
        )
      }),
    get: (key) =>
      run(sql<{ readonly data: Uint8Array | null }>`
        SELECT c.data FROM docket_blobs b LEFT JOIN docket_blob_chunks c ON c.blob_id = b.blob_id
        WHERE b.key = ${key} ORDER BY c.seq`).pipe(
        Effect.map((rows) => {
          if (rows.length === 0) return Option.none()
          const parts = rows.flatMap((r) => (r.data === null ? [] : [r.data]))
          return Option.some(new Uint8Array(Buffer.concat(parts)))
        })
      ),
    read: (key) =>
      run(sql<{ readonly blob_id: string; readonly size: string | number }>`SELECT blob_id, size FROM docket_blobs WHERE key = ${key}`).pipe(
        Effect.map((found) => {
          if (found.length === 0) return Option.none()
          const blobId = found[0].blob_id
          const size = Number(found[0].size)
          let seq = 0
          let got = 0
          /** the next rows, `READ_ROWS` at a time; a chunk set that lost rows was replaced or deleted */
          const page: Effect.Effect<Chunk.Chunk<Uint8Array>, Option.Option<Kernel.StorageUnavailable>> = Effect.suspend(() => {
            if (got >= size) return Effect.fail(Option.none())
            return run(sql<{ readonly seq: number; readonly data: Uint8Array }>`
              SELECT seq, data FROM docket_blob_chunks WHERE blob_id = ${blobId} AND seq >= ${seq} ORDER BY seq LIMIT ${READ_ROWS}`).pipe(
              Effect.mapError(Option.some),
              Effect.flatMap((rows) => {
                if (rows.length === 0 || rows.some((r, i) => r.seq !== seq + i)) {
                  return Effect.fail(Option.some(new Kernel.StorageUnavailable({ store: "BlobStore", cause: new Error(`the blob under ${key} was replaced or deleted while it was read`) })))
                }
                seq += rows.length
                for (const r of rows) got += r.data.byteLength
                return Effect.succeed(Chunk.fromIterable(rows.map((r) => r.data)))
              })
            )
          })
          return Option.some(Stream.repeatEffectChunkOption(page))
        })
      ),
    stat: (key) =>
      run(sql<{ readonly size: string | number }>`SELECT size FROM docket_blobs WHERE key = ${key}`).pipe(
        Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (r) => ({ size: Number(r.size) })))
      ),
    readRange: (key, start, endInclusive) =>
      run(sql<{ readonly blob_id: string; readonly size: string | number }>`SELECT blob_id, size FROM docket_blobs WHERE key = ${key}`).pipe(
        Effect.map((found) => {
          if (found.length === 0) return Option.none()
          const blobId = found[0].blob_id
          const size = Number(found[0].size)
          const from = Math.max(0, Math.floor(start))
          const to = Math.min(Math.floor(endInclusive) + 1, size)
          if (from >= to) return Option.some(Stream.empty)
          const lastSeq = Math.floor((to - 1) / CHUNK_BYTES)
          let seq = Math.floor(from / CHUNK_BYTES)
          const page: Effect.Effect<Chunk.Chunk<Uint8Array>, Option.Option<Kernel.StorageUnavailable>> = Effect.suspend(() => {
            if (seq > lastSeq) return Effect.fail(Option.none())
            return run(sql<{ readonly seq: number; readonly data: Uint8Array }>`
              SELECT seq, data FROM docket_blob_chunks WHERE blob_id = ${blobId} AND seq >= ${seq} AND seq <= ${lastSeq}
              ORDER BY seq LIMIT ${READ_ROWS}`).pipe(
              Effect.mapError(Option.some),
              Effect.flatMap((rows) => {
                if (rows.length === 0 || rows.some((r, i) => r.seq !== seq + i)) {
                  return Effect.fail(Option.some(new Kernel.StorageUnavailable({ store: "BlobStore", cause: new Error(`the blob under ${key} was replaced or deleted while it was read`) })))
                }
                seq += rows.length
                const pieces = rows.map((r) => {
                  const at = r.seq * CHUNK_BYTES
                  return r.data.subarray(Math.max(0, from - at), Math.min(r.data.byteLength, to - at))
                })
                return Effect.succeed(Chunk.fromIterable(pieces.filter((p) => p.byteLength > 0)))
              })
            )
          })
          return Option.some(Stream.repeatEffectChunkOption(page))
        })
      ),
    delete: (key) =>
      run(sql`
        WITH gone AS (DELETE FROM docket_blobs WHERE key = ${key} RETURNING blob_id)
        DELETE FROM docket_blob_chunks WHERE blob_id IN (SELECT blob_id FROM gone)`).pipe(Effect.asVoid),
    // a scan of the keys (no index serves a prefix under the column's collation): a teardown's sweep, once per workspace
    deletePrefix: (prefix) =>
      prefix === ""
        ? Effect.dieMessage("deletePrefix needs a prefix")
        : run(sql<{ readonly n: string | number }>`
          WITH gone AS (
            DELETE FROM docket_blobs
            -- the range is what the index of migration 19 serves; starts_with decides
            WHERE (key COLLATE "C") >= ${prefix} AND (key COLLATE "C") < ${prefixEnd(prefix)} AND starts_with(key, ${prefix})
            RETURNING blob_id),
               chunks AS (DELETE FROM docket_blob_chunks WHERE blob_id IN (SELECT blob_id FROM gone))
          SELECT count(*) AS n FROM gone`).pipe(Effect.map((rows) => Number(rows[0]?.n ?? 0)))
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Documents.BlobStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Documents.BlobStore, never, SqlClient.SqlClient> = Layer.effect(Documents.BlobStore, make)
