/**
 * Resumable upload sessions (spec 2, "Staged and resumable uploads via POST /v1/uploads"): a
 * session declares a file name and size, receives the file as parts at increasing offsets (each
 * part a blob of its own, streamed into the blob store), and once complete becomes an upload
 * handle (`source: {type: "upload", upload_id}`). Adapters implement the port (storage-memory).
 */
import { Context, type Effect, type Option } from "effect"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"

/** An open session may receive parts for 24 hours (on the service clock). */
export const UPLOAD_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000

export type UploadSessionState = "open" | "completed" | "aborted"

export interface UploadPart {
  /** the part's blob */
  readonly key: string
  readonly offset: number
  readonly size: number
}

export interface UploadSession {
  readonly session_id: string
  readonly tenant_id: string
  readonly file_name: string
  /** the declared size of the whole file */
  readonly size: number
  /** bytes received so far: where the next part starts */
  readonly received: number
  readonly parts: ReadonlyArray<UploadPart>
  readonly state: UploadSessionState
  readonly created_at: number
  /** while open: the end of the session; once completed: the end of the upload handle */
  readonly expires_at: number
  readonly completed_at: number | null
}

export const partKeyOf = (sessionId: string, index: number) => `upload-sessions/${sessionId}/part-${index}`


export interface UploadSessionStoreService {
  readonly create: (session: UploadSession) => Effect.Effect<UploadSession, StorageUnavailable>
  readonly get: (sessionId: string) => Effect.Effect<Option.Option<UploadSession>, StorageUnavailable>
  /**
   * Appends a part when the session is open and has received exactly `part.offset` bytes, in one
   * step; otherwise stores nothing and returns the session as it is (`appended: false`).
   */
  readonly appendPart: (
    sessionId: string,
    part: UploadPart
  ) => Effect.Effect<Option.Option<{ readonly session: UploadSession; readonly appended: boolean }>, StorageUnavailable>
  /** moves an open session to `completed` or `aborted` (with `expires_at`, `completed_at`); `closed: false` when it was not open */
  readonly close: (
    sessionId: string,
    state: "completed" | "aborted",
    at: number,
    expiresAt: number
  ) => Effect.Effect<Option.Option<{ readonly session: UploadSession; readonly closed: boolean }>, StorageUnavailable>
  /**
   * retention: up to `limit` sessions, in any state, whose `expires_at` is at or before `before`
   * and that still hold parts, oldest expiry first
   */
  readonly listExpired: (before: number, limit: number) => Effect.Effect<ReadonlyArray<UploadSession>, StorageUnavailable>
  /**
   * retention: removes the parts with these keys from the session (their blobs are deleted); the
   * session itself stays, with its state and `received` (a late request is then still answered
   * as for an expired, completed or aborted session, not 404). Idempotent; an unknown id is nothing.
   */
  readonly dropParts: (sessionId: string, keys: ReadonlyArray<string>) => Effect.Effect<void, StorageUnavailable>
}

export class UploadSessionStore extends Context.Tag("@docket/core/UploadSessionStore")<UploadSessionStore, UploadSessionStoreService>() {}
