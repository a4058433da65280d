/**
 * Starting the standalone server from the environment, served by an adapter: `node:http`
 * (`@docket/adapter-node`, `startFromEnv`) or `Bun.serve` (`@docket/adapter-bun`, in `bun.ts`).
 */
import { listen } from "@docket/adapter-node"
import type { Docket } from "@docket/core"
import { resolveConfig } from "@docket/intelligence-openai"
import * as PgStorage from "@docket/storage-pg"
import { Cause, type Config, ConfigProvider, Effect, Runtime } from "effect"
import { serverConfig, type ServerConfig } from "./config.js"
import { createDocket } from "./docket.js"
import { consoleRoutes } from "./console-pages.js"
import { referenceRoutes } from "./reference-pages.js"

/** A running server, whichever adapter serves it. */
export interface RunningServer {
  /** e.g. `http://127.0.0.1:8080` */
  readonly url: string
  readonly close: () => Promise<void>
}

/** How an adapter serves a Docket instance (`listen` of `@docket/adapter-node` or `@docket/adapter-bun`). */
export type Serve = (docket: Docket, options: { readonly port: number; readonly host: string }) => Promise<RunningServer>

const readConfig = <A>(config: Config.Config<A>, env: Record<string, string | undefined>): Promise<A> =>
  Effect.runPromise(
    Effect.withConfigProvider(
      config,
      ConfigProvider.fromMap(new Map(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)))
    ).pipe(Effect.mapError((e) => new Error(`invalid configuration: ${e.toString()}`)))
  )

export const readServerConfig = (env: Record<string, string | undefined> = process.env): Promise<ServerConfig> =>
  readConfig(serverConfig, env)

/** The failure of an Effect run, without the fiber wrapper: e.g. why PostgreSQL storage did not start. */
const describeFailure = (error: unknown): string => {
  if (Runtime.isFiberFailure(error)) {
    const cause = error[Runtime.FiberFailureCauseId]
    const failure = Cause.failureOption(cause)
    if (failure._tag === "Some") {
      const e = failure.value as { message?: unknown; cause?: unknown }
      const inner = e.cause instanceof Error ? `: ${e.cause.message}` : ""
      return `${String(e.message ?? e)}${inner}`
    }
    return Cause.pretty(cause)
  }
  return error instanceof Error ? error.message : String(error)
}

/**
 * Reads the environment, builds the instance (storage, engine, the `/docs` reference pages, the
 * `/console` when the control plane is enabled) and
 * serves it with `serve`; prints the demo keys and `listening on <url>`; stops on SIGINT/SIGTERM.
 */
export const startWith = async (serve: Serve, env: Record<string, string | undefined> = process.env): Promise<RunningServer> => {
  const config = await readServerConfig(env)
  // DATABASE_URL: PostgreSQL storage (pool options from DOCKET_PG_*); migrations run as it starts
  const storage = config.databaseUrl === undefined ? undefined : PgStorage.layer(await readConfig(PgStorage.config, env))
  const docket = createDocket({
    // the console is the control plane's UI: served only when the control plane is enabled
    routes: config.adminToken === undefined ? referenceRoutes : [...referenceRoutes, ...consoleRoutes()],
    storage,
    clock: config.clock,
    engine: config.engine,
    settings: {
      adminToken: config.adminToken,
      maxBodyBytes: config.maxBodyBytes,
      jobWorkers: config.jobWorkers,
      sweepIntervalMs: config.sweepIntervalMs,
      linkSecret: config.linkSecret,
      workspaceSqlTimeoutMs: config.workspaceSqlTimeoutMs,
      journalSize: config.journalSize,
      journalBodies: config.journalBodies,
      journalBodyBytes: config.journalBodyBytes
    }
  })
  let running: RunningServer
  try {
    // building the services (connecting to PostgreSQL, migrating) happens here
    running = await serve(docket, { port: config.port, host: config.host })
  } catch (error) {
    await docket.dispose().catch(() => undefined)
    if (storage === undefined) throw error
    throw new Error(`PostgreSQL storage (DATABASE_URL) failed to start: ${describeFailure(error)}`)
  }
  if (config.demo) {
    const demo = await docket.bootstrapDemo()
    console.log(`demo decision account: ${demo.decision.account_id}`)
    console.log(`demo decision key: ${demo.decision.api_key}`)
    console.log(`demo docs tenant: ${demo.docs.tenant_id}`)
    console.log(`demo docs key: ${demo.docs.api_key}`)
  }
  if (config.engine !== "local") {
    const { baseUrl, chatModel, embeddingModel } = resolveConfig(config.engine.openai)
    console.log(`engine: openai (${chatModel}, ${embeddingModel} at ${baseUrl})`)
  }
  if (config.adminToken !== undefined) console.log(`console: ${running.url}/console (sign in with DOCKET_ADMIN_TOKEN)`)
  console.log(`listening on ${running.url}`)
  const stop = () => {
    void running.close().then(() => docket.dispose()).finally(() => process.exit(0))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  return running
}

/** The standalone server on Node (`npm start`, the `docket` bin). */
export const startFromEnv = (env: Record<string, string | undefined> = process.env): Promise<RunningServer> => startWith(listen, env)
