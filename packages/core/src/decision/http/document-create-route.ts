/**
 * `POST /v1/documents/jobs` (spec 1, "Document routes"): asks the typed questions of
 * `POST /v1/systemone` about a document. Order: 401 → the routes' RPM counter (429) → 402
 * `payment_required` → 402 `insufficient_credit` → the body (422, at most 1,000,000 bytes) → the
 * job. It waits up to `wait_seconds` (at most 60) for the job: 200 with the finished job, else 202
 * with the job as it is; the `Location` header names it. The account is billed when the job's
 * evaluation has run, per input token, as an evaluation is.
 */
import { Effect, Option } from "effect"
import { createJob } from "../../jobs/create-job.js"
import { awaitSettled } from "../../jobs/job-runtime.js"
import { isTerminal } from "../../jobs/job.js"
import type { DocketRequest } from "../../platform/request.js"
import { DecisionStore } from "../decision-store.js"
import { InsufficientCredit, Overloaded, PaymentRequired, storeUnavailable } from "../errors.js"
import { OVERLOADED_RETRY_MS } from "../limiter/limits.js"
import { tenantOfAccount } from "../documents/account-jobs.js"
import { readDocumentCreate } from "../documents/document-create-request.js"
import { DOCUMENT_QUESTIONS_KIND, type DocumentQuestionsParams } from "../documents/document-questions-kind.js"
import { documentsCaller } from "../documents/documents-caller.js"
import { documentJobView } from "./document-job-view.js"
import { jsonResponse } from "./envelope.js"

const queueFull = () => new Overloaded({ reason: "pool_full", retryAfterMs: OVERLOADED_RETRY_MS })

export const createDocumentJob = (request: DocketRequest, requestId: string) =>
  Effect.gen(function*() {
    const account = yield* documentsCaller(request.header("authorization"), { counted: true })
    if (account.unpaid_invoice) return yield* new PaymentRequired()
    const fresh = yield* Effect.flatMap(DecisionStore, (s) => s.getAccount(account.account_id)).pipe(
      Effect.catchTag("StorageUnavailable", storeUnavailable)
    )
    if ((Option.isSome(fresh) ? fresh.value.credit : 0) <= 0) return yield* new InsufficientCredit()
    const tenantId = tenantOfAccount(account.account_id)
    const create = yield* readDocumentCreate(request, tenantId)
    const params: DocumentQuestionsParams = { account_id: account.account_id, questions: create.questions, model: create.model }
    const { job } = yield* createJob({
      tenantId,
      kind: DOCUMENT_QUESTIONS_KIND,
      input: { ...create.file, params: params as unknown as Record<string, unknown>, form: "v1" },
      idempotencyKey: null,
      requestId
    }).pipe(
      Effect.catchTags({
        StorageUnavailable: storeUnavailable,
        JobQueueFull: queueFull,
        // no idempotency key is given: a create never replays
        IdempotencyKeyReused: () => Effect.dieMessage("a create without an idempotency key was a replay")
      })
    )
    const settled = create.waitSeconds > 0
      ? Option.getOrElse(yield* awaitSettled(job.job_id, create.waitSeconds * 1000).pipe(Effect.catchTag("StorageUnavailable", storeUnavailable)), () => job)
      : job
    const view = yield* documentJobView(request, settled)
    return jsonResponse(isTerminal(settled.status) ? 200 : 202, view, requestId, { location: `/v1/documents/jobs/${job.job_id}` })
  })
