/**
 * The HTTP side of the engine: chat completions and embeddings on an OpenAI-compatible endpoint,
 * through `@effect/platform`'s `HttpClient` (so a host or a test can swap the transport).
 *
 * Every attempt is bounded by `timeoutMs` (the answer read included) on the real clock — an
 * upstream call waits real time even when Docket runs on a manual clock, which would otherwise
 * never end it. A 429 or 5xx answer is retried once after `retryDelayMs`; transport failures,
 * timeouts, other statuses and unusable answers are not. Every failure is an `OpenAiFailure` with
 * a message fit for a job error (never the key, never a defect).
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { Clock, Data, Duration, Effect, ParseResult, Redacted, Schedule, Schema } from "effect"
import type { ResolvedOpenAiConfig } from "../config.js"

export class OpenAiFailure extends Data.TaggedError("OpenAiFailure")<{
  readonly message: string
  /** a 429 or 5xx answer: worth one more attempt */
  readonly retryable: boolean
  readonly status?: number | undefined
  readonly cause?: unknown
}> {}

export interface ToolCallOut {
  readonly id: string
  readonly type: "function"
  readonly function: { readonly name: string; readonly arguments: string }
}

export type ChatMessage =
  | { readonly role: "system" | "user"; readonly content: string }
  | { readonly role: "assistant"; readonly content: string | null; readonly tool_calls?: ReadonlyArray<ToolCallOut> | undefined }
  | { readonly role: "tool"; readonly tool_call_id: string; readonly content: string }

/** a function the model may call (`tools: [{type: "function", function}]`) */
export interface ToolDefinition {
  readonly name: string
  readonly description: string
  readonly parameters: Readonly<Record<string, unknown>>
}

/** a call the model asked for: its arguments as the JSON text it wrote */
export interface ToolCallIn {
  readonly id: string
  readonly name: string
  readonly arguments: string
}

export interface JsonSchemaFormat {
  readonly name: string
  readonly schema: Readonly<Record<string, unknown>>
}

export interface ChatRequest {
  readonly messages: ReadonlyArray<ChatMessage>
  /** structured output: `response_format: {type: "json_schema", json_schema: {name, schema, strict: true}}` */
  readonly jsonSchema?: JsonSchemaFormat | undefined
  /** `logprobs: true, top_logprobs: n` */
  readonly topLogprobs?: number | undefined
  readonly maxTokens?: number | undefined
  /** the functions the model may call */
  readonly tools?: ReadonlyArray<ToolDefinition> | undefined
  readonly toolChoice?: "auto" | "none" | "required" | undefined
  /** this request's model instead of the configured chat model */
  readonly model?: string | undefined
}

const TopLogprob = Schema.Struct({ token: Schema.String, logprob: Schema.Number })

const TokenLogprob = Schema.Struct({
  token: Schema.String,
  logprob: Schema.Number,
  top_logprobs: Schema.optionalWith(Schema.Array(TopLogprob), { default: () => [], nullable: true })
})
export type TokenLogprob = typeof TokenLogprob.Type

const ChatCompletion = Schema.Struct({
  choices: Schema.NonEmptyArray(
    Schema.Struct({
      message: Schema.Struct({
        content: Schema.optionalWith(Schema.String, { nullable: true }),
        refusal: Schema.optionalWith(Schema.String, { nullable: true }),
        tool_calls: Schema.optionalWith(
          Schema.Array(Schema.Struct({ id: Schema.String, function: Schema.Struct({ name: Schema.String, arguments: Schema.String }) })),
          { nullable: true, default: () => [] }
        )
      }),
      finish_reason: Schema.optionalWith(Schema.String, { nullable: true }),
      logprobs: Schema.optionalWith(
        Schema.Struct({ content: Schema.optionalWith(Schema.Array(TokenLogprob), { nullable: true }) }),
        { nullable: true }
      )
    })
  )
})

const Embeddings = Schema.Struct({
  data: Schema.Array(Schema.Struct({ index: Schema.Int, embedding: Schema.Array(Schema.Number) }))
})

export interface ChatAnswer {
  readonly content: string
  readonly finishReason: string | undefined
  /** one entry per generated token, or undefined when the endpoint sent none */
  readonly logprobs: ReadonlyArray<TokenLogprob> | undefined
  /** the tool calls the model asked for (none when it answered in text) */
  readonly toolCalls: ReadonlyArray<ToolCallIn>
}

export interface OpenAiClient {
  readonly config: ResolvedOpenAiConfig
  readonly chat: (request: ChatRequest) => Effect.Effect<ChatAnswer, OpenAiFailure>
  /** a structured-output chat, its JSON answer decoded by `schema` */
  readonly chatJson: <A, I>(request: ChatRequest & { readonly jsonSchema: JsonSchemaFormat }, schema: Schema.Schema<A, I>) => Effect.Effect<A, OpenAiFailure>
  /** raw vectors, in input order */
  readonly embed: (texts: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<ReadonlyArray<number>>, OpenAiFailure>
}

const MAX_DETAIL = 300

const clip = (s: string, n = MAX_DETAIL) => (s.length > n ? `${s.slice(0, n)}…` : s)

/** What a non-2xx body says: an OpenAI-style `{error: {message}}`, else the text itself. */
const describeBody = (text: string): string => {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown }
    if (typeof body.error === "string") return clip(body.error)
    if (body.error !== undefined && typeof body.error.message === "string") return clip(body.error.message)
    if (typeof body.message === "string") return clip(body.message)
  } catch {
    // not JSON
  }
  return clip(text.trim())
}

const decodeWith = <A, I>(schema: Schema.Schema<A, I>, what: string) => {
  const decode = Schema.decodeUnknown(schema, { errors: "first" })
  return (value: unknown) =>
    Effect.mapError(decode(value), (e) =>
      new OpenAiFailure({
        message: `${what} does not have the expected shape: ${clip(ParseResult.TreeFormatter.formatErrorSync(e))}`,
        retryable: false,
        cause: e
      })
    )
}

const decodeChat = decodeWith(ChatCompletion, "the chat completion")
const decodeEmbeddings = decodeWith(Embeddings, "the embeddings answer")

const realClock = Clock.make()

export const makeClient = (config: ResolvedOpenAiConfig): Effect.Effect<OpenAiClient, never, HttpClient.HttpClient> =>
  Effect.map(HttpClient.HttpClient, (http): OpenAiClient => {
    const endpoint = config.baseUrl

    const post = (path: string, body: unknown): Effect.Effect<unknown, OpenAiFailure> => {
      const url = `${endpoint}${path}`
      // messages name the path only: they reach job errors, and the endpoint's address is the operator's business
      const what = `POST ${path}`
      let request = HttpClientRequest.post(url).pipe(HttpClientRequest.acceptJson, HttpClientRequest.bodyUnsafeJson(body))
      if (config.apiKey !== undefined) request = HttpClientRequest.bearerToken(request, Redacted.value(config.apiKey))
      const attempt = http.execute(request).pipe(
        Effect.mapError((e) =>
          new OpenAiFailure({ message: `${what} failed: ${e.reason === "Transport" ? "could not reach the endpoint" : e.message}`, retryable: false, cause: e })
        ),
        Effect.flatMap((response) => {
          if (response.status >= 200 && response.status < 300) {
            return Effect.flatMap(
              Effect.mapError(response.text, (e) => new OpenAiFailure({ message: `${what}: reading the answer failed`, retryable: false, cause: e })),
              (text) =>
                Effect.try({
                  try: () => JSON.parse(text) as unknown,
                  catch: (cause) => new OpenAiFailure({ message: `${what} answered ${response.status} with a body that is not JSON: ${clip(text, 120)}`, retryable: false, cause })
                })
            )
          }
          return Effect.flatMap(Effect.orElseSucceed(response.text, () => ""), (text) =>
            Effect.fail(
              new OpenAiFailure({
                message: `${what} answered ${response.status}${text.trim() === "" ? "" : `: ${describeBody(text)}`}`,
                retryable: response.status === 429 || response.status >= 500,
                status: response.status
              })
            ))
        }),
        Effect.timeoutFail({
          duration: Duration.millis(config.timeoutMs),
          onTimeout: () => new OpenAiFailure({ message: `${what} did not answer within ${config.timeoutMs} ms`, retryable: false })
        })
      )
      return attempt.pipe(
        Effect.retry({ times: 1, schedule: Schedule.spaced(Duration.millis(config.retryDelayMs)), while: (e) => e.retryable }),
        Effect.withClock(realClock)
      )
    }

    const chat = (request: ChatRequest): Effect.Effect<ChatAnswer, OpenAiFailure> => {
      const body: Record<string, unknown> = {
        model: request.model ?? config.chatModel,
        messages: request.messages,
        temperature: 0
      }
      if (request.jsonSchema !== undefined) {
        body.response_format = {
          type: "json_schema",
          json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true }
        }
      }
      if (request.topLogprobs !== undefined) {
        body.logprobs = true
        body.top_logprobs = request.topLogprobs
      }
      if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens
      if (request.tools !== undefined && request.tools.length > 0) {
        body.tools = request.tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } }))
        if (request.toolChoice !== undefined) body.tool_choice = request.toolChoice
      }
      return post("/chat/completions", body).pipe(
        Effect.flatMap(decodeChat),
        Effect.flatMap((completion) => {
          const choice = completion.choices[0]
          const refusal = choice.message.refusal
          if (refusal !== undefined && refusal !== "") {
            return Effect.fail(new OpenAiFailure({ message: `the model refused: ${clip(refusal)}`, retryable: false }))
          }
          return Effect.succeed<ChatAnswer>({
            content: choice.message.content ?? "",
            finishReason: choice.finish_reason,
            logprobs: choice.logprobs?.content,
            toolCalls: choice.message.tool_calls.map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments }))
          })
        })
      )
    }

    const chatJson = <A, I>(request: ChatRequest & { readonly jsonSchema: JsonSchemaFormat }, schema: Schema.Schema<A, I>) => {
      const decode = decodeWith(schema, "the model's answer")
      return Effect.flatMap(chat(request), (answer) =>
        Effect.try({
          try: () => JSON.parse(answer.content) as unknown,
          catch: (cause) =>
            new OpenAiFailure({
              message: answer.finishReason === "length"
                ? "the model's answer was cut off (finish_reason length) before its JSON ended"
                : `the model's answer is not JSON: ${clip(answer.content, 120)}`,
              retryable: false,
              cause
            })
        }).pipe(Effect.flatMap(decode)))
    }

    const embed = (texts: ReadonlyArray<string>) => {
      const body: Record<string, unknown> = { model: config.embeddingModel, input: texts }
      if (config.embeddingDimensions !== undefined) body.dimensions = config.embeddingDimensions
      return post("/embeddings", body).pipe(
        Effect.flatMap(decodeEmbeddings),
        Effect.flatMap(({ data }) => {
          const out = new Array<ReadonlyArray<number> | undefined>(texts.length).fill(undefined)
          for (const d of data) if (d.index >= 0 && d.index < texts.length) out[d.index] = d.embedding
          const missing = out.findIndex((v) => v === undefined)
          if (data.length !== texts.length || missing >= 0) {
            return Effect.fail(
              new OpenAiFailure({ message: `the embeddings answer has ${data.length} vectors for ${texts.length} inputs`, retryable: false })
            )
          }
          return Effect.succeed(out as Array<ReadonlyArray<number>>)
        })
      )
    }

    return { config, chat, chatJson, embed }
  })
