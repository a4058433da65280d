/**
 * Dropping what ingestion made of a file (expiry, delete, orphan removal): its ingestion record,
 * its workspace tables, what each stage keeps (`onFileDropped`). The outputs and their blobs go
 * with the file store's own calls (`replaceOutputs` with none, or the file's delete).
 */
import { Effect, Option } from "effect"
import { workspaceIngestionStages } from "../seams.js"
import { FileIngestionStore, tableNamesOf } from "./file-ingestion.js"
import { dropFileTables } from "./file-tables.js"

export const dropIngestedState = (tenantId: string, workspaceId: string, fileId: string) =>
  Effect.gen(function*() {
    const record = yield* (yield* FileIngestionStore).get(tenantId, workspaceId, fileId)
    if (Option.isSome(record)) yield* dropFileTables(tenantId, workspaceId, tableNamesOf(record.value))
    for (const stage of workspaceIngestionStages) {
      if (stage.onFileDropped !== undefined) yield* stage.onFileDropped(tenantId, workspaceId, fileId)
    }
    // the record last: a drop that fails midway is retried from the record's tables
    yield* (yield* FileIngestionStore).delete(tenantId, workspaceId, fileId)
  })
