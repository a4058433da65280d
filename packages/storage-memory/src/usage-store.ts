/** Usage events in memory, per tenant; aggregates are computed on read. */
import { Tenancy } from "@docket/core"
import { Effect, Layer } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

const makeUsageStore = (): Clearable<Tenancy.UsageStoreService> => {
  const events = new Map<string, Array<Tenancy.UsageEvent>>()
  const used = new Map<string, number>()
  const seen = new Set<string>()
  return {
    record: (event) =>
      Effect.sync(() => {
        if (seen.has(event.job_id)) return false
        seen.add(event.job_id)
        const list = events.get(event.tenant_id) ?? []
        list.push(event)
        events.set(event.tenant_id, list)
        used.set(event.tenant_id, (used.get(event.tenant_id) ?? 0) + event.units)
        return true
      }),
    unitsUsed: (tenantId) => Effect.sync(() => used.get(tenantId) ?? 0),
    summarize: (q) =>
      Effect.sync(() => {
        const groups = new Map<string | null, { units: number; jobs: number; pages: number; bytes_ingested: number; processing_ms: number }>()
        for (const e of events.get(q.tenantId) ?? []) {
          if (e.at < q.from || e.at >= q.to) continue
          if (q.workspaceId !== undefined && e.workspace_id !== q.workspaceId) continue
          const key = q.groupBy === "day" ? Tenancy.utcDay(e.at) : q.groupBy === "kind" ? e.kind : e.workspace_id
          const g = groups.get(key) ?? { units: 0, jobs: 0, pages: 0, bytes_ingested: 0, processing_ms: 0 }
          g.units += e.units
          g.jobs += 1
          g.pages += e.pages
          g.bytes_ingested += e.bytes_ingested
          g.processing_ms += e.processing_ms
          groups.set(key, g)
        }
        const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0))
        return keys.map((key): Tenancy.UsageTotals => ({ key, ...groups.get(key)! }))
      }),
    clear: () => {
      events.clear()
      used.clear()
      seen.clear()
    }
  }
}

export const make: Effect.Effect<Tenancy.UsageStoreService> = memoryStore(makeUsageStore)

export const layer: Layer.Layer<Tenancy.UsageStore> = Layer.effect(Tenancy.UsageStore, make)
