/** A workspace's knowledge graph: build it, and see it drawn (`kg-info` with the graph), its types and hubs. */
import { useRoute } from "preact-iso"
import { useState } from "preact/hooks"
import { finishedJob } from "../api/documents.js"
import { ApiError } from "../api/http.js"
import { buildGraph, kgInfo } from "../api/workspaces.js"
import { useDocsKey } from "../components/docs-key.js"
import { GraphView } from "../components/graph-view.js"
import { ErrorNote, Loading, PageTitle, useAction, useLoad } from "../components/ui.js"
import { WorkspaceNav } from "../components/workspace-nav.js"

export const WorkspaceGraphPage = () => {
  const { params } = useRoute()
  const id = params.id
  const { key } = useDocsKey()
  const info = useLoad(async () => (key === undefined ? undefined : kgInfo(key.secret, id)), [id, key?.key_id])
  const [status, setStatus] = useState("")
  const action = useAction()
  const notBuilt = info.error instanceof ApiError && info.error.status === 409
  return (
    <>
      <PageTitle>Knowledge graph</PageTitle>
      <WorkspaceNav id={id} keyId={key?.key_id} />
      <section class="card">
        <div class="actions">
          <button type="button" disabled={key === undefined || action.busy} onClick={() =>
            action.run(async () => {
              const { job_id } = await buildGraph(key!.secret, id, false)
              const done = await finishedJob(key!.secret, job_id, (e) => setStatus(`build ${e.status}`), new AbortController().signal)
              setStatus(`build ${done.status}${done.error ? `: ${done.error.message}` : ""}`)
              info.reload()
            })}>Build the graph</button>
        </div>
        <p role="status" class="muted">{status}</p>
        <ErrorNote error={action.error ?? (notBuilt ? undefined : info.error)} />
        {notBuilt ? <p>No graph yet: ingest files, then build it.</p> : null}
      </section>
      {info.data === undefined ? (info.loading ? <Loading /> : null) : (
        <>
          <section class="card" aria-labelledby="graph-title">
            <h2 id="graph-title" data-testid="graph-totals">{info.data.node_total} nodes, {info.data.edge_total} edges</h2>
            {info.data.graph === null || info.data.graph.nodes.length === 0 ? <p class="muted">The graph is empty.</p> : <GraphView data={info.data.graph} />}
          </section>
          <div class="grid">
            <section class="card">
              <h2>Hubs</h2>
              <ol aria-label="Hubs">{info.data.hubs.map((h) => <li key={h.node_id}>{h.title} <span class="muted">({h.node_type}, degree {h.degree})</span></li>)}</ol>
            </section>
            <section class="card">
              <h2>Types</h2>
              <ul>{info.data.node_types.map((t) => <li key={t.type}>{t.type}: {t.count}</li>)}</ul>
              <ul>{info.data.edge_types.map((t) => <li key={t.type}>{t.type}: {t.count}</li>)}</ul>
            </section>
          </div>
        </>
      )}
    </>
  )
}
