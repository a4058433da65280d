/**
 * The decision service's control plane as a typed API (the dashboard's work: accounts, keys,
 * top-ups, pools). `/_admin/decision/*` serves it over HTTP; embedders call it directly.
 */
import { Clock, Effect, Option } from "effect"
import { AdminConflict, AdminNotFound, AdminUnavailable } from "../admin/errors.js"
import { AccountInput, decodeInput, KeyInput, PoolsInput, TopUpInput } from "../admin/inputs.js"
import { Ids, prefixedId } from "../kernel/ids.js"
import { type Account, type AccountPatch, DEFAULT_CREDIT, noCustomLimits, applyPatch } from "./account.js"
import {
  type ApiKeyView,
  DISPLAY_PREFIX_LENGTH,
  generateKey,
  hashKey,
  MAX_ACTIVE_KEYS,
  viewOf
} from "./api-key.js"
import { DecisionStore } from "./decision-store.js"
import { StorageUnavailable } from "../kernel/storage-unavailable.js"
import { clearKeyCache } from "./key-cache.js"
import { LimiterStore } from "./limiter/limiter-store.js"

export interface CreatedKey extends ApiKeyView {
  /** the full key: shown here only */
  readonly key: string
}

const unavailable = (e: StorageUnavailable) =>
  new AdminUnavailable({ message: `storage unavailable: ${String(e.cause ?? e._tag)}` })

const accountNotFound = (id: string) => new AdminNotFound({ message: `account ${id} not found` })

const orNotFound = <A>(id: string) => (o: Option.Option<A>) =>
  Option.match(o, { onNone: () => Effect.fail(accountNotFound(id)), onSome: Effect.succeed })

export const createAccount = (input: AccountPatch = {}) =>
  Effect.gen(function*() {
    const patch = yield* decodeInput(AccountInput)(input)
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
    const patch = yield* decodeInput(AccountInput)(input)
    const store = yield* DecisionStore
    const updated = yield* store.updateAccount(accountId, patch).pipe(Effect.mapError(unavailable), Effect.flatMap(orNotFound(accountId)))
    yield* clearKeyCache
    return updated
  })

/** A completed top-up adds credit and makes the tier `paid` (spec 1, "Account tier"). */
export const topUp = (accountId: string, amount: number) =>
  Effect.gen(function*() {
    yield* decodeInput(TopUpInput)({ amount })
    const store = yield* DecisionStore
    const updated = yield* store.topUp(accountId, amount).pipe(Effect.mapError(unavailable), Effect.flatMap(orNotFound(accountId)))
    yield* clearKeyCache
    return updated
  })

export const createKey = (accountId: string, name: string) =>
  Effect.gen(function*() {
    yield* decodeInput(KeyInput)({ name })
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
        StorageUnavailable: (e) => unavailable(e)
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
    yield* clearKeyCache
    return viewOf(key.value)
  })

export const getPools = Effect.flatMap(LimiterStore, (l) => l.getPools).pipe(Effect.mapError(unavailable))

export const setPools = (input: { readonly fleets?: Readonly<Record<string, number>>; readonly free?: number }) =>
  Effect.gen(function*() {
    const sizes = yield* decodeInput(PoolsInput)(input)
    const limiter = yield* LimiterStore
    return yield* limiter.setPools(sizes).pipe(Effect.mapError(unavailable))
  })

