/** A tenant's workspaces (spec 3): the list, and creating one. */
import { useLocation } from "preact-iso"
import { useState } from "preact/hooks"
import { createWorkspace, listWorkspaces } from "../api/workspaces.js"
import { useDocsKey } from "../components/docs-key.js"
import { ErrorNote, PageTitle, useAction, useLoad } from "../components/ui.js"

export const WorkspacesPage = () => {
  const { route } = useLocation()
  const { key, picker } = useDocsKey()
  const list = useLoad(async () => (key === undefined ? undefined : listWorkspaces(key.secret)), [key?.key_id])
  const [name, setName] = useState("")
  const create = useAction()
  const link = (id: string) => `/console/workspaces/${encodeURIComponent(id)}?key=${encodeURIComponent(key!.key_id)}`
  return (
    <>
      <PageTitle lead="Files and their ingestion, search, the knowledge graph and the ledger report of each workspace.">Workspaces</PageTitle>
      <div class="grid">
        <section class="card">{picker}</section>
        <form class="card" onSubmit={(e) => {
          e.preventDefault()
          void create.run(async () => {
            const w = await createWorkspace(key!.secret, name.trim())
            route(link(w.workspace_id))
          })
        }}>
          <h2>Create a workspace</h2>
          <label for="workspace-name">Name</label>
          <input id="workspace-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
          <button type="submit" disabled={key === undefined || create.busy}>Create workspace</button>
          <ErrorNote error={create.error} />
        </form>
      </div>
      <ErrorNote error={list.error} />
      {list.data === undefined ? null : (
        <section class="card">
          <h2>{list.data.items.length} {list.data.items.length === 1 ? "workspace" : "workspaces"}</h2>
          <div class="table-wrap">
            <table>
              <thead><tr><th scope="col">Name</th><th scope="col">Domain</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
              <tbody>
                {list.data.items.map((w) => (
                  <tr key={w.workspace_id}>
                    <td><a href={link(w.workspace_id)}>{w.name}</a></td>
                    <td>{w.domain_slug} v{w.domain_version}</td>
                    <td>{w.status}</td>
                    <td>{w.created_at}</td>
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
