/**
 * Deep-search sessions (spec 3, "Search": `session_id` continues a thread; only the key that began
 * it may continue it; 409 `session_busy` while a run of it is queued or in flight). A session is
 * owned by a tenant, a workspace and a key; it holds its turns (what each run was asked and
 * answered) and the run that holds it now.
 *
 * `active` is the run holding the session: `job:<job_id>` once its job exists, or
 * `pending:<at>:<request_id>` between the route's claim and the job's creation (a claim older than
 * `PENDING_CLAIM_MS` is taken to be a request that died there). A run whose job is terminal does not
 * hold the session any more, whatever `active` says (a worker that died before releasing it).
 */
import { Context, type Effect, type Option } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"

export interface SearchTurn {
  readonly job_id: string
  readonly query: string
  /** null when the run asked a clarification instead */
  readonly answer: string | null
  readonly clarification: string | null
  readonly at: number
}

export interface SearchSession {
  readonly tenant_id: string
  readonly workspace_id: string
  readonly session_id: string
  /** the key that began the thread: only it may continue it */
  readonly key_id: string
  /** the run holding the session, or null */
  readonly active: string | null
  /** oldest first */
  readonly turns: ReadonlyArray<SearchTurn>
  readonly created_at: number
  readonly updated_at: number
}

/** a claim whose job was never created is released after this long */
export const PENDING_CLAIM_MS = 60_000

/** the turns kept per session (older ones are dropped as new ones come) */
export const MAX_SESSION_TURNS = 50

export const jobHold = (jobId: string) => `job:${jobId}`
export const pendingHold = (at: number, requestId: string) => `pending:${at}:${requestId}`

export interface SearchSessionStoreService {
  /** stores a new session (its id is fresh) */
  readonly create: (session: SearchSession) => Effect.Effect<void, StorageUnavailable>
  readonly get: (tenantId: string, sessionId: string) => Effect.Effect<Option.Option<SearchSession>, StorageUnavailable>
  /**
   * compare-and-set of `active`: sets it to `next` when it is `expected` now; false when another
   * holder got there first (or the session is gone)
   */
  readonly hold: (tenantId: string, sessionId: string, expected: string | null, next: string | null, at: number) => Effect.Effect<boolean, StorageUnavailable>
  /**
   * appends the turn (keeping the last `MAX_SESSION_TURNS`) and releases the session when the
   * turn's job holds it; false when the session is gone
   */
  readonly addTurn: (tenantId: string, sessionId: string, turn: SearchTurn) => Effect.Effect<boolean, StorageUnavailable>
  /** removes every session of the workspace (its teardown); returns how many */
  readonly deleteWorkspace: (tenantId: string, workspaceId: string) => Effect.Effect<number, StorageUnavailable>
}

export class SearchSessionStore extends Context.Tag("@docket/core/SearchSessionStore")<SearchSessionStore, SearchSessionStoreService>() {}
