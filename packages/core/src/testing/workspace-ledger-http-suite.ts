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
          // the recommended primary is taken unless a test asks for confirmation
          ledger_understanding: options.ledger_understanding ?? { trigger: "off", package_confirmation: "automatic" }
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
      const policy = async (block: unknown) => {
        const r = await api.call("PATCH", `/v1/workspaces/${ws}`, { key: t.key, body: { ledger_understanding: block } })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        return r.body.ledger_understanding
      }
      return { t, ws, all, finance, add, ingestion, sources, select, start, run, latest, policy }
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
      const always = await setup([NOT_A_LEDGER], { ledger_understanding: { trigger: "always", package_confirmation: "automatic" } })
      const chained = always.ingestion!.result.ledger_understanding_job_id as string
      expect(typeof chained).toBe("string")
      const job = await client().succeeded(always.all, await api.call("GET", `/v1/jobs/${chained}`, { key: always.all }), "ledger_understanding")
      expect(job.result.report.assessment.status).toBe("no_journal_lines")
      expect((await always.latest()).status).toBe(200)

      const auto = await setup([NOT_A_LEDGER], { ledger_understanding: { trigger: "auto", package_confirmation: "automatic" } })
      expect(auto.ingestion!.result.ledger_understanding_job_id).toBeNull()
      expectV1Error(await auto.latest(), 404, "ledger_understanding_not_found")
      const withJournal = await auto.add([...pkg.journal, pkg.chart])
      const autoId = withJournal.result.ledger_understanding_job_id as string
      expect(typeof autoId).toBe("string")
      const autoJob = await client().succeeded(auto.all, await api.call("GET", `/v1/jobs/${autoId}`, { key: auto.all }), "ledger_understanding")
      expect(autoJob.result.report.assessment.status).toBe("ready")
      const read = await auto.latest()
      expect(read.body).toMatchObject({ stale: false, job_id: autoId })

      const off = await setup([...pkg.journal, pkg.chart], { ledger_understanding: { trigger: "off", package_confirmation: "automatic" } })
      expect(off.ingestion!.result.ledger_understanding_job_id).toBeNull()
      expect((await off.run()).result.report.assessment.status).toBe("ready")
    })

    it("the policy block is validated on create and update (422 naming the field), shown with its defaults, and an update replaces it whole", async () => {
      const t = await api.tenant()
      const create = (ledger_understanding: unknown) => api.call("POST", "/v1/workspaces", { key: t.key, body: { name: "w", ledger_understanding } })
      const refused = async (block: unknown, field: string, says: string) => {
        const r = await create(block)
        expectV1Error(r, 422, "invalid_request")
        const errors = r.body.error.detail.errors as Array<{ field: string; message: string }>
        expect(errors.map((e) => e.field), JSON.stringify(errors)).toEqual([field])
        expect(errors[0].message).toContain(says)
      }
      await refused({ gl_parsing: { date_format: "DD/MM/YY" } }, "ledger_understanding.gl_parsing.date_format", "DD/MM/YYYY")
      await refused({ gl_parsing: { decimal_separator: ";" } }, "ledger_understanding.gl_parsing.decimal_separator", "decimal")
      await refused({ gl_parsing: { max_rows_per_source: 0 } }, "ledger_understanding.gl_parsing.max_rows_per_source", "250000")
      await refused({ gl_parsing: { sign_convention: "debit" } }, "ledger_understanding.gl_parsing.sign_convention", "credit_positive")
      await refused({ gl_parsing: { rows: 5 } }, "ledger_understanding.gl_parsing.rows", "unknown field")
      await refused({ gl_parsing: "fast" }, "ledger_understanding.gl_parsing", "max_rows_per_source")
      await refused({ package_confirmation: "manual" }, "ledger_understanding.package_confirmation", "required or automatic")
      await refused({ package_scope: { path_prefix: "../up/" } }, "ledger_understanding.package_scope.path_prefix", "folder path")
      await refused({ package_scope: { paths: ["gl/"] } }, "ledger_understanding.package_scope.paths.0", "file path")
      await refused({ package_scope: { period: { start: "2024-02-30", end: "2024-12-31" } } }, "ledger_understanding.package_scope.period.start", "YYYY-MM-DD")
      await refused({ package_scope: { period: { start: "2024-12-31", end: "2024-01-01" } } }, "ledger_understanding.package_scope.period", "start on or before end")
      await refused({ prepared_relationships: {} }, "ledger_understanding.prepared_relationships", "array")
      await refused({ prepared_relationships: [{ from: { source: "journal", columns: ["Company", "Account"] }, to: { source: "chart_of_accounts", columns: ["Account"] } }] }, "ledger_understanding.prepared_relationships.0", "as many columns")
      await refused({ prepared_relationships: [{ from: { source: "journal", columns: [] }, to: { source: "coa", columns: ["Code"] } }] }, "ledger_understanding.prepared_relationships.0.from.columns", "1 to 8")
      await refused({ prepared_relationships: [{ from: { source: "journal", columns: ["Account"] }, to: { source: "coa", columns: ["Code"] }, relation: "Account Link" }] }, "ledger_understanding.prepared_relationships.0.relation", "relation name")
      const block = {
        trigger: "off",
        package_confirmation: "automatic",
        gl_parsing: { date_format: "DD.MM.YYYY", decimal_separator: "," },
        package_scope: { path_prefix: "/gl/", period: { start: "2024-01-01", end: "2024-12-31" } },
        prepared_relationships: [{ from: { source: "gl/journal.csv", columns: ["Account"] }, to: { source: "chart_of_accounts", columns: ["Account"] } }]
      }
      const made = await create(block)
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      expect(made.body.ledger_understanding).toEqual({
        trigger: "off",
        package_confirmation: "automatic",
        gl_parsing: { max_rows_per_source: null, date_format: "DD.MM.YYYY", decimal_separator: ",", sign_convention: null },
        package_scope: { path_prefix: "/gl/", paths: [], period: { start: "2024-01-01", end: "2024-12-31" } },
        prepared_relationships: [{ from: { source: "gl/journal.csv", columns: ["Account"] }, to: { source: "chart_of_accounts", columns: ["Account"] }, relation: "account" }]
      })
      const id = made.body.workspace_id as string
      const bad = await api.call("PATCH", `/v1/workspaces/${id}`, { key: t.key, body: { ledger_understanding: { gl_parsing: { date_format: "YYYY" } } } })
      expectV1Error(bad, 422, "invalid_request")
      expect(bad.body.error.detail.errors[0].field).toBe("ledger_understanding.gl_parsing.date_format")
      // an update replaces the block whole: what it leaves out returns to its default
      const patched = await api.call("PATCH", `/v1/workspaces/${id}`, { key: t.key, body: { ledger_understanding: { trigger: "always" } } })
      expect(patched.status, JSON.stringify(patched.body)).toBe(200)
      expect(patched.body.ledger_understanding).toEqual({ trigger: "always", gl_parsing: null, package_confirmation: "required", package_scope: null, prepared_relationships: null })
    })

    it("package_confirmation required (the default) stops a run without a selection at needs_source_selection, offering the recommendation; automatic takes it and says so", async () => {
      const pkg = journalCsv({ entries: 24, layout: "debit_credit" })
      const { sources, select, run, policy } = await setup([...pkg.journal, pkg.chart, pkg.trialBalance], { ledger_understanding: { trigger: "off" } })
      const catalog = await sources()
      expect(entryOf(catalog, "journal").recommended_as_primary).toBe(true)
      const stopped = await run()
      const report = stopped.result.report
      expect(report.assessment).toMatchObject({ status: "needs_source_selection", reasons: ["selection_required"], entries: 0 })
      expect(report.blocking).toMatchObject([{ code: "selection_required", source_ids: ["journal"] }])
      expect(report.open_questions.find((q: { code: string }) => q.code === "confirm_primary")).toMatchObject({ source_ids: ["journal"], options: ["journal"] })
      expect(report.scope).toMatchObject({ package_confirmation: "required", primary_chosen_automatically: false, primary_source_id: null, selection_basis: "automatic" })
      expect(report.integrity).toBeNull()
      expect(report.tables.every((t: { used_as: unknown }) => t.used_as === null)).toBe(true)
      // the selection confirms it
      const made = await select({ primary_source_id: "journal", supporting_source_ids: ["chart_of_accounts", "trial_balance"], expected_catalog_revision: catalog.body.revision })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      const confirmed = (await run({ selection_id: made.body.selection_id })).result.report
      expect(confirmed.assessment).toMatchObject({ status: "ready", entries: pkg.truth.entries })
      expect(confirmed.scope).toMatchObject({ selection_basis: "selection", primary_chosen_automatically: false, package_confirmation: "required" })
      // automatic: the unchanged package is read again under the new policy (not republished) with the recommendation
      await policy({ trigger: "off", package_confirmation: "automatic" })
      const auto = await run()
      expect(auto.result.republished).toBe(false)
      expect(auto.result.report.assessment).toMatchObject({ status: "ready", entries: pkg.truth.entries })
      expect(auto.result.report.scope).toMatchObject({ package_confirmation: "automatic", primary_chosen_automatically: true, selection_basis: "automatic", primary_source_id: "journal" })
      expect(auto.result.report.scope.policy).toMatchObject({ package_confirmation: "automatic" })
      expect((await run()).result.republished).toBe(true)
    })

    it("package_scope is the default scope of the catalog, runs, selections and latest reads (an explicit selector wins); its period is the audit period", async () => {
      const north = journalCsv({ entries: 20, layout: "debit_credit", folder: "north/", stem: "gl_north" })
      const south = journalCsv({ entries: 36, layout: "signed", folder: "south/", stem: "gl_south" })
      const { sources, run, latest, select, policy } = await setup([...north.journal, north.chart, ...south.journal, south.chart, south.trialBalance])
      await policy({ trigger: "off", package_confirmation: "automatic", package_scope: { path_prefix: "south/", period: { start: "2024-01-01", end: "2024-06-30" } } })
      const catalog = await sources()
      expect(catalog.body).toMatchObject({ path_prefix: "south/", paths: [], scope_from_policy: true })
      expect(catalog.body.entries.map((e: { path: string }) => e.path).every((p: string) => p.startsWith("south/"))).toBe(true)
      expect(entryOf(catalog, "gl_south").recommended_as_primary).toBe(true)
      const report = (await run()).result.report
      expect(report.scope).toMatchObject({ path_prefix: "south/", scope_from_policy: true, primary_source_id: "gl_south", period: { start: "2024-01-01", end: "2024-06-30", basis: "given" } })
      expect(report.assessment.entries).toBe(south.truth.entries)
      // the journal spans the twelve months: the second half is out of the policy's period
      const outside = testOf(report, "out_of_period")
      expect(outside.status).toBe("failed")
      const afterJune = south.truth.lines - (await (async () => 0)())
      expect(outside).toMatchObject({ lines_before: 0, period: { start: "2024-01-01", end: "2024-06-30", basis: "given" } })
      expect(outside.lines_after).toBeGreaterThan(0)
      expect(outside.lines_after).toBeLessThan(afterJune)
      expect(report.open_questions.map((q: { code: string }) => q.code)).not.toContain("period_inferred")
      const read = await latest()
      expect(read.status, JSON.stringify(read.body)).toBe(200)
      expect(read.body.scope).toMatchObject({ path_prefix: "south/", scope_from_policy: true })
      // an explicit selector is the request's scope, not the policy's
      const whole = await sources("?path_prefix=/")
      expect(whole.body).toMatchObject({ path_prefix: null, scope_from_policy: false })
      expect(whole.body.entries.some((e: { path: string }) => e.path.startsWith("north/"))).toBe(true)
      const northRun = (await run({ path_prefix: "north/" })).result.report
      expect(northRun.scope).toMatchObject({ path_prefix: "north/", scope_from_policy: false, primary_source_id: "gl_north" })
      // a selection without selectors is for the policy's scope, and a run without selectors uses it
      const chosen = await select({ primary_source_id: "gl_south", expected_catalog_revision: catalog.body.revision })
      expect(chosen.status, JSON.stringify(chosen.body)).toBe(201)
      expect(chosen.body.path_prefix).toBe("south/")
      const selected = (await run({ selection_id: chosen.body.selection_id })).result.report
      expect(selected.blocking).toEqual([])
      expect(selected.scope).toMatchObject({ selection_basis: "selection", path_prefix: "south/" })
    })

    it("gl_parsing: a forced date format, decimal separator and sign convention replace the inferred ones, and max_rows_per_source caps the rows read", async () => {
      // dates whose day never passes 12 and amounts with three digits after a point: both readings fit
      const header = "Journal_ID,JE_Line_Number,Effective_Date,GL_Account_Number,Description,Amount"
      const rows: Array<string> = []
      for (let e = 1; e <= 8; e++) {
        const date = `${String(e).padStart(2, "0")}/${String(13 - e).padStart(2, "0")}/2024`
        // `1.250`: a point decimal (1.25) or a comma decimal with a thousands point (1250); the trailing minus (SAP) keeps the column text
        rows.push(`JE-${e},1,${date},5000,Purchase ${e},${e}.250`, `JE-${e},2,${date},2000,Purchase ${e},${e}.250-`)
      }
      const journal: UploadedFileSpec = { path: "eu/journal.csv", content: [header, ...rows].join("\n") + "\n" }
      const { run, sources, policy } = await setup([journal])
      const inferred = (await run()).result.report
      expect(inferred.assessment.status, JSON.stringify([inferred.blocking, inferred.tables.map((t: { role_scores: unknown; column_mapping: unknown }) => [t.role_scores, t.column_mapping])])).toBe("ready")
      const dateOf = (r: { conventions: { date_formats: Array<{ column: string; format: string; ambiguous: boolean }> } }) =>
        r.conventions.date_formats.find((d) => d.column.toLowerCase().includes("effective"))
      expect(dateOf(inferred)).toMatchObject({ ambiguous: true })
      expect(inferred.conventions.decimal_separator).toBe(".")
      expect(inferred.conventions.sign).toEqual({ convention: "debit_positive", basis: "assumed" })
      const codes = (r: { open_questions: Array<{ code: string }> }) => r.open_questions.map((q) => q.code)
      expect(codes(inferred)).toEqual(expect.arrayContaining(["date_format_ambiguous", "sign_convention_assumed"]))
      expect(testOf(inferred, "entries_balance").totals).toMatchObject([{ debit: "38", credit: "38", net: "0" }])
      const before = (await sources()).body.review_reading_id

      await policy({ trigger: "off", package_confirmation: "automatic", gl_parsing: { date_format: "MM/DD/YYYY", decimal_separator: ",", sign_convention: "credit_positive" } })
      const forced = await run()
      expect(forced.result.republished).toBe(false)
      const report = forced.result.report
      expect(dateOf(report)).toMatchObject({ format: "MM/DD/YYYY", ambiguous: false })
      expect(report.conventions.decimal_separator).toBe(",")
      expect(report.conventions.sign).toEqual({ convention: "credit_positive", basis: "policy" })
      expect(codes(report)).not.toContain("date_format_ambiguous")
      expect(codes(report)).not.toContain("sign_convention_assumed")
      // 1.250 … 8.250 read with a comma decimal (1250 … 8250), credit-positive: the negative lines are the debits
      expect(testOf(report, "entries_balance").totals).toMatchObject([{ debit: "38000", credit: "38000", net: "0" }])
      expect(report.scope.policy.gl_parsing).toMatchObject({ date_format: "MM/DD/YYYY", decimal_separator: ",", sign_convention: "credit_positive" })
      // another reading of the same package: the review reading changes, the revision does not
      const after = (await sources()).body
      expect(after.review_reading_id).not.toBe(before)
      expect(after.revision).toBe(inferred.scope.catalog_revision)

      await policy({ trigger: "off", package_confirmation: "automatic", gl_parsing: { max_rows_per_source: 6 } })
      const capped = (await run()).result.report
      expect(capped.parsing).toMatchObject({ rows_total: 16, rows_read: 6, journal_lines_read: 6, cap_reason_counts: { row_cap: 1, read_limit: 0 } })
      expect(capped.parsing.cap_profiles).toMatchObject([{ source_id: "journal", reason: "row_cap", row_count: 16, rows_read: 6 }])
      expect(codes(capped)).toContain("population_capped")
      expect(entryOf(await sources(), "journal").rows_read).toBe(6)
    })

    it("prepared_relationships: a declared join replaces the inferred one or adds a table, with its match rates and declared: true; one that cannot be used is an open question", async () => {
      const pkg = journalCsv({ entries: 20, layout: "debit_credit" })
      // approvals of the first half of the entries: nothing the engine would join by itself
      const approvals: UploadedFileSpec = {
        path: "gl/approvals.csv",
        content: ["Entry Ref,Approver", ...Array.from({ length: 10 }, (_, e) => `JE-${String(e + 1).padStart(6, "0")},approver${e % 3}`)].join("\n") + "\n"
      }
      const { run, policy } = await setup([...pkg.journal, pkg.chart, approvals])
      const plain = (await run()).result.report
      expect(plain.join_graph.every((e: { declared: boolean }) => e.declared === false)).toBe(true)
      expect(plain.join_graph.filter((e: { to_source_id: string }) => e.to_source_id === "approvals")).toEqual([])
      const inferredChart = plain.join_graph.find((e: { to_source_id: string }) => e.to_source_id === "chart_of_accounts")
      expect(inferredChart).toMatchObject({ relation: "account", key_match_rate: 1, declared: false })

      await policy({
        trigger: "off",
        package_confirmation: "automatic",
        prepared_relationships: [
          { from: { source: "gl/journal.csv", columns: ["account"] }, to: { source: "chart_of_accounts", columns: ["ACCOUNT"] } },
          { from: { source: "journal", columns: ["Entry No"] }, to: { source: "gl/approvals.csv", columns: ["Entry Ref"] }, relation: "approval" },
          { from: { source: "journal", columns: ["Account"] }, to: { source: "gl/ghost.csv", columns: ["Code"] } },
          { from: { source: "journal", columns: ["Cost Centre"] }, to: { source: "chart_of_accounts", columns: ["Account"] }, relation: "cost_centre" }
        ]
      })
      const report = (await run()).result.report
      const toChart = report.join_graph.filter((e: { from_source_id: string; to_source_id: string }) => e.from_source_id === "journal" && e.to_source_id === "chart_of_accounts")
      expect(toChart).toHaveLength(1)
      expect(toChart[0]).toMatchObject({ relation: "account", declared: true, key_match_rate: 1, row_match_rate: 1, from_columns: ["account"], to_columns: ["account"] })
      const approval = report.join_graph.find((e: { relation: string }) => e.relation === "approval")
      expect(approval).toMatchObject({
        from_source_id: "journal",
        to_source_id: "approvals",
        declared: true,
        distinct_keys: 20,
        matched_keys: 10,
        key_match_rate: 0.5,
        rows_with_key: pkg.truth.lines
      })
      expect(approval.unmatched_key_examples[0]).toBe("je-000011")
      expect(report.scope.supporting_source_ids).toContain("approvals")
      expect(report.tables.find((t: { source_id: string }) => t.source_id === "approvals").used_as).toBe("supporting")
      const unresolved = report.open_questions.filter((q: { code: string }) => q.code === "prepared_relationship_unresolved")
      expect(unresolved).toHaveLength(2)
      expect(unresolved[0].question).toContain("gl/ghost.csv is not a source of this package")
      expect(unresolved[1].question).toContain("no column journal.Cost Centre")
      expect(report.assessment.status).toBe("ready")
    })
  })
}
