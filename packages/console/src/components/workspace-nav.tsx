/** The tabs of a workspace's pages, carrying the key they call the API with. */
import { useLocation } from "preact-iso"

const TABS: ReadonlyArray<readonly [string, string]> = [["", "Files"], ["/search", "Search"], ["/graph", "Graph"], ["/ledger", "Ledger"]]

export const WorkspaceNav = ({ id, keyId }: { readonly id: string; readonly keyId: string | undefined }) => {
  const { path } = useLocation()
  const base = `/console/workspaces/${encodeURIComponent(id)}`
  const suffix = keyId === undefined ? "" : `?key=${encodeURIComponent(keyId)}`
  return (
    <nav aria-label="Workspace" class="tabs">
      <ul>
        {TABS.map(([tab, label]) => (
          <li key={tab}><a href={base + tab + suffix} aria-current={path === base + tab ? "page" : undefined}>{label}</a></li>
        ))}
      </ul>
    </nav>
  )
}

export const jobLink = (jobId: string, keyId: string | undefined) =>
  `/console/jobs/${jobId}${keyId === undefined ? "" : `?key=${encodeURIComponent(keyId)}`}`
