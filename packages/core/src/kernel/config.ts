/** Settings of a Docket instance that the HTTP layer needs. Adapters read them from `Config`. */
import { Config, Context, Layer, Option } from "effect"

export interface DocketSettings {
  /** hard cap on request bodies, bytes (refused beyond it without being buffered whole) */
  readonly maxBodyBytes: number
  /** enables `/_admin`; undefined = `/_admin` answers 404 */
  readonly adminToken: string | undefined
  /**
   * document service: worker fibers running jobs at once. `0` runs none: an API-only instance,
   * whose jobs are run by other instances sharing its storage (PostgreSQL) — with storage of its
   * own (memory) its jobs would stay queued.
   */
  readonly jobWorkers: number
  /** document service: the cap of `POST /upload` (spec 2: 200 MB) */
  readonly maxUploadBytes: number
  /**
   * document service: the period of the background retention sweep on the service clock, ms
   * (`documents/retention/sweeper.ts`); `0` runs none (`POST /_admin/docs/sweep` still sweeps)
   */
  readonly sweepIntervalMs: number
  /**
   * document service: the secret that signs `markdown_url` and crop links. Instances serving one
   * address (behind a load balancer) must share it, so that a link one of them made opens on any;
   * undefined = a random secret per instance (links then do not survive a restart either).
   */
  readonly linkSecret?: string | undefined
  /** workspace service: the statement timeout of `run-sql` and `query-tables`, ms (the engine cancels past it) */
  readonly workspaceSqlTimeoutMs: number
  /**
   * control plane: how many requests the request journal (`GET /_admin/journal`) holds, the
   * oldest dropped first; `0` keeps none (the journal is off). Per process.
   */
  readonly journalSize: number
  /** control plane: whether the journal keeps request and response bodies (keys redacted) */
  readonly journalBodies: boolean
  /** control plane: the bytes kept of each journaled body, the rest cut off */
  readonly journalBodyBytes: number
}

export const DEFAULT_JOB_WORKERS = 4
export const DEFAULT_MAX_UPLOAD_BYTES = 200 * 1024 * 1024

export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024
export const DEFAULT_WORKSPACE_SQL_TIMEOUT_MS = 10_000
/** 10 minutes (`SWEEP_INTERVAL_MS` of the sweeper) */
export const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60 * 1000

export const DEFAULT_JOURNAL_SIZE = 1000
export const MAX_JOURNAL_SIZE = 100_000
export const DEFAULT_JOURNAL_BODY_BYTES = 4096
export const MAX_JOURNAL_BODY_BYTES = 1_048_576

export class Settings extends Context.Tag("@docket/core/Settings")<Settings, DocketSettings>() {}

export const settingsLayer = (s: Partial<DocketSettings> = {}): Layer.Layer<Settings> =>
  Layer.succeed(Settings, {
    maxBodyBytes: s.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    adminToken: s.adminToken,
    jobWorkers: s.jobWorkers ?? DEFAULT_JOB_WORKERS,
    maxUploadBytes: s.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    sweepIntervalMs: s.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    linkSecret: s.linkSecret,
    workspaceSqlTimeoutMs: s.workspaceSqlTimeoutMs ?? DEFAULT_WORKSPACE_SQL_TIMEOUT_MS,
    journalSize: s.journalSize ?? DEFAULT_JOURNAL_SIZE,
    journalBodies: s.journalBodies ?? false,
    journalBodyBytes: s.journalBodyBytes ?? DEFAULT_JOURNAL_BODY_BYTES
  })

/**
 * `DOCKET_MAX_BODY_BYTES`, `DOCKET_ADMIN_TOKEN`, `DOCKET_JOB_WORKERS`, `DOCKET_SWEEP_INTERVAL_MS`, `DOCKET_LINK_SECRET`,
 * `DOCKET_SQL_TIMEOUT_MS`, `DOCKET_JOURNAL_SIZE`, `DOCKET_JOURNAL_BODIES`, `DOCKET_JOURNAL_BODY_BYTES`
 */
export const settingsConfig: Config.Config<
  Pick<
    DocketSettings,
    | "maxBodyBytes"
    | "adminToken"
    | "jobWorkers"
    | "sweepIntervalMs"
    | "linkSecret"
    | "workspaceSqlTimeoutMs"
    | "journalSize"
    | "journalBodies"
    | "journalBodyBytes"
  >
> = Config.all({
  maxBodyBytes: Config.integer("DOCKET_MAX_BODY_BYTES").pipe(
    Config.validate({ message: "must be at least 1048576", validation: (n) => n >= 1_048_576 }),
    Config.withDefault(DEFAULT_MAX_BODY_BYTES)
  ),
  adminToken: Config.option(Config.nonEmptyString("DOCKET_ADMIN_TOKEN")).pipe(Config.map(Option.getOrUndefined)),
  jobWorkers: Config.integer("DOCKET_JOB_WORKERS").pipe(
    // 0: an API-only instance, whose jobs other instances sharing its database run
    Config.validate({ message: "must be between 0 and 256", validation: (n) => n >= 0 && n <= 256 }),
    Config.withDefault(DEFAULT_JOB_WORKERS)
  ),
  // 0: no background sweep (POST /_admin/docs/sweep still sweeps)
  sweepIntervalMs: Config.integer("DOCKET_SWEEP_INTERVAL_MS").pipe(
    Config.validate({ message: "must be 0 (off) or at least 1000", validation: (n) => n === 0 || n >= 1000 }),
    Config.withDefault(DEFAULT_SWEEP_INTERVAL_MS)
  ),
  linkSecret: Config.option(
    Config.string("DOCKET_LINK_SECRET").pipe(
      Config.validate({ message: "must be at least 32 characters", validation: (v) => v.length >= 32 })
    )
  ).pipe(Config.map(Option.getOrUndefined)),
  workspaceSqlTimeoutMs: Config.integer("DOCKET_SQL_TIMEOUT_MS").pipe(
    Config.validate({ message: "must be between 100 and 300000", validation: (n) => n >= 100 && n <= 300_000 }),
    Config.withDefault(DEFAULT_WORKSPACE_SQL_TIMEOUT_MS)
  ),
  // 0: no journal
  journalSize: Config.integer("DOCKET_JOURNAL_SIZE").pipe(
    Config.validate({ message: `must be between 0 and ${MAX_JOURNAL_SIZE}`, validation: (n) => n >= 0 && n <= MAX_JOURNAL_SIZE }),
    Config.withDefault(DEFAULT_JOURNAL_SIZE)
  ),
  journalBodies: Config.literal("0", "1")("DOCKET_JOURNAL_BODIES").pipe(
    Config.map((v) => v === "1"),
    Config.withDefault(false)
  ),
  journalBodyBytes: Config.integer("DOCKET_JOURNAL_BODY_BYTES").pipe(
    Config.validate({
      message: `must be between 1 and ${MAX_JOURNAL_BODY_BYTES}`,
      validation: (n) => n >= 1 && n <= MAX_JOURNAL_BODY_BYTES
    }),
    Config.withDefault(DEFAULT_JOURNAL_BODY_BYTES)
  )
})
