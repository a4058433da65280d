/**
 * The storage port of the decision service: accounts, keys and credit. Adapters implement it
 * (storage-memory, storage-pg) and pass the conformance suite in `@docket/core/testing`.
 */
import { Context, Data, type Effect, type Option } from "effect"
import type { Account, AccountPatch } from "./account.js"
import type { ApiKeyRecord } from "./api-key.js"
import { StorageUnavailable } from "../kernel/storage-unavailable.js"


export class TooManyActiveKeys extends Data.TaggedError("TooManyActiveKeys")<{ readonly limit: number }> {}

export interface DecisionStoreService {
  readonly createAccount: (account: Account) => Effect.Effect<Account, StorageUnavailable>
  readonly getAccount: (accountId: string) => Effect.Effect<Option.Option<Account>, StorageUnavailable>
  readonly updateAccount: (accountId: string, patch: AccountPatch) => Effect.Effect<Option.Option<Account>, StorageUnavailable>
  /** adds `amount` credit and makes the account `paid`, in one step */
  readonly topUp: (accountId: string, amount: number) => Effect.Effect<Option.Option<Account>, StorageUnavailable>
  /** subtracts `amount` atomically (never loses a concurrent debit); returns the new balance */
  readonly debit: (accountId: string, amount: number) => Effect.Effect<Option.Option<number>, StorageUnavailable>
  /** inserts the key unless the account already has `maxActive` active keys, in one step */
  readonly createKey: (key: ApiKeyRecord, maxActive: number) => Effect.Effect<ApiKeyRecord, StorageUnavailable | TooManyActiveKeys>
  readonly listKeys: (accountId: string) => Effect.Effect<ReadonlyArray<ApiKeyRecord>, StorageUnavailable>
  readonly findKeyByHash: (hash: string) => Effect.Effect<Option.Option<ApiKeyRecord>, StorageUnavailable>
  readonly getKey: (keyId: string) => Effect.Effect<Option.Option<ApiKeyRecord>, StorageUnavailable>
  /** revokes an active key; revoking a revoked key returns it unchanged */
  readonly revokeKey: (keyId: string) => Effect.Effect<Option.Option<ApiKeyRecord>, StorageUnavailable>
}

export class DecisionStore extends Context.Tag("@docket/core/DecisionStore")<DecisionStore, DecisionStoreService>() {}
