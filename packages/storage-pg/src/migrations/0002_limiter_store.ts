/**
 * Migration 2: the limiter (spec 1, "Rate limits per account"): the RPM windows, the in-flight
 * tokens, the pool sizes, and `docket_limiter_acquire`, the atomic check-and-update.
 *
 * Time: every `admitted_at` and every cutoff is the *service* clock (ms) passed in by the caller
 * (`AdmissionRequest.now`), never the database's `now()`: a manual clock drives the limiter in
 * tests, and the window and lease are the service's, not the database server's. Instances sharing
 * a database should therefore run on the system clock (NTP-synchronized); a skew of a few
 * milliseconds between them only moves window edges by that much.
 *
 * Locks: one acquire takes, in this fixed order, the account's row (`docket_limiter_accounts`,
 * only when the account has an RPM or in-flight limit), the fleet's row and, for free accounts,
 * the free pool's row (both in `docket_limiter_pools`). Every acquire takes them in this order, so
 * acquires cannot deadlock, and exactly what must be serialized is: the requests of one account
 * on its own counters, the requests of one fleet on its pool, the free requests on the free pool.
 * Each check runs as its own statement after its lock is granted; under READ COMMITTED every
 * statement of a VOLATILE plpgsql function takes a fresh snapshot, so it sees everything the
 * previous holder of the lock committed. All checks come before any write; a refusal returns
 * having recorded nothing (it may only drop admissions that left the window).
 *
 * No counting over churning rows. PostgreSQL keeps the index entries of deleted rows until VACUUM,
 * so "count the slots admitted in the last 90 s" over an index would walk every slot released in
 * the last minute or so, and slow down with throughput. Instead:
 * - RPM window: each account's admissions are numbered (`seq`); the account's row holds `head`
 *   (oldest kept) and `next`. An acquire drops admissions that left the window from the front,
 *   one primary-key probe each (as the memory store's window does), then the count in the window
 *   is `next - head`, and the oldest admission (for `retry-after-ms`) is the row at `head`.
 *   O(1) per acquire whatever the account's RPM. Unlimited requests record no admission (as in
 *   memory).
 * - In-flight slots are *tokens*: rows `(pool, n)` of `docket_limiter_tokens` for the account's
 *   in-flight limit (`account:<id>`), the fleet (`fleet:<model>:<fast|long>`) and the free pool
 *   (`free`), each held by a slot (`holder`, `admitted_at`) or free. A pool's live slots are its
 *   tokens held by a slot admitted less than 90 s ago; an acquire counts them and claims the
 *   lowest free or expired token (or adds one). Tokens are updated in place and never deleted, so
 *   a pool has only as many rows as its peak concurrency, and with no index on the columns that
 *   change (and fillfactor 50) the updates are HOT: no dead index entries at all.
 * - A leaked slot is reclaimed 90 s after admission simply because its tokens stop counting and
 *   become claimable. A release names the tokens and its own slot id (`holder = slot`): after a
 *   reclaim the token has a new holder (or none), so a late release frees nothing.
 *
 * Bounded tables: tokens are bounded by peak concurrency per pool; an acquire drops its account's
 * admissions that left the window; and about one admitted acquire in 128 also prunes up to 16
 * *idle* accounts whose last admission left the window (`docket_limiter_gc`, SKIP LOCKED, run
 * after every other lock is held, so it never waits and cannot create a lock cycle).
 *
 * Pool sizes: `docket_limiter_pools` rows double as the pools' lock rows; `size` NULL means the
 * default of the code (`DEFAULT_POOL_SIZES`, `DEFAULT_FLEET_SIZE` in core, passed in by the
 * caller), so every instance on the database shares the sizes set through any of them, and
 * `reset` (TRUNCATE) restores the defaults.
 *
 * Durability: acquire and release commit with `synchronous_commit = off` (limiter rows only;
 * accounts, keys and credit keep the server's setting), so the locks are not held across a WAL
 * flush. A crash of the database server can lose the last fraction of a second of admissions and
 * releases: at worst a few extra admissions in that minute, or a slot held until its 90 s reclaim.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE docket_limiter_accounts (
      account_id       text PRIMARY KEY,
      head             bigint NOT NULL DEFAULT 0,
      next             bigint NOT NULL DEFAULT 0,
      last_admitted_at bigint
    ) WITH (fillfactor = 50)`
  yield* sql`
    CREATE TABLE docket_limiter_admissions (
      account_id  text NOT NULL,
      seq         bigint NOT NULL,
      admitted_at bigint NOT NULL,
      PRIMARY KEY (account_id, seq)
    )`
  yield* sql`
    CREATE TABLE docket_limiter_tokens (
      pool        text NOT NULL,
      n           integer NOT NULL,
      holder      text,
      admitted_at bigint,
      PRIMARY KEY (pool, n)
    ) WITH (fillfactor = 50)`
  yield* sql`
    CREATE TABLE docket_limiter_pools (
      pool text PRIMARY KEY,
      size integer CHECK (size >= 0)
    )`

  // Locks a pool's row (creating it on first use) and returns its size.
  yield* sql`
    CREATE OR REPLACE FUNCTION docket_limiter_lock_pool(p_pool text, p_default integer)
    RETURNS integer LANGUAGE plpgsql AS $fn$
    DECLARE
      v_size integer;
    BEGIN
      SELECT coalesce(size, p_default) INTO v_size FROM docket_limiter_pools WHERE pool = p_pool FOR UPDATE;
      IF NOT FOUND THEN
        INSERT INTO docket_limiter_pools (pool) VALUES (p_pool) ON CONFLICT DO NOTHING;
        SELECT coalesce(size, p_default) INTO v_size FROM docket_limiter_pools WHERE pool = p_pool FOR UPDATE;
      END IF;
      RETURN v_size;
    END
    $fn$`

  // A pool's live slots, and the token the next slot would take (the lowest free or expired one,
  // else a new one). The caller holds the pool's lock.
  yield* sql`
    CREATE OR REPLACE FUNCTION docket_limiter_tokens_of(p_pool text, p_lease_cutoff bigint, OUT live integer, OUT claimable integer)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_total integer;
    BEGIN
      SELECT count(*) FILTER (WHERE holder IS NOT NULL AND admitted_at > p_lease_cutoff),
             min(n) FILTER (WHERE holder IS NULL OR admitted_at <= p_lease_cutoff),
             count(*)
        INTO live, claimable, v_total
        FROM docket_limiter_tokens WHERE pool = p_pool;
      claimable := coalesce(claimable, v_total);
    END
    $fn$`

  yield* sql`
    CREATE OR REPLACE FUNCTION docket_limiter_claim(p_pool text, p_n integer, p_holder text, p_now bigint)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      UPDATE docket_limiter_tokens SET holder = p_holder, admitted_at = p_now WHERE pool = p_pool AND n = p_n;
      IF NOT FOUND THEN
        INSERT INTO docket_limiter_tokens (pool, n, holder, admitted_at) VALUES (p_pool, p_n, p_holder, p_now);
      END IF;
    END
    $fn$`

  // Prunes up to 16 idle accounts: all their admissions left the window. Never waits (SKIP LOCKED).
  yield* sql`
    CREATE OR REPLACE FUNCTION docket_limiter_gc(p_window_cutoff bigint)
    RETURNS integer LANGUAGE plpgsql AS $fn$
    DECLARE
      v record;
      v_pruned integer := 0;
    BEGIN
      FOR v IN
        SELECT account_id, head, next FROM docket_limiter_accounts
        WHERE next > head AND last_admitted_at <= p_window_cutoff
        LIMIT 16 FOR UPDATE SKIP LOCKED
      LOOP
        DELETE FROM docket_limiter_admissions WHERE account_id = v.account_id AND seq >= v.head AND seq < v.next;
        UPDATE docket_limiter_accounts SET head = next WHERE account_id = v.account_id;
        v_pruned := v_pruned + 1;
      END LOOP;
      RETURN v_pruned;
    END
    $fn$`

  // The atomic check-and-update: account RPM, account in-flight, fleet pool, free pool.
  // outcome: 'admitted' (with the tokens taken: account_token, fleet_token, free_token, NULL when
  // not taken) | 'rpm' (with oldest = the oldest admission in the window, NULL when there is none,
  // e.g. an RPM of 0) | 'in_flight' | 'fleet' | 'free'.
  yield* sql`
    CREATE OR REPLACE FUNCTION docket_limiter_acquire(
      p_account text, p_slot text, p_rpm integer, p_in_flight integer, p_fleet text, p_free boolean,
      p_now bigint, p_window_ms bigint, p_lease_ms bigint, p_fleet_size integer, p_free_size integer,
      OUT outcome text, OUT oldest bigint, OUT account_token integer, OUT fleet_token integer, OUT free_token integer)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_window_cutoff bigint := p_now - p_window_ms;
      v_lease_cutoff  bigint := p_now - p_lease_ms;
      v_account_pool  text := 'account:' || p_account;
      v_fleet_pool    text := 'fleet:' || p_fleet;
      v_head          bigint;
      v_head_before   bigint;
      v_next          bigint;
      v_live          integer;
      v_size          integer;
    BEGIN
      PERFORM set_config('synchronous_commit', 'off', true);

      -- 1. account RPM and 2. account in-flight, under the account's row lock
      IF p_rpm IS NOT NULL OR p_in_flight IS NOT NULL THEN
        SELECT head, next INTO v_head, v_next FROM docket_limiter_accounts WHERE account_id = p_account FOR UPDATE;
        IF NOT FOUND THEN
          INSERT INTO docket_limiter_accounts (account_id) VALUES (p_account) ON CONFLICT DO NOTHING;
          SELECT head, next INTO v_head, v_next FROM docket_limiter_accounts WHERE account_id = p_account FOR UPDATE;
        END IF;
        v_head_before := v_head;
        IF p_rpm IS NOT NULL THEN
          -- drop the admissions that left the window, oldest first
          WHILE v_head < v_next LOOP
            DELETE FROM docket_limiter_admissions
              WHERE account_id = p_account AND seq = v_head AND admitted_at <= v_window_cutoff;
            EXIT WHEN NOT FOUND;
            v_head := v_head + 1;
          END LOOP;
          IF v_next - v_head >= p_rpm THEN
            SELECT admitted_at INTO oldest FROM docket_limiter_admissions WHERE account_id = p_account AND seq = v_head;
            IF v_head <> v_head_before THEN
              UPDATE docket_limiter_accounts SET head = v_head WHERE account_id = p_account;
            END IF;
            outcome := 'rpm';
            RETURN;
          END IF;
        END IF;
        IF p_in_flight IS NOT NULL THEN
          SELECT t.live, t.claimable INTO v_live, account_token FROM docket_limiter_tokens_of(v_account_pool, v_lease_cutoff) t;
          IF v_live >= p_in_flight THEN
            IF v_head <> v_head_before THEN
              UPDATE docket_limiter_accounts SET head = v_head WHERE account_id = p_account;
            END IF;
            account_token := NULL;
            outcome := 'in_flight';
            RETURN;
          END IF;
        END IF;
      END IF;

      -- 3. the fleet pool, under the fleet's row lock
      v_size := docket_limiter_lock_pool(v_fleet_pool, p_fleet_size);
      SELECT t.live, t.claimable INTO v_live, fleet_token FROM docket_limiter_tokens_of(v_fleet_pool, v_lease_cutoff) t;
      IF v_live >= v_size THEN
        outcome := 'fleet';
      -- 4. the free pool, under its row lock
      ELSIF p_free THEN
        v_size := docket_limiter_lock_pool('free', p_free_size);
        SELECT t.live, t.claimable INTO v_live, free_token FROM docket_limiter_tokens_of('free', v_lease_cutoff) t;
        IF v_live >= v_size THEN
          outcome := 'free';
        END IF;
      END IF;
      IF outcome IS NOT NULL THEN
        IF v_head <> v_head_before THEN
          UPDATE docket_limiter_accounts SET head = v_head WHERE account_id = p_account;
        END IF;
        account_token := NULL;
        fleet_token := NULL;
        free_token := NULL;
        RETURN;
      END IF;

      -- every check passed: record the admission, take the tokens
      IF p_rpm IS NOT NULL THEN
        INSERT INTO docket_limiter_admissions (account_id, seq, admitted_at) VALUES (p_account, v_next, p_now);
        UPDATE docket_limiter_accounts
          SET head = v_head, next = v_next + 1, last_admitted_at = greatest(last_admitted_at, p_now)
          WHERE account_id = p_account;
      ELSIF v_head <> v_head_before THEN
        UPDATE docket_limiter_accounts SET head = v_head WHERE account_id = p_account;
      END IF;
      IF account_token IS NOT NULL THEN
        PERFORM docket_limiter_claim(v_account_pool, account_token, p_slot, p_now);
      END IF;
      PERFORM docket_limiter_claim(v_fleet_pool, fleet_token, p_slot, p_now);
      IF p_free THEN
        PERFORM docket_limiter_claim('free', free_token, p_slot, p_now);
      END IF;

      -- now and then, prune idle accounts (never waits: SKIP LOCKED, after all other locks)
      IF random() < 1.0 / 128 THEN
        PERFORM docket_limiter_gc(v_window_cutoff);
      END IF;

      outcome := 'admitted';
    END
    $fn$`

  // Frees the tokens of a slot (`[slot id, [pool, token]…]`, as taken: account, fleet, free, the
  // order acquires lock in), only where this slot still holds them: after a reclaim, a late
  // release frees nothing.
  yield* sql`
    CREATE OR REPLACE FUNCTION docket_limiter_release(p_slot jsonb)
    RETURNS void LANGUAGE plpgsql AS $fn$
    BEGIN
      PERFORM set_config('synchronous_commit', 'off', true);
      FOR i IN 1 .. jsonb_array_length(p_slot) - 1 LOOP
        UPDATE docket_limiter_tokens SET holder = NULL
          WHERE pool = p_slot -> i ->> 0 AND n = (p_slot -> i ->> 1)::integer AND holder = p_slot ->> 0;
      END LOOP;
    END
    $fn$`
})
