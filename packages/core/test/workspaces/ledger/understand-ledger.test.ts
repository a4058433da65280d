import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { buildTable } from "../../../src/workspaces/tables/table-profile.js"
import { ledgerSource } from "../../../src/workspaces/ledger/ledger-source.js"
import { readCatalog } from "../../../src/workspaces/ledger/source-catalog.js"
import { checkSelection } from "../../../src/workspaces/ledger/source-selection.js"
import { understandLedger } from "../../../src/workspaces/ledger/understand-ledger.js"
import { journalPackage, type PackageOptions } from "./journal-package.js"

const run = (options: PackageOptions = {}) => {
  const pkg = journalPackage(options)
  return { pkg, report: understandLedger({ sources: pkg.sources }) }
}

describe("a balanced package", () => {
  it.each([
    { layout: "signed", headers: "ads" },
    { layout: "debit_credit", headers: "english" },
    { layout: "indicator", headers: "german", european: true },
    { layout: "debit_credit", headers: "fec", european: true },
    { layout: "signed", headers: "english", composite: true },
    { layout: "debit_credit", headers: "ads", currencies: ["EUR", "USD", "GBP"] }
  ] as ReadonlyArray<PackageOptions>)("is ready: %o", (options) => {
    const { pkg, report } = run(options)
    expect(report.assessment.status).toBe("ready")
    expect(report.blocking).toEqual([])
    expect(report.assessment.entries).toBe(pkg.truth.entries)
    expect(report.assessment.lines).toBe(pkg.truth.lines)
    expect(report.assessment.accounts).toBe(pkg.truth.accounts_in_journal)
    const i = report.integrity!
    expect(i.entries_balance).toMatchObject({ status: "passed", entries_tested: pkg.truth.entries * (options.currencies === undefined ? 1 : 1), entries_unbalanced: 0 })
    expect(i.trial_balance_tie.status).toBe("passed")
    expect(i.duplicates.status).toBe("passed")
    expect(i.entry_number_gaps.status).toBe("passed")
    expect(i.lines_without_accounts.status).toBe("passed")
    expect(i.out_of_period.status).toBe("passed")
    const coaEdge = report.join_graph.find((e) => e.to_source_id === "chart_of_accounts" && e.from_role === "journal_lines")!
    expect(coaEdge).toMatchObject({ relation: "account", key_match_rate: 1, row_match_rate: 1 })
    expect(report.tables.find((t) => t.used_as === "primary")?.source_id).toBe("journal")
    // JSON-safe: no BigInt, and a round trip changes nothing
    expect(JSON.parse(JSON.stringify(report))).toEqual(report)
  })

  it("reads European conventions: comma decimals, dot thousands, day-first dates", () => {
    const { report } = run({ layout: "debit_credit", headers: "german", european: true })
    expect(report.conventions!.decimal_separator).toBe(",")
    expect(report.conventions!.number_formats[0]).toMatchObject({ decimal_separator: ",", thousands_separator: "." })
    expect(report.conventions!.date_formats).toEqual([{ field: "posting_date", column: "buchungsdatum", format: "DD.MM.YYYY", parsed_share: 1, ambiguous: false }])
    expect(report.conventions!.sign).toEqual({ convention: "debit_credit_columns", basis: "layout" })
  })

  it("balances each entry per currency and reports totals per currency", () => {
    const { report } = run({ currencies: ["EUR", "USD"], layout: "signed" })
    expect(report.conventions!.currency).toMatchObject({ basis: "column", multi_currency: true, lines_without_currency: 0 })
    expect(report.integrity!.entries_balance.totals.map((t) => [t.currency, t.net])).toEqual([["EUR", "0"], ["USD", "0"]])
    expect(report.integrity!.trial_balance_tie.compared_on).toEqual(["account", "currency"])
  })

  it("joins a composite journal to a chart keyed on the natural account, and ties the trial balance on all three segments", () => {
    const { report } = run({ composite: true })
    const coa = report.join_graph.find((e) => e.to_source_id === "chart_of_accounts" && e.from_role === "journal_lines")!
    expect(coa.from_columns).toEqual(["gl_account_number"])
    expect(coa.to_columns).toEqual(["account"])
    expect(report.integrity!.trial_balance_tie.compared_on).toEqual(["company", "account", "cost_centre"])
    expect(report.tables.find((t) => t.source_id === "journal")!.column_mapping.account).toEqual(["business_unit_code", "gl_account_number", "cost_center"])
  })
})

describe("sign conventions", () => {
  it("learns credit-positive amounts from the chart's account types", () => {
    const { report } = run({ creditPositive: true })
    expect(report.conventions!.sign).toEqual({ convention: "credit_positive", basis: "account_types" })
    expect(report.integrity!.trial_balance_tie.status).toBe("passed")
  })
  it("assumes debit-positive without account types, and asks", () => {
    const { report } = run({ chart: false })
    expect(report.conventions!.sign).toEqual({ convention: "debit_positive", basis: "assumed" })
    expect(report.open_questions.map((q) => q.code)).toEqual(expect.arrayContaining(["sign_convention_assumed", "no_chart_of_accounts"]))
  })
})

describe("a broken package", () => {
  const { pkg, report } = run({ entries: 60, breaks: { unbalanced: 3, duplicates: 2, gaps: 2, missingAccounts: 2, outOfPeriod: 3 }, trialBalance: "off" })
  const i = report.integrity!

  it("is ready with exceptions, naming the failed tests", () => {
    expect(report.assessment.status).toBe("ready_with_exceptions")
    expect([...report.assessment.reasons].sort()).toEqual(["duplicates", "entries_balance", "entry_number_gaps", "lines_without_accounts", "out_of_period", "trial_balance_tie"])
  })
  it("finds exactly the unbalanced entries", () => {
    expect(i.entries_balance.entries_unbalanced).toBe(pkg.truth.unbalanced_entry_ids.length)
    expect(i.entries_balance.examples.map((e) => e.entry_id).sort()).toEqual(pkg.truth.unbalanced_entry_ids)
  })
  it("counts the duplicate lines", () => {
    expect(i.duplicates.duplicate_lines).toBe(pkg.truth.duplicate_lines)
    expect(i.duplicates.repeated_line_keys).toBe(pkg.truth.duplicate_lines)
  })
  it("counts the gaps in entry numbers", () => {
    expect(i.entry_number_gaps.missing_total).toBe(pkg.truth.missing_entry_numbers)
    expect(i.entry_number_gaps.examples).toHaveLength(pkg.truth.missing_entry_numbers)
  })
  it("counts lines without accounts and out-of-period lines", () => {
    expect(i.lines_without_accounts.lines).toBe(pkg.truth.lines_without_account)
    expect(i.out_of_period.lines_after).toBe(pkg.truth.out_of_period_lines)
    expect(i.out_of_period.period).toEqual({ start: "2024-01-01", end: "2024-12-31", basis: "inferred" })
    expect(report.open_questions.some((q) => q.code === "period_inferred")).toBe(true)
  })
  it("does not tie to a trial balance that is off, and names the account", () => {
    expect(i.trial_balance_tie.status).toBe("failed")
    expect(i.trial_balance_tie.examples.map((e) => e.account)).toContain(pkg.truth.trial_balance_off_account)
  })
  it("tests the period it is given", () => {
    const narrow = understandLedger({ sources: pkg.sources, period: { start: "2024-07-01", end: "2024-12-31" } })
    expect(narrow.integrity!.out_of_period.period?.basis).toBe("given")
    expect(narrow.integrity!.out_of_period.lines_before).toBeGreaterThan(0)
    expect(narrow.open_questions.some((q) => q.code === "period_inferred")).toBe(false)
  })
})

describe("the trial balance tie", () => {
  it("is not tested when a multi-currency journal meets a trial balance without currency, and asks", () => {
    const { report } = run({ currencies: ["EUR", "USD"], trialBalanceCurrency: false })
    expect(report.integrity!.trial_balance_tie).toMatchObject({ status: "not_tested", reason: "currency_unknown" })
    expect(report.open_questions.some((q) => q.code === "trial_balance_currency")).toBe(true)
  })
  it("is not tested without a trial balance", () => {
    const { report } = run({ trialBalance: "none" })
    expect(report.integrity!.trial_balance_tie).toMatchObject({ status: "not_tested", reason: "no_trial_balance" })
    expect(report.assessment.status).toBe("ready")
  })
})

describe("source selection in the report", () => {
  it("asks for a selection when the primary is ambiguous, and runs once one is made", () => {
    const one = journalPackage({ name: "ledger_a", chart: false, trialBalance: "none" })
    const two = journalPackage({ name: "ledger_b", headers: "english", layout: "debit_credit", seed: 3 })
    const sources = [...one.sources, ...two.sources]
    const report = understandLedger({ sources })
    expect(report.assessment.status).toBe("needs_source_selection")
    expect(report.integrity).toBeNull()
    expect(report.open_questions.find((q) => q.code === "ambiguous_primary")?.options).toEqual(["ledger_a", "ledger_b"])
    const { catalog } = readCatalog(sources)
    const selection = checkSelection(catalog, {
      primary_source_id: "ledger_b",
      supporting_source_ids: ["chart_of_accounts", "trial_balance"],
      expected_catalog_revision: catalog.revision,
      confirm_unrecognized_primary: false
    })
    const selected = understandLedger({ sources, selection: Either.getOrThrow(selection), selection_id: "sel_1" })
    expect(selected.assessment.status).toBe("ready")
    expect(selected.scope).toMatchObject({ selection_id: "sel_1", selection_basis: "selection", primary_source_id: "ledger_b" })
    expect(selected.assessment.lines).toBe(two.truth.lines)
  })

  it("asks again when the selection was made on an older catalog revision", () => {
    const pkg = journalPackage()
    const { catalog } = readCatalog(pkg.sources)
    const selection = Either.getOrThrow(
      checkSelection(catalog, { primary_source_id: "journal", supporting_source_ids: [], expected_catalog_revision: catalog.revision, confirm_unrecognized_primary: false })
    )
    const changed = journalPackage({ entries: 41 })
    const report = understandLedger({ sources: changed.sources, selection })
    expect(report.assessment.status).toBe("needs_source_selection")
    expect(report.blocking.map((b) => b.code)).toEqual(["stale_selection"])
  })

  it("reads a partitioned ledger whole", () => {
    const pkg = journalPackage({ partitions: 4, entries: 40 })
    const report = understandLedger({ sources: pkg.sources })
    expect(report.scope.primary_table_ids).toEqual(pkg.truth.journal_source_ids)
    expect(report.assessment.lines).toBe(pkg.truth.lines)
    expect(report.integrity!.entry_number_gaps.status).toBe("passed")
    expect(report.integrity!.trial_balance_tie.status).toBe("passed")
  })

  it("says no journal lines when there are none, and blocks a confirmed primary that has no amounts", () => {
    const pkg = journalPackage()
    const others = pkg.sources.filter((s) => s.source_id !== "journal")
    expect(understandLedger({ sources: others }).assessment.status).toBe("no_journal_lines")
    const { catalog } = readCatalog(others)
    const selection = Either.getOrThrow(
      checkSelection(catalog, { primary_source_id: "chart_of_accounts", supporting_source_ids: [], expected_catalog_revision: catalog.revision, confirm_unrecognized_primary: true })
    )
    const report = understandLedger({ sources: others, selection })
    expect(report.assessment.status).toBe("blocked")
    expect(report.blocking.map((b) => b.code)).toEqual(["primary_without_amounts"])
  })
})

describe("supporting tables", () => {
  it("join on the journal's fields with match rates (a user list)", () => {
    const pkg = journalPackage()
    const users = buildTable({ file_id: "u", path: "gl/users.csv", component: "users.csv", component_kind: "csv", table_name: "users" }, [
      ["User Id", "Full Name"],
      ["alice", "Alice A"],
      ["bob", "Bob B"]
    ])
    const report = understandLedger({ sources: [...pkg.sources, ledgerSource(users.descriptor, users.rows)] })
    const edge = report.join_graph.find((e) => e.to_source_id === "users")!
    expect(edge).toMatchObject({ relation: "user", from_columns: ["entered_by"], to_columns: ["user_id"], distinct_keys: 3, matched_keys: 2 })
    expect(edge.unmatched_key_examples).toEqual(["carol"])
    expect(report.scope.supporting_source_ids).toContain("users")
  })
})

describe("parsing counts", () => {
  it("record capped populations by reason, counts only", () => {
    const pkg = journalPackage()
    const journal = pkg.sources.find((s) => s.source_id === "journal")!
    const grid = [journal.columns.map((c) => c.header), ...journal.rows]
    const built = buildTable({ file_id: "f_journal", path: journal.path, component: journal.component, component_kind: "csv", table_name: "journal" }, grid)
    const capped = ledgerSource(built.descriptor, built.rows, 50)
    const report = understandLedger({ sources: [capped, ...pkg.sources.filter((s) => s.source_id !== "journal")] })
    const total = pkg.sources.reduce((s, x) => s + x.row_count, 0)
    expect(report.parsing).toMatchObject({
      offered_sources: 3,
      attempted_candidates: 3,
      candidate_coverage: 1,
      rows_total: total,
      rows_read: total - (pkg.truth.lines - 50),
      cap_reason_counts: { row_cap: 1, read_limit: 0 },
      cap_profiles: [{ source_id: "journal", reason: "row_cap", row_count: pkg.truth.lines, rows_read: 50, role: "journal_lines" }]
    })
    expect(report.parsing.population_capped_share).toBeCloseTo((pkg.truth.lines - 50) / total, 3)
    expect(report.open_questions.some((q) => q.code === "population_capped")).toBe(true)
  })
})

describe("the report and the catalog", () => {
  it("do not depend on the order the sources come in, and are JSON-safe", () => {
    const pkg = journalPackage({ partitions: 3, entries: 30, composite: true, currencies: ["EUR", "CHF"] })
    const forward = understandLedger({ sources: pkg.sources })
    const backward = understandLedger({ sources: [...pkg.sources].reverse() })
    expect(backward).toEqual(forward)
    const { catalog } = readCatalog(pkg.sources)
    expect(JSON.parse(JSON.stringify(catalog))).toEqual(catalog)
    expect(readCatalog([...pkg.sources].reverse()).catalog).toEqual(catalog)
  })
})
