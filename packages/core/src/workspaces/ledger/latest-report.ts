/**
 * `GET …/ledger-understanding` (spec 3): the latest report of a scope as one caller may read it —
 * 404 `ledger_understanding_not_found` when none was made, or when it reads a table the caller may
 * not see now (indistinguishable from none); `stale` when the caller's package in scope changed
 * since (a table since gone, its file deleted, makes it stale, not hidden).
 */
import { Effect, Option } from "effect"
import type { VisibleLabels } from "../files/file-store.js"
import { LedgerUnderstandingNotFound } from "./errors.js"
import { type LedgerScope, ledgerScopeKey } from "./ledger-scope.js"
import { LedgerStore } from "./ledger-store.js"
import { packageRevision, scopedTables } from "./workspace-sources.js"

export const latestReport = (tenantId: string, workspaceId: string, visible: VisibleLabels, scope: LedgerScope) =>
  Effect.gen(function*() {
    const stored = yield* Effect.flatMap(LedgerStore, (s) => s.report(tenantId, workspaceId, ledgerScopeKey(scope)))
    if (Option.isNone(stored)) return yield* new LedgerUnderstandingNotFound({ workspaceId })
    const { tables, hidden } = yield* scopedTables(tenantId, workspaceId, visible, scope)
    const withheld = new Set(hidden)
    const { report, job_id } = stored.value
    if (report.tables.some((t) => t.kind === "table" && withheld.has(t.source_id))) return yield* new LedgerUnderstandingNotFound({ workspaceId })
    return { ...report, stale: packageRevision(tables) !== stored.value.catalog_revision, job_id }
  })

/** The answer of `GET …/ledger-understanding`: the report, whether it is `stale`, and the job that made it. */
export type LatestLedgerReport = Effect.Effect.Success<ReturnType<typeof latestReport>>
