/**
 * Every layout, vocabulary, format and key shape the generator makes, broken in every way it
 * knows, with the engine's findings compared to the generator's truth.
 */
import { describe, expect, it } from "vitest"
import { understandLedger } from "../../../src/workspaces/ledger/understand-ledger.js"
import { type HeaderStyle, journalPackage, type Layout, type PackageOptions } from "./journal-package.js"

const layouts: ReadonlyArray<Layout> = ["debit_credit", "signed", "indicator"]
const headers: ReadonlyArray<HeaderStyle> = ["ads", "english", "german", "fec"]

const cases: Array<PackageOptions> = []
let seed = 11
for (const layout of layouts) {
  for (const h of headers) {
    for (const composite of [false, true]) {
      seed++
      cases.push({
        layout,
        headers: h,
        composite,
        european: h === "german" || h === "fec",
        currencies: seed % 3 === 0 ? ["EUR", "USD"] : ["EUR"],
        partitions: seed % 4 === 0 ? 3 : 1,
        seed,
        entries: 50,
        creditPositive: layout === "signed" && seed % 2 === 0,
        trialBalance: seed % 5 === 0 ? "off" : "tie",
        breaks: { unbalanced: seed % 3, duplicates: seed % 2, gaps: seed % 4, missingAccounts: seed % 3, outOfPeriod: seed % 2 }
      })
    }
  }
}

describe("generated packages, broken in known ways", () => {
  it.each(cases.map((c) => [`${c.layout} ${c.headers}${c.composite ? " composite" : ""}${c.partitions! > 1 ? " partitioned" : ""} seed ${c.seed}`, c] as const))("%s: the findings are the truth", (_, options) => {
    const { sources, truth } = journalPackage(options)
    const report = understandLedger({ sources })
    const i = report.integrity!
    expect(report.scope.primary_table_ids).toEqual(truth.journal_source_ids)
    expect(report.assessment.lines).toBe(truth.lines)
    expect(i.entries_balance.examples.map((e) => e.entry_id).sort()).toEqual(truth.unbalanced_entry_ids)
    expect(i.duplicates.duplicate_lines).toBe(truth.duplicate_lines)
    expect(i.entry_number_gaps.missing_total).toBe(truth.missing_entry_numbers)
    expect(i.lines_without_accounts.lines).toBe(truth.lines_without_account)
    expect(i.out_of_period.lines_after).toBe(truth.out_of_period_lines)
    if (truth.trial_balance_off_account === null) expect(i.trial_balance_tie.status).toBe("passed")
    else expect(i.trial_balance_tie.examples.map((e) => e.account)).toEqual([truth.trial_balance_off_account.toLowerCase()])
    if (options.creditPositive) expect(report.conventions!.sign).toEqual({ convention: "credit_positive", basis: "account_types" })
    const broken =
      truth.unbalanced_entry_ids.length + truth.duplicate_lines + truth.missing_entry_numbers + truth.lines_without_account + truth.out_of_period_lines > 0 ||
      truth.trial_balance_off_account !== null
    expect(report.assessment.status).toBe(broken ? "ready_with_exceptions" : "ready")
  })
})
