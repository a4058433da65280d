/**
 * The decision store on PostgreSQL: accounts, API keys (by hash) and credit. Every operation is
 * one statement, except `createKey` (one short transaction that locks the account row).
 */
import { Decision, Kernel } from "@docket/core"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, Option } from "effect"
import { guard, type GuardOptions, PgTuning } from "./internal/guard.js"

interface AccountRow {
  readonly account_id: string
  readonly tier: "free" | "paid"
  /** bigint: the driver returns it as a string */
  readonly credit: string | number
  readonly unlimited: boolean
  readonly custom_rpm: number | null
  readonly custom_in_flight: number | null
  readonly unpaid_invoice: boolean
}

interface KeyRow {
  readonly key_id: string
  readonly account_id: string
  readonly name: string
  readonly prefix: string
  readonly hash: string
  readonly status: "active" | "revoked"
  readonly created_at: string | number
}

const toAccount = (r: AccountRow): Decision.Account => ({
  account_id: r.account_id,
  tier: r.tier,
  credit: Number(r.credit),
  custom_limits: { unlimited: r.unlimited, rpm: r.custom_rpm, in_flight: r.custom_in_flight },
  unpaid_invoice: r.unpaid_invoice
})

const toKey = (r: KeyRow): Decision.ApiKeyRecord => ({
  key_id: r.key_id,
  account_id: r.account_id,
  name: r.name,
  prefix: r.prefix,
  hash: r.hash,
  status: r.status,
  created_at: Number(r.created_at)
})

const ACCOUNT_COLUMNS = "account_id, tier, credit, unlimited, custom_rpm, custom_in_flight, unpaid_invoice"
const KEY_COLUMNS = "key_id, account_id, name, prefix, hash, status, created_at"

const build = (sql: SqlClient.SqlClient, options: GuardOptions): Decision.DecisionStoreService => {
  const run = guard(options, (cause) => new Kernel.StorageUnavailable({ store: "DecisionStore", cause }))
  const accountColumns = sql.literal(ACCOUNT_COLUMNS)
  const keyColumns = sql.literal(KEY_COLUMNS)
  const oneAccount = (rows: ReadonlyArray<AccountRow>) => Option.map(Option.fromNullable(rows[0]), toAccount)
  const oneKey = (rows: ReadonlyArray<KeyRow>) => Option.map(Option.fromNullable(rows[0]), toKey)

  return {
    // creating an existing id replaces it, as the memory store does
    createAccount: (a) =>
      run(sql<AccountRow>`
        INSERT INTO docket_accounts (${accountColumns})
        VALUES (${a.account_id}, ${a.tier}, ${a.credit}, ${a.custom_limits.unlimited}, ${a.custom_limits.rpm},
                ${a.custom_limits.in_flight}, ${a.unpaid_invoice})
        ON CONFLICT (account_id) DO UPDATE SET
          tier = EXCLUDED.tier, credit = EXCLUDED.credit, unlimited = EXCLUDED.unlimited,
          custom_rpm = EXCLUDED.custom_rpm, custom_in_flight = EXCLUDED.custom_in_flight,
          unpaid_invoice = EXCLUDED.unpaid_invoice
        RETURNING ${accountColumns}`).pipe(Effect.map((rows) => toAccount(rows[0]))),

    getAccount: (id) => run(sql<AccountRow>`SELECT ${accountColumns} FROM docket_accounts WHERE account_id = ${id}`).pipe(Effect.map(oneAccount)),

    // the patch is applied in one statement (`applyPatch` semantics: an absent field keeps its
    // value; custom rpm / in_flight may be set to null explicitly)
    updateAccount: (id, patch: Decision.AccountPatch) => {
      const limits = patch.custom_limits
      const rpmSet = limits !== undefined && limits.rpm !== undefined
      const inFlightSet = limits !== undefined && limits.in_flight !== undefined
      return run(sql<AccountRow>`
        UPDATE docket_accounts SET
          tier = coalesce(${patch.tier ?? null}::text, tier),
          credit = coalesce(${patch.credit ?? null}::bigint, credit),
          unpaid_invoice = coalesce(${patch.unpaid_invoice ?? null}::boolean, unpaid_invoice),
          unlimited = coalesce(${limits?.unlimited ?? null}::boolean, unlimited),
          custom_rpm = CASE WHEN ${rpmSet}::boolean THEN ${limits?.rpm ?? null}::integer ELSE custom_rpm END,
          custom_in_flight = CASE WHEN ${inFlightSet}::boolean THEN ${limits?.in_flight ?? null}::integer ELSE custom_in_flight END
        WHERE account_id = ${id}
        RETURNING ${accountColumns}`).pipe(Effect.map(oneAccount))
    },

    topUp: (id, amount) =>
      run(sql<AccountRow>`
        UPDATE docket_accounts SET credit = credit + ${amount}::bigint, tier = 'paid'
        WHERE account_id = ${id}
        RETURNING ${accountColumns}`).pipe(Effect.map(oneAccount)),

    // atomic: concurrent debits serialize on the row and none is lost
    debit: (id, amount) =>
      run(sql<{ readonly credit: string | number }>`
        UPDATE docket_accounts SET credit = credit - ${amount}::bigint
        WHERE account_id = ${id}
        RETURNING credit`).pipe(Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (r) => Number(r.credit)))),

    // The account row is locked (FOR UPDATE) before the active keys are counted, so concurrent
    // creations for one account take turns and never exceed `maxActive`; the count runs as its own
    // statement after the lock, so it sees the keys committed by the previous holder. (Core creates
    // keys only for existing accounts; should the row be missing, an advisory lock on the account
    // id serializes instead, so the rule still holds.)
    createKey: (key, maxActive) =>
      run(
        sql.withTransaction(
          Effect.gen(function*() {
            const locked = yield* sql`SELECT 1 FROM docket_accounts WHERE account_id = ${key.account_id} FOR UPDATE`
            if (locked.length === 0) {
              yield* sql`SELECT pg_advisory_xact_lock(hashtextextended(${"docket_api_keys:" + key.account_id}, 0))`
            }
            const [{ active }] = yield* sql<{ readonly active: string | number }>`
              SELECT count(*) AS active FROM docket_api_keys WHERE account_id = ${key.account_id} AND status = 'active'`
            if (Number(active) >= maxActive) return false
            yield* sql`
              INSERT INTO docket_api_keys (${keyColumns})
              VALUES (${key.key_id}, ${key.account_id}, ${key.name}, ${key.prefix}, ${key.hash}, ${key.status}, ${key.created_at})`
            return true
          })
        )
      ).pipe(Effect.flatMap((created) => created ? Effect.succeed(key) : Effect.fail(new Decision.TooManyActiveKeys({ limit: maxActive })))),

    listKeys: (accountId) =>
      run(sql<KeyRow>`
        SELECT ${keyColumns} FROM docket_api_keys WHERE account_id = ${accountId}
        ORDER BY created_at, seq`).pipe(Effect.map((rows) => rows.map(toKey))),

    findKeyByHash: (hash) => run(sql<KeyRow>`SELECT ${keyColumns} FROM docket_api_keys WHERE hash = ${hash}`).pipe(Effect.map(oneKey)),

    getKey: (id) => run(sql<KeyRow>`SELECT ${keyColumns} FROM docket_api_keys WHERE key_id = ${id}`).pipe(Effect.map(oneKey)),

    // irreversible; revoking a revoked key returns it unchanged
    revokeKey: (id) =>
      run(sql<KeyRow>`
        UPDATE docket_api_keys SET status = 'revoked' WHERE key_id = ${id}
        RETURNING ${keyColumns}`).pipe(Effect.map(oneKey))
  }
}

/** The store on the `SqlClient` in context, bounded by `PgTuning` (the schema must be migrated: see `migrations.ts`). */
export const make: Effect.Effect<Decision.DecisionStoreService, never, SqlClient.SqlClient> = Effect.zipWith(SqlClient.SqlClient, PgTuning, build)

export const layer: Layer.Layer<Decision.DecisionStore, never, SqlClient.SqlClient> = Layer.effect(Decision.DecisionStore, make)
