/**
 * Migration 1: accounts and API keys of the decision service.
 *
 * - Keys are stored only as the hash the port receives (hex SHA-256 of the full key); the full key
 *   never reaches the database. `hash` is UNIQUE: it is the lookup of every authentication that
 *   misses the key cache.
 * - `docket_api_keys (account_id)` serves listing an account's keys and counting its active keys
 *   (at most 3 active, so the scan is tiny). No foreign key to the account: the port's semantics
 *   are those of the memory reference, and core checks the account exists before creating a key.
 * - `seq` keeps insertion order for keys created in the same millisecond of the service clock
 *   (a manual clock stands still), so `listKeys` orders exactly as the memory store does.
 * - `created_at` is the service clock (ms), never the database's `now()`.
 * - `credit` is bigint: credit units, debited atomically with `credit = credit - $1`.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE docket_accounts (
      account_id       text PRIMARY KEY,
      tier             text NOT NULL CHECK (tier IN ('free', 'paid')),
      credit           bigint NOT NULL,
      unlimited        boolean NOT NULL DEFAULT false,
      custom_rpm       integer CHECK (custom_rpm >= 0),
      custom_in_flight integer CHECK (custom_in_flight >= 0),
      unpaid_invoice   boolean NOT NULL DEFAULT false
    )`
  yield* sql`
    CREATE TABLE docket_api_keys (
      key_id     text PRIMARY KEY,
      account_id text NOT NULL,
      name       text NOT NULL,
      prefix     text NOT NULL,
      hash       text NOT NULL UNIQUE,
      status     text NOT NULL CHECK (status IN ('active', 'revoked')),
      created_at bigint NOT NULL,
      seq        bigint GENERATED ALWAYS AS IDENTITY
    )`
  yield* sql`CREATE INDEX docket_api_keys_account ON docket_api_keys (account_id)`
})
