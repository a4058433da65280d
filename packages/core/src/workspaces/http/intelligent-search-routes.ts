/**
 * `fact-search` and `deep-search` over HTTP (spec 3, "Search"): each validates, checks that the
 * workspace has been indexed (404 otherwise, before any job), and creates an `intelligent_search`
 * job (202; `wait_seconds`, `Idempotency-Key`: a replay is the same body from the same key).
 *
 * Deep search also settles the tier (422 when the engine has it switched off — never a fallback)
 * and the session: a new one for a first run, or the named one, which must be of this workspace
 * and of the calling key (else 404 `session_not_found`) and not held by a queued or running run
 * (else 409 `session_busy`). The route holds the session before it creates the job (a
 * compare-and-set, so two requests cannot both win), then hands the hold to the job.
 */
import { Clock, Effect, Option } from "effect"
import { jsonBodyOf } from "../../api/endpoint.js"
import { invalid } from "../../api/errors.js"
import { SEARCH_TIERS, SearchAgent } from "../../intelligence/search-agent.js"
import { isTerminal } from "../../jobs/job.js"
import { JobStore } from "../../jobs/job-store.js"
import { Ids } from "../../kernel/ids.js"
import { createAdmittedJob } from "../../tenancy/limits/admit-job.js"
import { WorkspaceNotIndexed } from "../search/hybrid-search.js"
import { SearchIndex } from "../search/search-index.js"
import { SessionBusy, SessionNotFound } from "../intelligent-search/errors.js"
import { INTELLIGENT_SEARCH } from "../intelligent-search/intelligent-search-kind.js"
import { DEEP_TOP_K_REFUSAL, DeepSearchBody, FACT_CLARIFICATION_REFUSAL, FACT_SESSION_REFUSAL, FactSearchBody } from "../intelligent-search/search-input.js"
import { jobHold, PENDING_CLAIM_MS, pendingHold, SearchSessionStore } from "../intelligent-search/search-session.js"
import { workspaceJobRetentionMs } from "../workspace/job-retention.js"
import { activeWorkspace } from "../workspace/workspaces.js"
import { WorkspaceIdParams, workspaceEndpoint } from "./endpoints.js"
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, jobAnswer, replayedJob, WaitQuerySchema } from "./job-answer.js"
import { searchPathPrefix } from "./search-routes.js"
import { storeDown } from "./store-errors.js"

const TAG = "search"
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const requireIndexed = (tenantId: string, workspaceId: string) =>
  Effect.gen(function*() {
    const status = yield* Effect.flatMap(SearchIndex, (s) => s.status(tenantId, workspaceId)).pipe(storeDown)
    if (!status.indexed) return yield* new WorkspaceNotIndexed({ workspaceId })
  })

/** the job holding `hold` when it still holds the session (queued or running), a pending claim younger than `PENDING_CLAIM_MS` */
const stillHeld = (tenantId: string, hold: string, now: number) =>
  Effect.gen(function*() {
    if (hold.startsWith("pending:")) return { held: now - Number(hold.split(":")[1]) < PENDING_CLAIM_MS, job_id: null }
    const jobId = hold.slice("job:".length)
    const job = yield* Effect.flatMap(JobStore, (s) => s.get(jobId)).pipe(storeDown)
    return { held: Option.isSome(job) && job.value.tenant_id === tenantId && !isTerminal(job.value.status), job_id: jobId }
  })

const JOB_ERRORS = [[402, "quota_exceeded"], [404, "workspace_not_found"], [409, "workspace_deleting"], [409, "idempotency_key_reused"], [422, "invalid_request"]] as const

export const intelligentSearchEndpoints = [
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/fact-search",
    costClass: "slow",
    tag: TAG,
    summary: "Fact search: a fixed pipeline (retrieve, rerank, read, extract, cite) answering one question from the workspace's files",
    params: WorkspaceIdParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    body: jsonBodyOf(FactSearchBody),
    responses: [{ status: 202, description: "the intelligent_search job (200 when it finished within wait_seconds); its result: `{result_type, evidences, reasoning, answer, interpretation, clarification, coverage, candidates_seen, steps_used, exhausted, tool_calls, session_id}`" }],
    errors: [...JOB_ERRORS],
    handler: ({ ctx, caller, params, query, body, headers }) =>
      Effect.gen(function*() {
        if (body.session_id !== undefined) return yield* invalid("session_id", FACT_SESSION_REFUSAL)
        if (body.allow_clarification !== undefined) return yield* invalid("allow_clarification", FACT_CLARIFICATION_REFUSAL)
        const t = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        const replayed = yield* replayedJob(t, key, INTELLIGENT_SEARCH, params.workspace_id, (i) =>
          i.mode === "fact" && i.key_id === caller.key.key_id && sameJson(i.request, body))
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, query.wait_seconds)
        const w = yield* activeWorkspace(t, params.workspace_id).pipe(storeDown)
        const path_prefix = (yield* searchPathPrefix(body.path_prefix)) ?? ""
        yield* requireIndexed(t, w.workspace_id)
        const { job } = yield* createAdmittedJob(caller.tenant, {
          tenantId: t,
          kind: INTELLIGENT_SEARCH,
          input: {
            mode: "fact",
            workspace_id: w.workspace_id,
            key_id: caller.key.key_id,
            access_labels: caller.access_labels,
            query: body.query,
            context: body.context ?? null,
            path_prefix,
            top_k: body.top_k,
            tier: null,
            allow_clarification: false,
            session_id: null,
            request: body
          },
          workspaceId: w.workspace_id,
          idempotencyKey: key,
          requestId: ctx.requestId,
          payloadRetentionMs: workspaceJobRetentionMs(w)
        })
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      })
  }),
  workspaceEndpoint({
    method: "POST",
    path: "/v1/workspaces/:workspace_id/deep-search",
    costClass: "slow",
    tag: TAG,
    summary: "Deep search: an agent over the workspace tools with a step budget per tier, sessions owned by the key that began them",
    params: WorkspaceIdParams,
    query: WaitQuerySchema,
    headers: [IDEMPOTENCY_HEADER],
    body: jsonBodyOf(DeepSearchBody),
    responses: [{ status: 202, description: "the intelligent_search job (200 when it finished within wait_seconds); its result carries the `session_id` to continue the thread" }],
    errors: [...JOB_ERRORS, [404, "session_not_found"], [409, "session_busy"]],
    handler: ({ ctx, caller, params, query, body, headers }) =>
      Effect.gen(function*() {
        if (body.top_k !== undefined) return yield* invalid("top_k", DEEP_TOP_K_REFUSAL)
        const t = caller.tenant.tenant_id
        const key = idempotencyKeyOf(headers)
        const replayed = yield* replayedJob(t, key, INTELLIGENT_SEARCH, params.workspace_id, (i) =>
          i.mode === "deep" && i.key_id === caller.key.key_id && sameJson(i.request, body))
        if (Option.isSome(replayed)) return yield* jobAnswer(ctx, caller, replayed.value, query.wait_seconds)
        const agent = yield* SearchAgent
        if (agent.tiers[body.tier] === null) {
          const available = SEARCH_TIERS.filter((x) => agent.tiers[x] !== null)
          return yield* invalid("tier", `the ${body.tier} tier is not available on this server (no model or budget is configured for it); available: ${available.length === 0 ? "none" : available.join(", ")}`)
        }
        const w = yield* activeWorkspace(t, params.workspace_id).pipe(storeDown)
        const path_prefix = (yield* searchPathPrefix(body.path_prefix)) ?? ""
        yield* requireIndexed(t, w.workspace_id)

        const sessions = yield* SearchSessionStore
        const now = yield* Clock.currentTimeMillis
        const claim = pendingHold(now, ctx.requestId)
        let sessionId: string
        if (body.session_id !== undefined) {
          const found = yield* sessions.get(t, body.session_id).pipe(storeDown)
          if (Option.isNone(found) || found.value.workspace_id !== w.workspace_id || found.value.key_id !== caller.key.key_id) {
            return yield* new SessionNotFound({ session_id: body.session_id })
          }
          const previous = found.value.active
          if (previous !== null) {
            const held = yield* stillHeld(t, previous, now)
            if (held.held) return yield* new SessionBusy({ session_id: body.session_id, job_id: held.job_id })
          }
          if (!(yield* sessions.hold(t, body.session_id, previous, claim, now).pipe(storeDown))) {
            return yield* new SessionBusy({ session_id: body.session_id, job_id: null })
          }
          sessionId = body.session_id
        } else {
          sessionId = (yield* Ids).uuid()
          yield* sessions.create({
            tenant_id: t,
            workspace_id: w.workspace_id,
            session_id: sessionId,
            key_id: caller.key.key_id,
            active: claim,
            turns: [],
            created_at: now,
            updated_at: now
          }).pipe(storeDown)
        }
        const { job } = yield* createAdmittedJob(caller.tenant, {
          tenantId: t,
          kind: INTELLIGENT_SEARCH,
          input: {
            mode: "deep",
            workspace_id: w.workspace_id,
            key_id: caller.key.key_id,
            access_labels: caller.access_labels,
            query: body.query,
            context: body.context ?? null,
            path_prefix,
            top_k: null,
            tier: body.tier,
            allow_clarification: body.allow_clarification,
            session_id: sessionId,
            request: body
          },
          workspaceId: w.workspace_id,
          idempotencyKey: key,
          requestId: ctx.requestId,
          payloadRetentionMs: workspaceJobRetentionMs(w)
        }).pipe(Effect.tapError(() => sessions.hold(t, sessionId, claim, null, now).pipe(Effect.ignore)))
        // hand the hold to the job (a job that already finished has released nothing: the check above reads its status)
        yield* sessions.hold(t, sessionId, claim, jobHold(job.job_id), now).pipe(Effect.ignore)
        return yield* jobAnswer(ctx, caller, job, query.wait_seconds)
      })
  })
]
