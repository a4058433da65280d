/** The overview: what each part of the console does, and the service clock at a glance. */
import { admin, heldKeys, knownAccounts, knownTenants } from "../api/session.js"
import { ErrorNote, formatTime, PageTitle, useLoad } from "../components/ui.js"

export const HomePage = () => {
  const clock = useLoad(() => admin.value!.clock.now(), [])
  return (
    <>
      <PageTitle lead="The dashboard of the decision service, the document and workspace services' tenants and jobs, and the test harness.">
        Overview
      </PageTitle>
      <section class="grid">
        <a class="card tile" href="/console/accounts">
          <h2>Accounts</h2>
          <p>{knownAccounts.value.length} known here · API keys, billing</p>
        </a>
        <a class="card tile" href="/console/playground">
          <h2>Playground</h2>
          <p>Evaluate questions with a key: the API's validation, limiter and debit</p>
        </a>
        <a class="card tile" href="/console/tenants">
          <h2>Tenants</h2>
          <p>{knownTenants.value.length} known here · document-service keys and limits</p>
        </a>
        <a class="card tile" href="/console/jobs">
          <h2>Jobs</h2>
          <p>Filter, follow live, read results</p>
        </a>
        <a class="card tile" href="/console/workspaces">
          <h2>Workspaces</h2>
          <p>Files, search, the knowledge graph, the ledger report</p>
        </a>
        <a class="card tile" href="/console/usage">
          <h2>Usage</h2>
          <p>Units, jobs and documents as charts</p>
        </a>
        <a class="card tile" href="/console/harness">
          <h2>Harness</h2>
          <p>
            Clock: {clock.data === undefined ? "…" : `${formatTime(clock.data.now)} (${clock.data.manual ? "manual" : "system"})`}
          </p>
        </a>
        <a class="card tile" href="/console/journal">
          <h2>Request journal</h2>
          <p>What the services were asked and answered, filtered, newest first</p>
        </a>
      </section>
      <ErrorNote error={clock.error} />
      <p class="muted">{heldKeys.value.length} full API keys held in this tab.</p>
    </>
  )
}
