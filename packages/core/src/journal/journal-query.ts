/**
 * Reading the journal: the records that pass a filter, newest first (by arrival on the service
 * clock; requests that arrived at the same instant, latest answered first), at most `limit`.
 */
import type { JournalEntry, JournalRecord, JournalService } from "./journal-entry.js"

export type StatusClass = "1xx" | "2xx" | "3xx" | "4xx" | "5xx"

export interface JournalFilter {
  readonly service?: JournalService | undefined
  /** compared without regard to case */
  readonly method?: string | undefined
  /** a plain prefix of the path (`/v1/work` matches `/v1/workspaces/…`) */
  readonly path_prefix?: string | undefined
  /** an exact status (`404`) or a class (`"4xx"`) */
  readonly status?: number | StatusClass | undefined
  /** arrivals at or after this time, ms since the epoch on the service clock */
  readonly since?: number | undefined
  /** arrivals at or before this time, ms since the epoch on the service clock */
  readonly until?: number | undefined
  /** at most this many entries (all that pass otherwise) */
  readonly limit?: number | undefined
}

const statusMatches = (status: number, want: number | StatusClass) =>
  typeof want === "number" ? status === want : Math.floor(status / 100) === Number(want[0])

export const selectEntries = (records: ReadonlyArray<JournalRecord>, filter: JournalFilter): Array<JournalEntry> => {
  const method = filter.method?.toUpperCase()
  const limit = filter.limit ?? Number.POSITIVE_INFINITY
  // records come latest recorded first; a stable sort by arrival keeps that order among equals
  const sorted = [...records].sort((a, b) => b.at - a.at)
  const out: Array<JournalEntry> = []
  for (const { at, entry } of sorted) {
    if (out.length >= limit) break
    if (filter.service !== undefined && entry.service !== filter.service) continue
    if (method !== undefined && entry.method !== method) continue
    if (filter.path_prefix !== undefined && !entry.path.startsWith(filter.path_prefix)) continue
    if (filter.status !== undefined && !statusMatches(entry.status, filter.status)) continue
    if (filter.since !== undefined && at < filter.since) continue
    if (filter.until !== undefined && at > filter.until) continue
    out.push({ time: new Date(at).toISOString(), ...entry })
  }
  return out
}
