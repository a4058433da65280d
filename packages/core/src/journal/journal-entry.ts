/**
 * What the request journal (`GET /_admin/journal`) holds of one request: when it arrived on the
 * service clock, which service answered, what was asked and answered, who asked — never a key.
 */

/**
 * The service whose routes answered: `host` for the embedder's own routes (`DocketOptions.routes`),
 * `unrouted` for a request no route matched (answered 404).
 */
export const JOURNAL_SERVICES = ["decision", "documents", "workspaces", "host", "unrouted"] as const
export type JournalService = typeof JOURNAL_SERVICES[number]

/** A body as the journal keeps it (only with `journalBodies` on), keys redacted. */
export interface JournalBody {
  /** bytes of the body (of a request: the bytes its handler read) */
  readonly bytes: number
  /** the first `journalBodyBytes` bytes as UTF-8 text; `null` for a binary content type */
  readonly text: string | null
  /** true when `text` stops short of the body */
  readonly truncated: boolean
}

export interface JournalEntry {
  /** the arrival of the request on the service clock, ISO 8601 */
  readonly time: string
  readonly service: JournalService
  readonly method: string
  /** the path, with anything shaped like a key redacted */
  readonly path: string
  /** the query string without its `?` (`""` when there is none), secret parameters redacted */
  readonly query: string
  readonly status: number
  /** the `X-Request-Id` of the response (`null` for a route that sends none, e.g. an OpenAPI document) */
  readonly request_id: string | null
  /** the decision account of an authenticated request */
  readonly account_id: string | null
  /** the document/workspace tenant of an authenticated request */
  readonly tenant_id: string | null
  /** from arrival to the response being ready, on the service clock (on a manual clock: virtual time) */
  readonly duration_ms: number
  /** the error's code from the envelope (`error.code`; the decision service's `error.type`) */
  readonly error_code: string | null
  /** with `journalBodies` on: the body the handler read (`null`: it read none) */
  readonly request_body?: JournalBody | null
  /** with `journalBodies` on: the response body (`null`: none, or a stream such as Server-Sent Events) */
  readonly response_body?: JournalBody | null
}

/**
 * An entry as the journal stores it: its arrival in ms, which filters and orders by (the ISO
 * `time` is written when the entry is read).
 */
export interface JournalRecord {
  readonly at: number
  readonly entry: Omit<JournalEntry, "time">
}
