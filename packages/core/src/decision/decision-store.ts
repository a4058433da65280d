/**
 * The storage port of the decision service: accounts, keys and credit. Adapters implement it
 * (storage-memory, storage-pg) and pass the conformance suite in `@docket/core/testing`.
 */
import { Context, Data, type Effect, type Option } from "effect"
import type { Account, AccountPatch } from "./account.js"
import type { ApiKeyRecord } from "./api-key.js"

/** The store could not be reached. */
export class StoreUnavailable extends Data.TaggedError("StoreUnavailable")<{ readonly cause?: unknown }> {}

export class TooManyActiveKeys extends Data.TaggedError("TooManyActiveKeys")<{ readonly limit: number }> {}

export interface DecisionStoreService {
  readonly createAccount: (account: Account) => Effect.Effect<Account, StoreUnavailable>
  readonly getAccount: (accountId: string) => Effect.Effect<Option.Option<Account>, StoreUnavailable>
  readonly updateAccount: (accountId: string, patch: AccountPatch) => Effect.Effect<Option.Option<Account>, StoreUnavailable>
  /** adds `amount` credit and makes the account `paid`, in one step */
  readonly topUp: (accountId: string, amount: number) => Effect.Effect<Option.Option<Account>, StoreUnavailable>
  /** subtracts `amount` atomically (never loses a concurrent debit); returns the new balance */
  readonly debit: (accountId: string, amount: number) => Effect.Effect<Option.Option<number>, StoreUnavailable>
  /** inserts the key unless the account already has `maxActive` active keys, in one step */
  readonly createKey: (key: ApiKeyRecord, maxActive: number) => Effect.Effect<ApiKeyRecord, StoreUnavailable | TooManyActiveKeys>
  readonly listKeys: (accountId: string) => Effect.Effect<ReadonlyArray<ApiKeyRecord>, StoreUnavailable>
  readonly findKeyByHash: (hash: string) => Effect.Effect<Option.Option<ApiKeyRecord>, StoreUnavailable>
  readonly getKey: (keyId: string) => Effect.Effect<Option.Option<ApiKeyRecord>, StoreUnavailable>
  /** revokes an active key; revoking a revoked key returns it unchanged */
  readonly revokeKey: (keyId: string) => Effect.Effect<Option.Option<ApiKeyRecord>, StoreUnavailable>
}

export class DecisionStore extends Context.Tag("@docket/core/DecisionStore")<DecisionStore, DecisionStoreService>() {}
