/**
 * The inputs of the control plane, in one place: the HTTP routes decode request bodies with them
 * and the typed API (`docket.admin`) decodes its arguments with them, so both refuse the same
 * things with the same messages.
 */
import { Effect, ParseResult, Schema } from "effect"
import { MAX_JOURNAL_SIZE } from "../kernel/config.js"
import { JOURNAL_SERVICES } from "../journal/journal-entry.js"
import { AdminBadRequest } from "./errors.js"

const NonNegativeInt = Schema.Int.pipe(Schema.nonNegative())

export const AccountInput = Schema.Struct({
  tier: Schema.optional(Schema.Literal("free", "paid")),
  credit: Schema.optional(Schema.Int),
  custom_limits: Schema.optional(
    Schema.Struct({
      unlimited: Schema.optional(Schema.Boolean),
      rpm: Schema.optional(Schema.NullOr(NonNegativeInt)),
      in_flight: Schema.optional(Schema.NullOr(NonNegativeInt))
    })
  ),
  unpaid_invoice: Schema.optional(Schema.Boolean)
})

export const TopUpInput = Schema.Struct({ amount: Schema.Int.pipe(Schema.positive()) })

export const KeyInput = Schema.Struct({
  name: Schema.String.pipe(
    Schema.filter((s) => s.trim().length > 0 && s.length <= 200, {
      message: () => "name must be a non-empty string of at most 200 characters"
    })
  )
})

/** `"<model>:<fast|long>"` */
export const FleetKey = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z0-9.-]+:(?:fast|long)$/, { message: () => `a fleet key looks like "<model>:<fast|long>"` })
)

export const PoolsInput = Schema.Struct({
  fleets: Schema.optional(Schema.Record({ key: FleetKey, value: NonNegativeInt })),
  free: Schema.optional(NonNegativeInt)
})

/** `POST|PATCH /_admin/docs/tenants` (DESIGN.md, "Document and workspace services"). */
export const TenantInput = Schema.Struct({
  credits: Schema.optional(NonNegativeInt),
  paid_usage: Schema.optional(Schema.Boolean),
  rpm: Schema.optional(NonNegativeInt),
  concurrent_jobs: Schema.optional(NonNegativeInt),
  sync_waits: Schema.optional(NonNegativeInt),
  buckets: Schema.optional(Schema.Array(Schema.String.pipe(
    Schema.pattern(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: () => "a bucket name is 3 to 63 lower-case letters, digits, dots and hyphens"
    })
  )))
})

const AccessLabel = Schema.String.pipe(
  Schema.filter((s) => s.trim().length > 0 && s.length <= 128, {
    message: () => "an access label is a non-empty string of at most 128 characters"
  })
)

/** `POST /_admin/docs/tenants/{tenant_id}/keys` */
export const DocsKeyInput = Schema.Struct({
  access_labels: Schema.optional(Schema.Array(AccessLabel))
})

/** `PUT /_admin/docs/platform-schemas/{schema_id}` (the id is in the path) */
export const PlatformSchemaInput = Schema.Struct({
  name: Schema.String,
  description: Schema.optional(Schema.NullOr(Schema.String)),
  schema: Schema.Unknown
})

export const AdvanceInput = Schema.Struct({ ms: NonNegativeInt })

export const FaultsInput = Schema.Struct({
  limiter_store_unreachable: Schema.optional(Schema.Boolean),
  model_delay_ms: Schema.optional(NonNegativeInt),
  model_error: Schema.optional(Schema.Boolean)
})

const HttpStatus = Schema.Int.pipe(
  Schema.between(100, 599, { message: () => "status is an HTTP status (100 to 599) or a class such as 4xx" })
)
const StatusClass = Schema.Literal("1xx", "2xx", "3xx", "4xx", "5xx")
const EpochMs = Schema.Int.pipe(Schema.nonNegative({ message: () => "a time is milliseconds since the epoch (>= 0)" }))
const JournalLimit = Schema.Int.pipe(
  Schema.between(1, MAX_JOURNAL_SIZE, { message: () => `limit is an integer from 1 to ${MAX_JOURNAL_SIZE}` })
)

const journalFields = {
  service: Schema.optional(Schema.Literal(...JOURNAL_SERVICES)),
  method: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z]{1,16}$/, { message: () => "method is an HTTP method such as GET" }))),
  path_prefix: Schema.optional(Schema.String.pipe(Schema.startsWith("/", { message: () => "path_prefix starts with /" })))
}

/** `GET /_admin/journal`'s filters as `docket.admin.journal.list` takes them (see journal/journal-query.ts). */
export const JournalQueryInput = Schema.Struct({
  ...journalFields,
  status: Schema.optional(Schema.Union(HttpStatus, StatusClass)),
  since: Schema.optional(EpochMs),
  until: Schema.optional(EpochMs),
  limit: Schema.optional(JournalLimit)
})

/** A query parameter that is a whole number, to `target`. */
const intParam = <A extends number>(target: Schema.Schema<A, number>, what: string) =>
  Schema.transformOrFail(Schema.String, target, {
    strict: true,
    decode: (s, _, ast) =>
      /^\d{1,16}$/.test(s) ? ParseResult.succeed(Number(s)) : ParseResult.fail(new ParseResult.Type(ast, s, `${what}, not ${JSON.stringify(s)}`)),
    encode: (n) => ParseResult.succeed(String(n))
  })

/** A time parameter: milliseconds since the epoch, or an ISO 8601 date-time (`2026-01-01T00:00:00Z`). */
const TimeParam = Schema.transformOrFail(Schema.String, EpochMs, {
  strict: true,
  decode: (s, _, ast) => {
    if (/^\d{1,16}$/.test(s)) return ParseResult.succeed(Number(s))
    const ms = /^\d{4}-\d{2}-\d{2}T/.test(s) ? Date.parse(s) : Number.NaN
    return Number.isNaN(ms)
      ? ParseResult.fail(new ParseResult.Type(ast, s, `a time is milliseconds since the epoch or an ISO 8601 date-time, not ${JSON.stringify(s)}`))
      : ParseResult.succeed(ms)
  },
  encode: (ms) => ParseResult.succeed(String(ms))
})

/** The same filters as query parameters of `GET /_admin/journal`. */
export const JournalQueryParams = Schema.Struct({
  ...journalFields,
  status: Schema.optional(Schema.Union(StatusClass, intParam(HttpStatus, "status is an HTTP status such as 404 or a class such as 4xx"))),
  since: Schema.optional(TimeParam),
  until: Schema.optional(TimeParam),
  limit: Schema.optional(intParam(JournalLimit, `limit is an integer from 1 to ${MAX_JOURNAL_SIZE}`))
})

/** Decodes an input, refusing unknown fields; the message names what to fix. */
export const decodeInput = <A, I>(schema: Schema.Schema<A, I>) => (input: unknown): Effect.Effect<A, AdminBadRequest> =>
  Schema.decodeUnknown(schema, { onExcessProperty: "error" })(input).pipe(
    Effect.mapError((e) => new AdminBadRequest({ message: ParseResult.TreeFormatter.formatErrorSync(e) }))
  )
