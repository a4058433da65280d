/** Starting the standalone server from the environment. */
import { ConfigProvider, Effect } from "effect"
import { serverConfig, type ServerConfig } from "./config.js"
import { createDocket } from "./docket.js"
import { listen, type RunningServer } from "./server.js"

export const readServerConfig = (env: Record<string, string | undefined> = process.env): Promise<ServerConfig> =>
  Effect.runPromise(
    Effect.withConfigProvider(
      serverConfig,
      ConfigProvider.fromMap(new Map(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)))
    ).pipe(Effect.mapError((e) => new Error(`invalid configuration: ${e.toString()}`)))
  )

export const startFromEnv = async (env: Record<string, string | undefined> = process.env): Promise<RunningServer> => {
  const config = await readServerConfig(env)
  if (config.databaseUrl !== undefined) {
    throw new Error("DATABASE_URL is set, but PostgreSQL storage (@docket/storage-pg) is not available in this build yet; unset it to use memory storage")
  }
  const docket = createDocket({
    clock: config.clock,
    settings: { adminToken: config.adminToken, maxBodyBytes: config.maxBodyBytes }
  })
  const running = await listen(docket, { port: config.port, host: config.host })
  if (config.demo) {
    const demo = await docket.bootstrapDemo()
    console.log(`demo decision account: ${demo.decision.account_id}`)
    console.log(`demo decision key: ${demo.decision.api_key}`)
  }
  console.log(`listening on ${running.url}`)
  const stop = () => {
    void running.close().then(() => docket.dispose()).finally(() => process.exit(0))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
  return running
}
