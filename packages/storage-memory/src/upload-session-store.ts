/** Resumable upload sessions in memory; every operation is one synchronous step. */
import { Documents } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

const makeUploadSessionStore = (): Clearable<Documents.UploadSessionStoreService> => {
  const sessions = new Map<string, Documents.UploadSession>()
  return {
    create: (session) => Effect.sync(() => (sessions.set(session.session_id, session), session)),
    get: (id) => Effect.sync(() => Option.fromNullable(sessions.get(id))),
    appendPart: (id, part) =>
      Effect.sync(() => {
        const session = sessions.get(id)
        if (session === undefined) return Option.none()
        if (session.state !== "open" || session.received !== part.offset) return Option.some({ session, appended: false })
        const next: Documents.UploadSession = { ...session, received: session.received + part.size, parts: [...session.parts, part] }
        sessions.set(id, next)
        return Option.some({ session: next, appended: true })
      }),
    close: (id, state, at, expiresAt) =>
      Effect.sync(() => {
        const session = sessions.get(id)
        if (session === undefined) return Option.none()
        if (session.state !== "open") return Option.some({ session, closed: false })
        const next: Documents.UploadSession = { ...session, state, completed_at: state === "completed" ? at : null, expires_at: expiresAt }
        sessions.set(id, next)
        return Option.some({ session: next, closed: true })
      }),
    listExpired: (before, limit) =>
      Effect.sync(() =>
        [...sessions.values()].filter((s) => s.expires_at <= before && s.parts.length > 0).sort((a, b) => a.expires_at - b.expires_at).slice(0, Math.max(0, limit))
      ),
    dropParts: (id, keys) =>
      Effect.sync(() => {
        const session = sessions.get(id)
        if (session !== undefined) sessions.set(id, { ...session, parts: session.parts.filter((p) => !keys.includes(p.key)) })
      }),
    clear: () => sessions.clear()
  }
}

export const make: Effect.Effect<Documents.UploadSessionStoreService> = memoryStore(makeUploadSessionStore)

export const layer: Layer.Layer<Documents.UploadSessionStore> = Layer.effect(Documents.UploadSessionStore, make)
