/** The standalone server's environment (DESIGN.md, "Standalone server contract"). */
import { settingsConfig } from "@docket/core"
import { Config, Option } from "effect"

export interface ServerConfig {
  readonly port: number
  readonly host: string
  readonly databaseUrl: string | undefined
  readonly adminToken: string | undefined
  readonly clock: "system" | "manual"
  readonly demo: boolean
  readonly maxBodyBytes: number
  /** document-service jobs run at once by this instance */
  readonly jobWorkers: number
}

export const serverConfig: Config.Config<ServerConfig> = Config.all({
  port: Config.port("PORT").pipe(Config.withDefault(8080)),
  host: Config.string("HOST").pipe(Config.withDefault("127.0.0.1")),
  databaseUrl: Config.option(Config.nonEmptyString("DATABASE_URL")).pipe(Config.map(Option.getOrUndefined)),
  clock: Config.literal("system", "manual")("DOCKET_CLOCK").pipe(Config.withDefault("system" as const)),
  demo: Config.option(Config.literal("0", "1")("DOCKET_DEMO")),
  settings: settingsConfig
}).pipe(
  Config.map(({ clock, databaseUrl, demo, host, port, settings }) => ({
    port,
    host,
    databaseUrl,
    clock,
    adminToken: settings.adminToken,
    maxBodyBytes: settings.maxBodyBytes,
    jobWorkers: settings.jobWorkers,
    // default: on with memory storage and no admin token
    demo: Option.match(demo, {
      onNone: () => databaseUrl === undefined && settings.adminToken === undefined,
      onSome: (v) => v === "1"
    })
  }))
)
