/**
 * The `intelligent_search` job (spec 3, "Search"): fact search and deep search, one kind, the
 * request's mode in its input. The input freezes at acceptance what the run needs: the calling
 * key (sessions are its own) and the labels it was granted — the run sees what the caller saw
 * then, against the workspace's current label configuration.
 *
 * A deep run loads its session's turns when it starts and, when it ends, adds its own turn and
 * releases the session; a run that fails releases it too. Units: 1 per fact search, 1 per tool
 * call of a deep search (at least 1).
 */
import { Effect, Option, Schema } from "effect"
import { defineJobKind, shapeOf } from "../../jobs/job-kind.js"
import type { JobError } from "../../jobs/job.js"
import { SEARCH_TIERS, SearchAgent } from "../../intelligence/search-agent.js"
import { visibleLabelsOf } from "../files/file-access.js"
import { WorkspaceStore } from "../workspace/workspace-store.js"
import { deepSearch } from "./deep-search.js"
import { factSearch } from "./fact-search.js"
import type { IntelligentSearchResult } from "./intelligent-search-result.js"
import { jobHold, SearchSessionStore } from "./search-session.js"

export const INTELLIGENT_SEARCH = "intelligent_search"

export const IntelligentSearchInput = Schema.Struct({
  mode: Schema.Literal("fact", "deep"),
  workspace_id: Schema.String,
  /** the key that asked (a deep session belongs to it) */
  key_id: Schema.String,
  /** the labels the key was granted at acceptance */
  access_labels: Schema.Array(Schema.String),
  query: Schema.String,
  context: Schema.NullOr(Schema.String),
  /** normalized; "" is the whole workspace */
  path_prefix: Schema.String,
  /** fact search only */
  top_k: Schema.NullOr(Schema.Number),
  /** deep search only */
  tier: Schema.NullOr(Schema.Literal(...SEARCH_TIERS)),
  allow_clarification: Schema.Boolean,
  /** deep search: the session the run belongs to (new or continued) */
  session_id: Schema.NullOr(Schema.String),
  /** the body as sent: an idempotent replay is compared on it (and the key) */
  request: Schema.Unknown
})
export type IntelligentSearchInput = typeof IntelligentSearchInput.Type

const storageError: JobError = { code: "upstream_unavailable", message: "storage was unavailable; search again", retryable: true }

/** the failures of a run as the job shows them */
const jobErrorOf = (e: unknown): JobError => {
  const tagged = e as { readonly _tag?: string; readonly message?: string; readonly text?: string; readonly v1?: { readonly code: string } }
  switch (tagged._tag) {
    case "EngineFailed":
      return { code: "upstream_unavailable", message: `the search engine failed: ${tagged.message ?? "unknown"}; search again`, retryable: true }
    case "ServiceUnavailable":
      return { code: "upstream_unavailable", message: tagged.message ?? "a service was unavailable; search again", retryable: true }
    case "StorageUnavailable":
      return storageError
    default:
      if (tagged.v1 !== undefined) return { code: tagged.v1.code, message: tagged.text ?? tagged.message ?? tagged.v1.code, retryable: false }
      return { code: "internal_error", message: "the search failed", retryable: true }
  }
}

export const intelligentSearchKind = defineJobKind({
  kind: INTELLIGENT_SEARCH,
  input: IntelligentSearchInput,
  result: shapeOf<IntelligentSearchResult>(Schema.Struct({
    result_type: Schema.Literal("intelligent_search"),
    evidences: Schema.Array(Schema.Object),
    tool_calls: Schema.Array(Schema.Object)
  })),
  stage: "searching",
  // a replay is the same body from the same key
  fingerprint: (kind, input) => JSON.stringify([kind, input.workspace_id, input.key_id, input.mode, input.request]),
  run: (job) => {
    const i = job.input
    const t = job.tenant_id
    const work = Effect.gen(function*() {
      const found = yield* Effect.flatMap(WorkspaceStore, (s) => s.get(t, i.workspace_id))
      if (Option.isNone(found)) return yield* Effect.fail<JobError>({ code: "workspace_not_found", message: `workspace ${i.workspace_id} not found`, retryable: false })
      const visible = visibleLabelsOf(found.value, i.access_labels)
      if (i.mode === "fact") {
        const result = yield* factSearch(t, i.workspace_id, visible, { query: i.query, context: i.context, path_prefix: i.path_prefix, top_k: i.top_k ?? 6 })
        return { result, units: 1 }
      }
      const tier = i.tier ?? "low"
      const plan = (yield* SearchAgent).tiers[tier]
      if (plan === null) return yield* Effect.fail<JobError>({ code: "invalid_request", message: `the ${tier} tier is not available on this server`, retryable: false })
      const sessions = yield* SearchSessionStore
      const session = i.session_id === null ? Option.none() : yield* sessions.get(t, i.session_id)
      const history = Option.match(session, { onNone: () => [], onSome: (s) => s.turns.map(({ query, answer, clarification }) => ({ query, answer, clarification })) })
      const result = yield* deepSearch({ tenantId: t, workspaceId: i.workspace_id, visible, pathPrefix: i.path_prefix }, plan, {
        query: i.query,
        context: i.context,
        tier,
        allow_clarification: i.allow_clarification,
        session_id: i.session_id ?? "",
        history
      })
      if (i.session_id !== null) {
        const at = yield* Effect.clockWith((c) => c.currentTimeMillis)
        yield* sessions.addTurn(t, i.session_id, { job_id: job.job_id, query: i.query, answer: result.answer, clarification: result.clarification, at })
      }
      return { result, units: Math.max(1, result.steps_used) }
    })
    const release = i.session_id === null
      ? Effect.void
      : Effect.flatMap(SearchSessionStore, (s) => s.hold(t, i.session_id!, jobHold(job.job_id), null, 0)).pipe(Effect.ignore)
    return work.pipe(
      Effect.onError(() => release),
      Effect.mapError((e) => (typeof e === "object" && e !== null && "code" in e && "retryable" in e && !("_tag" in e) ? (e as JobError) : jobErrorOf(e)))
    )
  }
})
