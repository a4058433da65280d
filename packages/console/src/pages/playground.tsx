/**
 * The Playground (spec 1): a state and questions editor, a model picker, and the answers with
 * their probabilities drawn. It calls `POST /v1/systemone` itself with a key of the account, so
 * the validation messages, the limiter (shared with every key of the account) and the per-token
 * debit are the API's own.
 */
import { useLocation } from "preact-iso"
import { useEffect, useState } from "preact/hooks"
import type { Account } from "../api/admin.js"
import { type AnswerValue, type DecisionErrorBody, evaluate, type EvaluateBody, listModels } from "../api/decision.js"
import type { Answer } from "../api/http.js"
import { admin, heldKeys, holdKey, knownAccounts, rememberAccount } from "../api/session.js"
import { ErrorNote, PageTitle, ProbabilityBars, useAction, useLoad } from "../components/ui.js"

const SAMPLE_STATE = `{
  "applicant": "Ada",
  "income": 85000,
  "debts": 12000,
  "notes": "Steady employment for six years; no missed payments."
}`

const SAMPLE_QUESTIONS = `{
  "approve": {
    "type": "noul",
    "instructions": "Is the income above 50000?"
  },
  "risk": {
    "type": "choice",
    "criteria": { "low": "reliable history", "medium": null, "high": "missed payments" }
  },
  "fit": {
    "type": "score",
    "criteria": ["poor", "fair", "good", "excellent"]
  }
}`

/** The request body from the editors' text as typed: not JSON stays not JSON, for the API to say so. */
const bodyText = (state: string, questions: string, model: string) =>
  `{"state":${state},"questions":${questions}${model === "" ? "" : `,"model":${JSON.stringify(model)}`}}`

const AnswerView = ({ id, answer, levels }: { readonly id: string; readonly answer: AnswerValue; readonly levels: ReadonlyArray<unknown> }) => {
  switch (answer.type) {
    case "noul":
      return <ProbabilityBars label={`${id}: probability of yes`} values={[["yes", answer.noul], ["no", 1 - answer.noul]]} />
    case "choice":
      return (
        <>
          <p>Choice: <strong>{answer.choice}</strong> (confidence {(answer.confidence * 100).toFixed(1)}%)</p>
          <ProbabilityBars label={`${id}: probability of each label`} values={Object.entries(answer.probabilities)} />
        </>
      )
    case "score":
      return (
        <>
          <p>Score: <strong>{answer.score}</strong> “{answer.level}” · expected {answer.expected_score}</p>
          <ProbabilityBars label={`${id}: probability of each level`} values={answer.probabilities.map((p, i) => [typeof levels[i] === "string" ? `${i} ${levels[i]}` : String(i), p] as const)} />
        </>
      )
  }
}

/** The levels of each score question as sent, to name the bars (the answer gives indexes). */
const levelsOf = (questionsText: string): Record<string, ReadonlyArray<unknown>> => {
  try {
    const parsed = JSON.parse(questionsText) as Record<string, { criteria?: unknown }>
    return Object.fromEntries(Object.entries(parsed).map(([id, q]) => [id, Array.isArray(q?.criteria) ? q.criteria : []]))
  } catch {
    return {}
  }
}

const Result = ({ answer, creditBefore, creditAfter, questions }: {
  readonly questions: string
  readonly answer: Answer<EvaluateBody | DecisionErrorBody | string>
  readonly creditBefore: number | undefined
  readonly creditAfter: number | undefined
}) => {
  const body = answer.body
  const retry = answer.headers.get("retry-after-ms")
  const debit = creditBefore === undefined || creditAfter === undefined ? null : creditBefore - creditAfter
  return (
    <section class="card" aria-labelledby="result-title" data-testid="result">
      <h2 id="result-title">Response <span class={`badge ${answer.status === 200 ? "active" : "revoked"}`}>{answer.status}</span></h2>
      {typeof body === "object" && "answers" in body ? (
        <>
          <p class="muted">Model <code>{body.model}</code> · <code>{body.request_id}</code></p>
          {Object.entries(body.answers).map(([id, a]) => (
            <article class="answer" key={id}>
              <h3>{id} <span class="muted">({a.type})</span></h3>
              <AnswerView id={id} answer={a} levels={levelsOf(questions)[id] ?? []} />
            </article>
          ))}
        </>
      ) : typeof body === "object" && "error" in body ? (
        <div role="alert">
          <p><strong>{body.error.type}</strong>: {body.error.message}</p>
          {body.error.issues === undefined || body.error.issues.length === 0 ? null : (
            <ul class="issues" aria-label="Issues">
              {body.error.issues.map((issue, i) => <li key={i}><code>{issue.path === "" ? "(body)" : issue.path}</code>: {issue.message}</li>)}
            </ul>
          )}
          {retry === null ? null : <p class="muted">Retry after {retry} ms.</p>}
          <p class="muted"><code>{body.request_id}</code></p>
        </div>
      ) : <pre>{String(body)}</pre>}
      {debit === null ? null : (
        <p data-testid="debit">Credit {creditBefore!.toLocaleString("en-US")} → {creditAfter!.toLocaleString("en-US")} ({debit === 0 ? "no debit" : `debited ${debit.toLocaleString("en-US")} tokens`})</p>
      )}
    </section>
  )
}

export const PlaygroundPage = () => {
  const { query } = useLocation()
  const [accountId, setAccountId] = useState(query.account ?? knownAccounts.value[0] ?? "")
  useEffect(() => {
    if (query.account !== undefined && query.account !== "") rememberAccount(query.account)
  }, [query.account])
  const keys = heldKeys.value.filter((k) => k.service === "decision" && (accountId === "" || k.owner === accountId))
  const [keyId, setKeyId] = useState("")
  const key = keys.find((k) => k.key_id === keyId) ?? keys[0]
  const [state, setState] = useState(SAMPLE_STATE)
  const [questions, setQuestions] = useState(SAMPLE_QUESTIONS)
  const [model, setModel] = useState("")
  const models = useLoad(async () => (key === undefined ? [] : (await listModels(key.secret)).models), [key?.key_id])
  const [result, setResult] = useState<{ answer: Answer<EvaluateBody | DecisionErrorBody | string>; before?: number; after?: number; questions: string } | null>(null)
  const keyAction = useAction()
  const run = useAction()
  const creditOf = (id: string) => admin.value!.decision.getAccount(id).then((a: Account) => a.credit, () => undefined)
  return (
    <>
      <PageTitle lead="Runs the API's own validation, limiter call and per-token debit: every key of the account and the Playground share its counters.">
        Playground
      </PageTitle>
      <form class="card" onSubmit={(e) => {
        e.preventDefault()
        if (key === undefined) return
        void run.run(async () => {
          const before = await creditOf(key.owner)
          const answer = await evaluate(key.secret, bodyText(state, questions, model))
          const after = await creditOf(key.owner)
          setResult({ answer, before, after, questions })
        })
      }}>
        <div class="row">
          <div>
            <label for="pg-account">Account</label>
            <select id="pg-account" value={accountId} onChange={(e) => {
              setAccountId(e.currentTarget.value)
              setKeyId("")
            }}>
              {knownAccounts.value.length === 0 ? <option value="">no accounts yet</option> : null}
              {knownAccounts.value.map((a) => <option key={a} value={a}>{a}</option>)}
            </select>
          </div>
          <div>
            <label for="pg-key">Key</label>
            <select id="pg-key" value={key?.key_id ?? ""} onChange={(e) => setKeyId(e.currentTarget.value)} aria-describedby="pg-key-help">
              {keys.length === 0 ? <option value="">no key held in this tab</option> : null}
              {keys.map((k) => <option key={k.key_id} value={k.key_id}>{k.name} ({k.secret.slice(0, 12)}…)</option>)}
            </select>
            <p id="pg-key-help" class="muted">
              Keys created in this tab are held here.{" "}
              {accountId === "" ? null : (
                <button type="button" class="link" disabled={keyAction.busy} onClick={() =>
                  keyAction.run(async () => {
                    const created = await admin.value!.decision.createKey(accountId, "Playground")
                    holdKey({ service: "decision", key_id: created.key_id, owner: accountId, name: created.name, secret: created.key })
                    setKeyId(created.key_id)
                  })}>Create a Playground key</button>
              )}
            </p>
            <ErrorNote error={keyAction.error} />
          </div>
          <div>
            <label for="pg-model">Model</label>
            <select id="pg-model" value={model} onChange={(e) => setModel(e.currentTarget.value)}>
              <option value="">default (no model field)</option>
              {(models.data ?? []).map((m) => (
                <option key={m.name} value={m.name}>{m.name}{m.alias_for === null ? "" : ` → ${m.alias_for}`}</option>
              ))}
            </select>
            <ErrorNote error={models.error} />
          </div>
        </div>
        <div class="row editors">
          <div>
            <label for="pg-state">State (any JSON value)</label>
            <textarea id="pg-state" rows={12} spellcheck={false} value={state} onInput={(e) => setState(e.currentTarget.value)} />
          </div>
          <div>
            <label for="pg-questions">Questions (question id → question)</label>
            <textarea id="pg-questions" rows={12} spellcheck={false} value={questions} onInput={(e) => setQuestions(e.currentTarget.value)} />
          </div>
        </div>
        <button type="submit" disabled={key === undefined || run.busy}>{run.busy ? "Evaluating…" : "Evaluate"}</button>
        <ErrorNote error={run.error} />
      </form>
      {result === null ? null : <Result answer={result.answer} creditBefore={result.before} creditAfter={result.after} questions={result.questions} />}
    </>
  )
}
