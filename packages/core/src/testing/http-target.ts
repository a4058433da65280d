/**
 * What the HTTP conformance suites run against: a Docket instance (for setup through the typed
 * control plane and for the manual clock) and a way to send it HTTP requests — in process through
 * the fetch handler, or over a real socket through an adapter.
 */
import type { Docket } from "../docket.js"
import type { DocketSettings } from "../shared/config.js"

export interface HttpTarget {
  readonly docket: Docket
  /** sends a request to `path` on the target */
  readonly fetch: (path: string, init?: RequestInit) => Promise<Response>
  readonly close: () => Promise<void>
}

/** Starts a target on a manual clock with the given settings. */
export type StartTarget = (settings: Partial<DocketSettings>) => Promise<HttpTarget>

export const ADMIN_TOKEN = "test-admin-token"

export interface JsonResponse {
  readonly status: number
  readonly headers: Headers
  readonly body: any
}

export const readJson = async (response: Response): Promise<JsonResponse> => {
  const text = await response.text()
  let body: unknown = undefined
  try {
    body = text === "" ? undefined : JSON.parse(text)
  } catch {
    body = text
  }
  return { status: response.status, headers: response.headers, body }
}

/**
 * Waits (without moving any clock) until `n` fibers sleep on the manual clock for exactly
 * `durationMs` — e.g. `n` requests parked in the injected model delay.
 */
export const untilSleeping = async (docket: Docket, n: number, durationMs: number, timeoutMs = 10_000): Promise<void> => {
  const clock = docket.clock
  if (clock === undefined) throw new Error("the target does not run on a manual clock")
  const started = Date.now()
  while (clock.pendingSleepsOf(durationMs) < n) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`expected ${n} fibers sleeping for ${durationMs} ms, have ${clock.pendingSleepsOf(durationMs)}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
}

export const client = (target: HttpTarget) => {
  const call = async (method: string, path: string, options: { body?: unknown; raw?: string; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    let body: string | undefined
    if (options.raw !== undefined) body = options.raw
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers["content-type"] ??= "application/json"
    }
    return readJson(await target.fetch(path, { method, headers, body }))
  }
  const bearer = (key: string | undefined): Record<string, string> => (key === undefined ? {} : { authorization: `Bearer ${key}` })
  return {
    call,
    evaluate: (key: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
      call("POST", "/v1/systemone", { body, headers: { ...bearer(key), ...headers } }),
    evaluateRaw: (key: string | undefined, raw: string) => call("POST", "/v1/systemone", { raw, headers: bearer(key) }),
    models: (key: string | undefined) => call("GET", "/v1/models", { headers: bearer(key) }),
    admin: (method: string, path: string, body?: unknown, token: string = ADMIN_TOKEN) =>
      call(method, path, { body, headers: { authorization: `Bearer ${token}` } }),
    /** a new account (through the typed control plane) with one key */
    account: async (patch: Parameters<Docket["admin"]["decision"]["createAccount"]>[0] = {}) => {
      const account = await target.docket.admin.decision.createAccount(patch)
      const key = await target.docket.admin.decision.createKey(account.account_id, "test")
      return { account, key: key.key, keyId: key.key_id }
    }
  }
}

/** A small valid evaluate body. */
export const smallBody = (extra: Record<string, unknown> = {}) => ({
  state: { invoice: { number: "INV-1", total: 120.5, paid: false } },
  questions: { paid: { type: "noul", instructions: "Has the invoice been paid?" } },
  ...extra
})
