/**
 * POST /v1/systemone as a use case: authenticate, check the account, validate, admit through the
 * limiter, evaluate within the upstream wait, bill. Platform-neutral; `http/routes.ts` serves it.
 *
 * Order (README "Decisions where the spec is silent"): 401 → 402 payment_required → 402
 * insufficient_credit → 422 → 429/529 (limiter) → model → debit. Requests refused with 401, 402
 * or 422 never reach the limiter.
 */
import { Clock, Duration, Effect, Option, Scope } from "effect"
import { currentFaults, type Faults, type FaultState } from "../shared/faults.js"
import { Ids, prefixedId } from "../shared/ids.js"
import { authenticate } from "./authenticate.js"
import { DecisionStore } from "./decision-store.js"
import {
  InsufficientCredit,
  InternalError,
  InvalidRequest,
  Overloaded,
  PaymentRequired,
  RateLimited,
  type DecisionError
} from "./errors.js"
import { prepareEvaluation } from "./evaluate-request.js"
import { Evaluator, type ModelFailed } from "./evaluator/evaluator.js"
import type { KeyCache } from "./key-cache.js"
import { LimiterStore } from "./limiter/limiter-store.js"
import { effectiveLimits, type EffectiveLimits, IN_FLIGHT_RETRY_MS, OVERLOADED_RETRY_MS } from "./limiter/limits.js"
import type { Answers } from "./question.js"

/** Upstream model wait (spec 1, "Limits"). */
export const MODEL_WAIT_MS = 55_000

export interface EvaluateResult {
  readonly answers: Answers
  /** the model version that served the request */
  readonly model: string
  readonly usage: { readonly input_tokens: number }
}

/** What evaluating needs besides the request's scope (which holds its in-flight slot). */
export type EvaluateServices = DecisionStore | KeyCache | LimiterStore | Evaluator | Faults | Ids

const storeUnavailable = () => new Overloaded({ reason: "store_unavailable", retryAfterMs: OVERLOADED_RETRY_MS })
const limiterUnavailable = () => new Overloaded({ reason: "limiter_unavailable", retryAfterMs: OVERLOADED_RETRY_MS })
const modelFailed = (e: ModelFailed) => new InternalError({ message: "the model service failed", cause: e.cause })

export const evaluate = <RB, EB = never>(
  authorization: string | undefined,
  body: Effect.Effect<string, InvalidRequest | EB, RB>,
  /** the route deadline on the service clock (ms); the model wait never runs past it */
  deadline: number = Number.POSITIVE_INFINITY
): Effect.Effect<EvaluateResult, DecisionError | EB, EvaluateServices | Scope.Scope | RB> =>
  Effect.gen(function*() {
    const { account } = yield* authenticate(authorization)
    if (account.unpaid_invoice) return yield* new PaymentRequired()

    const store = yield* DecisionStore
    const fresh = yield* Effect.catchTag(store.getAccount(account.account_id), "StoreUnavailable", storeUnavailable)
    const credit = Option.isSome(fresh) ? fresh.value.credit : 0
    if (credit <= 0) return yield* new InsufficientCredit()

    const prepared = prepareEvaluation(yield* body)
    if (prepared._tag === "Invalid") return yield* new InvalidRequest({ issues: prepared.issues })
    const { evaluation } = prepared

    const faults = yield* currentFaults
    yield* admit(account.account_id, effectiveLimits(account), `${evaluation.model.id}:${evaluation.fleet}`, account.tier === "free", faults)

    const evaluator = yield* Evaluator
    const input = { model: evaluation.model, state: evaluation.state, questions: evaluation.questions }
    const answers = yield* (evaluator.instant === true && faults.model_delay_ms === 0 && !faults.model_error
      ? Effect.mapError(evaluator.evaluate(input), modelFailed)
      : modelWithinWait(evaluator.evaluate(input), faults, deadline))

    yield* Effect.catchTag(store.debit(account.account_id, evaluation.tokens.billed), "StoreUnavailable", storeUnavailable)
    return { answers, model: evaluation.model.id, usage: { input_tokens: evaluation.tokens.billed } }
  })

/**
 * The model call under the upstream wait (never past the route deadline), with the injected
 * faults: a delay on the service clock, or a failure.
 */
const modelWithinWait = (call: Effect.Effect<Answers, ModelFailed>, faults: FaultState, deadline: number) =>
  Effect.flatMap(Clock.currentTimeMillis, (now) => {
    const model = Effect.gen(function*() {
      if (faults.model_delay_ms > 0) yield* Effect.sleep(Duration.millis(faults.model_delay_ms))
      if (faults.model_error) return yield* new InternalError({ message: "the model service failed (injected fault)" })
      return yield* Effect.mapError(call, modelFailed)
    })
    const routeBound = deadline - now < MODEL_WAIT_MS
    return Effect.timeoutFail(model, {
      duration: Duration.millis(Math.max(0, Math.min(MODEL_WAIT_MS, deadline - now))),
      onTimeout: () => new Overloaded({ reason: routeBound ? "route_timeout" : "model_timeout", retryAfterMs: OVERLOADED_RETRY_MS })
    })
  })

/**
 * Takes an in-flight slot for the rest of the request: it is released when the request's scope
 * closes (after the response is sent, on errors and on client disconnects), by its own id.
 */
const admit = (accountId: string, limits: EffectiveLimits, fleet: string, freeTier: boolean, faults: FaultState) => {
  if (faults.limiter_store_unreachable) return Effect.fail(limiterUnavailable())
  return Effect.gen(function*() {
    const limiter = yield* LimiterStore
    const scope = yield* Scope.Scope
    const request = {
      accountId,
      slotId: prefixedId(yield* Ids, "slot"),
      rpm: limits.rpm,
      inFlight: limits.inFlight,
      fleet,
      freeTier,
      now: yield* Clock.currentTimeMillis
    }
    // acquiring and registering the release are one uninterruptible step: a slot is never lost
    const result = yield* Effect.uninterruptible(Effect.tap(limiter.acquire(request), (r) =>
      r._tag === "Admitted" ? Scope.addFinalizer(scope, Effect.ignore(limiter.release(r.slotId))) : Effect.void
    )).pipe(Effect.mapError(limiterUnavailable))
    switch (result._tag) {
      case "Admitted":
        return
      case "RpmExceeded":
        return yield* new RateLimited({ reason: "rpm", retryAfterMs: result.retryAfterMs })
      case "InFlightExceeded":
        return yield* new RateLimited({ reason: "in_flight", retryAfterMs: IN_FLIGHT_RETRY_MS })
      case "PoolFull":
        return yield* new Overloaded({ reason: "pool_full", retryAfterMs: OVERLOADED_RETRY_MS })
    }
  })
}
