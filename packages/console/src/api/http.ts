/** One fetch to the server the console is served by (same origin), JSON in and out. */

/** A non-2xx answer, with the envelope's code and message as the service wrote them. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** the parsed body (each service's envelope: decision `error.issues`, v1 `error.detail`, …) */
    readonly body: unknown
  ) {
    super(message)
  }
}

export interface Answer<A> {
  readonly status: number
  readonly headers: Headers
  readonly body: A
}

const codeAndMessage = (status: number, body: any): { code: string; message: string } => {
  const error = body?.error
  if (error !== undefined && typeof error === "object" && error !== null) {
    return { code: String(error.code ?? error.type ?? status), message: String(error.message ?? `HTTP ${status}`) }
  }
  return { code: String(status), message: typeof body === "string" && body !== "" ? body : `HTTP ${status}` }
}

/** Sends a request; resolves with any status (for pages that show errors as they come, like the Playground). */
export const send = async <A = unknown>(
  method: string,
  path: string,
  options: { readonly headers?: Record<string, string>; readonly json?: unknown; readonly body?: BodyInit; readonly signal?: AbortSignal } = {}
): Promise<Answer<A>> => {
  const headers: Record<string, string> = { ...options.headers }
  let body = options.body
  if (options.json !== undefined) {
    headers["content-type"] = "application/json"
    body = JSON.stringify(options.json)
  }
  const response = await fetch(path, { method, headers, body, signal: options.signal })
  const text = await response.text()
  let parsed: unknown = text
  if ((response.headers.get("content-type") ?? "").includes("json") && text !== "") {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
  }
  return { status: response.status, headers: response.headers, body: parsed as A }
}

/** Sends a request and fails with an `ApiError` unless the answer is 2xx. */
export const call = async <A>(
  method: string,
  path: string,
  options: Parameters<typeof send>[2] = {}
): Promise<A> => {
  const answer = await send<A>(method, path, options)
  if (answer.status < 200 || answer.status > 299) {
    const { code, message } = codeAndMessage(answer.status, answer.body)
    throw new ApiError(answer.status, code, message, answer.body)
  }
  return answer.body
}

export const describeError = (error: unknown): string =>
  error instanceof ApiError ? `${error.status} ${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error)
