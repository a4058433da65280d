/** A workspace record for tests that put one in a store directly: the defaults a create gives, active, at time 0. */
import { DEFAULT_KNOWLEDGE_GRAPH, DEFAULT_LEDGER_UNDERSTANDING, type Workspace } from "../workspaces/workspace/workspace.js"

export const workspaceFixture = (over: Partial<Workspace> = {}): Workspace => ({
  workspace_id: "ws-1",
  tenant_id: "ten-1",
  name: "w",
  domain_id: "d",
  domain_slug: "generic",
  domain_version: 1,
  access: { labels: [], default_label: null },
  retention_policy: { derived_ttl_days: null, source_ttl_days: null, job_ttl_days: 30 },
  knowledge_graph: DEFAULT_KNOWLEDGE_GRAPH,
  ledger_understanding: DEFAULT_LEDGER_UNDERSTANDING,
  config_version: 1,
  status: "active",
  created_at: 0,
  updated_at: 0,
  ...over
})
