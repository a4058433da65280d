/**
 * Benchmark child process for the artifact Range read (bench/workspaces.ts): a Docket instance
 * (`createDocket` + `listen` from `@docket/adapter-node`), on PostgreSQL storage when DATABASE_URL
 * is set, else in memory; one tenant whose limits never refuse, one workspace, and one file of
 * BENCH_WS_FILE_BYTES bytes (bench/support/big-file.ts) placed as an upload leaves it: streamed
 * into the blob store piece by piece (never whole in this process), then recorded `discovered`.
 * Prints `{"port":…,"key":"…","detail":{"workspace_id":…,"path":…,"size":…}}` when ready; then
 * see `control.ts` (run it with --expose-gc for its `gc` command).
 */
import { listen } from "@docket/adapter-node"
import { Documents, Workspaces } from "@docket/core"
import { createDocket } from "@docket/server"
import * as PgStorage from "@docket/storage-pg"
import { Clock, Effect, Stream } from "effect"
import { createHash, randomUUID } from "node:crypto"
import { pieceOf, PIECE } from "../support/big-file.js"
import { announce } from "./control.js"

const main = async (): Promise<void> => {
  const url = process.env.DATABASE_URL
  const size = Number(process.env.BENCH_WS_FILE_BYTES ?? 150 * PIECE)
  const docket = createDocket({ storage: url ? PgStorage.layer({ url }) : undefined, settings: { sweepIntervalMs: 0 } })
  const tenant = await docket.admin.docs.createTenant({ credits: 1_000_000_000, paid_usage: true, rpm: 1_000_000_000, concurrent_jobs: 10_000, sync_waits: 10_000 })
  const created = await docket.fetch(new Request("http://bench/v1/workspaces", {
    method: "POST",
    headers: { "x-api-key": tenant.api_key, "content-type": "application/json" },
    body: JSON.stringify({ name: "range-bench" })
  }))
  if (created.status !== 201) throw new Error(`workspace: ${created.status} ${await created.text()}`)
  const ws = ((await created.json()) as { workspace_id: string }).workspace_id
  const path = "archive/large-export.txt"
  const hash = createHash("sha256")
  const pieces = Stream.map(Stream.range(0, Math.ceil(size / PIECE) - 1), (i) => {
    const piece = pieceOf(i, size)
    hash.update(piece)
    return new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength)
  })
  await docket.runtime.runPromise(Effect.gen(function*() {
    const key = Workspaces.Files.stagedBlobKey(ws, randomUUID())
    yield* (yield* Documents.BlobStore).put(key, pieces, size)
    yield* (yield* Workspaces.Files.WorkspaceFileStore).create({
      tenant_id: tenant.tenant_id, workspace_id: ws, file_id: randomUUID(), path,
      file_type: Workspaces.Files.mediaTypeOf(path, undefined), size_bytes: size,
      observed_hash: hash.digest("hex"), blob_key: key, labels: {},
      graph_inclusion: "auto", access_label: null, ingestion_status: "discovered", at: yield* Clock.currentTimeMillis
    })
  }))
  const running = await listen(docket, { port: 0, host: "127.0.0.1" })
  announce({ port: Number(new URL(running.url).port), key: tenant.api_key, detail: { workspace_id: ws, path, size } }, () => {
    void running.close().then(() => docket.dispose()).finally(() => process.exit(0))
  })
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
