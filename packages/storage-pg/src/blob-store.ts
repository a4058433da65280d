/**
 * Blobs on PostgreSQL as bytea rows of at most `CHUNK_BYTES` (256 KiB). A put streams the body
 * in: it gathers at most one chunk at a time and writes it as its own statement (no transaction
 * held open while a client uploads slowly), under a fresh chunk-set id. Only when the stream has
 * ended within `maxBytes` does one short transaction point the key at the new chunk set and drop
 * the chunks it replaced; a put that fails, is interrupted or crosses `maxBytes` deletes its own
 * chunks and leaves the key as it was. (Chunks of a put cut short by a crash of the instance stay
 * behind, unreferenced; `reset` removes them.)
 *
 * `get` answers the whole blob, as the port defines it; it reads the chunks in order in one
 * statement, so a concurrent replacement is never seen half-way.
 */
import { BlobStore, type BlobStoreService, BlobStoreUnavailable, BlobTooLarge } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option, Stream } from "effect"
import { randomUUID } from "node:crypto"
import { guard, type GuardOptions } from "./internal/guard.js"

export const CHUNK_BYTES = 256 * 1024

export const make = (sql: SqlClient.SqlClient, options: GuardOptions): BlobStoreService => {
  const run = guard(options, (cause) => new BlobStoreUnavailable({ cause }))

  const dropChunks = (blobId: string) => run(sql`DELETE FROM docket_blob_chunks WHERE blob_id = ${blobId}`).pipe(Effect.asVoid)

  return {
    put: <E>(key: string, body: Stream.Stream<Uint8Array, E>, maxBytes: number) =>
      Effect.suspend(() => {
        const blobId = randomUUID()
        let seq = 0
        let size = 0
        let pending: Array<Uint8Array> = []
        let pendingBytes = 0
        const write = (data: Uint8Array) =>
          run(sql`INSERT INTO docket_blob_chunks (blob_id, seq, data) VALUES (${blobId}, ${seq++}, ${Buffer.from(data.buffer, data.byteOffset, data.byteLength)})`)
        /** writes the gathered bytes as full chunks (and the rest too when `all`) */
        const flush = (all: boolean): Effect.Effect<void, BlobStoreUnavailable> =>
          Effect.suspend(() => {
            if (pendingBytes === 0 || (!all && pendingBytes < CHUNK_BYTES)) return Effect.void
            const joined = Buffer.concat(pending, pendingBytes)
            const pieces: Array<Uint8Array> = []
            let at = 0
            for (; joined.length - at >= CHUNK_BYTES; at += CHUNK_BYTES) pieces.push(joined.subarray(at, at + CHUNK_BYTES))
            const rest = joined.subarray(at)
            if (all && rest.length > 0) {
              pieces.push(rest)
              pending = []
              pendingBytes = 0
            } else {
              pending = rest.length > 0 ? [rest] : []
              pendingBytes = rest.length
            }
            return Effect.forEach(pieces, write, { discard: true })
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
          Stream.runForEach((chunk): Effect.Effect<void, BlobTooLarge | BlobStoreUnavailable> => {
            size += chunk.byteLength
            if (size > maxBytes) return Effect.fail(new BlobTooLarge({ limit: maxBytes }))
            if (chunk.byteLength === 0) return Effect.void
            pending.push(chunk)
            pendingBytes += chunk.byteLength
            return flush(false)
          }),
          Effect.zipRight(flush(true)),
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
    delete: (key) =>
      run(sql`
        WITH gone AS (DELETE FROM docket_blobs WHERE key = ${key} RETURNING blob_id)
        DELETE FROM docket_blob_chunks WHERE blob_id IN (SELECT blob_id FROM gone)`).pipe(Effect.asVoid),
    reset: run(sql`TRUNCATE docket_blobs, docket_blob_chunks`).pipe(Effect.asVoid)
  }
}

export const layer = (options: GuardOptions): Layer.Layer<BlobStore, never, SqlClient.SqlClient> =>
  Layer.effect(BlobStore, Effect.map(SqlClient.SqlClient, (sql) => make(sql, options)))
