/**
 * The decision service's public API (spec 1) as the Playground calls it: with a key of the
 * account, through the same routes, validation, limiter and debit as any client. The answers are
 * typed with core's own (types only: nothing of core is bundled).
 */
import type { Decision } from "@docket/core"
import { call, send } from "./http.js"

export type ModelEntry = Decision.CatalogEntry
export type Issue = Decision.Issue
/** The decision envelope: `{error: {type, message, issues?}, request_id}`. */
export type DecisionErrorBody = Decision.DecisionErrorBody
/** core's answer type: `noul`, `choice` or `score` */
export type AnswerValue = Decision.Answer
export type EvaluateBody = Decision.EvaluateAnswer

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

export const listModels = (key: string) => call<Decision.ModelsAnswer>("GET", "/v1/models", { headers: bearer(key) })

/**
 * `POST /v1/systemone` with the editor's text as the body, unparsed: a body that is not JSON gets
 * the API's own issue, as it would from any client.
 */
export const evaluate = (key: string, bodyText: string) =>
  send<EvaluateBody | DecisionErrorBody>("POST", "/v1/systemone", {
    headers: { ...bearer(key), "content-type": "application/json" },
    body: bodyText
  })
