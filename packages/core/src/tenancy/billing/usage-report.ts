/**
 * The usage reports of spec 2 ("Usage"): totals over inclusive UTC dates grouped by day, kind or
 * workspace (`GET /v1/usage`), and the dashboard overview of a window ending today
 * (`GET /v1/usage/overview`) with the preceding window of equal length.
 */
import { Clock, Effect } from "effect"
import { storageUnavailable } from "../../api/errors.js"
import { activeJobCount } from "../limits/concurrency.js"
import { JobStore } from "../../jobs/job-store.js"
import { type UsageGrouping, UsageStore, type UsageTotals, utcDay } from "./usage-store.js"

export const DAY_MS = 24 * 60 * 60 * 1000
/** The longest `GET /v1/usage` period, in days (day buckets are zero-filled, so bounded). */
export const MAX_USAGE_DAYS = 366

/** `YYYY-MM-DD` at 00:00 UTC, epoch ms; undefined when not a real date. */
export const parseUtcDate = (s: string): number | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return undefined
  const ms = Date.parse(`${s}T00:00:00.000Z`)
  return Number.isNaN(ms) || utcDay(ms) !== s ? undefined : ms
}

const unavailable = () => storageUnavailable("usage storage")

const summarize = (tenantId: string, from: number, to: number, groupBy: UsageGrouping, workspaceId?: string) =>
  Effect.flatMap(UsageStore, (s) => s.summarize({ tenantId, from, to, groupBy, workspaceId })).pipe(Effect.mapError(unavailable))

const bucket = (t: UsageTotals) => ({ key: t.key, units: t.units, jobs: t.jobs, pages: t.pages, bytes_ingested: t.bytes_ingested })

/** `GET /v1/usage`: `start` and `end` are UTC midnights, both days included. */
export const usageReport = (q: {
  readonly tenantId: string
  readonly start: number
  readonly end: number
  readonly groupBy: UsageGrouping
  readonly workspaceId?: string | undefined
}) =>
  Effect.gen(function*() {
    const totals = yield* summarize(q.tenantId, q.start, q.end + DAY_MS, q.groupBy, q.workspaceId)
    let buckets = totals.map(bucket)
    if (q.groupBy === "day") {
      const byDay = new Map(buckets.map((b) => [b.key, b]))
      buckets = []
      for (let d = q.start; d <= q.end; d += DAY_MS) {
        const key = utcDay(d)
        buckets.push(byDay.get(key) ?? { key, units: 0, jobs: 0, pages: 0, bytes_ingested: 0 })
      }
    }
    return {
      period_start: utcDay(q.start),
      period_end: utcDay(q.end),
      group_by: q.groupBy,
      buckets,
      units_total: totals.reduce((n, t) => n + t.units, 0)
    }
  })

export const OVERVIEW_WINDOWS = { "7d": 7, "30d": 30, "90d": 90 } as const
export type OverviewWindow = keyof typeof OVERVIEW_WINDOWS

const avgSeconds = (totals: ReadonlyArray<UsageTotals>) => {
  const jobs = totals.reduce((n, t) => n + t.jobs, 0)
  const ms = totals.reduce((n, t) => n + t.processing_ms, 0)
  return jobs === 0 ? null : Math.round(ms / jobs) / 1000
}

/**
 * `GET /v1/usage/overview`: documents processed (document jobs that succeeded, by the day they
 * finished) in the window ending today (UTC) and in the window before it; jobs running and queued
 * now; the mean processing time (start to finish) of those documents; a zero-filled daily series.
 */
export const usageOverview = (tenantId: string, window: OverviewWindow) =>
  Effect.gen(function*() {
    const days = OVERVIEW_WINDOWS[window]
    const today = parseUtcDate(utcDay(yield* Clock.currentTimeMillis))!
    const start = today - (days - 1) * DAY_MS
    const priorStart = start - days * DAY_MS
    const current = yield* summarize(tenantId, start, today + DAY_MS, "day")
    const prior = yield* summarize(tenantId, priorStart, start, "day")
    const jobs = yield* JobStore
    const queued = yield* jobs.list({ tenantId, statuses: ["queued"], limit: 1 }).pipe(Effect.mapError(unavailable))
    const active = yield* activeJobCount(tenantId)
    const perDay = new Map(current.map((t) => [t.key, t.jobs]))
    const series = []
    for (let d = start; d <= today; d += DAY_MS) series.push({ day: utcDay(d), documents: perDay.get(utcDay(d)) ?? 0 })
    return {
      window,
      period_start: utcDay(start),
      period_end: utcDay(today),
      documents_processed: current.reduce((n, t) => n + t.jobs, 0),
      documents_processed_prior: prior.reduce((n, t) => n + t.jobs, 0),
      active_jobs: active - queued.total,
      queued_jobs: queued.total,
      avg_processing_seconds: avgSeconds(current),
      avg_processing_seconds_prior: avgSeconds(prior),
      series
    }
  })

/** The answer of `GET /v1/usage`. */
export type UsageReport = Effect.Effect.Success<ReturnType<typeof usageReport>>
/** The answer of `GET /v1/usage/overview`. */
export type UsageOverview = Effect.Effect.Success<ReturnType<typeof usageOverview>>
