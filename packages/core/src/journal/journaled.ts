/**
 * The journal's HTTP middleware, applied to the routes of every service where the application is
 * assembled (`app.ts`), so a route added to a service is journaled with no more to do. It records,
 * once the response is ready: the arrival on the service clock, the service, method, path and
 * query (secrets redacted), status, `X-Request-Id`, the caller authentication noted, the duration
 * on the service clock and the error code of the envelope — and the bodies only when asked to.
 */
import { Cause, type Clock, Effect } from "effect"
import { decodeUtf8, type DocketRequest } from "../platform/request.js"
import { type CallerNote, withCallerNote } from "../platform/request-caller.js"
import type { DocketResponse } from "../platform/response.js"
import { type Handler, route, type Route } from "../platform/router.js"
import { captureRequestBody, responseBody } from "./body-capture.js"
import type { JournalRecord, JournalService } from "./journal-entry.js"
import { presentedKeys, redactKeys, redactQuery } from "./redaction.js"
import { RequestJournal, type RequestJournalService } from "./request-journal.js"

/** The code of an error envelope: `error.code` (documents, workspaces), or `error.type` (decision). */
const errorCodeOf = (response: DocketResponse): string | null => {
  if (response.status < 400 || response.body === undefined) return null
  if (!(response.headers["content-type"] ?? "").includes("json")) return null
  try {
    const text = typeof response.body === "string" ? response.body : decodeUtf8(response.body)
    const error = (JSON.parse(text) as { error?: { code?: unknown; type?: unknown } } | null)?.error
    const code = error?.code ?? error?.type
    return typeof code === "string" ? code : null
  } catch {
    return null
  }
}

/** What the runner answers a request whose handler died (`runner.ts`), journaled as such. */
const DIED: DocketResponse = { status: 500, headers: {}, body: undefined }

const observe = <R>(
  journal: RequestJournalService,
  service: JournalService,
  request: DocketRequest,
  answer: (request: DocketRequest) => Effect.Effect<DocketResponse, never, R>,
  clock: Clock.Clock
): Effect.Effect<DocketResponse, never, R> => {
  const at = clock.unsafeCurrentTimeMillis()
  const started = clock.unsafeCurrentTimeNanos()
  const note: CallerNote = {}
  const capture = journal.bodies.keep ? captureRequestBody(request, journal.bodies.maxBytes) : undefined
  const record = (response: DocketResponse, errorCode: string | null) => {
    const entry: Mutable<JournalRecord["entry"]> = {
      service,
      method: request.method,
      path: redactKeys(request.path),
      query: redactQuery(request.query),
      status: response.status,
      request_id: response.headers["x-request-id"] ?? null,
      account_id: note.account_id ?? null,
      tenant_id: note.tenant_id ?? null,
      duration_ms: Math.round(Number(clock.unsafeCurrentTimeNanos() - started) / 1000) / 1000,
      error_code: errorCode
    }
    if (capture !== undefined) {
      const presented = presentedKeys((name) => request.header(name))
      entry.request_body = capture.body(presented)
      entry.response_body = response.stream !== undefined ? null : responseBody(response, journal.bodies.maxBytes, presented)
    }
    return journal.record({ at, entry })
  }
  // tap / tapErrorCause, not onExit: no uninterruptible region on every request
  return withCallerNote(answer(capture?.request ?? request), note).pipe(
    Effect.tap((response) => record(response, errorCodeOf(response))),
    // interrupted (the client went away): no response was sent, nothing to journal
    Effect.tapErrorCause((cause) => Cause.isInterruptedOnly(cause) ? Effect.void : record(DIED, "internal_error"))
  )
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/** Answers a request with `answer`, journaled as a request of `service`. */
export const journalRequest = <R>(
  service: JournalService,
  request: DocketRequest,
  answer: (request: DocketRequest) => Effect.Effect<DocketResponse, never, R>
): Effect.Effect<DocketResponse, never, R | RequestJournal> =>
  Effect.flatMap(RequestJournal, (journal) =>
    journal.capacity === 0 ? answer(request) : Effect.clockWith((clock) => observe(journal, service, request, answer, clock)))

/** What a table of routes needs (a table often mixes routes needing different services). */
type ServicesOf<T> = T extends Route<infer R> ? R : never

/** The routes of `service`, each journaled. */
export const journaledRoutes = <T extends Route<any>>(
  service: JournalService,
  routes: ReadonlyArray<T>
): Array<Route<ServicesOf<T> | RequestJournal>> =>
  routes.map((r) => route(r.method, r.path, journaledHandler<ServicesOf<T>>(service, r.handler)))

const journaledHandler = <R>(service: JournalService, handler: Handler<R>): Handler<R | RequestJournal> => (request, params, scope) =>
  journalRequest(service, request, (r) => handler(r, params, scope))
