/**
 * Workspace retention on the service clock (spec 3, "Workspace" `retention_policy`; "States and
 * transitions": `ingested` → `expired` when the derived TTL passed), one step of the retention
 * sweep (`documents/retention/sweeper.ts`). For each active workspace whose policy expires files:
 *
 * - `source_ttl_days` passed since the file's `created_at`: the file is deleted (versions,
 *   outputs, blobs, ingestion record, tables — as `file_delete` does);
 * - `derived_ttl_days` passed since `ingested_at` of an `ingested` or `stale` file: its derived
 *   representations are dropped (outputs and their blobs, ingestion record, tables, what stages
 *   keep) and it becomes `expired` (re-ingest to search it again; its bytes stay).
 * Job payloads follow `job_ttl_days` through each workspace job's `payload_expires_at` (set at
 * creation), swept with every other job's.
 *
 * At most `RETENTION_FILES_PER_SWEEP` files are scanned per sweep (the next sweep goes on); each
 * file on its own (a failure is counted and retried by the next sweep). Idempotent: instances
 * sweeping at once compare-and-set the status.
 */
import { Clock, Effect, Either, Option } from "effect"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import { type FileListQuery, type FilePage, WorkspaceFileStore } from "../files/file-store.js"
import type { WorkspaceFile } from "../files/workspace-file.js"
import { WorkspaceStore } from "../workspace/workspace-store.js"
import type { Workspace } from "../workspace/workspace.js"
import { dropIngestedState } from "./drop-file.js"

const DAY_MS = 86_400_000
export const RETENTION_FILES_PER_SWEEP = 5_000

export interface WorkspaceRetentionCounts {
  /** files deleted (source TTL) */
  readonly sources_deleted: number
  /** files whose derived representations expired */
  readonly derived_expired: number
  readonly blobs: number
  readonly failed: number
}

const deleteBlobs = (keys: ReadonlyArray<string>) =>
  Effect.flatMap(BlobStore, (b) => Effect.as(Effect.forEach(keys, (k) => b.delete(k), { discard: true }), keys.length))

/** Deletes a file and everything made of it; none when it was already gone. Answers the blobs deleted. */
export const deleteWorkspaceFile = (tenantId: string, workspaceId: string, fileId: string) =>
  Effect.gen(function*() {
    yield* dropIngestedState(tenantId, workspaceId, fileId)
    const deleted = yield* (yield* WorkspaceFileStore).delete(tenantId, workspaceId, fileId)
    if (Option.isNone(deleted)) return Option.none<number>()
    return Option.some(yield* deleteBlobs(deleted.value.blob_keys))
  })

/** Drops the file's derived representations and marks it `expired` (if it is still `ingested`/`stale` at that version). */
export const expireDerived = (file: WorkspaceFile, at: number) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    const claimed = yield* store.update(file.tenant_id, file.workspace_id, file.file_id, { ingestion_status: "expired" }, at, {
      ingestion_status: ["ingested", "stale"],
      version: file.version
    }).pipe(Effect.either)
    if (Either.isLeft(claimed)) {
      if (claimed.left._tag === "StorageUnavailable") return yield* Effect.fail(claimed.left)
      return 0 // changed meanwhile (re-ingesting, a new version, deleted): not this sweep's
    }
    yield* dropIngestedState(file.tenant_id, file.workspace_id, file.file_id)
    const replaced = yield* store.replaceOutputs(file.tenant_id, file.workspace_id, file.file_id, [], at).pipe(
      Effect.catchTag("WorkspaceFileNotFound", () => Effect.succeed({ replaced_blob_keys: [] as ReadonlyArray<string> }))
    )
    return yield* deleteBlobs(replaced.replaced_blob_keys)
  })

const sweepWorkspace = (w: Workspace, now: number, budget: { left: number }) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    const sourceMs = w.retention_policy.source_ttl_days === null ? null : w.retention_policy.source_ttl_days * DAY_MS
    const derivedMs = w.retention_policy.derived_ttl_days === null ? null : w.retention_policy.derived_ttl_days * DAY_MS
    let sources = 0
    let derived = 0
    let blobs = 0
    let failed = 0
    const q: FileListQuery = { visible: "all", order: "created", limit: 500 }
    let after: FileListQuery["after"] = undefined
    while (budget.left > 0) {
      const page: FilePage = yield* store.list(w.tenant_id, w.workspace_id, { ...q, after, limit: Math.min(500, budget.left) })
      budget.left -= page.items.length
      for (const f of page.items) {
        if (sourceMs !== null && f.created_at + sourceMs <= now) {
          const r = yield* Effect.either(deleteWorkspaceFile(w.tenant_id, w.workspace_id, f.file_id))
          if (Either.isLeft(r)) failed++
          else if (Option.isSome(r.right)) {
            sources++
            blobs += r.right.value
          }
        } else if (derivedMs !== null && (f.ingestion_status === "ingested" || f.ingestion_status === "stale") && f.ingested_at !== null && f.ingested_at + derivedMs <= now) {
          const r = yield* Effect.either(expireDerived(f, now))
          if (Either.isLeft(r)) failed++
          else {
            derived++
            blobs += r.right
          }
        }
      }
      if (page.next_cursor === null) break
      after = page.next_cursor
    }
    return { sources_deleted: sources, derived_expired: derived, blobs, failed }
  })

/** One pass over the workspaces whose policies expire files. Fails only when a store cannot list. */
export const sweepWorkspaceRetention = Effect.gen(function*() {
  const now = yield* Clock.currentTimeMillis
  const workspaces = yield* WorkspaceStore
  const budget = { left: RETENTION_FILES_PER_SWEEP }
  const total = { sources_deleted: 0, derived_expired: 0, blobs: 0, failed: 0 }
  let after = 0
  while (budget.left > 0) {
    const batch = yield* workspaces.listRetained(after, 100)
    for (const w of batch) {
      const c = yield* sweepWorkspace(w, now, budget)
      total.sources_deleted += c.sources_deleted
      total.derived_expired += c.derived_expired
      total.blobs += c.blobs
      total.failed += c.failed
      if (budget.left <= 0) break
    }
    if (batch.length < 100) break
    after = batch[batch.length - 1]!.seq
  }
  return total satisfies WorkspaceRetentionCounts
})
