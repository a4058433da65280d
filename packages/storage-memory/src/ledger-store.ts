/**
 * The ledger-understanding store in memory: per workspace, the selections by id and the latest
 * report by scope key. What is put is copied, and reads hand out copies, so no caller can change
 * what the store keeps.
 */
import { Workspaces } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

type StoredSelection = Workspaces.Ledger.StoredSelection
type StoredReport = Workspaces.Ledger.StoredReport

interface WorkspaceLedger {
  readonly selections: Map<string, StoredSelection>
  readonly reports: Map<string, StoredReport>
}

const key = (tenantId: string, workspaceId: string) => `${tenantId}\u0000${workspaceId}`

const makeStore = (): Clearable<Workspaces.Ledger.LedgerStoreService> => {
  const workspaces = new Map<string, WorkspaceLedger>()
  const ledgerOf = (t: string, w: string): WorkspaceLedger => {
    let l = workspaces.get(key(t, w))
    if (l === undefined) workspaces.set(key(t, w), (l = { selections: new Map(), reports: new Map() }))
    return l
  }
  const copyOf = <A>(a: A | undefined): Option.Option<A> => Option.map(Option.fromNullable(a), (v) => structuredClone(v))
  return {
    putSelection: (t, w, s) => Effect.sync(() => void ledgerOf(t, w).selections.set(s.selection_id, structuredClone(s))),
    selection: (t, w, id) => Effect.sync(() => copyOf(workspaces.get(key(t, w))?.selections.get(id))),
    putReport: (t, w, r) => Effect.sync(() => void ledgerOf(t, w).reports.set(r.scope_key, structuredClone(r))),
    report: (t, w, scopeKey) => Effect.sync(() => copyOf(workspaces.get(key(t, w))?.reports.get(scopeKey))),
    removeWorkspace: (t, w) => Effect.sync(() => void workspaces.delete(key(t, w))),
    clear: () => workspaces.clear()
  }
}

export const make: Effect.Effect<Workspaces.Ledger.LedgerStoreService> = memoryStore(makeStore)

export const layer: Layer.Layer<Workspaces.Ledger.LedgerStore> = Layer.effect(Workspaces.Ledger.LedgerStore, make)
