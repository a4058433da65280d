/**
 * Migration 5: the document-service state that was still per instance — the job event log, usage
 * events, request-rate windows and resumable upload sessions — so that every instance on the
 * database shares it.
 *
 * Times are the service clock (epoch ms, bigint), never the database's `now()`.
 *
 * - Job events: `docket_job_event_logs` holds each job's last sequence; an append bumps it with
 *   `INSERT … ON CONFLICT DO UPDATE` (a row lock: concurrent appends of one job take turns and get
 *   consecutive sequences) and inserts the event in the same statement. The event's `progress` is
 *   JSON kept as text, so that it reads back with its keys in their order. At most
 *   `MAX_EVENTS_PER_JOB` events are kept per job: each append deletes those that fell out.
 * - Usage: one row per job (`job_id` PRIMARY KEY: a second event of a job is ignored; amounts are
 *   `numeric`, so sums are exact), and a running total of units per tenant
 *   (`docket_usage_totals`), updated in the statement that inserts the event, so that `unitsUsed` —
 *   read on every job creation — is one primary-key probe whatever the tenant's history.
 * - Request rates: one row per key holding the times of the requests admitted in its window (a
 *   bigint array, never longer than the limit), and `docket_request_rate_hit`, the atomic
 *   check-and-count under that row's lock, one round trip, as the limiter does (migration 2). The
 *   array drops the times that left the window on every hit; rows of keys idle for a whole window
 *   are deleted by `docket_request_rate_gc`, run by about one admitted hit in 128 (SKIP LOCKED,
 *   after the hit's own lock: it never waits).
 * - Upload sessions: one row per session; the parts are a JSON array (`jsonb`), appended in the
 *   statement that checks the session is open and has received exactly the part's offset.
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE docket_job_event_logs (
      job_id text PRIMARY KEY,
      last   bigint NOT NULL
    ) WITH (fillfactor = 70)`
  yield* sql`
    CREATE TABLE docket_job_events (
      job_id   text NOT NULL,
      sequence bigint NOT NULL,
      at       bigint NOT NULL,
      status   text NOT NULL,
      progress text,
      message  text,
      PRIMARY KEY (job_id, sequence)
    )`

  yield* sql`
    CREATE TABLE docket_usage_events (
      job_id         text PRIMARY KEY,
      tenant_id      text NOT NULL,
      kind           text NOT NULL,
      workspace_id   text,
      units          numeric NOT NULL,
      pages          numeric NOT NULL,
      bytes_ingested numeric NOT NULL,
      processing_ms  numeric NOT NULL,
      at             bigint NOT NULL
    )`
  yield* sql`CREATE INDEX docket_usage_events_by_tenant ON docket_usage_events (tenant_id, at)`
  yield* sql`
    CREATE TABLE docket_usage_totals (
      tenant_id text PRIMARY KEY,
      units     numeric NOT NULL
    ) WITH (fillfactor = 70)`

  yield* sql`
    CREATE TABLE docket_request_rates (
      key       text PRIMARY KEY,
      hits      bigint[] NOT NULL,
      window_ms bigint NOT NULL,
      last_at   bigint NOT NULL
    ) WITH (fillfactor = 50)`

  // Deletes up to 16 rows of keys whose every admitted request left the window. Never waits.
  yield* sql`
    CREATE OR REPLACE FUNCTION docket_request_rate_gc(p_now bigint)
    RETURNS integer LANGUAGE plpgsql AS $fn$
    DECLARE
      v_pruned integer;
    BEGIN
      WITH idle AS (
        SELECT key FROM docket_request_rates
        WHERE last_at <= p_now - window_ms
        LIMIT 16 FOR UPDATE SKIP LOCKED
      )
      DELETE FROM docket_request_rates r USING idle WHERE r.key = idle.key;
      GET DIAGNOSTICS v_pruned = ROW_COUNT;
      RETURN v_pruned;
    END
    $fn$`

  // The atomic check-and-count on the window (p_now - p_window_ms, p_now] of one key, under its
  // row's lock. admitted: counted; else retry_after_ms = until enough of the counted requests left
  // the window for one more to be admitted (the oldest, when the limit did not change); a limit of
  // 0 admits nothing: a whole window.
  yield* sql`
    CREATE OR REPLACE FUNCTION docket_request_rate_hit(
      p_key text, p_limit integer, p_window_ms bigint, p_now bigint,
      OUT admitted boolean, OUT retry_after_ms bigint)
    LANGUAGE plpgsql AS $fn$
    DECLARE
      v_hits  bigint[];
      v_kept  bigint[];
      v_count integer;
    BEGIN
      PERFORM set_config('synchronous_commit', 'off', true);
      SELECT hits INTO v_hits FROM docket_request_rates WHERE key = p_key FOR UPDATE;
      IF NOT FOUND THEN
        INSERT INTO docket_request_rates (key, hits, window_ms, last_at)
          VALUES (p_key, '{}', p_window_ms, p_now) ON CONFLICT DO NOTHING;
        SELECT hits INTO v_hits FROM docket_request_rates WHERE key = p_key FOR UPDATE;
      END IF;
      -- the admitted requests still in the window, oldest first
      v_kept := ARRAY(SELECT h FROM unnest(v_hits) AS h WHERE h > p_now - p_window_ms ORDER BY h);
      v_count := cardinality(v_kept);
      IF v_count >= p_limit THEN
        admitted := false;
        retry_after_ms := CASE WHEN p_limit <= 0 THEN p_window_ms ELSE v_kept[v_count - p_limit + 1] + p_window_ms - p_now END;
        IF v_count <> cardinality(v_hits) THEN
          UPDATE docket_request_rates SET hits = v_kept WHERE key = p_key;
        END IF;
        RETURN;
      END IF;
      UPDATE docket_request_rates
        SET hits = v_kept || p_now, window_ms = p_window_ms, last_at = greatest(last_at, p_now)
        WHERE key = p_key;
      admitted := true;
      -- now and then, drop idle keys (never waits: SKIP LOCKED, after this key's lock)
      IF random() < 1.0 / 128 THEN
        PERFORM docket_request_rate_gc(p_now);
      END IF;
    END
    $fn$`

  yield* sql`
    CREATE TABLE docket_upload_sessions (
      session_id   text PRIMARY KEY,
      tenant_id    text NOT NULL,
      file_name    text NOT NULL,
      size         bigint NOT NULL,
      received     bigint NOT NULL,
      parts        jsonb NOT NULL,
      state        text NOT NULL CHECK (state IN ('open', 'completed', 'aborted')),
      created_at   bigint NOT NULL,
      expires_at   bigint NOT NULL,
      completed_at bigint
    )`
})
