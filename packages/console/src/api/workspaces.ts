/**
 * The workspace service's public API (spec 3) as the console calls it, with a tenant's key:
 * workspaces, files and their ingestion, the searches, the knowledge graph, the ledger report.
 */
import { call, send } from "./http.js"

const keyHeader = (key: string) => ({ "x-api-key": key })
const ws = (id: string) => `/v1/workspaces/${encodeURIComponent(id)}`

export interface Workspace {
  readonly workspace_id: string
  readonly name: string
  readonly domain_slug: string
  readonly domain_version: number
  readonly status: string
  readonly created_at: string
}

export interface WorkspaceFile {
  readonly file_id: string
  readonly path: string
  readonly file_name: string
  readonly file_type: string
  readonly size_bytes: number
  readonly ingestion_status: string
  readonly category: string | null
  readonly access_label: string | null
  readonly version: number
  readonly updated_at: string
  readonly download_url?: string
  readonly preview_url?: string
}

export interface Coverage {
  readonly restricted_candidates: number
  readonly labels_required: ReadonlyArray<string>
}

export interface Evidence {
  readonly file_id: string
  readonly path: string
  readonly locator: { readonly kind?: string; readonly page?: number; readonly char_start?: number; readonly char_end?: number }
  readonly relevance_score: number
  readonly snippet: string
  readonly why?: string
  readonly component: string | null
}

export interface GraphNode {
  readonly node_id: string
  readonly node_type: string
  readonly title: string
  readonly degree: number
}

export interface KgInfo {
  readonly snapshot_id: string
  readonly built_at: string
  readonly node_total: number
  readonly edge_total: number
  readonly node_types: ReadonlyArray<{ readonly type: string; readonly count: number }>
  readonly edge_types: ReadonlyArray<{ readonly type: string; readonly count: number }>
  readonly hubs: ReadonlyArray<GraphNode>
  readonly coverage: Coverage
  readonly graph: {
    readonly nodes: ReadonlyArray<GraphNode>
    readonly edges: ReadonlyArray<{ readonly edge_id: string; readonly edge_type: string; readonly from_node_id: string; readonly to_node_id: string }>
    readonly truncated: boolean
  } | null
}

export const listWorkspaces = (key: string) =>
  call<{ items: ReadonlyArray<Workspace>; next_cursor: string | null }>("GET", "/v1/workspaces?limit=200", { headers: keyHeader(key) })

export const createWorkspace = (key: string, name: string) =>
  call<Workspace>("POST", "/v1/workspaces", { headers: keyHeader(key), json: { name } })

export const getWorkspace = (key: string, id: string) => call<Workspace>("GET", ws(id), { headers: keyHeader(key) })

export const workspaceStats = (key: string, id: string) => call<Record<string, unknown>>("GET", `${ws(id)}/stats`, { headers: keyHeader(key) })

export const listFiles = (key: string, id: string) =>
  call<{ items: ReadonlyArray<WorkspaceFile>; total_count: number; coverage: Coverage; next_cursor: string | null }>(
    "GET",
    `${ws(id)}/files?limit=200`,
    { headers: keyHeader(key) }
  )

export const getFile = (key: string, id: string, fileId: string) =>
  call<WorkspaceFile>("GET", `${ws(id)}/files/${encodeURIComponent(fileId)}`, { headers: keyHeader(key) })

export const fileMetadata = (key: string, id: string, fileId: string) =>
  call<Record<string, unknown>>("GET", `${ws(id)}/files/${encodeURIComponent(fileId)}/metadata`, { headers: keyHeader(key) })

/** Multipart: the `file` part and a `metadata` part holding `{path}`; answers the `file_upload` job. */
export const uploadFile = (key: string, id: string, file: File, path: string) => {
  const form = new FormData()
  form.append("file", file, file.name)
  form.append("metadata", new Blob([JSON.stringify({ path })], { type: "application/json" }))
  return call<{ job_id: string }>("POST", `${ws(id)}/files`, { headers: keyHeader(key), body: form })
}

/** Ingests the whole workspace (`path_prefix` empty). */
export const ingestAll = (key: string, id: string) =>
  call<{ job_id: string }>("POST", `${ws(id)}/ingestions`, {
    headers: keyHeader(key),
    json: { selection: { type: "path_prefix", path_prefix: "", stale_only: false } }
  })

export const hybridSearch = (key: string, id: string, body: { query: string; k: number }) =>
  call<{ hits: ReadonlyArray<Evidence>; candidates_seen: number; truncated: boolean; coverage: Coverage }>(
    "POST",
    `${ws(id)}/tools/hybrid-search`,
    { headers: keyHeader(key), json: body }
  )

/** Fact, deep and filtered search start a job (202 `{job_id}`). */
export const startSearch = (key: string, id: string, mode: "fact-search" | "deep-search" | "filtered-search", body: Record<string, unknown>) =>
  call<{ job_id: string }>("POST", `${ws(id)}/${mode}`, { headers: keyHeader(key), json: body })

export const kgInfo = (key: string, id: string) =>
  call<KgInfo>("GET", `${ws(id)}/tools/kg-info?include_graph=true&graph_nodes=300`, { headers: keyHeader(key) })

export const buildGraph = (key: string, id: string, force: boolean) =>
  call<{ job_id: string }>("POST", `${ws(id)}/knowledge-graph/builds`, { headers: keyHeader(key), json: { force } })

/** The latest ledger report; 404 `ledger_understanding_not_found` before the first run. */
export const ledgerReport = (key: string, id: string) => send<any>("GET", `${ws(id)}/ledger-understanding`, { headers: keyHeader(key) })

export const runLedger = (key: string, id: string) =>
  call<{ job_id: string }>("POST", `${ws(id)}/ledger-understanding`, { headers: keyHeader(key), json: {} })
