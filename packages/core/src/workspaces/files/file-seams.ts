/**
 * What files plug into the workspace service's seams (`../seams.ts`):
 * - a label holder: a file whose `access_label` is the label references it (spec 3, "409
 *   `access_label_in_use` (referenced by a workspace, grant or file)");
 * - a teardown step: a deleted workspace's files, their versions, outputs and members, and every
 *   blob they held, in batches until none is left; then every blob left under the workspace's
 *   prefix (an instance that died between a batch's rows and its blobs left blobs that no row
 *   names any more, and so does an ingestion cut short after writing its outputs). Idempotent: a
 *   step run again finds fewer files, and a blob already gone deletes as nothing.
 */
import { Effect, Schedule } from "effect"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import type { LabelReference } from "../access/label-references.js"
import type { TeardownStep } from "../workspace/teardown.js"
import { WorkspaceFileStore } from "./file-store.js"
import { workspaceBlobPrefix } from "./workspace-file.js"

/** files deleted per store call (each call is one short transaction) */
export const TEARDOWN_BATCH = 200

export const fileLabelReference: LabelReference<WorkspaceFileStore> = {
  holder: "file",
  references: (tenantId, label) => Effect.flatMap(WorkspaceFileStore, (s) => s.referencesLabel(tenantId, label))
}

export const fileTeardownStep: TeardownStep<WorkspaceFileStore | BlobStore> = {
  name: "files",
  run: (tenantId, workspaceId) =>
    Effect.gen(function*() {
      const store = yield* WorkspaceFileStore
      const blobs = yield* BlobStore
      for (;;) {
        const batch = yield* store.deleteWorkspace(tenantId, workspaceId, TEARDOWN_BATCH)
        yield* Effect.forEach(batch.blob_keys, (key) => blobs.delete(key).pipe(Effect.retry(Schedule.recurs(3))), { concurrency: 8, discard: true })
        if (!batch.more) break
      }
      yield* blobs.deletePrefix(workspaceBlobPrefix(workspaceId))
    })
}
