/** The tenant's access-label catalog in memory. Every operation is one synchronous step. */
import { Workspaces } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

type Row = Workspaces.AccessLabel & { readonly seq: number }

const makeAccessLabelStore = (): Clearable<Workspaces.AccessLabelStoreService> => {
  /** by id, in insertion order */
  const labels = new Map<string, Row>()
  let seq = 0
  const ofTenant = (tenantId: string) => [...labels.values()].filter((l) => l.tenant_id === tenantId)
  const strip = ({ seq: _, ...l }: Row): Workspaces.AccessLabel => l
  return {
    create: (label) =>
      Effect.suspend(() => {
        if (ofTenant(label.tenant_id).some((l) => l.name === label.name)) return Effect.fail(new Workspaces.LabelNameTaken({ name: label.name }))
        labels.set(label.access_label_id, { ...label, seq: ++seq })
        return Effect.succeed(label)
      }),
    get: (tenantId, id) =>
      Effect.sync(() => {
        const l = labels.get(id)
        return l === undefined || l.tenant_id !== tenantId ? Option.none() : Option.some(strip(l))
      }),
    findByNames: (tenantId, names) =>
      Effect.sync(() => {
        const wanted = new Set(names)
        return ofTenant(tenantId).filter((l) => wanted.has(l.name)).map(strip)
      }),
    list: (tenantId, page) =>
      Effect.sync(() => {
        const all = ofTenant(tenantId)
        const after = page.after ?? 0
        return { items: all.filter((l) => l.seq > after).slice(0, page.limit).map((l) => ({ ...strip(l), seq: l.seq })), total: all.length }
      }),
    updateDescription: (tenantId, id, description, at) =>
      Effect.sync(() => {
        const l = labels.get(id)
        if (l === undefined || l.tenant_id !== tenantId) return Option.none()
        const next = { ...l, description, updated_at: at }
        labels.set(id, next)
        return Option.some(strip(next))
      }),
    remove: (tenantId, id) =>
      Effect.sync(() => {
        const l = labels.get(id)
        if (l === undefined || l.tenant_id !== tenantId) return false
        return labels.delete(id)
      }),
    clear: () => {
      labels.clear()
    }
  }
}

export const make: Effect.Effect<Workspaces.AccessLabelStoreService> = memoryStore(makeAccessLabelStore)

export const layer: Layer.Layer<Workspaces.AccessLabelStore> = Layer.effect(Workspaces.AccessLabelStore, make)
