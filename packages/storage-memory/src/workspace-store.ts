/** Workspaces in memory. Every operation is one synchronous step. */
import { Workspaces } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

type Row = Workspaces.Workspace & { readonly seq: number }

const makeWorkspaceStore = (): Clearable<Workspaces.WorkspaceStoreService> => {
  /** by id, in insertion order */
  const workspaces = new Map<string, Row>()
  let seq = 0
  const ofTenant = (tenantId: string) => [...workspaces.values()].filter((w) => w.tenant_id === tenantId)
  const strip = ({ seq: _, ...w }: Row): Workspaces.Workspace => w
  const find = (tenantId: string, id: string) => {
    const w = workspaces.get(id)
    return w === undefined || w.tenant_id !== tenantId ? undefined : w
  }
  return {
    create: (workspace) => Effect.sync(() => (workspaces.set(workspace.workspace_id, { ...workspace, seq: ++seq }), workspace)),
    listRetained: (afterSeq, limit) =>
      Effect.sync(() =>
        [...workspaces.values()]
          .filter((w) => w.seq > afterSeq && w.status === "active" && (w.retention_policy.derived_ttl_days !== null || w.retention_policy.source_ttl_days !== null))
          .slice(0, limit)
          .map((w) => ({ ...strip(w), seq: w.seq }))),
    get: (tenantId, id) => Effect.sync(() => Option.map(Option.fromNullable(find(tenantId, id)), strip)),
    list: (tenantId, query) =>
      Effect.sync(() => {
        const needle = query.nameContains?.toLowerCase()
        const all = ofTenant(tenantId).filter((w) => needle === undefined || w.name.toLowerCase().includes(needle))
        const after = query.after ?? 0
        return { items: all.filter((w) => w.seq > after).slice(0, query.limit).map((w) => ({ ...strip(w), seq: w.seq })), total: all.length }
      }),
    updatePolicies: (tenantId, id, policies, at) =>
      Effect.suspend(() => {
        const w = find(tenantId, id)
        if (w === undefined) return Effect.succeed(Option.none())
        if (w.status === "deleting") return Effect.fail(new Workspaces.WorkspaceIsDeleting({ workspaceId: id }))
        const next: Row = {
          ...w,
          knowledge_graph: policies.knowledge_graph ?? w.knowledge_graph,
          ledger_understanding: policies.ledger_understanding ?? w.ledger_understanding,
          config_version: w.config_version + 1,
          updated_at: at
        }
        workspaces.set(id, next)
        return Effect.succeed(Option.some(strip(next)))
      }),
    markDeleting: (tenantId, id, at) =>
      Effect.sync(() => {
        const w = find(tenantId, id)
        if (w === undefined) return Option.none()
        if (w.status === "deleting") return Option.some(strip(w))
        const next: Row = { ...w, status: "deleting", updated_at: at }
        workspaces.set(id, next)
        return Option.some(strip(next))
      }),
    remove: (tenantId, id) => Effect.sync(() => find(tenantId, id) !== undefined && workspaces.delete(id)),
    declaresLabel: (tenantId, label) => Effect.sync(() => ofTenant(tenantId).some((w) => w.access.labels.some((l) => l.name === label))),
    clear: () => {
      workspaces.clear()
    }
  }
}

export const make: Effect.Effect<Workspaces.WorkspaceStoreService> = memoryStore(makeWorkspaceStore)

export const layer: Layer.Layer<Workspaces.WorkspaceStore> = Layer.effect(Workspaces.WorkspaceStore, make)
