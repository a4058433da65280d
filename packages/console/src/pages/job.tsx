/**
 * One job: its state, its progress live from the event stream (`GET /v1/jobs/{id}/events`) until
 * it ends, then its result; cancel while it runs.
 */
import { useLocation, useRoute } from "preact-iso"
import { useEffect, useState } from "preact/hooks"
import { cancelJob, followEvents, getJob, isTerminal, type JobEvent } from "../api/documents.js"
import { heldKeys } from "../api/session.js"
import { ResultView } from "../components/result-view.js"
import { ErrorNote, Loading, PageTitle, useAction, useLoad } from "../components/ui.js"

export const JobPage = () => {
  const { params } = useRoute()
  const { query } = useLocation()
  const jobId = params.id
  const keys = heldKeys.value.filter((k) => k.service === "docs")
  const key = keys.find((k) => k.key_id === query.key) ?? keys[0]
  const job = useLoad(async () => (key === undefined ? undefined : getJob(key.secret, jobId)), [jobId, key?.key_id])
  const [events, setEvents] = useState<ReadonlyArray<JobEvent>>([])
  const [streamError, setStreamError] = useState<unknown>(undefined)
  const cancel = useAction()
  const running = job.data !== undefined && !isTerminal(job.data.status)
  useEffect(() => {
    if (!running || key === undefined) return
    const abort = new AbortController()
    followEvents(key.secret, jobId, (event) => {
      setEvents((list) => [...list, event])
      // the terminal frame carries no result: read the job once more
      if (isTerminal(event.status)) job.reload()
    }, abort.signal).catch((e: unknown) => {
      if (!abort.signal.aborted) setStreamError(e)
    })
    return () => abort.abort()
  }, [running, jobId, key?.key_id])
  const last = events.at(-1)
  const status = last?.status ?? job.data?.status
  const progress = last?.progress ?? job.data?.progress ?? null
  const fraction = progress?.units_total ? (progress.units_done ?? 0) / progress.units_total : undefined
  return (
    <>
      <PageTitle>Job <code>{jobId}</code></PageTitle>
      {key === undefined ? <p class="error" role="alert">No tenant key is held in this tab: <a href="/console/tenants">create one</a>.</p> : null}
      <ErrorNote error={job.error ?? streamError ?? cancel.error} />
      {job.data === undefined ? (job.error === undefined && key !== undefined ? <Loading /> : null) : (
        <>
          <section class="card" aria-labelledby="job-state">
            <h2 id="job-state">{job.data.kind} <span class={`badge ${status}`} data-testid="job-status">{status}</span></h2>
            <div role="status" aria-live="polite">
              {progress === null ? null : (
                <p>
                  {progress.stage ?? "working"}
                  {fraction === undefined ? null : <> · <progress max={1} value={fraction} aria-label="Progress" /> {Math.round(fraction * 100)}%</>}
                </p>
              )}
            </div>
            <dl class="facts">
              <dt>Created</dt><dd>{job.data.created_at}</dd>
              <dt>Started</dt><dd>{job.data.started_at ?? "—"}</dd>
              <dt>Finished</dt><dd>{job.data.finished_at ?? "—"}</dd>
              <dt>Units</dt><dd>{job.data.units ?? "—"}</dd>
              {job.data.workspace_id === null ? null : <><dt>Workspace</dt><dd><code>{job.data.workspace_id}</code></dd></>}
              {job.data.result_state === undefined ? null : <><dt>Result</dt><dd>{job.data.result_state}</dd></>}
            </dl>
            {running ? (
              <button type="button" class="danger" disabled={cancel.busy} onClick={() =>
                cancel.run(async () => job.set(await cancelJob(key!.secret, jobId)))}>Cancel job</button>
            ) : null}
            {job.data.error === null || job.data.error === undefined ? null : (
              <p class="error" role="alert">{job.data.error.code}: {job.data.error.message}</p>
            )}
          </section>
          {events.length === 0 ? null : (
            <section class="card" aria-labelledby="events-title">
              <h2 id="events-title">Events</h2>
              <ol class="events" data-testid="events">
                {events.map((e) => (
                  <li key={e.sequence}>#{e.sequence} {e.status}{e.progress?.stage ? ` · ${e.progress.stage}` : ""}{e.message ? ` · ${e.message}` : ""}</li>
                ))}
              </ol>
            </section>
          )}
          {job.data.status === "succeeded" ? (
            <section class="card" aria-labelledby="result-title">
              <h2 id="result-title">Result</h2>
              <ResultView job={job.data} />
            </section>
          ) : null}
        </>
      )}
    </>
  )
}
