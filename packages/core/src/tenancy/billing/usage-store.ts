/**
 * The storage port of usage events. Adapters implement it (storage-memory). Recording is
 * idempotent per job (a job finishing twice in a race is charged once); reads are aggregates, so
 * a store never hands a whole history to the process.
 */
import { Context, type Effect } from "effect"
import type { UsageEvent } from "./usage-event.js"
import { StorageUnavailable } from "../../kernel/storage-unavailable.js"


export type UsageGrouping = "day" | "kind" | "workspace"

export interface UsageQuery {
  readonly tenantId: string
  /** events with `at` in [from, to), epoch ms */
  readonly from: number
  readonly to: number
  /** only events of this workspace */
  readonly workspaceId?: string | undefined
  /** `day`: the UTC date `YYYY-MM-DD` of `at`; `kind`; `workspace`: the workspace id (null when none) */
  readonly groupBy: UsageGrouping
}

export interface UsageTotals {
  readonly key: string | null
  readonly units: number
  readonly jobs: number
  readonly pages: number
  readonly bytes_ingested: number
  readonly processing_ms: number
}

export interface UsageStoreService {
  /** records the event; a second event of the same job is ignored (`false`) */
  readonly record: (event: UsageEvent) => Effect.Effect<boolean, StorageUnavailable>
  /** every unit the tenant has been charged */
  readonly unitsUsed: (tenantId: string) => Effect.Effect<number, StorageUnavailable>
  /** totals per group, in key order (null last) */
  readonly summarize: (query: UsageQuery) => Effect.Effect<ReadonlyArray<UsageTotals>, StorageUnavailable>
}

export class UsageStore extends Context.Tag("@docket/core/UsageStore")<UsageStore, UsageStoreService>() {}

/** The UTC date of an instant, `YYYY-MM-DD`. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10)
