/**
 * `understandLedger`: from the sources of a package (and a selection, when one was made) to the
 * report. Profiles every source into the catalog, takes the selected primary (or the catalog's
 * recommendation when no selection was made and one source clearly leads), reads its journal
 * lines in their conventions, runs the integrity tests, joins the supporting tables and says what
 * it could not settle as open questions. Pure: the same sources give the same report.
 */
import type { ColumnMapping } from "./column-mapping.js"
import {
  inferPeriod,
  type LedgerIntegrity,
  type LedgerPeriod,
  notTestedTie,
  testDuplicates,
  testEntriesBalance,
  testEntryNumberGaps,
  testLinesWithoutAccounts,
  testOutOfPeriod,
  testTrialBalanceTie,
  type TrialBalanceTie
} from "./integrity-tests.js"
import {
  accountEdge,
  columnNamed,
  commonSegments,
  type DeclaredRelationship,
  declaredEdge,
  type JoinEdge,
  type JoinSide,
  projectAccount,
  segmentsOf,
  supportingEdges
} from "./join-graph.js"
import { describeConventions, type LedgerConventions, signFromAccountTypes } from "./ledger-conventions.js"
import type { JournalLine } from "./journal-lines.js"
import { accountParts, countSummaryRows, readJournalLines } from "./journal-lines.js"
import type { AssessmentStatus, BlockingReason, LedgerReport, OpenQuestion, ParsingCounts, ReportPolicy, ReportTable } from "./ledger-report.js"
import type { CapReason, LedgerSource } from "./ledger-source.js"
import { INFERRED_PARSING, type ParsingOptions } from "./parsing-options.js"
import { LEDGER_ENGINE_VERSION, type ProfiledEntry, readCatalog, type SourceCatalog } from "./source-catalog.js"
import type { LedgerSelection } from "./source-selection.js"
import { readBalances } from "./source-profile.js"

export interface LedgerUnderstandingInput {
  /** every accessible sheet and CSV in scope (the caller filters by access labels, `path_prefix` and `paths`) */
  readonly sources: ReadonlyArray<LedgerSource>
  /** a checked selection (`checkSelection`); without one the catalog's recommendation is used */
  readonly selection?: LedgerSelection | null
  readonly selection_id?: string | null
  readonly path_prefix?: string | null
  readonly paths?: ReadonlyArray<string>
  /** the audit period (`YYYY-MM-DD`, inclusive); without one the calendar year holding most postings */
  readonly period?: { readonly start: string; readonly end: string } | null
  /** conventions forced instead of inferred (the policy's `gl_parsing`) */
  readonly parsing?: ParsingOptions
  /**
   * `automatic` (the engine's default): without a selection the catalog's recommendation is the
   * primary; `required`: without a selection the run stops at `needs_source_selection`
   * (`selection_required`), offering the recommendation
   */
  readonly package_confirmation?: "required" | "automatic"
  /** joins the user declares (the policy's `prepared_relationships`) */
  readonly relationships?: ReadonlyArray<DeclaredRelationship>
  /** true when the paths came from the policy's `package_scope` (echoed in `scope`) */
  readonly scope_from_policy?: boolean
  /** the policy the run follows, echoed in `scope.policy` */
  readonly policy?: ReportPolicy | null
}

const question = (code: string, text: string, source_ids: ReadonlyArray<string> = [], options: ReadonlyArray<string> = []): OpenQuestion => ({
  code,
  question: text,
  source_ids,
  options
})

const sideOf = (p: ProfiledEntry): JoinSide => ({ source_id: p.entry.source_id, role: p.entry.role, mapping: p.profile.mapping, sources: p.members })

/** The best entry of a role, datasets before their members (a member is never picked alone). */
const bestOf = (profiled: ReadonlyArray<ProfiledEntry>, role: "chart_of_accounts" | "trial_balance", exclude: ReadonlySet<string>) =>
  profiled
    .filter((p) => p.entry.role === role && p.entry.partition_id === null && !exclude.has(p.entry.source_id))
    .sort((a, b) => b.entry.role_scores[role] - a.entry.role_scores[role])[0]

const tablesOf = (p: ProfiledEntry): ReadonlyArray<string> => p.members.map((m) => m.source_id)

/** The parsing counts of a catalog reading. */
const parsingCounts = (sources: ReadonlyArray<LedgerSource>, catalog: SourceCatalog, lines: ReadonlyArray<JournalLine>, summaryRows: number): ParsingCounts => {
  const offered = sources.filter((s) => s.component_kind !== "document_table")
  const attempted = catalog.entries.filter((e) => e.kind === "table")
  const bySource = new Map(sources.map((s) => [s.source_id, s]))
  const reasons: Record<CapReason, number> = { row_cap: 0, read_limit: 0 }
  const profiles: Array<ParsingCounts["cap_profiles"][number]> = []
  let total = 0
  let read = 0
  for (const e of attempted) {
    const s = bySource.get(e.source_id)!
    total += s.row_count
    read += s.rows.length
    if (s.cap !== null) {
      reasons[s.cap.reason]++
      profiles.push({ source_id: s.source_id, reason: s.cap.reason, row_count: s.row_count, rows_read: s.rows.length, role: e.role })
    }
  }
  const ratio = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 10000) / 10000)
  return {
    offered_sources: offered.length,
    attempted_candidates: attempted.length,
    candidate_coverage: ratio(attempted.length, offered.length),
    rows_total: total,
    rows_read: read,
    population_capped_share: ratio(total - read, total),
    cap_reason_counts: reasons,
    cap_profiles: profiles,
    journal_lines_read: lines.length,
    journal_lines_without_amount: lines.filter((l) => l.amount === null).length,
    summary_rows_excluded: summaryRows
  }
}

/** The sign of a signed-amount journal: from the chart's account types when they decide it, else debit-positive (assumed). */
const signOf = (
  primary: ProfiledEntry,
  coa: ProfiledEntry | undefined,
  lines: ReadonlyArray<JournalLine>,
  forced: ParsingOptions["sign_convention"]
): { sign: LedgerConventions["sign"]; factor: 1 | -1 } => {
  const m = primary.profile.mapping
  if (m.amount_layout === "debit_credit_columns") return { sign: { convention: "debit_credit_columns", basis: "layout" }, factor: 1 }
  if (m.amount_layout === "amount_with_indicator") return { sign: { convention: "indicator", basis: "layout" }, factor: 1 }
  if (forced !== null) return { sign: { convention: forced, basis: "policy" }, factor: forced === "credit_positive" ? -1 : 1 }
  if (coa !== undefined && coa.profile.mapping.account_type !== null) {
    const common = commonSegments(m, coa.profile.mapping)
    if (common.length > 0) {
      const types = new Map<string, string>()
      const cm = coa.profile.mapping
      const own = segmentsOf(cm)
      const typeIndex = (s: LedgerSource) => s.columns.findIndex((c) => c.name === cm.account_type)
      const project = projectAccount(own, common)
      for (const s of coa.members) {
        const idx = cm.account.map((c) => s.columns.findIndex((x) => x.name === c))
        for (const r of s.rows) {
          const key = project(accountParts(cm, cm.account, idx.map((i) => r[i] ?? null)))
          const type = r[typeIndex(s)]
          if (key !== null && type !== null) types.set(key, String(type))
        }
      }
      const projectJournal = projectAccount(segmentsOf(m), common)
      const decided = signFromAccountTypes(
        lines.map((l) => ({ ...l, account_key: projectJournal(l.account) })),
        (k) => types.get(k) ?? null
      )
      if (decided !== null) return { sign: { convention: decided, basis: "account_types" }, factor: decided === "credit_positive" ? -1 : 1 }
    }
  }
  return { sign: { convention: "debit_positive", basis: "assumed" }, factor: 1 }
}

/** The journal tied to the trial balance on their common account segments (and currency when both carry it). */
const tieToTrialBalance = (
  primary: ProfiledEntry,
  tb: ProfiledEntry | undefined,
  lines: ReadonlyArray<JournalLine>,
  conventions: LedgerConventions,
  factor: 1 | -1,
  questions: Array<OpenQuestion>
): TrialBalanceTie => {
  if (tb === undefined) return notTestedTie("no_trial_balance")
  const jm = primary.profile.mapping
  const tm = tb.profile.mapping
  const common = commonSegments(jm, tm)
  if (common.length === 0) return notTestedTie("no_common_account_segments", tb.entry.source_id)
  const byCurrency = tm.currency !== null
  if (!byCurrency && conventions.currency.multi_currency) {
    questions.push(
      question(
        "trial_balance_currency",
        "The journal has several currencies and the trial balance none: which amounts does the trial balance hold (and is there a functional-currency amount column)?",
        [primary.entry.source_id, tb.entry.source_id]
      )
    )
    return notTestedTie("currency_unknown", tb.entry.source_id)
  }
  const projectJ = projectAccount(segmentsOf(jm), common)
  const projectT = projectAccount(segmentsOf(tm), common)
  // a balance column is signed like the journal's signed amounts (one system wrote both)
  const tbSigned = tm.closing_balance !== null || tm.amount_layout === "signed_amount"
  const balances = readBalances(tb.members, tb.profile.readings, tm).map((b) =>
    tbSigned && factor === -1 ? { ...b, balance: -b.balance, opening: b.opening === null ? null : -b.opening } : b
  )
  const withCurrency = (key: string | null, currency: string | null) => (key === null ? null : byCurrency ? `${key}|${(currency ?? "").toLowerCase()}` : key)
  return testTrialBalanceTie(
    lines,
    balances,
    tb.entry.source_id,
    byCurrency ? [...common, "currency"] : common,
    (l) => withCurrency(projectJ(l.account), l.currency),
    (b) => withCurrency(projectT(b.account), b.currency)
  )
}

const tableOf = (p: ProfiledEntry, usedAs: ReportTable["used_as"]): ReportTable => ({
  source_id: p.entry.source_id,
  kind: p.entry.kind,
  path: p.entry.path,
  component: p.entry.component,
  table_name: p.entry.table_name,
  partition_id: p.entry.partition_id,
  member_source_ids: p.entry.member_source_ids,
  role: p.entry.role,
  used_as: usedAs,
  role_scores: p.entry.role_scores,
  row_count: p.entry.row_count,
  rows_read: p.entry.rows_read,
  amount_layout: p.entry.column_mapping.amount_layout,
  column_mapping: p.entry.column_mapping,
  mapping_evidence: p.entry.mapping_evidence,
  evidence: p.entry.evidence,
  recommended_as_primary: p.entry.recommended_as_primary,
  primary_eligible: p.entry.primary_eligible,
  review_eligible: p.entry.review_eligible
})

const failedTests = (integrity: LedgerIntegrity): ReadonlyArray<string> =>
  (Object.entries(integrity) as Array<[string, { status: string }]>).filter(([, t]) => t.status === "failed").map(([name]) => name)

/**
 * The catalog entry a declared relationship names: by source id, else by the path of a file that
 * holds exactly one entry (a CSV; a workbook's sheets are named by their ids).
 */
const resolveSource = (profiled: ReadonlyArray<ProfiledEntry>, named: string): ProfiledEntry | undefined => {
  const byId = profiled.find((p) => p.entry.source_id === named)
  if (byId !== undefined) return byId
  const byPath = profiled.filter((p) => p.entry.kind === "table" && p.entry.path === named.replace(/^\/+/, ""))
  return byPath.length === 1 ? byPath[0] : undefined
}

/**
 * The edges of the declared relationships whose two sources the run uses (the primary or a
 * supporting source) and whose columns exist; each other one is an open question saying why it
 * was not used.
 */
const declaredEdges = (
  relationships: ReadonlyArray<DeclaredRelationship>,
  profiled: ReadonlyArray<ProfiledEntry>,
  used: ReadonlyArray<ProfiledEntry>,
  questions: Array<OpenQuestion>
): Array<JoinEdge> => {
  const edges: Array<JoinEdge> = []
  for (const [n, r] of relationships.entries()) {
    const unresolved = (why: string, ids: ReadonlyArray<string>) =>
      questions.push(question("prepared_relationship_unresolved", `Prepared relationship ${n} (${r.from.source} → ${r.to.source}, ${r.relation}) was not used: ${why}. Is it still right?`, ids))
    const from = resolveSource(profiled, r.from.source)
    const to = resolveSource(profiled, r.to.source)
    if (from === undefined || to === undefined) {
      unresolved(`${[from === undefined ? r.from.source : null, to === undefined ? r.to.source : null].filter((x) => x !== null).join(" and ")} is not a source of this package`, [from, to].flatMap((p) => (p === undefined ? [] : [p.entry.source_id])))
      continue
    }
    const ids = [from.entry.source_id, to.entry.source_id]
    if (!used.includes(from) || !used.includes(to)) {
      unresolved("the run does not use both sources (neither primary nor supporting)", ids)
      continue
    }
    const fromSide = sideOf(from)
    const toSide = sideOf(to)
    const fromColumns = r.from.columns.map((c) => columnNamed(fromSide, c))
    const toColumns = r.to.columns.map((c) => columnNamed(toSide, c))
    const missing = [
      ...r.from.columns.filter((_, i) => fromColumns[i] === null).map((c) => `${from.entry.source_id}.${c}`),
      ...r.to.columns.filter((_, i) => toColumns[i] === null).map((c) => `${to.entry.source_id}.${c}`)
    ]
    if (missing.length > 0) {
      unresolved(`no column ${missing.join(", ")}`, ids)
      continue
    }
    edges.push(declaredEdge(fromSide, fromColumns as Array<string>, toSide, toColumns as Array<string>, r.relation))
  }
  return edges
}

/** The report for `input`'s sources. */
export const understandLedger = (input: LedgerUnderstandingInput): LedgerReport => {
  const parsing = input.parsing ?? INFERRED_PARSING
  const confirmation = input.package_confirmation ?? "automatic"
  const { catalog, profiled } = readCatalog(input.sources, parsing)
  const byId = new Map(profiled.map((p) => [p.entry.source_id, p]))
  const blocking: Array<BlockingReason> = []
  const questions: Array<OpenQuestion> = []
  const selection = input.selection ?? null
  let primary: ProfiledEntry | undefined
  let supporting: Array<ProfiledEntry> = []
  let automatic = false
  if (selection !== null) {
    const missing = [selection.primary_source_id, ...selection.supporting_source_ids].filter((id) => !byId.has(id))
    if (selection.catalog_revision !== catalog.revision) {
      blocking.push({ code: "stale_selection", message: `the selection was made on ${selection.catalog_revision}; the package is now at ${catalog.revision}`, source_ids: [] })
    } else if (missing.length > 0) {
      blocking.push({ code: "unknown_source", message: `not in the catalog: ${missing.join(", ")}`, source_ids: missing })
    } else {
      primary = byId.get(selection.primary_source_id)
      supporting = selection.supporting_source_ids.map((id) => byId.get(id)!)
      if (selection.primary_confirmed_unrecognized) {
        questions.push(question("unrecognized_primary_confirmed", "The primary was confirmed although not recognised as journal lines: is it the general-ledger detail?", [selection.primary_source_id]))
      }
    }
  } else if (catalog.primary_ambiguous) {
    const eligible = catalog.entries.filter((e) => e.primary_eligible).map((e) => e.source_id)
    blocking.push({ code: "ambiguous_primary", message: "several sources are equally good journal-line tables", source_ids: eligible })
    questions.push(question("ambiguous_primary", "Which source is the general-ledger journal (the primary)?", eligible, eligible))
  } else {
    const recommended = profiled.find((p) => p.entry.recommended_as_primary)
    if (recommended === undefined) blocking.push({ code: "no_journal_lines", message: "no source is recognised as journal lines", source_ids: [] })
    else if (confirmation === "required") {
      // the policy wants a person to confirm the primary: the recommendation is offered, not taken
      const id = recommended.entry.source_id
      blocking.push({
        code: "selection_required",
        message: `the workspace's policy requires a confirmed selection (package_confirmation: required): confirm ${id} (POST …/ledger-understanding/selections) and run with its selection_id`,
        source_ids: [id]
      })
      questions.push(question("confirm_primary", `Is ${id} the general-ledger journal (the primary)? The policy requires a confirmed selection.`, [id], [id]))
    } else {
      primary = recommended
      automatic = true
    }
  }

  let lines: ReadonlyArray<JournalLine> = []
  let summaryRows = 0
  let conventions: LedgerConventions | null = null
  let integrity: LedgerIntegrity | null = null
  let period: LedgerPeriod | null = null
  const joinGraph: Array<JoinEdge> = []
  if (primary !== undefined) {
    const m: ColumnMapping = primary.profile.mapping
    if (m.account.length === 0) blocking.push({ code: "primary_without_account", message: "no column of the primary holds accounts", source_ids: [primary.entry.source_id] })
    if (m.amount_layout === null) blocking.push({ code: "primary_without_amounts", message: "no column of the primary holds amounts", source_ids: [primary.entry.source_id] })
    const used = new Set([primary.entry.source_id, ...tablesOf(primary), primary.entry.partition_id ?? ""])
    if (automatic) {
      const coa = bestOf(profiled, "chart_of_accounts", used)
      const tb = bestOf(profiled, "trial_balance", used)
      supporting = [coa, tb].filter((p): p is ProfiledEntry => p !== undefined)
      const others = profiled.filter((p) => p.entry.role === "supporting" && p.entry.partition_id === null && !used.has(p.entry.source_id))
      supporting.push(...others.filter((p) => supportingEdges(sideOf(primary!), sideOf(p)).length > 0))
      // a table the user declared a join to from the primary is used, whatever its role
      for (const r of input.relationships ?? []) {
        const from = resolveSource(profiled, r.from.source)
        const to = resolveSource(profiled, r.to.source)
        if (from?.entry.source_id === primary.entry.source_id && to !== undefined && !used.has(to.entry.source_id) && !supporting.includes(to)) supporting.push(to)
      }
    }
    if (blocking.length === 0) {
      const coa = supporting.find((p) => p.entry.role === "chart_of_accounts")
      const tb = supporting.find((p) => p.entry.role === "trial_balance")
      const asRead = readJournalLines(primary.members, primary.profile.readings, m, 1)
      summaryRows = countSummaryRows(primary.members, primary.profile.readings, m)
      const { sign, factor } = signOf(primary, coa, asRead, parsing.sign_convention)
      lines = factor === 1 ? asRead : asRead.map((l) => ({ ...l, amount: l.amount === null ? null : -l.amount }))
      conventions = describeConventions(m, primary.profile.readings, lines, sign)
      if (sign.basis === "assumed") {
        questions.push(
          question("sign_convention_assumed", "Amounts are one signed column: are debits positive?", [primary.entry.source_id], ["debit_positive", "credit_positive"])
        )
      }
      for (const d of conventions.date_formats.filter((f) => f.ambiguous)) {
        // the two readings, in the column's own separator
        const dayFirst = d.format.startsWith("DD") ? d.format : `DD${d.format.slice(2, 3)}MM${d.format.slice(5)}`
        const options = [dayFirst, `MM${dayFirst.slice(2, 3)}DD${dayFirst.slice(5)}`]
        questions.push(question("date_format_ambiguous", `Is ${d.column} written day first or month first?`, [primary.entry.source_id], options))
      }
      period = input.period == null ? inferPeriod(lines) : { start: input.period.start, end: input.period.end, basis: "given" }
      if (period?.basis === "inferred") {
        questions.push(question("period_inferred", `Is the audit period ${period.start} to ${period.end}? (inferred from the posting dates)`, [primary.entry.source_id]))
      }
      const gapRuns = [testEntryNumberGaps(lines, false), ...(m.source !== null ? [testEntryNumberGaps(lines, true)] : [])]
      integrity = {
        entries_balance: testEntriesBalance(lines),
        trial_balance_tie: tieToTrialBalance(primary, tb, lines, conventions, factor, questions),
        duplicates: testDuplicates(lines, m.line_number !== null),
        entry_number_gaps: gapRuns.sort(
          (a, b) => (a.status === "not_tested" ? 1 : 0) - (b.status === "not_tested" ? 1 : 0) || a.sparse_series - b.sparse_series || a.missing_total - b.missing_total
        )[0],
        lines_without_accounts: testLinesWithoutAccounts(lines),
        out_of_period: testOutOfPeriod(lines, period, m.posting_date !== null)
      }
      const journalSide = sideOf(primary)
      const declared = declaredEdges(input.relationships ?? [], profiled, [primary, ...supporting], questions)
      // a declared edge stands in for the inferred one between the same sources on the same relation
      const orDeclared = (e: JoinEdge): JoinEdge =>
        declared.find((d) => d.from_source_id === e.from_source_id && d.to_source_id === e.to_source_id && d.relation === e.relation) ?? e
      if (coa !== undefined) {
        const inferred = accountEdge({ side: journalSide, lines }, sideOf(coa))
        const e = inferred === null ? declared.find((d) => d.from_source_id === primary!.entry.source_id && d.to_source_id === coa.entry.source_id && d.relation === "account") ?? null : orDeclared(inferred)
        if (e !== null) {
          if (!e.declared) joinGraph.push(e)
          if (e.key_match_rate < 1) {
            questions.push(question("unmatched_accounts", `${e.distinct_keys - e.matched_keys} journal accounts are not in the chart of accounts: is the chart complete?`, [primary.entry.source_id, coa.entry.source_id]))
          }
        }
      } else {
        questions.push(question("no_chart_of_accounts", "No chart of accounts is selected: is there one in the package?", [primary.entry.source_id]))
      }
      if (tb !== undefined) {
        const e = accountEdge({ side: journalSide, lines }, sideOf(tb))
        if (e !== null && !orDeclared(e).declared) joinGraph.push(e)
        if (coa !== undefined) {
          const t = accountEdge(sideOf(tb), sideOf(coa))
          if (t !== null && !orDeclared(t).declared) joinGraph.push(t)
        }
      } else {
        questions.push(question("no_trial_balance", "No trial balance is selected: is there one the journal should tie to?", [primary.entry.source_id]))
      }
      for (const s of supporting.filter((p) => p.entry.role !== "chart_of_accounts" && p.entry.role !== "trial_balance")) {
        joinGraph.push(...supportingEdges(journalSide, sideOf(s)).filter((e) => !orDeclared(e).declared))
      }
      joinGraph.push(...declared)
      const capped = primary.members.filter((s) => s.cap !== null).map((s) => s.source_id)
      if (capped.length > 0) {
        questions.push(question("population_capped", "Not every journal row was read (a cap): are the findings on the rows read enough, or should the cap be raised?", capped))
      }
    }
  }

  const failed = integrity === null ? [] : failedTests(integrity)
  const status: AssessmentStatus =
    blocking.length > 0
      ? blocking.some((b) => b.code === "ambiguous_primary" || b.code === "selection_required" || b.code === "stale_selection" || b.code === "unknown_source")
        ? "needs_source_selection"
        : blocking.some((b) => b.code === "no_journal_lines")
          ? "no_journal_lines"
          : "blocked"
      : failed.length > 0
        ? "ready_with_exceptions"
        : "ready"
  const supportingIds = new Set(supporting.map((p) => p.entry.source_id))
  const accounts = new Set(lines.map((l) => l.account_key).filter((k) => k !== null))
  const entries = new Set(lines.map((l) => l.entry_id).filter((k) => k !== null))
  return {
    report_version: 1,
    stale: false,
    scope: {
      path_prefix: input.path_prefix ?? null,
      paths: input.paths ?? [],
      selection_id: input.selection_id ?? null,
      scope_from_policy: input.scope_from_policy ?? false,
      selection_basis: selection === null ? "automatic" : "selection",
      package_confirmation: confirmation,
      primary_chosen_automatically: automatic && primary !== undefined,
      engine_version: LEDGER_ENGINE_VERSION,
      policy: input.policy ?? null,
      catalog_revision: catalog.revision,
      review_reading_id: catalog.review_reading_id,
      primary_source_id: primary?.entry.source_id ?? null,
      primary_table_ids: primary === undefined ? [] : tablesOf(primary),
      supporting_source_ids: [...supportingIds],
      period
    },
    blocking,
    tables: profiled.map((p) =>
      tableOf(p, p.entry.source_id === primary?.entry.source_id && blocking.length === 0 ? "primary" : supportingIds.has(p.entry.source_id) && blocking.length === 0 ? "supporting" : null)
    ),
    conventions,
    integrity,
    join_graph: joinGraph,
    open_questions: questions,
    parsing: parsingCounts(input.sources, catalog, lines, summaryRows),
    assessment: {
      status,
      reasons: blocking.length > 0 ? blocking.map((b) => b.code) : failed,
      entries: entries.size,
      lines: lines.length,
      accounts: accounts.size,
      currencies: conventions?.currency.currencies.map((c) => c.code) ?? []
    }
  }
}

