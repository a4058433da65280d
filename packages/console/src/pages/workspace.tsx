/** One workspace: its files with their ingestion status, uploading a file, ingesting, its stats. */
import { useRoute } from "preact-iso"
import { useState } from "preact/hooks"
import { finishedJob } from "../api/documents.js"
import { getWorkspace, ingestAll, listFiles, uploadFile, workspaceStats } from "../api/workspaces.js"
import { useDocsKey } from "../components/docs-key.js"
import { ErrorNote, Loading, PageTitle, useAction, useLoad } from "../components/ui.js"
import { jobLink, WorkspaceNav } from "../components/workspace-nav.js"

export const WorkspacePage = () => {
  const { params } = useRoute()
  const id = params.id
  const { key } = useDocsKey()
  const workspace = useLoad(async () => (key === undefined ? undefined : getWorkspace(key.secret, id)), [id, key?.key_id])
  const files = useLoad(async () => (key === undefined ? undefined : listFiles(key.secret, id)), [id, key?.key_id])
  const stats = useLoad(async () => (key === undefined ? undefined : workspaceStats(key.secret, id)), [id, key?.key_id])
  const [file, setFile] = useState<File | null>(null)
  const [path, setPath] = useState("")
  const [lastJob, setLastJob] = useState<{ id: string; label: string; status: string } | null>(null)
  const action = useAction()
  /** Starts a job, follows it to its end, then reloads the files. */
  const track = (label: string, start: () => Promise<{ job_id: string }>) =>
    action.run(async () => {
      const { job_id } = await start()
      setLastJob({ id: job_id, label, status: "queued" })
      const done = await finishedJob(key!.secret, job_id, (e) => setLastJob({ id: job_id, label, status: e.status }), new AbortController().signal)
      setLastJob({ id: job_id, label, status: done.status })
      files.reload()
      stats.reload()
    })
  return (
    <>
      <PageTitle>Workspace {workspace.data === undefined ? <code>{id}</code> : workspace.data.name}</PageTitle>
      <WorkspaceNav id={id} keyId={key?.key_id} />
      {key === undefined ? <p class="error" role="alert">No tenant key is held in this tab: <a href="/console/tenants">create one</a>.</p> : null}
      <ErrorNote error={workspace.error ?? files.error} />
      <div class="grid">
        <form class="card" onSubmit={(e) => {
          e.preventDefault()
          if (file === null) return
          void track(`upload of ${path || file.name}`, () => uploadFile(key!.secret, id, file, path.trim() === "" ? file.name : path.trim()))
        }}>
          <h2>Add a file</h2>
          <label for="ws-file">File</label>
          <input id="ws-file" type="file" required onChange={(e) => {
            const f = e.currentTarget.files?.[0] ?? null
            setFile(f)
            if (f !== null && path === "") setPath(f.name)
          }} />
          <label for="ws-path">Path in the workspace</label>
          <input id="ws-path" value={path} placeholder="reports/2026/q1.pdf" onInput={(e) => setPath(e.currentTarget.value)} />
          <div class="actions">
            <button type="submit" disabled={key === undefined || file === null || action.busy}>Upload</button>
            <button type="button" disabled={key === undefined || action.busy} onClick={() => track("ingestion", () => ingestAll(key!.secret, id))}>
              Ingest the workspace
            </button>
          </div>
          <p role="status" data-testid="workspace-job">
            {lastJob === null ? "" : <>The {lastJob.label}: <a href={jobLink(lastJob.id, key?.key_id)}>{lastJob.status}</a></>}
          </p>
          <ErrorNote error={action.error} />
        </form>
        <section class="card">
          <h2>Stats</h2>
          {stats.data === undefined ? <Loading /> : (
            <dl class="facts">
              {Object.entries(stats.data).filter(([, v]) => typeof v !== "object" || v === null).flatMap(([k, v]) => [
                <dt key={`${k}-t`}>{k.replace(/_/g, " ")}</dt>,
                <dd key={`${k}-d`}>{v === null ? "—" : String(v)}</dd>
              ])}
            </dl>
          )}
        </section>
      </div>
      {files.data === undefined ? null : (
        <section class="card" aria-labelledby="files-title">
          <h2 id="files-title">{files.data.total_count} {files.data.total_count === 1 ? "file" : "files"}</h2>
          {files.data.coverage.restricted_candidates === 0 ? null : (
            <p class="muted">{files.data.coverage.restricted_candidates} more need the labels {files.data.coverage.labels_required.join(", ")}.</p>
          )}
          <div class="table-wrap">
            <table>
              <thead><tr><th scope="col">Path</th><th scope="col">Ingestion</th><th scope="col">Category</th><th scope="col">Access label</th><th scope="col">Version</th><th scope="col">Size</th></tr></thead>
              <tbody>
                {files.data.items.map((f) => (
                  <tr key={f.file_id}>
                    <td><a href={`/console/workspaces/${encodeURIComponent(id)}/files/${f.file_id}?key=${encodeURIComponent(key!.key_id)}`}>{f.path}</a></td>
                    <td><span class={`badge ${f.ingestion_status === "ingested" ? "succeeded" : f.ingestion_status === "failed" ? "failed" : "running"}`}>{f.ingestion_status}</span></td>
                    <td>{f.category ?? "—"}</td>
                    <td>{f.access_label ?? "—"}</td>
                    <td class="num">{f.version}</td>
                    <td class="num">{f.size_bytes.toLocaleString("en-US")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  )
}
