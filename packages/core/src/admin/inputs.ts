/**
 * The inputs of the control plane, in one place: the HTTP routes decode request bodies with them
 * and the typed API (`docket.admin`) decodes its arguments with them, so both refuse the same
 * things with the same messages.
 */
import { Effect, ParseResult, Schema } from "effect"
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

/** Decodes an input, refusing unknown fields; the message names what to fix. */
export const decodeInput = <A, I>(schema: Schema.Schema<A, I>) => (input: unknown): Effect.Effect<A, AdminBadRequest> =>
  Schema.decodeUnknown(schema, { onExcessProperty: "error" })(input).pipe(
    Effect.mapError((e) => new AdminBadRequest({ message: ParseResult.TreeFormatter.formatErrorSync(e) }))
  )
