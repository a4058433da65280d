/**
 * The decision service's control plane as a typed API (the dashboard's work: accounts, keys,
 * top-ups, pools). `/_admin/decision/*` serves it over HTTP; embedders call it directly.
 */
import { Clock, Effect, Option } from "effect"
import { AdminBadRequest, AdminConflict, AdminNotFound, AdminUnavailable } from "../admin/errors.js"
import { Ids, prefixedId } from "../shared/ids.js"
import { type Account, type AccountPatch, DEFAULT_CREDIT, noCustomLimits, applyPatch } from "./account.js"
import {
  type ApiKeyView,
  DISPLAY_PREFIX_LENGTH,
  generateKey,
  hashKey,
  MAX_ACTIVE_KEYS,
  viewOf
} from "./api-key.js"
import { DecisionStore, type StoreUnavailable } from "./decision-store.js"
import { KeyCache } from "./key-cache.js"
import { LimiterStore, type LimiterUnavailable, type PoolSizes } from "./limiter/limiter-store.js"

export interface CreatedKey extends ApiKeyView {
  /** the full key: shown here only */
  readonly key: string
}

const unavailable = (e: StoreUnavailable | LimiterUnavailable) =>
  new AdminUnavailable({ message: `storage unavailable: ${String(e.cause ?? e._tag)}` })

const accountNotFound = (id: string) => new AdminNotFound({ message: `account ${id} not found` })

const orNotFound = <A>(id: string) => (o: Option.Option<A>) =>
  Option.match(o, { onNone: () => Effect.fail(accountNotFound(id)), onSome: Effect.succeed })

const checkPatch = (patch: AccountPatch): Effect.Effect<AccountPatch, AdminBadRequest> => {
  const problems: Array<string> = []
  const int = (name: string, v: unknown, min: number) => {
    if (v !== undefined && v !== null && (!Number.isSafeInteger(v) || (v as number) < min)) problems.push(`${name} must be an integer >= ${min}`)
  }
  if (patch.tier !== undefined && patch.tier !== "free" && patch.tier !== "paid") problems.push(`tier must be "free" or "paid"`)
  if (patch.credit !== undefined && !Number.isSafeInteger(patch.credit)) problems.push("credit must be an integer")
  int("custom_limits.rpm", patch.custom_limits?.rpm, 0)
  int("custom_limits.in_flight", patch.custom_limits?.in_flight, 0)
  return problems.length > 0 ? Effect.fail(new AdminBadRequest({ message: problems.join("; ") })) : Effect.succeed(patch)
}

export const createAccount = (input: AccountPatch = {}) =>
  Effect.gen(function*() {
    const patch = yield* checkPatch(input)
    const ids = yield* Ids
    const store = yield* DecisionStore
    const account: Account = applyPatch(
      { account_id: prefixedId(ids, "acct"), tier: "free", credit: DEFAULT_CREDIT, custom_limits: noCustomLimits, unpaid_invoice: false },
      patch
    )
    return yield* store.createAccount(account).pipe(Effect.mapError(unavailable))
  })

export const getAccount = (accountId: string) =>
  Effect.flatMap(DecisionStore, (s) => s.getAccount(accountId)).pipe(Effect.mapError(unavailable), Effect.flatMap(orNotFound(accountId)))

/** Changes apply at once in this process (the key cache is cleared) and within 5 s elsewhere. */
export const updateAccount = (accountId: string, input: AccountPatch) =>
  Effect.gen(function*() {
    const patch = yield* checkPatch(input)
    const store = yield* DecisionStore
    const updated = yield* store.updateAccount(accountId, patch).pipe(Effect.mapError(unavailable), Effect.flatMap(orNotFound(accountId)))
    yield* Effect.flatMap(KeyCache, (c) => c.clear)
    return updated
  })

/** A completed top-up adds credit and makes the tier `paid` (spec 1, "Account tier"). */
export const topUp = (accountId: string, amount: number) =>
  Effect.gen(function*() {
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      return yield* new AdminBadRequest({ message: "amount must be a positive integer" })
    }
    const store = yield* DecisionStore
    const updated = yield* store.topUp(accountId, amount).pipe(Effect.mapError(unavailable), Effect.flatMap(orNotFound(accountId)))
    yield* Effect.flatMap(KeyCache, (c) => c.clear)
    return updated
  })

export const createKey = (accountId: string, name: string) =>
  Effect.gen(function*() {
    if (typeof name !== "string" || name.trim().length === 0 || name.length > 200) {
      return yield* new AdminBadRequest({ message: "name must be a non-empty string of at most 200 characters" })
    }
    yield* getAccount(accountId)
    const ids = yield* Ids
    const store = yield* DecisionStore
    const key = generateKey(ids)
    const record = yield* store.createKey(
      {
        key_id: prefixedId(ids, "key"),
        account_id: accountId,
        name,
        prefix: key.slice(0, DISPLAY_PREFIX_LENGTH),
        hash: hashKey(key),
        status: "active",
        created_at: yield* Clock.currentTimeMillis
      },
      MAX_ACTIVE_KEYS
    ).pipe(
      Effect.catchTags({
        TooManyActiveKeys: (e) =>
          new AdminConflict({ message: `the account already has ${e.limit} active keys; revoke one first` }),
        StoreUnavailable: (e) => unavailable(e)
      })
    )
    return { ...viewOf(record), key } satisfies CreatedKey
  })

export const listKeys = (accountId: string) =>
  Effect.gen(function*() {
    yield* getAccount(accountId)
    const store = yield* DecisionStore
    const keys = yield* store.listKeys(accountId).pipe(Effect.mapError(unavailable))
    return { keys: keys.map(viewOf) }
  })

/** Irreversible; effective at once in this process and within 5 s on other instances. */
export const revokeKey = (keyId: string) =>
  Effect.gen(function*() {
    const store = yield* DecisionStore
    const key = yield* store.revokeKey(keyId).pipe(Effect.mapError(unavailable))
    if (Option.isNone(key)) return yield* new AdminNotFound({ message: `key ${keyId} not found` })
    yield* Effect.flatMap(KeyCache, (c) => c.clear)
    return viewOf(key.value)
  })

export const getPools = Effect.flatMap(LimiterStore, (l) => l.getPools).pipe(Effect.mapError(unavailable))

const FLEET_KEY = /^[A-Za-z0-9.-]+:(?:fast|long)$/

export const setPools = (input: { readonly fleets?: Readonly<Record<string, number>>; readonly free?: number }) =>
  Effect.gen(function*() {
    const problems: Array<string> = []
    for (const [k, v] of Object.entries(input.fleets ?? {})) {
      if (!FLEET_KEY.test(k)) problems.push(`fleet key ${JSON.stringify(k)} must look like "<model>:<fast|long>"`)
      if (!Number.isSafeInteger(v) || v < 0) problems.push(`fleets.${k} must be an integer >= 0`)
    }
    if (input.free !== undefined && (!Number.isSafeInteger(input.free) || input.free < 0)) problems.push("free must be an integer >= 0")
    if (problems.length > 0) return yield* new AdminBadRequest({ message: problems.join("; ") })
    const limiter = yield* LimiterStore
    return yield* limiter.setPools(input).pipe(Effect.mapError(unavailable))
  }) as Effect.Effect<PoolSizes, AdminBadRequest | AdminUnavailable, LimiterStore>

export { AdminNotFound }
