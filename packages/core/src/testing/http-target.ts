/**
 * What the HTTP conformance suites run against: a Docket instance (for setup through the typed
 * control plane and for the manual clock) and a way to send it HTTP requests — in process through
 * the fetch handler, or over a real socket through an adapter.
 */
import { controlPlaneClient } from "../admin/client.js"
import type { Docket, DocketControlPlane } from "../docket.js"
import type { DocketSettings } from "../kernel/config.js"
import { waitUntil } from "./processes.js"

export interface HttpTarget {
  /** sends a request to `path` on the target */
  readonly fetch: (path: string, init?: RequestInit) => Promise<Response>
  /** the target's control plane (in process, or over HTTP) */
  readonly admin: DocketControlPlane
  /** how many fibers sleep on the target's manual clock for exactly `durationMs` */
  readonly pendingSleeps: (durationMs: number) => Promise<number>
  readonly close: () => Promise<void>
}

/** A target served in process by the instance's fetch handler. */
export const inProcessTarget = (docket: Docket, fetchPath?: (path: string, init?: RequestInit) => Promise<Response>): HttpTarget => ({
  fetch: fetchPath ?? ((path, init) => docket.fetch(new Request(`http://docket.test${path}`, init))),
  admin: docket.admin,
  pendingSleeps: async (durationMs) => {
    if (docket.clock === undefined) throw new Error("the target does not run on a manual clock")
    return docket.clock.pendingSleepsOf(durationMs)
  },
  close: () => docket.dispose()
})

/** A server in another process, reached over HTTP; its control plane needs `adminToken`. */
export const remoteTarget = (baseUrl: string, adminToken: string, close: () => Promise<void>): HttpTarget => {
  const admin = controlPlaneClient(baseUrl, adminToken)
  return {
    fetch: (path, init) => fetch(`${baseUrl}${path}`, init),
    admin,
    pendingSleeps: async (durationMs) => {
      const clock = (await admin.clock.now()) as { pending_sleeps?: Record<string, number> }
      return clock.pending_sleeps?.[String(durationMs)] ?? 0
    },
    close
  }
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

/** One frame of a `text/event-stream` response: its `id:` and its `data:` parsed as JSON. */
export interface SseFrame {
  readonly id: string
  readonly data: any
}

/**
 * Reads a Server-Sent Events response frame by frame: `next` gives `null` once the stream has
 * ended (and fails if it ended inside a frame), `rest` every frame up to the end, `close` stops
 * reading (aborting `controller`, the request's, when given).
 */
export const sseFrames = (response: Response, controller?: AbortController) => {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ""
  const next = async (): Promise<SseFrame | null> => {
    for (;;) {
      const end = buffer.indexOf("\n\n")
      if (end >= 0) {
        const lines = buffer.slice(0, end).split("\n")
        buffer = buffer.slice(end + 2)
        const id = lines.find((l) => l.startsWith("id: "))?.slice(4) ?? ""
        return { id, data: JSON.parse(lines.filter((l) => l.startsWith("data: ")).map((l) => l.slice(6)).join("\n")) }
      }
      const chunk = await reader.read()
      if (chunk.done) {
        if (buffer !== "") throw new Error(`the event stream ended inside a frame: ${JSON.stringify(buffer)}`)
        return null
      }
      buffer += decoder.decode(chunk.value, { stream: true })
    }
  }
  const rest = async () => {
    const frames: Array<SseFrame> = []
    for (let f = await next(); f !== null; f = await next()) frames.push(f)
    return frames
  }
  const close = () => {
    reader.cancel().catch(() => undefined)
    controller?.abort()
  }
  return { next, rest, close }
}

/**
 * Waits (without moving any clock) until `n` fibers sleep on the manual clock for exactly
 * `durationMs` — e.g. `n` requests parked in the injected model delay.
 */
export const untilSleeping = async (target: HttpTarget, n: number, durationMs: number, timeoutMs = 10_000): Promise<void> => {
  const started = Date.now()
  let have = 0
  while ((have = await target.pendingSleeps(durationMs)) < n) {
    if (Date.now() - started > timeoutMs) {
      throw new Error(`expected ${n} fibers sleeping for ${durationMs} ms, have ${have}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
}

/**
 * Polls `target.pendingSleeps(durationMs)` in real time (without moving any clock) until `done`
 * holds of it — e.g. `(n) => n === 0` once a parked request has been interrupted.
 */
export const untilPending = async (
  target: HttpTarget,
  durationMs: number,
  done: (n: number) => boolean,
  what: string,
  timeoutMs = 10_000
): Promise<void> => {
  let n = 0
  const poll = async () => {
    n = await target.pendingSleeps(durationMs)
    return done(n)
  }
  await waitUntil(poll, timeoutMs, () => `${what} (pending sleeps: ${n})`)
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
    account: async (patch: Parameters<DocketControlPlane["decision"]["createAccount"]>[0] = {}) => {
      const account = await target.admin.decision.createAccount(patch)
      const key = await target.admin.decision.createKey(account.account_id, "test")
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

/** A small valid evaluate body with two questions (`refund`, a noul, and `topic`, a choice) about a ticket. */
export const ticketBody = () => ({
  state: { ticket: { subject: "Refund request", body: "The parcel never arrived, please refund me." } },
  questions: {
    refund: { type: "noul", instructions: "Does the customer ask for a refund?" },
    topic: { type: "choice", criteria: { shipping: "delivery problems", billing: null } }
  }
})
