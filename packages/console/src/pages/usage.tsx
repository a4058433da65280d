/** A tenant's usage as charts: `GET /v1/usage` (by day, kind or workspace) and `GET /v1/usage/overview`. */
import { useState } from "preact/hooks"
import { usage, usageOverview } from "../api/documents.js"
import { admin } from "../api/session.js"
import { SeriesChart } from "../components/chart.js"
import { useDocsKey } from "../components/docs-key.js"
import { ErrorNote, Loading, PageTitle, useLoad } from "../components/ui.js"

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export const UsagePage = () => {
  const { key, picker } = useDocsKey()
  const [window, setWindow] = useState("7d")
  const [groupBy, setGroupBy] = useState("day")
  // the service's today (its clock may be the manual one), and the 30 days before it
  const today = useLoad(() => admin.value!.clock.now().then((c) => c.now), [])
  const [range, setRange] = useState<{ start: string; end: string } | null>(null)
  const period = range ?? (today.data === undefined ? null : { start: day(today.data - 29 * 86_400_000), end: day(today.data) })
  const overview = useLoad(async () => (key === undefined ? undefined : usageOverview(key.secret, window)), [key?.key_id, window])
  const report = useLoad(
    async () => (key === undefined || period === null ? undefined : usage(key.secret, { period_start: period.start, period_end: period.end, group_by: groupBy })),
    [key?.key_id, period?.start, period?.end, groupBy]
  )
  return (
    <>
      <PageTitle lead="Units, jobs and pages a tenant used, and its documents processed.">Usage</PageTitle>
      <section class="card">{picker}</section>
      <section class="card" aria-labelledby="overview-title">
        <h2 id="overview-title">Overview</h2>
        <label for="usage-window">Window</label>
        <select id="usage-window" value={window} onChange={(e) => setWindow(e.currentTarget.value)}>
          <option value="7d">7 days</option>
          <option value="30d">30 days</option>
          <option value="90d">90 days</option>
        </select>
        <ErrorNote error={overview.error} />
        {overview.data === undefined ? (key === undefined ? null : <Loading />) : (
          <>
            <dl class="facts" data-testid="overview">
              <dt>Documents processed</dt><dd>{overview.data.documents_processed} (prior window {overview.data.documents_processed_prior})</dd>
              <dt>Active jobs</dt><dd>{overview.data.active_jobs}</dd>
              <dt>Queued jobs</dt><dd>{overview.data.queued_jobs}</dd>
              <dt>Average processing</dt><dd>{overview.data.avg_processing_seconds === null ? "—" : `${overview.data.avg_processing_seconds} s`}</dd>
            </dl>
            <SeriesChart type="line" title="Documents per day" labels={overview.data.series.map((s) => s.day)}
              series={[{ label: "documents", values: overview.data.series.map((s) => s.documents) }]} />
          </>
        )}
      </section>
      <section class="card" aria-labelledby="usage-title">
        <h2 id="usage-title">Usage by {groupBy}</h2>
        {period === null ? <Loading /> : (
          <div class="row">
            <div>
              <label for="usage-start">From</label>
              <input id="usage-start" type="date" value={period.start} onChange={(e) => setRange({ ...period, start: e.currentTarget.value })} />
            </div>
            <div>
              <label for="usage-end">To</label>
              <input id="usage-end" type="date" value={period.end} onChange={(e) => setRange({ ...period, end: e.currentTarget.value })} />
            </div>
            <div>
              <label for="usage-group">Group by</label>
              <select id="usage-group" value={groupBy} onChange={(e) => setGroupBy(e.currentTarget.value)}>
                <option value="day">day</option>
                <option value="kind">kind</option>
                <option value="workspace">workspace</option>
              </select>
            </div>
          </div>
        )}
        <ErrorNote error={report.error} />
        {report.data === undefined ? null : (
          <>
            <p data-testid="units-total">{report.data.units_total} units in total</p>
            <SeriesChart type="bar" title={`Usage by ${report.data.group_by}`} labels={report.data.buckets.map((b) => b.key ?? "(no workspace)")}
              series={[
                { label: "units", values: report.data.buckets.map((b) => b.units) },
                { label: "jobs", values: report.data.buckets.map((b) => b.jobs) },
                { label: "pages", values: report.data.buckets.map((b) => b.pages) }
              ]} />
          </>
        )}
      </section>
    </>
  )
}
