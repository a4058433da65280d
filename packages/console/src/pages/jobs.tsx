/** A tenant's jobs (`GET /v1/jobs`), filtered by kind and status, newest first, paged by cursor. */
import { useState } from "preact/hooks"
import { JOB_KINDS, JOB_STATUSES, type JobSummary, listJobs } from "../api/documents.js"
import { useDocsKey } from "../components/docs-key.js"
import { ErrorNote, PageTitle, useAction, useLoad } from "../components/ui.js"

const toggle = (list: ReadonlyArray<string>, value: string, on: boolean) =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value)

export const JobsPage = () => {
  const { key, picker } = useDocsKey()
  const [kinds, setKinds] = useState<ReadonlyArray<string>>([])
  const [statuses, setStatuses] = useState<ReadonlyArray<string>>([])
  const [more, setMore] = useState<ReadonlyArray<JobSummary>>([])
  // undefined until a further page is loaded; then that page's next cursor (null at the end)
  const [cursor, setCursor] = useState<string | null | undefined>(undefined)
  const jobs = useLoad(async () => {
    setMore([])
    setCursor(undefined)
    return key === undefined ? undefined : listJobs(key.secret, { kinds, statuses })
  }, [key?.key_id, kinds.join(), statuses.join()])
  const next = cursor === undefined ? jobs.data?.next_cursor ?? null : cursor
  const page = useAction()
  const rows = [...(jobs.data?.items ?? []), ...more]
  return (
    <>
      <PageTitle lead="Every job of the tenant: document operations and workspace jobs.">Jobs</PageTitle>
      <section class="card">
        <div class="row">
          {picker}
          <fieldset>
            <legend>Kind</legend>
            <div class="checks">
              {JOB_KINDS.map((k) => (
                <label class="check" key={k}>
                  <input type="checkbox" checked={kinds.includes(k)} onChange={(e) => setKinds(toggle(kinds, k, e.currentTarget.checked))} /> {k}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend>Status</legend>
            <div class="checks">
              {JOB_STATUSES.map((s) => (
                <label class="check" key={s}>
                  <input type="checkbox" checked={statuses.includes(s)} onChange={(e) => setStatuses(toggle(statuses, s, e.currentTarget.checked))} /> {s}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <div class="actions">
          <button type="button" onClick={jobs.reload} disabled={key === undefined}>Refresh</button>
          <a href="/console/run">Upload and run an operation</a>
        </div>
      </section>
      <ErrorNote error={jobs.error ?? page.error} />
      {jobs.data === undefined ? null : (
        <section class="card" aria-labelledby="jobs-title">
          <h2 id="jobs-title">{jobs.data.total_count} {jobs.data.total_count === 1 ? "job" : "jobs"}</h2>
          <div class="table-wrap">
            <table>
              <thead>
                <tr><th scope="col">Job</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Finished</th><th scope="col">Units</th></tr>
              </thead>
              <tbody>
                {rows.map((j) => (
                  <tr key={j.job_id}>
                    <td><a href={`/console/jobs/${j.job_id}?key=${encodeURIComponent(key!.key_id)}`}><code>{j.job_id.slice(0, 8)}</code></a></td>
                    <td>{j.kind}</td>
                    <td><span class={`badge ${j.status}`}>{j.status}</span></td>
                    <td>{j.created_at}</td>
                    <td>{j.finished_at ?? "—"}</td>
                    <td class="num">{j.units ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {next === null ? null : (
            <button type="button" disabled={page.busy} onClick={() =>
              page.run(async () => {
                const answer = await listJobs(key!.secret, { kinds, statuses, cursor: next })
                setMore([...more, ...answer.items])
                setCursor(answer.next_cursor)
              })}>Load more</button>
          )}
        </section>
      )}
    </>
  )
}
