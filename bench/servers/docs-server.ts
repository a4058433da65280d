/**
 * Benchmark child process: the document service of a Docket instance (`createDocket` of
 * `@docket/server` + `listen` from `@docket/adapter-node`, with `@docket/formats`' worker-pool parser), on PostgreSQL storage
 * when DATABASE_URL is set, else in memory. One tenant whose limits and credits never refuse.
 * BENCH_DOCS_DISCARD_BLOBS=1 swaps the blob store for one that reads each upload to its end and
 * keeps nothing (the reference of the upload-memory figure: what receiving the bytes costs).
 * Prints one JSON line `{"port":…,"key":"…"}` on stdout when ready; then see `control.ts`.
 */
import { listen } from "@docket/adapter-node"
import { createDocket } from "@docket/server"
import { Documents } from "@docket/core"
import * as MemoryStorage from "@docket/storage-memory"
import * as PgStorage from "@docket/storage-pg"
import { Effect, Layer, Option, Stream } from "effect"
import { announce } from "./control.js"

/** reads every upload to its end (with the cap) and keeps nothing */
const discardingBlobs = Layer.succeed(Documents.BlobStore, {
  put: (_key, body, maxBytes) =>
    Stream.runFoldEffect(body, 0, (size, chunk) =>
      size + chunk.byteLength > maxBytes ? Effect.fail(new Documents.BlobTooLarge({ limit: maxBytes })) : Effect.succeed(size + chunk.byteLength)),
  get: () => Effect.succeed(Option.none()),
  read: () => Effect.succeed(Option.none()),
  stat: () => Effect.succeed(Option.none()),
  readRange: () => Effect.succeed(Option.none()),
  delete: () => Effect.void,
  deletePrefix: () => Effect.succeed(0)
})

const main = async (): Promise<void> => {
  const url = process.env.DATABASE_URL
  const storage = url ? PgStorage.layer({ url }) : MemoryStorage.layer
  const docket = createDocket({ storage: process.env.BENCH_DOCS_DISCARD_BLOBS === "1" ? Layer.merge(storage, discardingBlobs) : storage })
  const tenant = await docket.admin.docs.createTenant({
    credits: 1_000_000_000,
    paid_usage: true,
    rpm: 1_000_000_000,
    concurrent_jobs: 10_000,
    sync_waits: 10_000
  })
  const running = await listen(docket, { port: 0, host: "127.0.0.1" })
  announce({ port: Number(new URL(running.url).port), key: tenant.api_key }, () => {
    void running.close().then(() => docket.dispose()).finally(() => process.exit(0))
  })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
