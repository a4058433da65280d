/**
 * The engine on a real public general-ledger sample (MIT; see fixtures/ledgerloom/README.md): the
 * adjusted postings of LedgerLoom's chapter 7 and the trial balance it derives from them. The
 * expectations are computed from the files here with plain arithmetic, independently of the engine.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { ledgerSource } from "../../../src/workspaces/ledger/ledger-source.js"
import { understandLedger } from "../../../src/workspaces/ledger/understand-ledger.js"
import { buildTable } from "../../../src/workspaces/tables/table-profile.js"

const FIXTURES = new URL("./fixtures/ledgerloom/", import.meta.url)

/** the files hold no quoted cells: a line split on commas is its row */
const gridOf = (file: string) =>
  readFileSync(new URL(file, FIXTURES), "utf8")
    .split(/\r?\n/)
    .filter((l) => l !== "")
    .map((l) => l.split(","))

const sourceOf = (file: string, table: string) => {
  const built = buildTable({ file_id: `file-${table}`, path: `ledgerloom/${file}`, component: file, component_kind: "csv", table_name: table }, gridOf(file))
  return ledgerSource(built.descriptor, built.rows)
}

/** cents of a `1234.50` cell */
const cents = (cell: string) => Math.round(Number(cell) * 100)

describe("a real public general ledger (LedgerLoom, MIT)", () => {
  const [header, ...postings] = gridOf("postings_adjusted.csv")
  const col = (name: string) => header.indexOf(name)
  const [, ...balances] = gridOf("trial_balance_adjusted.csv")
  const net = new Map<string, number>()
  for (const r of postings) net.set(r[col("account")], (net.get(r[col("account")]) ?? 0) + cents(r[col("debit")]) - cents(r[col("credit")]))
  const debits = postings.reduce((s, r) => s + cents(r[col("debit")]), 0)
  const entries = new Set(postings.map((r) => r[col("entry_id")]))
  // the trial balance states each account on its normal side: a credit-normal account's balance is the journal's net negated
  const differing = balances.filter(([account, , balance]) => cents(balance) !== net.get(account)).map(([account]) => account.toLowerCase()).sort()

  it("reads the postings as the journal (debit/credit columns, entry and line ids, the department as a cost-centre segment) and the trial balance as one", () => {
    const report = understandLedger({ sources: [sourceOf("postings_adjusted.csv", "postings_adjusted"), sourceOf("trial_balance_adjusted.csv", "trial_balance_adjusted")] })
    const journal = report.tables.find((t) => t.source_id === "postings_adjusted")!
    const tb = report.tables.find((t) => t.source_id === "trial_balance_adjusted")!
    expect(journal).toMatchObject({ role: "journal_lines", used_as: "primary", recommended_as_primary: true, amount_layout: "debit_credit_columns" })
    expect(journal.column_mapping).toMatchObject({
      entry_id: "entry_id",
      line_number: "line_no",
      posting_date: "date",
      natural_account: "account",
      cost_centre: "department",
      account: ["account", "department"],
      description: "narration",
      debit: "debit",
      credit: "credit"
    })
    expect(tb).toMatchObject({ role: "trial_balance", used_as: "supporting" })
    expect(tb.column_mapping).toMatchObject({ natural_account: "account", closing_balance: "balance" })
    expect(report.scope).toMatchObject({ primary_source_id: "postings_adjusted", supporting_source_ids: ["trial_balance_adjusted"], primary_chosen_automatically: true })
    expect(report.assessment).toMatchObject({ entries: entries.size, lines: postings.length, accounts: net.size })
    expect(report.conventions!.date_formats).toMatchObject([{ column: "date", format: "YYYY-MM-DD", ambiguous: false }])
  })

  it("balances every entry, finds no gap in either numbering series (E, A), and joins every account to the trial balance", () => {
    const report = understandLedger({ sources: [sourceOf("postings_adjusted.csv", "postings_adjusted"), sourceOf("trial_balance_adjusted.csv", "trial_balance_adjusted")] })
    const integrity = report.integrity!
    expect(integrity.entries_balance).toMatchObject({ status: "passed", entries_tested: entries.size, entries_unbalanced: 0 })
    expect(integrity.entries_balance.totals).toMatchObject([{ debit: String(debits / 100), credit: String(debits / 100), net: "0" }])
    expect(integrity.entry_number_gaps).toMatchObject({ status: "passed", missing_total: 0 })
    expect(integrity.entry_number_gaps.series!.map((s) => s.series).sort()).toEqual(["A", "E"])
    expect(integrity.duplicates.status).toBe("passed")
    expect(integrity.lines_without_accounts.status).toBe("passed")
    expect(report.join_graph).toMatchObject([{ to_source_id: "trial_balance_adjusted", relation: "account", distinct_keys: net.size, key_match_rate: 1, declared: false }])
  })

  it("finds that the trial balance is stated on each account's normal side: the credit-normal accounts do not tie", () => {
    const report = understandLedger({ sources: [sourceOf("postings_adjusted.csv", "postings_adjusted"), sourceOf("trial_balance_adjusted.csv", "trial_balance_adjusted")] })
    const tie = report.integrity!.trial_balance_tie
    expect(differing.length).toBeGreaterThan(0)
    expect(tie).toMatchObject({ status: "failed", basis: "closing_balance", accounts_compared: balances.length, accounts_differing: differing.length, accounts_tied: balances.length - differing.length })
    expect(tie.examples.map((e) => e.account).sort()).toEqual(differing)
    for (const e of tie.examples) expect(Number(e.journal)).toBe(-Number(e.trial_balance))
    expect(report.assessment).toMatchObject({ status: "ready_with_exceptions", reasons: ["trial_balance_tie"] })
  })
})
