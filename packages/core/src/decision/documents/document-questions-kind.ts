/**
 * The `document_questions` job kind: the decision service's typed questions asked about a
 * document (spec 1, "Document routes"). The file is read and parsed by the document service's
 * parser; its markdown is the `state` of an evaluation run through the same validation (token
 * limits of the model, the serialized-size check), the same evaluator and the same per-token debit
 * of the account's credit as `POST /v1/systemone`.
 */
import { Duration, Effect, Schema } from "effect"
import type { JobError } from "../../jobs/job.js"
import { shapeOf } from "../../jobs/job-kind.js"
import { defineDocumentKind, type DocumentJob } from "../../documents/document-job.js"
import { parseJobFile } from "../../documents/parse/read-document.js"
import { stringifyJson } from "../../kernel/json.js"
import { DecisionStore } from "../decision-store.js"
import { MESSAGES } from "../errors.js"
import { MODEL_WAIT_MS } from "../evaluate.js"
import { prepareEvaluation } from "../evaluate-request.js"
import { Evaluator } from "../evaluator/evaluator.js"
import { issueSummary } from "../issue.js"
import type { Answers, Questions } from "../question.js"

export const DOCUMENT_QUESTIONS_KIND = "document_questions"

/** What the create froze besides the file: whose credit pays, the questions, the model asked for. */
export interface DocumentQuestionsParams {
  readonly account_id: string
  readonly questions: Questions
  /** as sent (resolved when the job runs, as `POST /v1/systemone` resolves it); null when none was */
  readonly model: string | null
}

export interface DocumentQuestionsResult {
  readonly answers: Answers
  /** the model version that served the questions */
  readonly model: string
  readonly usage: { readonly input_tokens: number }
  readonly document: {
    readonly file_name: string
    readonly format: string
    readonly page_count: number | null
    readonly char_count: number
  }
  /** the parsed document (the `document.md` file of the job) */
  readonly markdown: string
}

const ResultShape = shapeOf<DocumentQuestionsResult>(Schema.Struct({
  answers: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  model: Schema.String,
  usage: Schema.Struct({ input_tokens: Schema.Number }),
  markdown: Schema.String
}))

export const paramsOf = (job: DocumentJob): DocumentQuestionsParams => job.input.params as unknown as DocumentQuestionsParams

const failure = (code: string, message: string, retryable = false): JobError => ({ code, message, retryable })

/** The files of a succeeded job, by name, as the download route serves them. */
export const DOCUMENT_FILES = {
  "document.md": { type: "text/markdown; charset=utf-8", body: (r: DocumentQuestionsResult) => r.markdown },
  "answers.json": {
    type: "application/json",
    body: (r: DocumentQuestionsResult) => stringifyJson({ answers: r.answers, model: r.model, usage: r.usage })
  }
} as const

export type DocumentFileName = keyof typeof DOCUMENT_FILES

/** The path of a job's file (relative to the service's base address). */
export const documentFilePath = (jobId: string, name: DocumentFileName) => `/v1/documents/jobs/${jobId}/files/${name}`

const run = (job: DocumentJob) =>
  Effect.gen(function*() {
    const params = paramsOf(job)
    const doc = yield* parseJobFile(job)
    const prepared = prepareEvaluation(stringifyJson({
      state: doc.markdown,
      questions: params.questions,
      ...(params.model === null ? {} : { model: params.model })
    }))
    if (prepared._tag === "Invalid") {
      // the questions were valid at the create: what is left is the document's size against the model's limits
      return yield* Effect.fail(failure("invalid_request_error", `the document does not fit the model: ${issueSummary(prepared.issues[0])}`))
    }
    const { evaluation } = prepared
    const evaluator = yield* Evaluator
    const answers = yield* evaluator.evaluate({ model: evaluation.model, state: evaluation.state, questions: evaluation.questions }).pipe(
      Effect.mapError(() => failure("internal_error", "the model service failed; create the job again", true)),
      Effect.timeoutFail({ duration: Duration.millis(MODEL_WAIT_MS), onTimeout: () => failure("overloaded", MESSAGES.unavailable, true) })
    )
    const billed = evaluation.tokens.billed
    const store = yield* DecisionStore
    yield* store.debit(params.account_id, billed).pipe(
      Effect.mapError(() => failure("internal_error", "the account could not be billed; create the job again", true))
    )
    const result: DocumentQuestionsResult = {
      answers,
      model: evaluation.model.id,
      usage: { input_tokens: billed },
      document: {
        file_name: doc.file_name,
        format: doc.format,
        page_count: doc.kind === "document" ? doc.page_count : null,
        char_count: doc.char_count
      },
      markdown: doc.markdown
    }
    return { result, units: billed }
  })

export const documentQuestionsKind = defineDocumentKind({
  kind: DOCUMENT_QUESTIONS_KIND,
  result: ResultShape,
  stage: "evaluating",
  run,
  // the job as the decision service shows it: the answers, and the files instead of the markdown
  v1Result: (job, result, { origin }) => ({
    answers: result.answers,
    model: result.model,
    usage: result.usage,
    document: result.document,
    files: {
      markdown: `${origin}${documentFilePath(job.job_id, "document.md")}`,
      answers: `${origin}${documentFilePath(job.job_id, "answers.json")}`
    }
  })
})

/** The job kinds of the decision service, as core registers them (`docketLayer`). */
export const decisionJobKinds = [documentQuestionsKind] as const
