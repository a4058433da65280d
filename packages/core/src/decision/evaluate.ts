/**
 * POST /v1/systemone as a use case: authenticate, check the account, validate, admit through the
 * limiter, evaluate within the upstream wait, bill. Platform-neutral; `http/routes.ts` serves it.
 *
 * Order (README "Decisions where the spec is silent"): 401 → 402 payment_required → 402
 * insufficient_credit → 422 → 429/529 (limiter) → model → debit. Requests refused with 401, 402
 * or 422 never reach the limiter.
 */
import { Clock, Context, Duration, Effect, Option } from "effect"
import type { RequestScope } from "../platform/request-scope.js"
import * as Immediate from "../kernel/immediate.js"
import { Ids, prefixedId } from "../kernel/ids.js"
import { authenticateWith } from "./authenticate.js"
import { DecisionStore } from "./decision-store.js"
import {
  InsufficientCredit,
  InternalError,
  InvalidRequest,
  Overloaded,
  PaymentRequired,
  RateLimited,
  storeUnavailable,
  type DecisionError
} from "./errors.js"
import { prepareEvaluation } from "./evaluate-request.js"
import { Evaluator, type ModelFailed } from "./evaluator/evaluator.js"
import type { KeyCache } from "./key-cache.js"
import { type AdmissionRequest, type AdmissionResult, LimiterStore, type LimiterStoreService } from "./limiter/limiter-store.js"
import { effectiveLimits, IN_FLIGHT_RETRY_MS, OVERLOADED_RETRY_MS } from "./limiter/limits.js"
import type { Answers } from "./question.js"

/** Upstream model wait (spec 1, "Limits"). */
export const MODEL_WAIT_MS = 55_000

export interface EvaluateResult {
  readonly answers: Answers
  /** the model version that served the request */
  readonly model: string
  readonly usage: { readonly input_tokens: number }
}

/** What evaluating needs (besides the request's scope, passed in: it holds the in-flight slot). */
export type EvaluateServices = DecisionStore | KeyCache | LimiterStore | Evaluator | Ids

const limiterUnavailable = () => new Overloaded({ reason: "limiter_unavailable", retryAfterMs: OVERLOADED_RETRY_MS })
const modelFailed = (e: ModelFailed) => new InternalError({ message: "the model service failed", cause: e.cause })

export const evaluate = <RB, EB = never>(
  authorization: string | undefined,
  /** reads the request's body, given the route deadline on the service clock (ms) */
  body: (deadline: number) => Effect.Effect<string, InvalidRequest | EB, RB>,
  /** the request's scope: the in-flight slot is released when it closes */
  scope: RequestScope,
  /** the route's total duration (ms), from now; the body read and the model wait never run past it */
  routeDurationMs: number = Number.POSITIVE_INFINITY
): Effect.Effect<EvaluateResult, DecisionError | EB, EvaluateServices | RB> =>
  Effect.gen(function*() {
    // the services and the clock are read once: each read is a step of the fiber, and a small
    // request is only a few tens of µs of work in all
    const services = yield* Effect.context<EvaluateServices>()
    const clock = yield* Effect.clock
    const start = clock.unsafeCurrentTimeMillis()
    const deadline = start + routeDurationMs
    const { account } = yield* authenticateWith(services, start, authorization)
    if (account.unpaid_invoice) return yield* new PaymentRequired()

    const store = Context.get(services, DecisionStore)
    const fresh = yield* Effect.catchTag(store.getAccount(account.account_id), "StorageUnavailable", storeUnavailable)
    const credit = Option.isSome(fresh) ? fresh.value.credit : 0
    if (credit <= 0) return yield* new InsufficientCredit()

    const prepared = prepareEvaluation(yield* body(deadline))
    if (prepared._tag === "Invalid") return yield* new InvalidRequest({ issues: prepared.issues })
    const { evaluation } = prepared

    const limits = effectiveLimits(account)
    const releaseSlot = yield* admit(Context.get(services, LimiterStore), scope, {
      accountId: account.account_id,
      slotId: prefixedId(Context.get(services, Ids), "slot"),
      rpm: limits.rpm,
      inFlight: limits.inFlight,
      fleet: `${evaluation.model.id}:${evaluation.fleet}`,
      freeTier: account.tier === "free",
      now: clock.unsafeCurrentTimeMillis()
    })

    const evaluator = Context.get(services, Evaluator)
    const input = { model: evaluation.model, state: evaluation.state, questions: evaluation.questions }
    const call = evaluator.evaluate(input)
    // an immediate answer cannot outlast the wait: no timer for it
    const answered = Effect.zipLeft(
      Immediate.isImmediate(call) ? Effect.mapError(call, modelFailed) : modelWithinWait(call, deadline),
      Effect.catchTag(store.debit(account.account_id, evaluation.tokens.billed), "StorageUnavailable", storeUnavailable)
    )
    const answers = yield* (releaseSlot === Effect.void ? answered : Effect.ensuring(answered, releaseSlot))
    return { answers, model: evaluation.model.id, usage: { input_tokens: evaluation.tokens.billed } }
  })

/** The model call under the upstream wait (never past the route deadline). */
const modelWithinWait = (call: Effect.Effect<Answers, ModelFailed>, deadline: number) =>
  Effect.flatMap(Clock.currentTimeMillis, (now) => {
    const routeBound = deadline - now < MODEL_WAIT_MS
    return Effect.timeoutFail(Effect.mapError(call, modelFailed), {
      duration: Duration.millis(Math.max(0, Math.min(MODEL_WAIT_MS, deadline - now))),
      onTimeout: () => new Overloaded({ reason: routeBound ? "route_timeout" : "model_timeout", retryAfterMs: OVERLOADED_RETRY_MS })
    })
  })

/**
 * The slot's release when the request's scope closes, without an effect where the store's is
 * immediate; answers the release to run before the response too. A store whose release takes a
 * round trip (PostgreSQL) releases before answering, so a client that sends its next request on
 * the answer finds its slot free; the scope still releases it when the request ends another way
 * (a disconnect). Either runs the release once.
 */
const releaseWhenClosed = (limiter: LimiterStoreService, scope: RequestScope, slotId: string): Effect.Effect<Effect.Effect<void>> => {
  const release = limiter.release(slotId)
  const now = Immediate.syncWorkOf(release)
  if (now !== undefined) return Effect.as(scope.addRelease(now), Effect.void)
  let released = false
  const once = Effect.suspend(() => {
    if (released) return Effect.void
    released = true
    return Effect.ignore(release)
  })
  return Effect.as(scope.addFinalizer(once), once)
}

/**
 * Takes an in-flight slot for the rest of the request: it is released when the request's scope
 * closes (after the response is sent, on errors and on client disconnects), by its own id; answers
 * the release to run before the response (see `releaseWhenClosed`).
 */
const admit = (
  limiter: LimiterStoreService,
  scope: RequestScope,
  request: AdmissionRequest
): Effect.Effect<Effect.Effect<void>, RateLimited | Overloaded> =>
  // acquiring and registering the release are one uninterruptible step: a slot is never lost
  Effect.uninterruptible(Effect.flatMap(limiter.acquire(request), (r): Effect.Effect<readonly [AdmissionResult, Effect.Effect<void>]> =>
    r._tag !== "Admitted" ? Effect.succeed([r, Effect.void]) : Effect.map(releaseWhenClosed(limiter, scope, r.slotId), (early) => [r, early])
  )).pipe(
    Effect.mapError(limiterUnavailable),
    Effect.flatMap(([result, early]): Effect.Effect<Effect.Effect<void>, RateLimited | Overloaded> => {
      switch (result._tag) {
        case "Admitted":
          return Effect.succeed(early)
        case "RpmExceeded":
          return Effect.fail(new RateLimited({ reason: "rpm", retryAfterMs: result.retryAfterMs }))
        case "InFlightExceeded":
          return Effect.fail(new RateLimited({ reason: "in_flight", retryAfterMs: IN_FLIGHT_RETRY_MS }))
        case "PoolFull":
          return Effect.fail(new Overloaded({ reason: "pool_full", retryAfterMs: OVERLOADED_RETRY_MS }))
      }
    })
  )
