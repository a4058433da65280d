/** Ingestion records in memory, one per file; every operation is one synchronous step. */
import { Workspaces } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

type Record_ = Workspaces.Ingestion.FileIngestionRecord

const key = (tenantId: string, workspaceId: string, fileId: string) => `${tenantId}\u0000${workspaceId}\u0000${fileId}`

const makeStore = (): Clearable<Workspaces.Ingestion.FileIngestionStoreService> => {
  const records = new Map<string, Record_>()
  return {
    put: (record) => Effect.sync(() => void records.set(key(record.tenant_id, record.workspace_id, record.file_id), structuredClone(record))),
    get: (tenantId, workspaceId, fileId) => Effect.sync(() => Option.map(Option.fromNullable(records.get(key(tenantId, workspaceId, fileId))), (r) => structuredClone(r))),
    delete: (tenantId, workspaceId, fileId) =>
      Effect.sync(() => {
        const k = key(tenantId, workspaceId, fileId)
        const found = records.get(k)
        records.delete(k)
        return Option.fromNullable(found)
      }),
    deleteWorkspace: (tenantId, workspaceId) =>
      Effect.sync(() => {
        let n = 0
        for (const [k, r] of records) {
          if (r.tenant_id === tenantId && r.workspace_id === workspaceId) {
            records.delete(k)
            n++
          }
        }
        return n
      }),
    clear: () => records.clear()
  }
}

export const make: Effect.Effect<Workspaces.Ingestion.FileIngestionStoreService> = memoryStore(makeStore)

export const layer: Layer.Layer<Workspaces.Ingestion.FileIngestionStore> = Layer.effect(Workspaces.Ingestion.FileIngestionStore, make)
