/// <reference types="bun" />
/**
 * Serving a Docket instance on its own Bun server, through `@effect/platform-bun`'s
 * `BunHttpServer` (`Bun.serve`): Bun's own server, not its `node:http` emulation (which has not
 * always reported client disconnects). A client that goes away aborts its request's `signal`,
 * which interrupts the request fiber and releases its in-flight slot.
 */
import { type Docket, docketApp, type DocketServices } from "@docket/core"
import { HttpServer } from "@effect/platform"
import { BunHttpServer } from "@effect/platform-bun"
import { Cause, Context, Effect, Exit, Layer, Scope } from "effect"

export interface ListenOptions {
  /** default 8080; 0 picks a free port */
  readonly port?: number | undefined
  /** default `127.0.0.1` */
  readonly hostname?: string | undefined
  /** the same as `hostname` (the spelling of `@docket/adapter-node`'s `listen`) */
  readonly host?: string | undefined
  /**
   * Seconds a connection may stay silent before Bun closes it (Bun's default is 10, shorter than
   * the decision service's 55 s model wait and 60 s route duration). Default 120, at most 255.
   */
  readonly idleTimeout?: number | undefined
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:8080` */
  readonly url: string
  /** the address the server listens on */
  readonly address: { readonly hostname: string; readonly port: number }
  /**
   * stops the server: requests still in flight are interrupted and answered 503; the Docket
   * instance stays usable (dispose it yourself)
   */
  readonly close: () => Promise<void>
}

/** Idle timeout of connections served by Docket on Bun, seconds: past the 60 s route duration. */
export const IDLE_TIMEOUT_SECONDS = 120

/**
 * The layer that serves `docketApp` with `BunHttpServer`; it needs the Docket services (provide
 * `docketLayer(options)` from `@docket/core`, or build it on a Docket instance's runtime as
 * `listen` does).
 */
export const layer = (options: ListenOptions = {}): Layer.Layer<HttpServer.HttpServer, never, DocketServices> =>
  HttpServer.serve(docketApp).pipe(
    Layer.provideMerge(
      BunHttpServer.layer({
        port: options.port ?? 8080,
        hostname: options.hostname ?? options.host ?? "127.0.0.1",
        idleTimeout: options.idleTimeout ?? IDLE_TIMEOUT_SECONDS
      })
    )
  )

/** Serves `docket` on Bun with `BunHttpServer`; resolves once the server listens. */
export const listen = async (docket: Docket, options: ListenOptions = {}): Promise<RunningServer> => {
  const scope = Effect.runSync(Scope.make())
  // built on the instance's runtime: the request fibers run with its services and its clock
  const exit = await docket.runtime.runPromiseExit(Layer.buildWithScope(layer(options), scope))
  if (Exit.isFailure(exit)) {
    await Effect.runPromise(Scope.close(scope, exit))
    // the original error (e.g. EADDRINUSE from Bun.serve), not a fiber failure around it
    throw Cause.squash(exit.cause)
  }
  const address = Context.get(exit.value, HttpServer.HttpServer).address
  if (address._tag !== "TcpAddress") throw new Error("BunHttpServer did not listen on a TCP address")
  const host = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname
  let closed: Promise<void> | undefined
  return {
    url: `http://${host}:${address.port}`,
    address: { hostname: address.hostname, port: address.port },
    close: () => (closed ??= Effect.runPromise(Scope.close(scope, Exit.void)))
  }
}
