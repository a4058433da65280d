/**
 * Ledger understanding over HTTP (spec 3, "Ledger understanding"): the source catalog, selections
 * (stale revision, partial partition, unrecognised primary), runs (`ledger_understanding` jobs, one
 * per workspace at a time, republishing an unchanged package, reviews), the latest report per
 * scope with `stale`, access labels, and the policy trigger after ingestion. Journal packages are
 * written as CSV files by `journalCsv` below (balanced or broken, debit/credit or signed amounts,
 * one file or partitioned by month) and uploaded and ingested as a client would, with the test
 * parser. Run by memory and PostgreSQL storage in process, by node:http and by Bun as
 * `workspaceLedgerHttpSuite(name, start)`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { docsClient } from "./documents-http-suite.js"
import { ADMIN_TOKEN, type HttpTarget, type JsonResponse, type StartTarget } from "./http-target.js"
import { expectV1Error, type UploadedFileSpec, workspaceClient } from "./workspace-client.js"

const ACCOUNTS = [
  { code: "1000", name: "Cash at bank", type: "Asset" },
  { code: "1200", name: "Trade receivables", type: "Asset" },
  { code: "2000", name: "Trade payables", type: "Liability" },
  { code: "4000", name: "Revenue", type: "Revenue" },
  { code: "5000", name: "Operating expenses", type: "Expense" }
]
/** debit account, credit account, what */
const TEMPLATES: ReadonlyArray<readonly [string, string, string]> = [
  ["1200", "4000", "Invoice"],
  ["5000", "2000", "Supplier bill"],
  ["1000", "1200", "Customer receipt"],
  ["2000", "1000", "Supplier payment"]
]

interface JournalOptions {
  readonly entries: number
  readonly layout: "debit_credit" | "signed"
  /** entries whose first line is off by 1.00 */
  readonly unbalanced?: number
  /** split into this many monthly files `<stem>_2024_MM.csv` (1: one file) */
  readonly months?: number
  readonly stem?: string
  readonly folder?: string
}

interface Line {
  readonly entry: string
  readonly line: number
  readonly date: string
  readonly account: string
  readonly description: string
  cents: number
}

const money = (cents: number) => `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`

/** A journal package as CSV files (journal, chart of accounts, trial balance) and the truth of what it holds. */
export const journalCsv = (o: JournalOptions) => {
  const months = o.months ?? 1
  const folder = o.folder ?? "gl/"
  const stem = o.stem ?? "journal"
  const lines: Array<Line> = []
  const unbalanced: Array<string> = []
  for (let e = 0; e < o.entries; e++) {
    const entry = `JE-${String(e + 1).padStart(6, "0")}`
    const month = months > 1 ? (e % months) + 1 : 1 + (e % 12)
    const date = `2024-${String(month).padStart(2, "0")}-${String(1 + ((e * 7) % 28)).padStart(2, "0")}`
    const [dr, cr, what] = TEMPLATES[e % TEMPLATES.length]
    const total = 1_000 + ((e * 7919) % 500_000)
    const split = e % 2 === 0 ? [total] : [Math.floor(total / 3), total - Math.floor(total / 3)]
    const entryLines: Array<Line> = [
      ...split.map((c, i) => ({ entry, line: i + 1, date, account: dr, description: `${what} ${e}`, cents: c })),
      { entry, line: split.length + 1, date, account: cr, description: `${what} ${e}`, cents: -total }
    ]
    if (unbalanced.length < (o.unbalanced ?? 0) && e % 3 === 1) {
      entryLines[0].cents += 100
      unbalanced.push(entry)
    }
    lines.push(...entryLines)
  }
  const header = o.layout === "debit_credit"
    ? "Entry No,Line,Posting Date,Account,Description,Debit,Credit"
    : "Journal_ID,JE_Line_Number,Effective_Date,GL_Account_Number,Description,Amount"
  const row = (l: Line) =>
    [l.entry, l.line, l.date, l.account, l.description, ...(o.layout === "debit_credit" ? [l.cents >= 0 ? money(l.cents) : "", l.cents < 0 ? money(-l.cents) : ""] : [money(l.cents)])].join(",")
  const files: Array<UploadedFileSpec> = []
  if (months > 1) {
    for (let m = 1; m <= months; m++) {
      const part = lines.filter((l) => Number(l.date.slice(5, 7)) === m)
      files.push({ path: `${folder}${stem}_2024_${String(m).padStart(2, "0")}.csv`, content: [header, ...part.map(row)].join("\n") + "\n" })
    }
  } else {
    files.push({ path: `${folder}${stem}.csv`, content: [header, ...lines.map(row)].join("\n") + "\n" })
  }
  const chart: UploadedFileSpec = {
    path: `${folder}chart_of_accounts.csv`,
    content: ["Account,Account Name,Account Type", ...ACCOUNTS.map((a) => `${a.code},${a.name},${a.type}`)].join("\n") + "\n"
  }
  const sums = new Map<string, number>()
  for (const l of lines) sums.set(l.account, (sums.get(l.account) ?? 0) + l.cents)
  const trialBalance: UploadedFileSpec = {
    path: `${folder}trial_balance.csv`,
    content: ["Account,Closing Balance", ...[...sums.entries()].sort().map(([a, c]) => `${a},${money(c)}`)].join("\n") + "\n"
  }
  return { journal: files, chart, trialBalance, truth: { entries: o.entries, lines: lines.length, unbalanced: unbalanced.sort() } }
}

/** the table name a CSV becomes (its file name's stem, lower case) */
const tableOf = (f: UploadedFileSpec) => f.path.split("/").pop()!.replace(/\.csv$/, "")

const NOT_A_LEDGER: UploadedFileSpec = { path: "misc/headcount.csv", content: "Team,Headcount\nSales,12\nOps,7\nFinance,4\n" }

export const workspaceLedgerHttpSuite = (name: string, start: StartTarget) => {
  describe(`workspace ledger understanding over HTTP (${name})`, { timeout: 180_000 }, () => {
    let target: HttpTarget
    let api: ReturnType<typeof docsClient>
    beforeAll(async () => {
      target = await start({ adminToken: ADMIN_TOKEN })
      api = docsClient(target)
    }, 120_000)
    afterAll(async () => {
      await target?.close()
    })
    const client = () => workspaceClient(api)

    /** a tenant with labels finance and hr, a workspace declaring both, keys for both and finance only, the files uploaded and ingested */
    const setup = async (files: ReadonlyArray<UploadedFileSpec>, options: { readonly ledger_understanding?: unknown } = {}) => {
      const t = await api.tenant()
      for (const n of ["finance", "hr"]) await api.call("POST", "/v1/access-labels", { key: t.key, body: { name: n, description: `${n} files` } })
      const w = await api.call("POST", "/v1/workspaces", {
        key: t.key,
        body: {
          name: "ledger",
          access: { labels: [{ name: "finance" }, { name: "hr" }], default_label: "finance" },
          ledger_understanding: options.ledger_understanding ?? { trigger: "off" }
        }
      })
      expect(w.status, JSON.stringify(w.body)).toBe(201)
      const ws = w.body.workspace_id as string
      const all = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance", "hr"] })).api_key
      const finance = (await target.admin.docs.createKey(t.tenantId, { access_labels: ["finance"] })).api_key
      const add = async (more: ReadonlyArray<UploadedFileSpec>) => client().ingest(all, ws, await client().upload(all, ws, more))
      const ingestion = files.length === 0 ? null : await add(files)
      const base = `/v1/workspaces/${ws}/ledger-understanding`
      const sources = (query = "", key = all) => api.call("GET", `${base}/sources${query}`, { key })
      const select = (body: unknown, key = all) => api.call("POST", `${base}/selections`, { key, body })
      const start = (body: unknown = {}, key = all, headers?: Record<string, string>) => api.call("POST", `${base}?wait_seconds=60`, { key, body, ...(headers === undefined ? {} : { headers }) })
      const run = async (body: unknown = {}, key = all) => client().succeeded(key, await start(body, key), "ledger_understanding")
      const latest = (query = "", key = all) => api.call("GET", `${base}${query}`, { key })
      return { t, ws, all, finance, add, ingestion, sources, select, start, run, latest }
    }

    const entryOf = (catalog: JsonResponse, id: string) => {
      const e = catalog.body.entries.find((x: { source_id: string }) => x.source_id === id)
      expect(e, `${id} in ${JSON.stringify(catalog.body.entries.map((x: { source_id: string }) => x.source_id))}`).toBeDefined()
      return e
    }
    const testOf = (report: { integrity: Record<string, any>; assessment: unknown }, test: string) => {
      expect(report.integrity, JSON.stringify(report.assessment)).not.toBeNull()
      return report.integrity[test]
    }

    it("an empty workspace: an empty catalog, no report yet (404), a run reports no_journal_lines; unknown workspace 404; bad bodies 422", async () => {
      const { ws, all, sources, latest, run, start, select } = await setup([])
      const catalog = await sources()
      expect(catalog.status, JSON.stringify(catalog.body)).toBe(200)
      expect(catalog.body).toMatchObject({ entries: [], skipped: [], primary_ambiguous: false, path_prefix: null, paths: [] })
      expect(catalog.body.revision).toMatch(/^rev:/)
      expect(catalog.body.review_reading_id).toMatch(/^reading:/)
      expectV1Error(await latest(), 404, "ledger_understanding_not_found")
      const job = await run()
      expect(job.result.result_type).toBe("ledger_understanding")
      expect(job.result.republished).toBe(false)
      expect(job.result.report.assessment.status).toBe("no_journal_lines")
      expect((await latest()).status).toBe(200)
      const unknown = "00000000-0000-4000-8000-000000000000"
      expectV1Error(await api.call("GET", `/v1/workspaces/${unknown}/ledger-understanding/sources`, { key: all }), 404, "workspace_not_found")
      expectV1Error(await api.call("POST", `/v1/workspaces/${unknown}/ledger-understanding`, { key: all, body: {} }), 404, "workspace_not_found")
      const other = await api.tenant()
      expectV1Error(await api.call("GET", `/v1/workspaces/${ws}/ledger-understanding`, { key: other.key }), 404, "workspace_not_found")
      expectV1Error(await start({ force: "yes" }), 422, "invalid_request")
      expectV1Error(await start({ paths: "gl/journal.csv" }), 422, "invalid_request")
      expectV1Error(await start({ path_prefix: "../up" }), 422, "invalid_request")
      expectV1Error(await start({ selection_id: "nope" }), 422, "invalid_request")
      expectV1Error(await select({ supporting_source_ids: [] }), 422, "invalid_request")
    })

    it("a balanced debit/credit package: the catalog recommends the journal, the run is ready, the report is the scope's latest", async () => {
      const pkg = journalCsv({ entries: 60, layout: "debit_credit" })
      const { sources, run, latest } = await setup([...pkg.journal, pkg.chart, pkg.trialBalance, NOT_A_LEDGER])
      const catalog = await sources()
      expect(catalog.status, JSON.stringify(catalog.body)).toBe(200)
      const journal = entryOf(catalog, "journal")
      expect(journal).toMatchObject({ role: "journal_lines", recommended_as_primary: true, primary_eligible: true, review_eligible: true, kind: "table", path: "gl/journal.csv" })
      expect(journal.evidence.length).toBeGreaterThan(0)
      expect(journal.column_mapping.amount_layout).toBe("debit_credit_columns")
      expect(entryOf(catalog, "chart_of_accounts")).toMatchObject({ role: "chart_of_accounts", recommended_as_primary: false, primary_eligible: false })
      expect(entryOf(catalog, "trial_balance")).toMatchObject({ role: "trial_balance", primary_eligible: false })
      expect(entryOf(catalog, "headcount").primary_ineligible_reasons).toContain("not_journal_lines")
      const job = await run()
      const report = job.result.report
      expect(job.result).toMatchObject({ result_type: "ledger_understanding", republished: false, review: null })
      expect(report.assessment).toMatchObject({ status: "ready", entries: pkg.truth.entries, lines: pkg.truth.lines })
      expect(report.scope).toMatchObject({ selection_basis: "automatic", primary_source_id: "journal", catalog_revision: catalog.body.revision, review_reading_id: catalog.body.review_reading_id })
      expect(report.conventions.sign.convention).toBe("debit_credit_columns")
      expect(testOf(report, "entries_balance").status).toBe("passed")
      expect(testOf(report, "trial_balance_tie").status).toBe("passed")
      expect(report.parsing).toMatchObject({ rows_read: report.parsing.rows_total, journal_lines_read: pkg.truth.lines, population_capped_share: 0 })
      const read = await latest()
      expect(read.status, JSON.stringify(read.body)).toBe(200)
      const { job_id, ...shown } = read.body
      expect(job_id).toBe(job.job_id)
      expect(shown).toEqual({ ...report, stale: false })
    })

    it("broken signed amounts: unbalanced entries fail entries_balance (ready_with_exceptions), the trial balance still ties", async () => {
      const pkg = journalCsv({ entries: 45, layout: "signed", unbalanced: 3 })
      const { run } = await setup([...pkg.journal, pkg.chart, pkg.trialBalance])
      const report = (await run()).result.report
      expect(report.assessment.status).toBe("ready_with_exceptions")
      expect(report.assessment.reasons).toContain("entries_balance")
      const balance = testOf(report, "entries_balance")
      expect(balance.status).toBe("failed")
      expect(JSON.stringify(balance.examples)).toContain(pkg.truth.unbalanced[0])
      expect(["debit_positive", "credit_positive"]).toContain(report.conventions.sign.convention)
      expect(report.scope.primary_source_id).toBe("journal")
    })

    it("without force an unchanged package republishes the stored report; force reads again; a changed package is stale until run again", async () => {
      const pkg = journalCsv({ entries: 30, layout: "debit_credit" })
      const { ws, all, run, latest, add } = await setup([...pkg.journal, pkg.chart])
      const first = await run()
      const again = await run()
      expect(again.result.republished).toBe(true)
      expect(again.result.report).toEqual(first.result.report)
      expect((await latest()).body.job_id).toBe(first.job_id)
      const forced = await run({ force: true })
      expect(forced.result.republished).toBe(false)
      expect(forced.result.report).toEqual(first.result.report)
      expect((await latest()).body.job_id).toBe(forced.job_id)
      // a trial balance arrives: the stored report is stale, and the next run reads it
      await add([pkg.trialBalance])
      const stale = await latest()
      expect(stale.body.stale).toBe(true)
      expect(stale.body.job_id).toBe(forced.job_id)
      const next = await run()
      expect(next.result.republished).toBe(false)
      expect(next.result.report.scope.catalog_revision).not.toBe(first.result.report.scope.catalog_revision)
      expect(testOf(next.result.report, "trial_balance_tie").status).toBe("passed")
      expect((await latest()).body).toMatchObject({ stale: false, job_id: next.job_id })
      // the chart's file is deleted: the report that read it is stale, still shown
      const files = await api.call("GET", `/v1/workspaces/${ws}/files?path_prefix=gl/`, { key: all })
      const chart = files.body.items.find((f: { path: string }) => f.path === pkg.chart.path)
      expect(chart, JSON.stringify(files.body)).toBeDefined()
      await client().succeeded(all, await api.call("DELETE", `/v1/workspaces/${ws}/files/${chart.file_id}?wait_seconds=30`, { key: all }))
      expect((await latest()).body).toMatchObject({ stale: true, job_id: next.job_id })
      const after = await run()
      expect(after.result.report.tables.map((t: { source_id: string }) => t.source_id)).not.toContain("chart_of_accounts")
    })

    it("a ledger partitioned across monthly files is one dataset; selections refuse a part, a partial set, a stale revision, unknown and unrecognised sources", async () => {
      const pkg = journalCsv({ entries: 36, layout: "signed", months: 3 })
      const { sources, select, run, latest, start } = await setup([...pkg.journal, pkg.chart, pkg.trialBalance])
      const catalog = await sources()
      const dataset = catalog.body.entries.find((e: { kind: string }) => e.kind === "partitioned_dataset")
      expect(dataset, JSON.stringify(catalog.body.entries)).toBeDefined()
      expect(dataset).toMatchObject({ recommended_as_primary: true, primary_eligible: true, member_source_ids: pkg.journal.map(tableOf) })
      for (const m of pkg.journal) {
        const member = entryOf(catalog, tableOf(m))
        expect(member).toMatchObject({ partition_id: dataset.source_id, primary_eligible: false, recommended_as_primary: false })
        expect(member.primary_ineligible_reasons).toContain("partition_member")
      }
      const revision = catalog.body.revision as string
      const refused = async (body: unknown, status: number, code: string, reason: string) => {
        const r = await select(body)
        expectV1Error(r, status, code)
        expect(r.body.error.detail.reason).toBe(reason)
        return r
      }
      await refused({ primary_source_id: tableOf(pkg.journal[0]), expected_catalog_revision: revision }, 422, "invalid_request", "partial_partition")
      await refused({ primary_source_id: "chart_of_accounts", supporting_source_ids: [tableOf(pkg.journal[1])], expected_catalog_revision: revision, confirm_unrecognized_primary: true }, 422, "invalid_request", "partial_partition")
      const stale = await refused({ primary_source_id: dataset.source_id, expected_catalog_revision: "rev:old" }, 409, "ledger_catalog_stale", "stale_catalog_revision")
      expect(stale.body.error.detail.revision).toBe(revision)
      const unknown = await refused({ primary_source_id: dataset.source_id, supporting_source_ids: ["ghost"], expected_catalog_revision: revision }, 422, "invalid_request", "unknown_source")
      expect(unknown.body.error.detail.source_ids).toEqual(["ghost"])
      await refused({ primary_source_id: dataset.source_id, supporting_source_ids: [dataset.source_id], expected_catalog_revision: revision }, 422, "invalid_request", "duplicate_source")
      const unrecognised = await refused({ primary_source_id: "chart_of_accounts", expected_catalog_revision: revision }, 422, "invalid_request", "unrecognized_primary")
      expect(unrecognised.body.error.detail.errors[0].field).toBe("confirm_unrecognized_primary")
      const confirmed = await select({ primary_source_id: "chart_of_accounts", expected_catalog_revision: revision, confirm_unrecognized_primary: true })
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201)
      expect(confirmed.body.primary_confirmed_unrecognized).toBe(true)
      // the whole dataset with the chart and the trial balance
      const made = await select({ primary_source_id: dataset.source_id, supporting_source_ids: ["chart_of_accounts", "trial_balance"], expected_catalog_revision: revision })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      expect(made.body).toMatchObject({ catalog_revision: revision, primary_source_id: dataset.source_id, primary_member_ids: pkg.journal.map(tableOf), primary_confirmed_unrecognized: false })
      const id = made.body.selection_id as string
      const report = (await run({ selection_id: id })).result.report
      expect(report.scope).toMatchObject({ selection_id: id, selection_basis: "selection", primary_source_id: dataset.source_id, primary_table_ids: pkg.journal.map(tableOf) })
      expect(report.assessment).toMatchObject({ status: "ready", entries: pkg.truth.entries, lines: pkg.truth.lines })
      // each selection is a scope of its own
      expect((await latest(`?selection_id=${id}`)).body.scope.selection_id).toBe(id)
      expectV1Error(await latest(), 404, "ledger_understanding_not_found")
      const missing = await start({ selection_id: "00000000-0000-4000-8000-000000000000" })
      expectV1Error(missing, 422, "invalid_request")
      expect(missing.body.error.detail.reason).toBe("unknown_selection")
    })

    it("a review names the current reading: a stale one is 409, an unknown or unmeasured source and a primary without key evidence are 422; an accepted one is echoed", async () => {
      const pkg = journalCsv({ entries: 24, layout: "debit_credit" })
      const { sources, select, start, run } = await setup([...pkg.journal, pkg.chart, { path: "gl/notes.csv", content: "Note\nYear-end close\nAudit file\n" }])
      const catalog = await sources()
      const reading = catalog.body.review_reading_id as string
      const stale = await start({ review: { reading_id: "reading:old", scope: [] } })
      expectV1Error(stale, 409, "ledger_catalog_stale")
      expect(stale.body.error.detail).toMatchObject({ reason: "stale_reading", review_reading_id: reading })
      const unknown = await start({ review: { reading_id: reading, scope: ["ghost"] } })
      expectV1Error(unknown, 422, "invalid_request")
      expect(unknown.body.error.detail.reason).toBe("unknown_source")
      // a one-column CSV is no ledger candidate: skipped, never measured
      expect(catalog.body.skipped).toMatchObject([{ source_id: "notes", path: "gl/notes.csv", reason: "too_few_columns" }])
      const unmeasured = await start({ review: { reading_id: reading, scope: ["notes"] } })
      expectV1Error(unmeasured, 422, "invalid_request")
      expect(unmeasured.body.error.detail).toMatchObject({ reason: "unmeasured_source", source_ids: ["notes"] })
      const chartAsPrimary = await select({ primary_source_id: "chart_of_accounts", expected_catalog_revision: catalog.body.revision, confirm_unrecognized_primary: true })
      const noKeys = await start({ selection_id: chartAsPrimary.body.selection_id, review: { reading_id: reading, scope: ["chart_of_accounts"] } })
      expectV1Error(noKeys, 422, "invalid_request")
      expect(noKeys.body.error.detail.reason).toBe("primary_without_key_evidence")
      const accepted = await run({ review: { reading_id: reading, scope: ["journal", "chart_of_accounts"] } })
      expect(accepted.result.review).toEqual({ reading_id: reading, primary_source_id: "journal", source_ids: ["journal", "chart_of_accounts"] })
      expect(accepted.result.report.scope.review_reading_id).toBe(reading)
    })

    it("path_prefix and paths intersect; paths is a set in any order; each scope keeps its own latest report", async () => {
      const a = journalCsv({ entries: 20, layout: "debit_credit", folder: "north/", stem: "gl_north" })
      const b = journalCsv({ entries: 28, layout: "signed", folder: "south/", stem: "gl_south" })
      const { sources, run, latest } = await setup([...a.journal, a.chart, ...b.journal, b.chart])
      const whole = await sources()
      expect(whole.body.primary_ambiguous || whole.body.entries.filter((e: { primary_eligible: boolean }) => e.primary_eligible).length === 2).toBe(true)
      const north = await sources("?path_prefix=north/")
      expect(north.body.entries.map((e: { path: string }) => e.path).every((p: string) => p.startsWith("north/"))).toBe(true)
      expect(entryOf(north, "gl_north").recommended_as_primary).toBe(true)
      const report = (await run({ path_prefix: "/south/", paths: ["south/gl_south.csv", "south/chart_of_accounts.csv", "south/gl_south.csv"] })).result.report
      expect(report.scope).toMatchObject({ path_prefix: "south/", paths: ["south/chart_of_accounts.csv", "south/gl_south.csv"], primary_source_id: "gl_south" })
      expect(report.assessment.entries).toBe(b.truth.entries)
      const read = await latest("?path_prefix=south/&paths=south/gl_south.csv&paths=south/chart_of_accounts.csv")
      expect(read.status, JSON.stringify(read.body)).toBe(200)
      expect(read.body.scope.primary_source_id).toBe("gl_south")
      expectV1Error(await latest("?path_prefix=south/"), 404, "ledger_understanding_not_found")
      // the intersection of a prefix and paths outside it is empty
      const none = (await run({ path_prefix: "north/", paths: ["south/gl_south.csv"] })).result.report
      expect(none.assessment.status).toBe("no_journal_lines")
      expect(none.tables).toEqual([])
    })

    it("access labels: a key reads only the tables of files it may see; a report resting on hidden tables is not its", async () => {
      const pkg = journalCsv({ entries: 20, layout: "debit_credit" })
      const hidden = { ...pkg.journal[0], access_label: "hr" }
      const { sources, run, latest, finance } = await setup([hidden, pkg.chart])
      expect(entryOf(await sources(), "journal").recommended_as_primary).toBe(true)
      const theirs = await sources("", finance)
      expect(theirs.body.entries.map((e: { source_id: string }) => e.source_id)).toEqual(["chart_of_accounts"])
      await run()
      expectV1Error(await latest("", finance), 404, "ledger_understanding_not_found")
      const own = (await run({}, finance)).result.report
      expect(own.assessment.status).toBe("no_journal_lines")
      expect(own.tables.map((t: { source_id: string }) => t.source_id)).toEqual(["chart_of_accounts"])
      expect((await latest("", finance)).body.stale).toBe(false)
    })

    it("one run per workspace: another while one is queued or running is 409 ledger_understanding_in_progress; Idempotency-Key replays", async () => {
      const pkg = journalCsv({ entries: 400, layout: "debit_credit", months: 4 })
      const { all, ws, start } = await setup([...pkg.journal, pkg.chart, pkg.trialBalance])
      const post = (body: unknown) => api.call("POST", `/v1/workspaces/${ws}/ledger-understanding`, { key: all, body })
      const answers = await Promise.all([post({ force: true }), post({ force: true })])
      const accepted = answers.filter((r) => r.status === 202)
      const busy = answers.filter((r) => r.status === 409)
      expect(accepted.length, JSON.stringify(answers.map((r) => r.body))).toBe(1)
      expect(busy.length).toBe(1)
      expectV1Error(busy[0], 409, "ledger_understanding_in_progress")
      expect(busy[0].body.error.detail.job_id).toBe(accepted[0].body.job_id)
      await client().succeeded(all, accepted[0])
      const first = await start({ force: false }, all, { "Idempotency-Key": "ledger-key-1" })
      await client().succeeded(all, first)
      const replay = await start({ force: false }, all, { "Idempotency-Key": "ledger-key-1" })
      expect(replay.body.job_id).toBe(first.body.job_id)
      expectV1Error(await start({ force: true }, all, { "Idempotency-Key": "ledger-key-1" }), 409, "idempotency_key_reused")
    })

    it("the policy trigger: always chains a run after ingestion, auto only once a journal-line table is there, off never (an explicit run still starts)", async () => {
      const pkg = journalCsv({ entries: 20, layout: "debit_credit" })
      const always = await setup([NOT_A_LEDGER], { ledger_understanding: { trigger: "always" } })
      const chained = always.ingestion!.result.ledger_understanding_job_id as string
      expect(typeof chained).toBe("string")
      const job = await client().succeeded(always.all, await api.call("GET", `/v1/jobs/${chained}`, { key: always.all }), "ledger_understanding")
      expect(job.result.report.assessment.status).toBe("no_journal_lines")
      expect((await always.latest()).status).toBe(200)

      const auto = await setup([NOT_A_LEDGER], { ledger_understanding: { trigger: "auto" } })
      expect(auto.ingestion!.result.ledger_understanding_job_id).toBeNull()
      expectV1Error(await auto.latest(), 404, "ledger_understanding_not_found")
      const withJournal = await auto.add([...pkg.journal, pkg.chart])
      const autoId = withJournal.result.ledger_understanding_job_id as string
      expect(typeof autoId).toBe("string")
      const autoJob = await client().succeeded(auto.all, await api.call("GET", `/v1/jobs/${autoId}`, { key: auto.all }), "ledger_understanding")
      expect(autoJob.result.report.assessment.status).toBe("ready")
      const read = await auto.latest()
      expect(read.body).toMatchObject({ stale: false, job_id: autoId })

      const off = await setup([...pkg.journal, pkg.chart], { ledger_understanding: { trigger: "off" } })
      expect(off.ingestion!.result.ledger_understanding_job_id).toBeNull()
      expect((await off.run()).result.report.assessment.status).toBe("ready")
    })
  })
}
