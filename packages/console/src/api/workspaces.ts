/**
 * The workspace service's public API (spec 3) as the console calls it, with a tenant's key:
 * workspaces, files and their ingestion, the searches, the knowledge graph, the ledger report.
 */
import type { Api, Jobs, Workspaces } from "@docket/core"
import { call, send } from "./http.js"

const keyHeader = (key: string) => ({ "x-api-key": key })
const ws = (id: string) => `/v1/workspaces/${encodeURIComponent(id)}`

/** core's wire types (types only: nothing of core is bundled) */
export type Workspace = Workspaces.WorkspaceView
export type WorkspaceSummary = Workspaces.WorkspaceSummaryView
export type WorkspaceFile = Workspaces.Files.FileView
export type FileDetail = Workspaces.Files.FileDetailView
export type FilePage = Workspaces.Files.FilePageView
export type FileMetadata = Workspaces.Files.FileMetadataView
export type WorkspaceStats = Workspaces.WorkspaceStats
export type Evidence = Workspaces.Search.Evidence
export type HybridSearchResult = Workspaces.Search.HybridSearchResult
export type KgInfo = Workspaces.Graph.KgInfo
export type GraphNode = Workspaces.Graph.KgNodeBrief
export type LedgerReport = Workspaces.Ledger.LatestLedgerReport
type Job = Jobs.V1Job

export const listWorkspaces = (key: string) =>
  call<Workspaces.PageView<WorkspaceSummary>>("GET", "/v1/workspaces?limit=200", { headers: keyHeader(key) })

export const createWorkspace = (key: string, name: string) =>
  call<Workspace>("POST", "/v1/workspaces", { headers: keyHeader(key), json: { name } })

export const getWorkspace = (key: string, id: string) => call<Workspace>("GET", ws(id), { headers: keyHeader(key) })

export const workspaceStats = (key: string, id: string) => call<WorkspaceStats>("GET", `${ws(id)}/stats`, { headers: keyHeader(key) })

export const listFiles = (key: string, id: string) =>
  call<FilePage>("GET", `${ws(id)}/files?limit=200`, { headers: keyHeader(key) })

export const getFile = (key: string, id: string, fileId: string) =>
  call<FileDetail>("GET", `${ws(id)}/files/${encodeURIComponent(fileId)}`, { headers: keyHeader(key) })

export const fileMetadata = (key: string, id: string, fileId: string) =>
  call<FileMetadata>("GET", `${ws(id)}/files/${encodeURIComponent(fileId)}/metadata`, { headers: keyHeader(key) })

/** Multipart: the `file` part and a `metadata` part holding `{path}`; answers the `file_upload` job. */
export const uploadFile = (key: string, id: string, file: File, path: string) => {
  const form = new FormData()
  form.append("file", file, file.name)
  form.append("metadata", new Blob([JSON.stringify({ path })], { type: "application/json" }))
  return call<Job>("POST", `${ws(id)}/files`, { headers: keyHeader(key), body: form })
}

/** Ingests the whole workspace (`path_prefix` empty). */
export const ingestAll = (key: string, id: string) =>
  call<Job>("POST", `${ws(id)}/ingestions`, {
    headers: keyHeader(key),
    json: { selection: { type: "path_prefix", path_prefix: "", stale_only: false } }
  })

export const hybridSearch = (key: string, id: string, body: { query: string; k: number }) =>
  call<HybridSearchResult>("POST", `${ws(id)}/tools/hybrid-search`, { headers: keyHeader(key), json: body })

/** Fact, deep and filtered search start a job (202 with the job). */
export const startSearch = (key: string, id: string, mode: "fact-search" | "deep-search" | "filtered-search", body: Record<string, unknown>) =>
  call<Job>("POST", `${ws(id)}/${mode}`, { headers: keyHeader(key), json: body })

export const kgInfo = (key: string, id: string) =>
  call<KgInfo>("GET", `${ws(id)}/tools/kg-info?include_graph=true&graph_nodes=300`, { headers: keyHeader(key) })

export const buildGraph = (key: string, id: string, force: boolean) =>
  call<Job>("POST", `${ws(id)}/knowledge-graph/builds`, { headers: keyHeader(key), json: { force } })

/** The latest ledger report; 404 `ledger_understanding_not_found` before the first run. */
export const ledgerReport = (key: string, id: string) => send<LedgerReport | Api.V1ErrorBody>("GET", `${ws(id)}/ledger-understanding`, { headers: keyHeader(key) })

export const runLedger = (key: string, id: string) =>
  call<Job>("POST", `${ws(id)}/ledger-understanding`, { headers: keyHeader(key), json: {} })
