/**
 * The HTTP-fetcher port: how a job reads a file named by an `https://` source URL. The default
 * implementation uses the platform's `fetch`; tests use a local server or a fake. Timeouts and the
 * size cap are applied by the caller (`read-source.ts`) on the service clock.
 */
import { Context, Data, Effect, Layer, Stream } from "effect"

export class FetchFailed extends Data.TaggedError("FetchFailed")<{ readonly message: string }> {}

export interface FetchedFile {
  readonly status: number
  /** `Content-Length` when the server sent one */
  readonly contentLength: number | undefined
  readonly body: Stream.Stream<Uint8Array, FetchFailed>
}

export interface HttpFetcherService {
  /**
   * True when `http://127.0.0.1` URLs are allowed as sources (for tests against a local server);
   * otherwise only `https://` is.
   */
  readonly allowHttpLoopback: boolean
  /** a GET of `url`; interrupting it aborts the request */
  readonly get: (url: string) => Effect.Effect<FetchedFile, FetchFailed>
}

export class HttpFetcher extends Context.Tag("@docket/core/HttpFetcher")<HttpFetcher, HttpFetcherService>() {}

const describe = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause))

/** The platform's `fetch` (Node 18+, Bun, Deno, workers). */
export const platformHttpFetcher = (options: { readonly allowHttpLoopback?: boolean } = {}): HttpFetcherService => ({
  allowHttpLoopback: options.allowHttpLoopback === true,
  get: (url) =>
    Effect.tryPromise({
      try: (signal) => fetch(url, { signal, redirect: "follow", headers: { accept: "*/*" } }),
      catch: (cause) => new FetchFailed({ message: `the request failed: ${describe(cause)}` })
    }).pipe(
      Effect.map((response) => {
        const length = response.headers.get("content-length")
        return {
          status: response.status,
          contentLength: length !== null && /^\d+$/.test(length) ? Number(length) : undefined,
          body: response.body === null
            ? Stream.empty
            : Stream.fromReadableStream(() => response.body!, (cause) => new FetchFailed({ message: `the download broke off: ${describe(cause)}` }))
        }
      })
    )
})

export const platformHttpFetcherLayer = (options: { readonly allowHttpLoopback?: boolean } = {}): Layer.Layer<HttpFetcher> =>
  Layer.succeed(HttpFetcher, platformHttpFetcher(options))
