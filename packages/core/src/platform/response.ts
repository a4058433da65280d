/** A response as Docket's HTTP layer produces it, platform-neutral; adapters write it out. */
import type { Stream } from "effect"

export interface DocketResponse {
  readonly status: number
  /** lower-case names */
  readonly headers: Readonly<Record<string, string>>
  /** a complete body (`undefined` = none) */
  readonly body?: string | Uint8Array | undefined
  /**
   * a body sent as it is produced (Server-Sent Events), instead of `body`: self-contained (it
   * needs no service and fails with nothing); the response ends when it ends, and adapters
   * interrupt it when the client goes away. The request's scope closes after it has ended.
   */
  readonly stream?: Stream.Stream<Uint8Array> | undefined
}

/**
 * Header records merged into a new one, later ones winning. `Object.assign`, not object spread:
 * V8 copies records of hyphenated names (`x-request-id`) by spread about 30 times slower, which
 * was a visible part of a small request.
 */
export const mergeHeaders = (...records: ReadonlyArray<Readonly<Record<string, string>>>): Record<string, string> =>
  Object.assign({}, ...records)

/** A JSON response; `headers` are added to `content-type: application/json`. */
export const jsonResponse = (status: number, value: unknown, headers?: Readonly<Record<string, string>>): DocketResponse => ({
  status,
  headers: headers === undefined ? JSON_HEADERS : Object.assign({ "content-type": "application/json" }, headers),
  body: JSON.stringify(value)
})

const JSON_HEADERS: Readonly<Record<string, string>> = { "content-type": "application/json" }

/** The same response with more headers. */
export const withHeaders = (response: DocketResponse, headers: Readonly<Record<string, string>>): DocketResponse => ({
  ...response,
  headers: mergeHeaders(response.headers, headers)
})
