/** The console's shell: sign-in gate, navigation, and one route per page under `/console`. */
import { LocationProvider, Route, Router, useLocation } from "preact-iso"
import { admin, signOut } from "./api/session.js"
import { AccountPage } from "./pages/account.js"
import { AccountsPage } from "./pages/accounts.js"
import { HarnessPage } from "./pages/harness.js"
import { HomePage } from "./pages/home.js"
import { JobPage } from "./pages/job.js"
import { JobsPage } from "./pages/jobs.js"
import { JournalPage } from "./pages/journal.js"
import { NotFoundPage } from "./pages/not-found.js"
import { PlaygroundPage } from "./pages/playground.js"
import { RunPage } from "./pages/run.js"
import { SignInPage } from "./pages/sign-in.js"
import { TenantPage } from "./pages/tenant.js"
import { TenantsPage } from "./pages/tenants.js"
import { UsagePage } from "./pages/usage.js"
import { WorkspacePage } from "./pages/workspace.js"
import { WorkspaceFilePage } from "./pages/workspace-file.js"
import { WorkspaceGraphPage } from "./pages/workspace-graph.js"
import { WorkspaceLedgerPage } from "./pages/workspace-ledger.js"
import { WorkspaceSearchPage } from "./pages/workspace-search.js"
import { WorkspacesPage } from "./pages/workspaces.js"

export const BASE = "/console"

const NAV: ReadonlyArray<{ readonly group: string; readonly links: ReadonlyArray<readonly [string, string]> }> = [
  { group: "Decision", links: [["/accounts", "Accounts"], ["/playground", "Playground"]] },
  { group: "Documents", links: [["/tenants", "Tenants"], ["/jobs", "Jobs"], ["/run", "Upload and run"], ["/usage", "Usage"]] },
  { group: "Workspaces", links: [["/workspaces", "Workspaces"]] },
  { group: "Harness", links: [["/harness", "Clock, faults, reset"], ["/journal", "Request journal"]] }
]

const Nav = () => {
  const { path } = useLocation()
  return (
    <nav aria-label="Console" class="nav">
      <a class="brand" href={`${BASE}/`}>Docket console</a>
      {NAV.map(({ group, links }) => (
        <div class="nav-group" key={group}>
          <span class="nav-title">{group}</span>
          <ul>
            {links.map(([href, label]) => {
              const current = path === BASE + href || path.startsWith(`${BASE + href}/`)
              return (
                <li key={href}>
                  <a href={BASE + href} aria-current={current ? "page" : undefined}>{label}</a>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
      <button type="button" class="link sign-out" onClick={signOut}>Sign out</button>
    </nav>
  )
}

const Pages = () => (
  <Router>
    <Route path={`${BASE}/`} component={HomePage} />
    <Route path={BASE} component={HomePage} />
    <Route path={`${BASE}/accounts`} component={AccountsPage} />
    <Route path={`${BASE}/accounts/:id`} component={AccountPage} />
    <Route path={`${BASE}/playground`} component={PlaygroundPage} />
    <Route path={`${BASE}/tenants`} component={TenantsPage} />
    <Route path={`${BASE}/tenants/:id`} component={TenantPage} />
    <Route path={`${BASE}/jobs`} component={JobsPage} />
    <Route path={`${BASE}/jobs/:id`} component={JobPage} />
    <Route path={`${BASE}/run`} component={RunPage} />
    <Route path={`${BASE}/usage`} component={UsagePage} />
    <Route path={`${BASE}/workspaces`} component={WorkspacesPage} />
    <Route path={`${BASE}/workspaces/:id`} component={WorkspacePage} />
    <Route path={`${BASE}/workspaces/:id/search`} component={WorkspaceSearchPage} />
    <Route path={`${BASE}/workspaces/:id/graph`} component={WorkspaceGraphPage} />
    <Route path={`${BASE}/workspaces/:id/ledger`} component={WorkspaceLedgerPage} />
    <Route path={`${BASE}/workspaces/:id/files/:file_id`} component={WorkspaceFilePage} />
    <Route path={`${BASE}/harness`} component={HarnessPage} />
    <Route path={`${BASE}/journal`} component={JournalPage} />
    <Route default component={NotFoundPage} />
  </Router>
)

export const App = () => (
  <LocationProvider scope={BASE}>
    {admin.value === null ? (
      <main class="sign-in" id="main">
        <SignInPage />
      </main>
    ) : (
      <div class="shell">
        <Nav />
        <main id="main" class="content">
          <Pages />
        </main>
      </div>
    )}
  </LocationProvider>
)
