import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { buildTable } from "../../../src/workspaces/tables/table-profile.js"
import { ledgerSource } from "../../../src/workspaces/ledger/ledger-source.js"
import { readCatalog } from "../../../src/workspaces/ledger/source-catalog.js"
import { checkSelection, type SelectionRequest } from "../../../src/workspaces/ledger/source-selection.js"
import { profileSource } from "../../../src/workspaces/ledger/source-profile.js"
import { journalPackage } from "./journal-package.js"

const request = (revision: string, primary: string, supporting: Array<string> = [], confirm = false): SelectionRequest => ({
  primary_source_id: primary,
  supporting_source_ids: supporting,
  expected_catalog_revision: revision,
  confirm_unrecognized_primary: confirm
})

describe("source profiling", () => {
  it.each([
    ["ads", "signed"],
    ["english", "debit_credit"],
    ["german", "indicator"],
    ["fec", "debit_credit"]
  ] as const)("recognises a %s journal with %s amounts, its chart of accounts and its trial balance", (headers, layout) => {
    const pkg = journalPackage({ headers, layout, european: headers === "german" || headers === "fec" })
    const { catalog } = readCatalog(pkg.sources)
    const role = (id: string) => catalog.entries.find((e) => e.source_id === id)!
    const journal = role(pkg.truth.journal_source_ids[0])
    expect(journal.role).toBe("journal_lines")
    expect(journal.column_mapping.amount_layout).toBe(layout === "debit_credit" ? "debit_credit_columns" : layout === "signed" ? "signed_amount" : "amount_with_indicator")
    expect(journal.column_mapping.entry_id).not.toBeNull()
    expect(journal.column_mapping.posting_date).not.toBeNull()
    expect(journal.key_evidence).toBe(true)
    expect(journal.primary_eligible && journal.recommended_as_primary && journal.review_eligible).toBe(true)
    expect(journal.evidence.some((e) => e.role === "journal_lines" && e.code === "entries_balance")).toBe(true)
    expect(role("chart_of_accounts").role).toBe("chart_of_accounts")
    expect(role("trial_balance").role).toBe("trial_balance")
    expect(role("chart_of_accounts").primary_eligible || role("trial_balance").primary_eligible).toBe(false)
    expect(catalog.primary_ambiguous).toBe(false)
  })

  it("maps a composite account identity as company, account, cost centre (in that order, whatever the column order)", () => {
    const pkg = journalPackage({ composite: true, headers: "english" })
    const journal = readCatalog(pkg.sources).catalog.entries.find((e) => e.source_id === "journal")!
    expect(journal.column_mapping.account).toEqual(["company", "account", "cost_centre"])
    const reordered = buildTable({ file_id: "f", path: "x.csv", component: "x.csv", component_kind: "csv", table_name: "x" }, [
      ["Cost Center", "Entry No", "GL Account", "Company", "Amount"],
      ["CC1", "1", "4000", "C1", "10.00"],
      ["CC1", "1", "1000", "C1", "-10.00"]
    ])
    expect(profileSource(ledgerSource(reordered.descriptor, reordered.rows)).mapping.account).toEqual(["company", "gl_account", "cost_center"])
  })

  it("finds the entry id from the content when no header names it (the column whose groups balance)", () => {
    const grid = [
      ["Ref", "Date", "Account", "Amount", "Memo"],
      ["A7", "2024-01-02", "1000", "100.00", "x"],
      ["A7", "2024-01-02", "4000", "-100.00", "y"],
      ["B9", "2024-01-03", "1000", "55.10", "x"],
      ["B9", "2024-01-03", "4000", "-55.10", "z"],
      ["C1", "2024-01-04", "6000", "20.00", "x"],
      ["C1", "2024-01-04", "1000", "-20.00", "y"]
    ]
    const built = buildTable({ file_id: "f", path: "j.csv", component: "j.csv", component_kind: "csv", table_name: "j" }, grid)
    const profile = profileSource(ledgerSource(built.descriptor, built.rows))
    expect(profile.mapping.entry_id).toBe("ref")
    expect(profile.mapping_evidence.find((e) => e.field === "entry_id")?.basis).toBe("content")
    expect(profile.role).toBe("journal_lines")
  })

  it("does not take a customer list for a ledger", () => {
    const built = buildTable({ file_id: "f", path: "c.csv", component: "c.csv", component_kind: "csv", table_name: "customers" }, [
      ["Customer Id", "Name", "City"],
      ["1", "Acme", "Paris"],
      ["2", "Globex", "Lyon"]
    ])
    const { catalog } = readCatalog([ledgerSource(built.descriptor, built.rows)])
    expect(catalog.entries[0].role).toBe("supporting")
    expect(catalog.entries[0].primary_eligible).toBe(false)
    expect(catalog.entries[0].primary_ineligible_reasons).toContain("not_journal_lines")
  })
})

describe("the catalog", () => {
  it("has a revision that moves when the package changes, and a reading id per revision", () => {
    const a = readCatalog(journalPackage({ seed: 1 }).sources).catalog
    const again = readCatalog(journalPackage({ seed: 1 }).sources).catalog
    const b = readCatalog(journalPackage({ seed: 1, entries: 41 }).sources).catalog
    expect(again.revision).toBe(a.revision)
    expect(again.review_reading_id).toBe(a.review_reading_id)
    expect(b.revision).not.toBe(a.revision)
    expect(b.review_reading_id).not.toBe(a.review_reading_id)
  })

  it("is ambiguous when two journals are equally good, and recommends none", () => {
    const one = journalPackage({ name: "ledger_a", headers: "ads", chart: false, trialBalance: "none" })
    const two = journalPackage({ name: "ledger_b", headers: "english", layout: "debit_credit", chart: false, trialBalance: "none", seed: 3 })
    const { catalog } = readCatalog([...one.sources, ...two.sources])
    expect(catalog.primary_ambiguous).toBe(true)
    expect(catalog.entries.filter((e) => e.primary_eligible).map((e) => e.source_id).sort()).toEqual(["ledger_a", "ledger_b"])
    expect(catalog.entries.some((e) => e.recommended_as_primary)).toBe(false)
  })

  it("skips tables found in documents and says why", () => {
    const built = buildTable({ file_id: "d", path: "report.pdf", component: "table 1", component_kind: "document_table", table_name: "report_t1" }, [["a", "b"], ["1", "2"]])
    const { catalog } = readCatalog([...journalPackage().sources, ledgerSource(built.descriptor, built.rows)])
    expect(catalog.skipped).toEqual([{ source_id: "report_t1", path: "report.pdf", component: "table 1", reason: "document_table" }])
  })
})

describe("partitioned ledgers", () => {
  const pkg = journalPackage({ partitions: 3, entries: 45 })
  const { catalog } = readCatalog(pkg.sources)
  const dataset = catalog.entries.find((e) => e.kind === "partitioned_dataset")!

  it("are one dataset of the monthly files, recommended whole; a month alone is not eligible", () => {
    expect(catalog.partitions).toHaveLength(1)
    expect(dataset.member_source_ids).toEqual(pkg.truth.journal_source_ids)
    expect(dataset.row_count).toBe(pkg.truth.lines)
    expect(dataset.role).toBe("journal_lines")
    expect(dataset.recommended_as_primary).toBe(true)
    for (const id of pkg.truth.journal_source_ids) {
      const member = catalog.entries.find((e) => e.source_id === id)!
      expect(member.partition_id).toBe(dataset.source_id)
      expect(member.primary_eligible).toBe(false)
      expect(member.primary_ineligible_reasons).toContain("partition_member")
    }
  })

  it("refuse a selection of one month as the primary, or of some months as supporting", () => {
    const one = checkSelection(catalog, request(catalog.revision, pkg.truth.journal_source_ids[0]))
    expect(Either.isLeft(one) && one.left.reason).toBe("partial_partition")
    const some = checkSelection(catalog, request(catalog.revision, "chart_of_accounts", pkg.truth.journal_source_ids.slice(0, 2), true))
    expect(Either.isLeft(some) && some.left.reason).toBe("partial_partition")
    const whole = checkSelection(catalog, request(catalog.revision, dataset.source_id, ["chart_of_accounts", "trial_balance"]))
    expect(Either.isRight(whole) && whole.right.primary_member_ids).toEqual(pkg.truth.journal_source_ids)
  })

  it("are not made of two copies of one name in two folders", () => {
    const a = journalPackage({ name: "gl", chart: false, trialBalance: "none" }).sources[0]
    const b = { ...a, source_id: "gl_2", table_name: "gl_2", file_id: "f2", path: "archive/gl.csv" }
    expect(readCatalog([a, b]).catalog.partitions).toEqual([])
  })

  it("are one dataset when a workbook holds one sheet per month", () => {
    const parts = journalPackage({ partitions: 2, entries: 20, chart: false, trialBalance: "none" }).sources
    const sheets = parts.map((s, i) => ({ ...s, file_id: "book", path: "gl/ledger.xlsx", component: ["Jan", "Feb"][i], component_kind: "sheet" as const }))
    const partitions = readCatalog(sheets).catalog.partitions
    expect(partitions.map((p) => [p.basis, p.member_source_ids.length])).toEqual([["same_file", 2]])
  })
})

describe("selections", () => {
  const pkg = journalPackage()
  const { catalog } = readCatalog(pkg.sources)

  it("are refused on a stale catalog revision", () => {
    const r = checkSelection(catalog, request("rev:old", "journal"))
    expect(Either.isLeft(r) && r.left.reason).toBe("stale_catalog_revision")
  })
  it("are refused for unknown or repeated sources", () => {
    const unknown = checkSelection(catalog, request(catalog.revision, "journal", ["nope"]))
    expect(Either.isLeft(unknown) && unknown.left).toMatchObject({ reason: "unknown_source", source_ids: ["nope"] })
    const twice = checkSelection(catalog, request(catalog.revision, "journal", ["journal"]))
    expect(Either.isLeft(twice) && twice.left.reason).toBe("duplicate_source")
  })
  it("refuse an unrecognised primary unless confirmed", () => {
    const refused = checkSelection(catalog, request(catalog.revision, "chart_of_accounts"))
    expect(Either.isLeft(refused) && refused.left.reason).toBe("unrecognized_primary")
    const confirmed = checkSelection(catalog, request(catalog.revision, "chart_of_accounts", [], true))
    expect(Either.isRight(confirmed) && confirmed.right.primary_confirmed_unrecognized).toBe(true)
  })
  it("accept a recognised primary with its supporting tables", () => {
    const r = checkSelection(catalog, request(catalog.revision, "journal", ["chart_of_accounts", "trial_balance"]))
    expect(Either.isRight(r) && r.right).toEqual({
      catalog_revision: catalog.revision,
      primary_source_id: "journal",
      primary_member_ids: ["journal"],
      supporting_source_ids: ["chart_of_accounts", "trial_balance"],
      primary_confirmed_unrecognized: false
    })
  })
})

describe("amounts in two currencies on one line", () => {
  it("map the ledger-currency (accounted) debit and credit, not the entered ones, whatever the column order", () => {
    const built = buildTable({ file_id: "f", path: "gl_je_lines.csv", component: "gl_je_lines.csv", component_kind: "csv", table_name: "gl_je_lines" }, [
      ["JE_HEADER_ID", "JE_LINE_NUM", "CODE_COMBINATION_ID", "ENTERED_DR", "ENTERED_CR", "ACCOUNTED_DR", "ACCOUNTED_CR", "CURRENCY_CODE"],
      ["1", "1", "1000", "110.00", "", "100.00", "", "USD"],
      ["1", "2", "4000", "", "110.00", "", "100.00", "USD"]
    ])
    const profile = profileSource(ledgerSource(built.descriptor, built.rows))
    expect([profile.mapping.entry_id, profile.mapping.line_number, profile.mapping.account]).toEqual(["je_header_id", "je_line_num", ["code_combination_id"]])
    expect([profile.mapping.debit, profile.mapping.credit]).toEqual(["accounted_dr", "accounted_cr"])
  })
})

describe("one-sided registers", () => {
  it("are not journal lines: an invoice list has ids, accounts, dates and amounts, but no entry balances", () => {
    const built = buildTable({ file_id: "f", path: "ap.csv", component: "ap.csv", component_kind: "csv", table_name: "ap_invoices" }, [
      ["Document Number", "Document Date", "Account", "Description", "Amount"],
      ["INV-1", "2024-01-03", "2000", "Rent", "1200.00"],
      ["INV-2", "2024-01-09", "2000", "Paper", "35.10"],
      ["INV-3", "2024-02-11", "2000", "Hosting", "99.00"]
    ])
    const { catalog } = readCatalog([ledgerSource(built.descriptor, built.rows)])
    expect(catalog.entries[0].evidence.some((e) => e.code === "entries_do_not_balance")).toBe(true)
    expect(catalog.entries[0].primary_eligible).toBe(false)
    expect(catalog.entries[0].primary_ineligible_reasons).toEqual(["not_journal_lines"])
  })
})
