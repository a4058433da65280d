/**
 * Options of the PostgreSQL storage and the connection pool built from them (`@effect/sql-pg`'s
 * `PgClient`), with every wait bounded so that an unreachable database makes requests fail fast
 * (529 `overloaded`) instead of hanging.
 */
import { PgClient } from "@effect/sql-pg"
import type { SqlClient, SqlError } from "@effect/sql"
import { Config, Duration, Layer, Option, Redacted } from "effect"

export interface PgStorageOptions {
  /** `postgres://user:password@host:port/database` */
  readonly url: string | Redacted.Redacted
  /** connections of this instance's pool; default 10 */
  readonly maxConnections?: number | undefined
  /**
   * longest wait to open a connection, and to get one from a busy pool; default 2 s. At start-up
   * the first connection gets this long (then the layer fails: the database must be reachable when
   * an instance starts, as migrations run then).
   */
  readonly connectTimeout?: Duration.DurationInput | undefined
  /**
   * longest time one store operation may take, waiting for a pool connection included; default
   * 3 s. Past it the operation fails as "unavailable" (529 for the API, 503 for the control plane).
   * It is what bounds a request when the database stops answering on open connections (a network
   * partition: no reset, no reply), where no driver timeout applies.
   */
  readonly operationTimeout?: Duration.DurationInput | undefined
  /** idle connections are closed after this long; default 30 s */
  readonly idleTimeout?: Duration.DurationInput | undefined
  /** `application_name` of the connections (shows in `pg_stat_activity`); default `docket` */
  readonly applicationName?: string | undefined
  /**
   * how often an idle worker looks for jobs queued through other instances (or whose lease
   * expired); default 250 ms. Jobs queued through this instance wake its workers at once.
   */
  readonly jobQueuePollInterval?: Duration.DurationInput | undefined
}

export const DEFAULTS = {
  maxConnections: 10,
  connectTimeout: Duration.seconds(2),
  operationTimeout: Duration.seconds(3),
  idleTimeout: Duration.seconds(30),
  applicationName: "docket"
} as const

export const operationTimeoutOf = (options: Pick<PgStorageOptions, "operationTimeout">): Duration.Duration =>
  Duration.decode(options.operationTimeout ?? DEFAULTS.operationTimeout)

/** The connection pool (`PgClient`, also provided as `SqlClient`). */
export const clientLayer = (options: PgStorageOptions): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError.SqlError> =>
  PgClient.layer({
    url: typeof options.url === "string" ? Redacted.make(options.url) : options.url,
    maxConnections: options.maxConnections ?? DEFAULTS.maxConnections,
    connectTimeout: options.connectTimeout ?? DEFAULTS.connectTimeout,
    idleTimeout: options.idleTimeout ?? DEFAULTS.idleTimeout,
    applicationName: options.applicationName ?? DEFAULTS.applicationName
  })

const optionalMillis = (name: string) =>
  Config.option(Config.integer(name).pipe(Config.validate({ message: "must be a positive integer", validation: (n) => n > 0 }))).pipe(
    Config.map(Option.map(Duration.millis)),
    Config.map(Option.getOrUndefined)
  )

/**
 * The options from the environment: `DATABASE_URL` (required), and optionally
 * `DOCKET_PG_MAX_CONNECTIONS`, `DOCKET_PG_CONNECT_TIMEOUT_MS`, `DOCKET_PG_OPERATION_TIMEOUT_MS`.
 */
export const config: Config.Config<PgStorageOptions> = Config.all({
  url: Config.redacted("DATABASE_URL"),
  maxConnections: Config.option(
    Config.integer("DOCKET_PG_MAX_CONNECTIONS").pipe(Config.validate({ message: "must be a positive integer", validation: (n) => n > 0 }))
  ).pipe(Config.map(Option.getOrUndefined)),
  connectTimeout: optionalMillis("DOCKET_PG_CONNECT_TIMEOUT_MS"),
  operationTimeout: optionalMillis("DOCKET_PG_OPERATION_TIMEOUT_MS")
})
