/** A workspace's ledger report (spec 3, "Ledger understanding"): the latest, and running a new one. */
import { useRoute } from "preact-iso"
import { useState } from "preact/hooks"
import { finishedJob } from "../api/documents.js"
import { ledgerReport, runLedger } from "../api/workspaces.js"
import { useDocsKey } from "../components/docs-key.js"
import { ErrorNote, Loading, PageTitle, useAction, useLoad } from "../components/ui.js"
import { jobLink, WorkspaceNav } from "../components/workspace-nav.js"

export const WorkspaceLedgerPage = () => {
  const { params } = useRoute()
  const id = params.id
  const { key } = useDocsKey()
  const report = useLoad(async () => (key === undefined ? undefined : ledgerReport(key.secret, id)), [id, key?.key_id])
  const [job, setJob] = useState<{ id: string; status: string } | null>(null)
  const action = useAction()
  const body = report.data?.body
  return (
    <>
      <PageTitle>Ledger report</PageTitle>
      <WorkspaceNav id={id} keyId={key?.key_id} />
      <section class="card">
        <button type="button" disabled={key === undefined || action.busy} onClick={() =>
          action.run(async () => {
            const { job_id } = await runLedger(key!.secret, id)
            setJob({ id: job_id, status: "queued" })
            const done = await finishedJob(key!.secret, job_id, (e) => setJob({ id: job_id, status: e.status }), new AbortController().signal)
            setJob({ id: job_id, status: done.status })
            report.reload()
          })}>Run ledger understanding</button>
        <p role="status">{job === null ? "" : <>Run: <a href={jobLink(job.id, key?.key_id)}>{job.status}</a></>}</p>
        <ErrorNote error={action.error ?? report.error} />
      </section>
      {report.data === undefined ? (report.loading && key !== undefined ? <Loading /> : null) : report.data.status === 404 ? (
        <p class="card">No report yet for this workspace: run it.</p>
      ) : body !== undefined && "error" in body ? (
        <p class="card error" role="alert">{body.error.code}: {body.error.message}</p>
      ) : (
        <section class="card" aria-labelledby="report-title">
          <h2 id="report-title">Latest report</h2>
          <pre tabIndex={0} aria-label="Ledger report" data-testid="ledger-report">{JSON.stringify(body, null, 2)}</pre>
        </section>
      )}
    </>
  )
}
