/**
 * The limiter store on PostgreSQL. `acquire` is one round trip: a call of the plpgsql function
 * `docket_limiter_acquire` (migration 2, which explains the design), which checks account RPM,
 * account in-flight, fleet pool and free pool in that order under row locks taken in a fixed
 * order, and records the admission only if all pass — exact across every instance sharing the
 * database. `release` is one round trip too: it frees the slot's tokens where this slot still holds
 * them. Pool sizes live in the database, so all instances share them.
 *
 * The time of every admission is the service clock passed in (`AdmissionRequest.now`), never the
 * database's `now()`. The window, the lease and the default pool sizes come from core
 * (`WINDOW_MS`, `SLOT_LEASE_MS`, `DEFAULT_POOL_SIZES`, `DEFAULT_FLEET_SIZE`), passed as arguments:
 * core stays their only source.
 */
import { Decision, Kernel } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

type Outcome = "admitted" | "rpm" | "in_flight" | "fleet" | "free"

/** Pool rows and token pools: `account:<id>`, `fleet:<model>:<fast|long>`, `free`. */
const ACCOUNT_PREFIX = "account:"
const FLEET_PREFIX = "fleet:"
const FREE_POOL = "free"

/**
 * The slot id handed back to core names the tokens the slot holds, so that a release is one
 * statement by primary key: `[slot id, [pool, token]…]` as JSON (opaque to core).
 */
type SlotTokens = readonly [slotId: string, ...tokens: ReadonlyArray<readonly [pool: string, n: number]>]

const encodeSlot = (slot: SlotTokens): string => JSON.stringify(slot)

/** The slot's tokens, or undefined when the id is not one of ours (then a release frees nothing). */
const decodeSlot = (encoded: string): SlotTokens | undefined => {
  let value: unknown
  try {
    value = JSON.parse(encoded)
  } catch {
    return undefined
  }
  if (!Array.isArray(value) || typeof value[0] !== "string") return undefined
  for (const t of value.slice(1)) {
    if (!Array.isArray(t) || t.length !== 2 || typeof t[0] !== "string" || !Number.isSafeInteger(t[1])) return undefined
  }
  return value as unknown as SlotTokens
}

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Decision.LimiterStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "LimiterStore", cause }))

  /** the defaults of core, overridden by the sizes set in the database */
  const readPools = Effect.map(
    sql<{ readonly pool: string; readonly size: number }>`SELECT pool, size FROM docket_limiter_pools WHERE size IS NOT NULL`,
    (rows): Decision.PoolSizes => {
      const fleets: Record<string, number> = { ...Decision.DEFAULT_POOL_SIZES.fleets }
      let free = Decision.DEFAULT_POOL_SIZES.free
      for (const { pool, size } of rows) {
        if (pool === FREE_POOL) free = size
        else if (pool.startsWith(FLEET_PREFIX)) fleets[pool.slice(FLEET_PREFIX.length)] = size
      }
      return { fleets, free }
    }
  )

  return {
    acquire: (req) =>
      run(sql<{
        readonly outcome: Outcome
        readonly oldest: string | number | null
        readonly account_token: number | null
        readonly fleet_token: number | null
        readonly free_token: number | null
      }>`
        SELECT outcome, oldest, account_token, fleet_token, free_token FROM docket_limiter_acquire(
          ${req.accountId}::text, ${req.slotId}::text, ${req.rpm}::integer, ${req.inFlight}::integer,
          ${req.fleet}::text, ${req.freeTier}::boolean, ${req.now}::bigint, ${Decision.WINDOW_MS}::bigint,
          ${Decision.SLOT_LEASE_MS}::bigint, ${Decision.fleetSize(Decision.DEFAULT_POOL_SIZES, req.fleet)}::integer,
          ${Decision.DEFAULT_POOL_SIZES.free}::integer)`).pipe(
        Effect.map(([row]): Decision.AdmissionResult => {
          switch (row.outcome) {
            case "admitted": {
              const tokens: Array<readonly [string, number]> = []
              if (row.account_token !== null) tokens.push([ACCOUNT_PREFIX + req.accountId, row.account_token])
              if (row.fleet_token !== null) tokens.push([FLEET_PREFIX + req.fleet, row.fleet_token])
              if (row.free_token !== null) tokens.push([FREE_POOL, row.free_token])
              return { _tag: "Admitted", slotId: encodeSlot([req.slotId, ...tokens]) }
            }
            case "rpm": {
              const oldest = row.oldest === null ? req.now : Number(row.oldest)
              return { _tag: "RpmExceeded", retryAfterMs: Math.max(Decision.MIN_RPM_RETRY_MS, oldest + Decision.WINDOW_MS - req.now) }
            }
            case "in_flight":
              return { _tag: "InFlightExceeded" }
            case "fleet":
              return { _tag: "PoolFull", pool: "fleet" }
            case "free":
              return { _tag: "PoolFull", pool: "free" }
          }
        })
      ),

    // frees the slot's tokens where it still holds them; an id that is not ours frees nothing
    release: (slotId) => {
      const slot = decodeSlot(slotId)
      if (slot === undefined || slot.length < 2) return Effect.void
      return run(sql`SELECT docket_limiter_release(${encodeSlot(slot)}::jsonb)`).pipe(Effect.asVoid)
    },

    getPools: run(readPools),

    // Merges: only the given pools change. Rows are locked in sorted order (`fleet:…` before
    // `free`), the order acquires take them in, so a resize never deadlocks with an acquire.
    setPools: (sizes) => {
      const entries: Array<readonly [string, number]> = [
        ...Object.entries(sizes.fleets ?? {}).map(([fleet, size]) => [FLEET_PREFIX + fleet, size] as const),
        ...(sizes.free === undefined ? [] : [[FREE_POOL, sizes.free] as const])
      ].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      return run(
        sql.withTransaction(
          Effect.gen(function*() {
            for (const [pool, size] of entries) {
              yield* sql`
                INSERT INTO docket_limiter_pools (pool, size) VALUES (${pool}, ${size}::integer)
                ON CONFLICT (pool) DO UPDATE SET size = EXCLUDED.size`
            }
            return yield* readPools
          })
        )
      )
    }
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Decision.LimiterStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Decision.LimiterStore, never, SqlClient.SqlClient> = Layer.effect(Decision.LimiterStore, make)
