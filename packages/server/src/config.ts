/** The standalone server's environment (DESIGN.md, "Standalone server contract"). */
import { Kernel } from "@docket/core"
import { OpenAiIntelligence } from "@docket/intelligence-openai"
import { Config, ConfigError, Either, Option } from "effect"
import type { EngineOption } from "./docket.js"

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
  readonly sweepIntervalMs: number
  /** `DOCKET_LINK_SECRET`: shared by the instances behind one address (signed links open on any) */
  readonly linkSecret: string | undefined
  /** `DOCKET_SQL_TIMEOUT_MS`: how long a workspace SQL query may run */
  readonly workspaceSqlTimeoutMs: number
  /** `DOCKET_JOURNAL_SIZE`: the requests the control plane's journal holds (0 = off) */
  readonly journalSize: number
  /** `DOCKET_JOURNAL_BODIES=1`: the journal keeps bodies (keys redacted), `DOCKET_JOURNAL_BODY_BYTES` of each */
  readonly journalBodies: boolean
  readonly journalBodyBytes: number
  /** `DOCKET_ENGINE`: `local`, or `openai` with the endpoint from `DOCKET_AI_*` */
  readonly engine: EngineOption
}

export const serverConfig: Config.Config<ServerConfig> = Config.all({
  port: Config.port("PORT").pipe(Config.withDefault(8080)),
  host: Config.string("HOST").pipe(Config.withDefault("127.0.0.1")),
  databaseUrl: Config.option(Config.nonEmptyString("DATABASE_URL")).pipe(Config.map(Option.getOrUndefined)),
  clock: Config.literal("system", "manual")("DOCKET_CLOCK").pipe(Config.withDefault("system" as const)),
  demo: Config.option(Config.literal("0", "1")("DOCKET_DEMO")),
  settings: Kernel.settingsConfig,
  engine: Config.literal("local", "openai")("DOCKET_ENGINE").pipe(Config.withDefault("local" as const)),
  // read whatever the engine, so that a malformed DOCKET_AI_* is reported; required only for `openai`
  openai: Config.option(OpenAiIntelligence.config)
}).pipe(
  Config.mapOrFail((c) =>
    c.engine === "openai" && Option.isNone(c.openai)
      ? Either.left(ConfigError.MissingData(["DOCKET_AI_BASE_URL"], "DOCKET_ENGINE=openai needs DOCKET_AI_BASE_URL"))
      : c.settings.jobWorkers === 0 && c.databaseUrl === undefined
      ? Either.left(ConfigError.InvalidData(
        ["DOCKET_JOB_WORKERS"],
        "DOCKET_JOB_WORKERS=0 (an API-only instance) needs DATABASE_URL: with memory storage no other instance would run its jobs"
      ))
      : Either.right(c)
  ),
  Config.map(({ clock, databaseUrl, demo, engine, host, openai, port, settings }) => ({
    port,
    host,
    databaseUrl,
    clock,
    adminToken: settings.adminToken,
    maxBodyBytes: settings.maxBodyBytes,
    jobWorkers: settings.jobWorkers,
    sweepIntervalMs: settings.sweepIntervalMs,
    linkSecret: settings.linkSecret,
    workspaceSqlTimeoutMs: settings.workspaceSqlTimeoutMs,
    journalSize: settings.journalSize,
    journalBodies: settings.journalBodies,
    journalBodyBytes: settings.journalBodyBytes,
    engine: engine === "openai" && Option.isSome(openai) ? { openai: openai.value } : ("local" as const),
    // default: on with memory storage and no admin token
    demo: Option.match(demo, {
      onNone: () => databaseUrl === undefined && settings.adminToken === undefined,
      onSome: (v) => v === "1"
    })
  }))
)
