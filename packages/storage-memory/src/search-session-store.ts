/** Deep-search sessions in memory; every operation is one synchronous step (so `hold` is a true compare-and-set). */
import { Workspaces } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

type Session = Workspaces.IntelligentSearch.SearchSession

const key = (tenantId: string, sessionId: string) => `${tenantId}\u0000${sessionId}`

const makeStore = (): Clearable<Workspaces.IntelligentSearch.SearchSessionStoreService> => {
  const sessions = new Map<string, Session>()
  return {
    create: (s) => Effect.sync(() => void sessions.set(key(s.tenant_id, s.session_id), structuredClone(s))),
    get: (tenantId, sessionId) => Effect.sync(() => Option.map(Option.fromNullable(sessions.get(key(tenantId, sessionId))), (s) => structuredClone(s))),
    hold: (tenantId, sessionId, expected, next, at) =>
      Effect.sync(() => {
        const k = key(tenantId, sessionId)
        const s = sessions.get(k)
        if (s === undefined || s.active !== expected) return false
        sessions.set(k, { ...s, active: next, updated_at: Math.max(s.updated_at, at) })
        return true
      }),
    addTurn: (tenantId, sessionId, turn) =>
      Effect.sync(() => {
        const k = key(tenantId, sessionId)
        const s = sessions.get(k)
        if (s === undefined) return false
        const turns = [...s.turns, structuredClone(turn)].slice(-Workspaces.IntelligentSearch.MAX_SESSION_TURNS)
        const active = s.active === Workspaces.IntelligentSearch.jobHold(turn.job_id) ? null : s.active
        sessions.set(k, { ...s, turns, active, updated_at: Math.max(s.updated_at, turn.at) })
        return true
      }),
    deleteWorkspace: (tenantId, workspaceId) =>
      Effect.sync(() => {
        let n = 0
        for (const [k, s] of sessions) {
          if (s.tenant_id === tenantId && s.workspace_id === workspaceId) {
            sessions.delete(k)
            n++
          }
        }
        return n
      }),
    clear: () => sessions.clear()
  }
}

export const make: Effect.Effect<Workspaces.IntelligentSearch.SearchSessionStoreService> = memoryStore(makeStore)

export const layer: Layer.Layer<Workspaces.IntelligentSearch.SearchSessionStore> = Layer.effect(Workspaces.IntelligentSearch.SearchSessionStore, make)
