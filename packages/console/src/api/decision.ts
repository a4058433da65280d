/**
 * The decision service's public API (spec 1) as the Playground calls it: with a key of the
 * account, through the same routes, validation, limiter and debit as any client.
 */
import type { Decision } from "@docket/core"
import { call, send } from "./http.js"

export interface ModelEntry {
  readonly name: string
  readonly description: string
  readonly release_date: string
  readonly alias_for: string | null
}

export interface Issue {
  readonly path: string
  readonly message: string
}

/** The decision envelope: `{error: {type, message, issues?}, request_id}`. */
export interface DecisionErrorBody {
  readonly error: { readonly type: string; readonly message: string; readonly issues?: ReadonlyArray<Issue> }
  readonly request_id: string
}

/** core's answer type: `noul`, `choice` or `score` */
export type AnswerValue = Decision.Answer

export interface EvaluateBody {
  readonly answers: Readonly<Record<string, AnswerValue>>
  readonly model: string
  readonly request_id: string
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

export const listModels = (key: string) => call<{ models: ReadonlyArray<ModelEntry> }>("GET", "/v1/models", { headers: bearer(key) })

/**
 * `POST /v1/systemone` with the editor's text as the body, unparsed: a body that is not JSON gets
 * the API's own issue, as it would from any client.
 */
export const evaluate = (key: string, bodyText: string) =>
  send<EvaluateBody | DecisionErrorBody>("POST", "/v1/systemone", {
    headers: { ...bearer(key), "content-type": "application/json" },
    body: bodyText
  })
