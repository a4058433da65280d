import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { buildTable } from "../../../src/workspaces/tables/table-profile.js"
import type { RawCell } from "../../../src/workspaces/tables/workspace-table.js"
import { ledgerSource } from "../../../src/workspaces/ledger/ledger-source.js"
import { checkReview } from "../../../src/workspaces/ledger/review-check.js"
import { readCatalog } from "../../../src/workspaces/ledger/source-catalog.js"
import { understandLedger } from "../../../src/workspaces/ledger/understand-ledger.js"
import { journalPackage } from "./journal-package.js"

const table = (name: string, grid: ReadonlyArray<ReadonlyArray<RawCell>>) => {
  const built = buildTable({ file_id: `f_${name}`, path: `gl/${name}.csv`, component: `${name}.csv`, component_kind: "csv", table_name: name }, grid)
  return ledgerSource(built.descriptor, built.rows)
}

describe("review", () => {
  const pkg = journalPackage()
  const { catalog } = readCatalog(pkg.sources)

  it("accepts the current reading of measured sources with a keyed primary", () => {
    const r = checkReview(catalog, { reading_id: catalog.review_reading_id, scope: [], primary_source_id: null })
    expect(Either.isRight(r) && r.right.primary_source_id).toBe("journal")
  })
  it("refuses a stale reading", () => {
    const r = checkReview(catalog, { reading_id: "reading:old", scope: [], primary_source_id: null })
    expect(Either.isLeft(r) && r.left.reason).toBe("stale_reading")
  })
  it("refuses a primary without key evidence", () => {
    const r = checkReview(catalog, { reading_id: catalog.review_reading_id, scope: [], primary_source_id: "chart_of_accounts" })
    expect(Either.isLeft(r) && r.left.reason).toBe("primary_without_key_evidence")
  })
  it("refuses an unmeasured source", () => {
    const empty = { ...table("empty", [["Account", "Name"], ["1", "x"]]), rows: [], cap: { reason: "read_limit" as const, rows_read: 0 } }
    const c = readCatalog([...pkg.sources, empty]).catalog
    const r = checkReview(c, { reading_id: c.review_reading_id, scope: ["journal", "empty"], primary_source_id: null })
    expect(Either.isLeft(r) && r.left).toMatchObject({ reason: "unmeasured_source", source_ids: ["empty"] })
  })
})

describe("trial balances in other shapes", () => {
  const journal = table("journal", [
    ["JE_Number", "Effective_Date", "GL_Account_Number", "Amount"],
    ["1", "2024-01-05", "1000", "100.00"],
    ["1", "2024-01-05", "4000", "-100.00"],
    ["2", "2024-02-05", "6000", "40.00"],
    ["2", "2024-02-05", "1000", "-40.00"]
  ])

  it("ties movements when the trial balance has opening and closing balances", () => {
    const tb = table("tb", [
      ["Account", "Opening Balance", "Closing Balance"],
      ["1000", "500.00", "560.00"],
      ["3000", "-500.00", "-500.00"],
      ["4000", "0", "-100.00"],
      ["6000", "0", "40.00"]
    ])
    const report = understandLedger({ sources: [journal, tb] })
    expect(report.integrity!.trial_balance_tie).toMatchObject({ status: "passed", basis: "movement", accounts_compared: 4 })
  })

  it("ties a trial balance written as debit and credit columns, and names a difference", () => {
    const tb = table("tb", [
      ["Account", "Debit", "Credit"],
      ["1000", "60.00", ""],
      ["4000", "", "100.00"],
      ["6000", "45.00", ""]
    ])
    const tie = understandLedger({ sources: [journal, tb] }).integrity!.trial_balance_tie
    expect(tie).toMatchObject({ status: "failed", basis: "closing_balance", accounts_differing: 1, total_difference: "-5" })
    expect(tie.examples).toEqual([{ account: "6000", journal: "40", trial_balance: "45", difference: "-5" }])
  })
})

describe("entry numbers", () => {
  it("are qualified by the journal when numbers repeat across journals (FEC numbers entries per journal code)", () => {
    const rows: Array<Array<string>> = []
    for (const [journal, n] of [["AC", 1], ["AC", 2], ["AC", 3], ["VT", 1], ["VT", 2]] as const) {
      rows.push([journal, String(n), "2024-01-02", "1000", n === 3 ? "12,00" : "10,00", ""], [journal, String(n), "2024-01-02", "4000", "", "10,00"])
    }
    const fec = table("fec", [["JournalCode", "EcritureNum", "EcritureDate", "CompteNum", "Debit", "Credit"], ...rows])
    const report = understandLedger({ sources: [fec] })
    expect(report.tables[0].column_mapping.entry_scope).toEqual(["journal_code"])
    expect(report.integrity!.entry_number_gaps).toMatchObject({ status: "passed", missing_total: 0 })
    expect(report.integrity!.entry_number_gaps.series.map((s) => s.series)).toEqual(["AC/", "VT/"])
    expect(report.integrity!.entries_balance).toMatchObject({ entries_tested: 5, entries_unbalanced: 1, examples: [{ entry_id: "AC/3", currency: "", difference: "2" }] })
  })
  it("run per journal when one series across journals would be too sparse to test", () => {
    const rows: Array<Array<string>> = []
    for (const [journal, n] of [["AC", 1], ["AC", 2], ["AC", 4], ["VT", 101], ["VT", 102]] as const) {
      rows.push([journal, String(n), "2024-01-02", "1000", "10.00"], [journal, String(n), "2024-01-02", "4000", "-10.00"])
    }
    const j = table("j", [["Source", "JE_Number", "Effective_Date", "GL_Account_Number", "Amount"], ...rows])
    const gaps = understandLedger({ sources: [j] }).integrity!.entry_number_gaps
    expect(gaps).toMatchObject({ status: "failed", per_source: true, missing_total: 1, sparse_series: 0, examples: [{ series: "AC/", from: "3", to: "3" }] })
  })
  it("are not tested when the ids are not numbered", () => {
    const j = table("j", [
      ["JE_Number", "GL_Account_Number", "Amount"],
      ["abc", "1000", "1"],
      ["abc", "4000", "-1"],
      ["xyz", "1000", "2"],
      ["xyz", "4000", "-2"]
    ])
    expect(understandLedger({ sources: [j] }).integrity!.entry_number_gaps).toMatchObject({ status: "not_tested", reason: "entry_ids_not_numbered" })
  })
})

describe("open questions", () => {
  it("ask which accounts are missing from an incomplete chart, with the match rates", () => {
    const pkg = journalPackage()
    const chart = pkg.sources.find((s) => s.source_id === "chart_of_accounts")!
    const used = new Set(pkg.sources.find((s) => s.source_id === "journal")!.rows.map((r) => String(r[3])))
    const dropped = [...used].sort()[0]
    const partial = { ...chart, rows: chart.rows.filter((r) => String(r[0]) !== dropped), row_count: chart.row_count - 1 }
    const report = understandLedger({ sources: pkg.sources.map((s) => (s === chart ? partial : s)) })
    const edge = report.join_graph.find((e) => e.to_source_id === "chart_of_accounts" && e.from_role === "journal_lines")!
    expect(edge).toMatchObject({ distinct_keys: used.size, matched_keys: used.size - 1, unmatched_key_examples: [dropped] })
    expect(report.open_questions.some((q) => q.code === "unmatched_accounts")).toBe(true)
  })

  it("read slashed dates month first beside point decimals, and ask", () => {
    const j = table("j", [
      ["JE_Number", "Effective_Date", "GL_Account_Number", "Amount"],
      ["1", "01/02/2024", "1000", "10.50"],
      ["1", "01/02/2024", "4000", "-10.50"]
    ])
    const report = understandLedger({ sources: [j] })
    expect(report.conventions!.date_formats[0]).toMatchObject({ format: "MM/DD/YYYY", ambiguous: true })
    expect(report.open_questions.find((q) => q.code === "date_format_ambiguous")?.options).toEqual(["DD/MM/YYYY", "MM/DD/YYYY"])
  })

  it("ask whether dates are day or month first when no day is above 12", () => {
    const j = table("j", [
      ["JE_Number", "Effective_Date", "GL_Account_Number", "Amount"],
      ["1", "01/02/2024", "1000", "10,00"],
      ["1", "01/02/2024", "4000", "-10,00"],
      ["2", "03/04/2024", "1000", "5,50"],
      ["2", "03/04/2024", "4000", "-5,50"]
    ])
    const report = understandLedger({ sources: [j] })
    expect(report.conventions!.date_formats[0]).toMatchObject({ format: "DD/MM/YYYY", ambiguous: true })
    expect(report.open_questions.find((q) => q.code === "date_format_ambiguous")?.options).toEqual(["DD/MM/YYYY", "MM/DD/YYYY"])
  })

  it("offer both readings in the column's own separator (dotted dates are read day first even beside point decimals)", () => {
    const j = table("j", [
      ["JE_Number", "Effective_Date", "GL_Account_Number", "Amount"],
      ["1", "01.02.2024", "1000", "10.00"],
      ["1", "01.02.2024", "4000", "-10.00"]
    ])
    const report = understandLedger({ sources: [j] })
    expect(report.conventions!.date_formats[0]).toMatchObject({ format: "DD.MM.YYYY", ambiguous: true })
    expect(report.open_questions.find((q) => q.code === "date_format_ambiguous")?.options).toEqual(["DD.MM.YYYY", "MM.DD.YYYY"])
  })
})

describe("sources read in part", () => {
  it("are marked read_limit when the caller hands over fewer rows than the table holds", () => {
    const built = buildTable({ file_id: "f", path: "j.csv", component: "j.csv", component_kind: "csv", table_name: "j" }, [
      ["JE_Number", "GL_Account_Number", "Amount"],
      ["1", "1000", "1"],
      ["1", "4000", "-1"],
      ["2", "1000", "2"]
    ])
    const source = ledgerSource(built.descriptor, built.rows.slice(0, 2))
    expect(source.cap).toEqual({ reason: "read_limit", rows_read: 2 })
    expect(understandLedger({ sources: [source] }).parsing.cap_reason_counts).toEqual({ row_cap: 0, read_limit: 1 })
  })
})

describe("accounts written as code and name", () => {
  it("join and tie on the leading code (QuickBooks-style exports)", () => {
    const gl = table("gl", [
      ["Date", "Transaction Type", "Num", "Name", "Memo/Description", "Account", "Debit", "Credit"],
      ["01/15/2024", "Invoice", "1001", "Acme", "Consulting", "1200 · Accounts Receivable", "1,500.00", ""],
      ["01/15/2024", "Invoice", "1001", "Acme", "Consulting", "4000 · Sales", "", "1,500.00"],
      ["02/01/2024", "Payment", "1002", "Acme", "", "1000 · Checking", "1,500.00", ""],
      ["02/01/2024", "Payment", "1002", "Acme", "", "1200 · Accounts Receivable", "", "1,500.00"],
      ["", "", "", "", "Total for all accounts", "", "3,000.00", "3,000.00"]
    ])
    const chart = table("chart", [
      ["Account", "Account Name", "Type"],
      ["1000", "Checking", "Bank"],
      ["1200", "Accounts Receivable", "Asset"],
      ["4000", "Sales", "Income"]
    ])
    const tb = table("tb", [
      ["Account", "Debit", "Credit"],
      ["1000 Checking", "1,500.00", ""],
      ["4000 Sales", "", "1,500.00"]
    ])
    const report = understandLedger({ sources: [gl, chart, tb] })
    const mapping = report.tables.find((t) => t.source_id === "gl")!.column_mapping
    expect([mapping.entry_id, mapping.account_form, mapping.source]).toEqual(["num", "code_with_name", "transaction_type"])
    expect(report.join_graph.find((e) => e.from_source_id === "gl" && e.to_source_id === "chart")).toMatchObject({ key_match_rate: 1, row_match_rate: 1 })
    expect(report.integrity!.trial_balance_tie).toMatchObject({ status: "passed", accounts_compared: 3 })
    expect(report.conventions!.date_formats[0]).toMatchObject({ format: "MM/DD/YYYY", ambiguous: false })
    expect(report.assessment.status).toBe("ready")
    expect(report.parsing).toMatchObject({ journal_lines_read: 4, summary_rows_excluded: 1 })
  })
})

describe("the inferred period", () => {
  const journal = (dates: ReadonlyArray<string>) =>
    table("j", [["JE_Number", "Effective_Date", "GL_Account_Number", "Amount"], ...dates.flatMap((d, i) => [[String(i + 1), d, "1000", "1.00"], [String(i + 1), d, "4000", "-1.00"]])])

  it("is the calendar year when the postings fill one, with a late posting out of it", () => {
    const dates = ["2024-01-03", "2024-03-10", "2024-06-30", "2024-09-01", "2024-12-31", "2025-01-10"]
    const report = understandLedger({ sources: [journal(dates)] })
    expect(report.scope.period).toEqual({ start: "2024-01-01", end: "2024-12-31", basis: "inferred" })
    expect(report.integrity!.out_of_period).toMatchObject({ lines_after: 2, lines_before: 0 })
  })
  it("is a fiscal year from April to March when the postings run so", () => {
    const dates = ["2024-04-02", "2024-07-15", "2024-10-01", "2025-01-20", "2025-03-31", "2025-03-15"]
    const report = understandLedger({ sources: [journal(dates)] })
    expect(report.scope.period).toEqual({ start: "2024-04-01", end: "2025-03-31", basis: "inferred" })
    expect(report.integrity!.out_of_period.status).toBe("passed")
  })
})
