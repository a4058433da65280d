/**
 * Declarative endpoints over the fast router (`../platform/router.ts`): an endpoint declares its
 * method, path, path parameters, query, headers and body as `Schema`s, its responses and the error
 * codes it may answer, and a handler that receives the decoded values. The same declaration gives
 * the route (decoding into the envelope's field errors, `decode.ts`) and the OpenAPI operation
 * (`openapi.ts`).
 *
 * Decoding order is the order every route of the document service checks in: the caller (auth,
 * then rate limit), the query (its refusals alone), then the body and the declared headers
 * together (one 422 listing the refused fields of both).
 */
import { Effect, Either, JSONSchema, Schema } from "effect"
import { Settings } from "../kernel/config.js"
import type { Ids } from "../kernel/ids.js"
import type { DocketResponse } from "../platform/response.js"
import { type Route, route } from "../platform/router.js"
import { decodeFields } from "./decode.js"
import type { ApiForm } from "./envelope.js"
import { type ApiError, type FieldError, InvalidInput } from "./errors.js"
import { type ApiContext, apiHandler } from "./handler.js"
import { jsonBody } from "./inputs.js"

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"

/** How a caller proves who it is (OpenAPI `securitySchemes`). */
export interface Auth<C, R> {
  /** the OpenAPI security scheme's name (`ApiKey`) */
  readonly scheme: string
  readonly authenticate: (ctx: ApiContext) => Effect.Effect<C, ApiError, R>
}

/** A request body: JSON decoded with a schema, or a body the handler reads itself (multipart, bytes). */
export type BodyDecl<B> =
  | {
    readonly _tag: "json"
    readonly schema: Schema.Schema<B, any>
    /** the schema the OpenAPI document shows, when `schema` decodes in stages */
    readonly document?: Schema.Schema<any, any>
    /** an empty body stands for `{}` */
    readonly emptyIsObject?: boolean
    /** the body may be omitted */
    readonly optional?: boolean
  }
  | {
    readonly _tag: "raw"
    /** content type → the JSON Schema documenting it */
    readonly content: Readonly<Record<string, Record<string, unknown>>>
    readonly description: string
    readonly required?: boolean
  }

export const jsonBodyOf = <B>(
  schema: Schema.Schema<B, any>,
  options: { emptyIsObject?: boolean; optional?: boolean; document?: Schema.Schema<any, any> } = {}
): BodyDecl<B> => ({
  _tag: "json",
  schema,
  ...options
})

export const rawBody = (description: string, content: Readonly<Record<string, Record<string, unknown>>>, required = true): BodyDecl<never> => ({
  _tag: "raw",
  description,
  content,
  required
})

/** A header the endpoint reads: decoded with `schema` (its refusals join the body's), or documented only. */
export interface HeaderDecl {
  readonly name: string
  readonly description: string
  readonly required?: boolean
  readonly schema?: Schema.Schema<any, string>
}

/** A documented success response. */
export interface ResponseDecl {
  readonly status: number
  readonly description: string
  /** content type → JSON Schema (default `application/json`, no schema) */
  readonly content?: Readonly<Record<string, Record<string, unknown>>>
}

/**
 * What a call of the route costs the service, as the OpenAPI document tells clients
 * (`x-docket-cost-class`; spec 3 classes its file-tool and search routes): `cacheable` answers
 * with an ETag and 304 to `If-None-Match`; `light` reads stored rows and text; `medium` ranks,
 * walks or answers over an index, a graph or a file within the request; `slow` runs a model or an
 * agent, or a job that may take minutes. Descriptive: every request counts one toward the
 * requests per minute whatever its class (spec 2), and credits are charged by jobs.
 */
export type CostClass = "cacheable" | "light" | "medium" | "slow"

/** An error the endpoint may answer: its status and the envelope's `error.code`. */
export type ErrorDecl = readonly [status: number, code: string]

export interface EndpointInput<P, Q, B, C> {
  readonly ctx: ApiContext
  readonly caller: C
  readonly params: P
  readonly query: Q
  readonly body: B
  /** decoded values of the headers declared with a schema, by name */
  readonly headers: Readonly<Record<string, unknown>>
}

export interface EndpointSpec<P, Q, B, C, R, RA> {
  readonly method: HttpMethod
  /** the router's pattern: `/v1/jobs/:job_id` */
  readonly path: string
  readonly form: ApiForm
  readonly summary: string
  readonly description?: string
  /** the OpenAPI tag (a group of routes) */
  readonly tag: string
  /** the document the endpoint is listed in (`documents`) */
  readonly service: string
  /** the route's cost class, shown as the operation's `x-docket-cost-class` */
  readonly costClass?: CostClass
  readonly auth?: Auth<C, RA>
  readonly params?: Schema.Schema<P, any>
  readonly query?: Schema.Schema<Q, any>
  readonly headers?: ReadonlyArray<HeaderDecl>
  readonly body?: BodyDecl<B>
  readonly responses: ReadonlyArray<ResponseDecl>
  readonly errors: ReadonlyArray<ErrorDecl>
  readonly handler: (input: EndpointInput<P, Q, B, C>) => Effect.Effect<DocketResponse, ApiError, R>
}

/** What OpenAPI needs of an endpoint: its declaration, the handler erased, the auth as its scheme. */
export type EndpointDoc = Omit<EndpointSpec<any, any, any, any, any, any>, "handler" | "auth"> & {
  readonly security?: string
}

export interface Endpoint<R> extends EndpointDoc {
  readonly route: Route<R>
}

const QUERY_OPTIONS = { onExcessProperty: "ignore" } as const

/** The query as a record: a parameter given once is a string, repeated ones an array. */
export const queryRecord = (query: string): Record<string, string | Array<string>> => {
  const out: Record<string, string | Array<string>> = {}
  for (const [k, v] of new URLSearchParams(query)) {
    const had = out[k]
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v]
  }
  return out
}

/** A query's refusals name the parameter itself, not an index into its repeated values. */
const queryField = (e: FieldError): FieldError => {
  const dot = e.field.indexOf(".")
  return dot < 0 ? e : { field: e.field.slice(0, dot), message: e.message }
}

const decodeHeaders = (ctx: ApiContext, headers: ReadonlyArray<HeaderDecl> | undefined) => {
  const values: Record<string, unknown> = {}
  const errors: Array<FieldError> = []
  for (const h of headers ?? []) {
    if (h.schema === undefined) continue
    const raw = ctx.request.header(h.name.toLowerCase())
    if (raw === undefined) continue
    const decoded = decodeFields(h.schema, raw, [h.name])
    if (Either.isLeft(decoded)) errors.push(...decoded.left)
    else values[h.name] = decoded.right
  }
  return { values, errors }
}

const NO_PARAMS = {}

export const endpoint = <P = {}, Q = {}, B = undefined, C = undefined, R = never, RA = never>(
  spec: EndpointSpec<P, Q, B, C, R, RA>
): Endpoint<R | RA | Ids | Settings> => {
  const run = (ctx: ApiContext) =>
    Effect.gen(function*() {
      const caller = spec.auth === undefined ? (undefined as C) : yield* spec.auth.authenticate(ctx)
      let params = NO_PARAMS as P
      if (spec.params !== undefined) {
        const decoded = decodeFields(spec.params, ctx.params)
        if (Either.isLeft(decoded)) return yield* new InvalidInput({ errors: decoded.left })
        params = decoded.right
      }
      let query = NO_PARAMS as Q
      if (spec.query !== undefined) {
        const decoded = decodeFields(spec.query, queryRecord(ctx.request.query), [], QUERY_OPTIONS)
        if (Either.isLeft(decoded)) return yield* new InvalidInput({ errors: decoded.left.map(queryField) })
        query = decoded.right
      }
      let body = undefined as B
      const errors: Array<FieldError> = []
      if (spec.body !== undefined && spec.body._tag === "json") {
        const json = yield* jsonBody(ctx.request, spec.body.emptyIsObject === true)
        const decoded = decodeFields(spec.body.schema, json)
        if (Either.isLeft(decoded)) errors.push(...decoded.left)
        else body = decoded.right
      }
      const headers = decodeHeaders(ctx, spec.headers)
      errors.push(...headers.errors)
      if (errors.length > 0) return yield* new InvalidInput({ errors })
      return yield* spec.handler({ ctx, caller, params, query, body, headers: headers.values })
    })
  const { handler: _, auth, ...doc } = spec
  return {
    ...doc,
    security: auth?.scheme,
    route: route(spec.method, spec.path, apiHandler(spec.form, run))
  }
}

/** Decodes a value of an already read body with `schema` (a later stage of a body's checks). */
export const decodeStage = <B>(schema: Schema.Schema<B, any>, value: unknown, prefix: ReadonlyArray<string> = []) =>
  Either.match(decodeFields(schema, value, prefix), {
    onLeft: (errors) => Effect.fail(new InvalidInput({ errors })),
    onRight: Effect.succeed
  })

/**
 * Reads and decodes a JSON body with `schema` inside a handler whose body takes several forms
 * (`rawBody`): the same refusals as a declared JSON body.
 */
export const decodeJsonBody = <B>(ctx: ApiContext, schema: Schema.Schema<B, any>, emptyIsObject = false) =>
  Effect.flatMap(jsonBody(ctx.request, emptyIsObject), (json) =>
    Either.match(decodeFields(schema, json), {
      onLeft: (errors) => Effect.fail(new InvalidInput({ errors })),
      onRight: Effect.succeed
    }))

/** The JSON Schema of a body schema, for a `rawBody`'s content. */
export const jsonSchemaOf = (schema: Schema.Schema<any, any>): Record<string, unknown> => JSONSchema.make(schema) as unknown as Record<string, unknown>
