/** Settings of a Docket instance that the HTTP layer needs. Adapters read them from `Config`. */
import { Config, Context, Layer, Option } from "effect"

export interface DocketSettings {
  /** hard cap on request bodies, bytes (refused beyond it without being buffered whole) */
  readonly maxBodyBytes: number
  /** enables `/_admin`; undefined = `/_admin` answers 404 */
  readonly adminToken: string | undefined
}

export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024

export class Settings extends Context.Tag("@docket/core/Settings")<Settings, DocketSettings>() {}

export const settingsLayer = (s: Partial<DocketSettings> = {}): Layer.Layer<Settings> =>
  Layer.succeed(Settings, { maxBodyBytes: s.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, adminToken: s.adminToken })

/** `DOCKET_MAX_BODY_BYTES`, `DOCKET_ADMIN_TOKEN` */
export const settingsConfig: Config.Config<DocketSettings> = Config.all({
  maxBodyBytes: Config.integer("DOCKET_MAX_BODY_BYTES").pipe(
    Config.validate({ message: "must be at least 1048576", validation: (n) => n >= 1_048_576 }),
    Config.withDefault(DEFAULT_MAX_BODY_BYTES)
  ),
  adminToken: Config.option(Config.nonEmptyString("DOCKET_ADMIN_TOKEN")).pipe(Config.map(Option.getOrUndefined))
})
