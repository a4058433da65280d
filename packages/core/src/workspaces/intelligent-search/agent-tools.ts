/**
 * The workspace tools as the search agent calls them, each run with the caller's visible labels
 * (hidden files never reach the agent) and scoped to the run's `path_prefix`:
 * `hybrid-search`, `folder-metadata`, `file-metadata`, `read-file`, `qa-file`, and the knowledge
 * graph's `kg-search` and `kg-walk` — the same work as their routes, on arguments checked by the
 * routes' own body schemas. A refusal a caller would get (404 `file_not_found`, 409
 * `file_not_ingested` or `kg_not_built`, 422) becomes the observation `{error: {code, message}}`
 * for the agent to read; storage or engine failures fail the run.
 */
import { Clock, Data, Effect, Either, Option, ParseResult, Schema } from "effect"
import type { AgentToolName } from "../../intelligence/search-agent.js"
import { WorkspaceFileNotFound } from "../files/file-errors.js"
import { fileMetadataTool } from "../files/file-metadata-tool.js"
import { isDerivedPath, normalizeFilePath, normalizePathPrefix } from "../files/file-path.js"
import { isVisible, type VisibleLabels, WorkspaceFileStore } from "../files/file-store.js"
import { FOLDER_SCAN_MAX, folderMetadata } from "../files/folder-metadata.js"
import { INGESTION_STATUSES } from "../files/workspace-file.js"
import { FileIngestionStore } from "../ingestion/file-ingestion.js"
import { hybridSearch } from "../search/hybrid-search.js"
import { HybridSearchBody } from "../search/search-input.js"
import { qaFile } from "../tools/qa-file.js"
import { readFile } from "../tools/read-file.js"
import { pagesOf, QaFileBody, ReadFileBody } from "../tools/tool-input.js"
import { ingestedToolFile } from "../tools/tool-file.js"
import { argumentsDigest } from "./tool-call-digest.js"
import { graphViewOf } from "../graph/graph-view.js"
import { KgSearchBody, KgWalkBody } from "../graph/kg-input.js"
import { kgSearch } from "../graph/kg-search.js"
import { kgWalk } from "../graph/kg-walk.js"
import { currentGraph } from "../graph/loaded-graph.js"
import { type Coverage, NO_COVERAGE, type ToolCallRecord } from "./intelligent-search-result.js"

/** what one read-file call may return to the agent (its context is bounded) */
export const AGENT_READ_CHARS = 8_000
export const AGENT_FOLDER_PAGE = 50

export interface ToolScope {
  readonly tenantId: string
  readonly workspaceId: string
  readonly visible: VisibleLabels
  /** the run's folder scope: normalized, "" for the whole workspace */
  readonly pathPrefix: string
}

export interface ToolOutcome {
  /** what the agent reads: the tool's response body, or `{error}` */
  readonly result: unknown
  readonly record: ToolCallRecord
  readonly coverage: Coverage
  readonly candidates_seen: number
}

const FolderArgs = Schema.Struct({
  directory: Schema.optional(Schema.String.pipe(Schema.maxLength(4096))),
  recursive: Schema.optional(Schema.Boolean),
  category: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))),
  ingestion_status: Schema.optional(Schema.Literal(...INGESTION_STATUSES)),
  kind: Schema.optional(Schema.Literal("table", "document", "media")),
  name_contains: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(1024)))
})
const FileArgs = Schema.Struct({ path: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(4096)) })

export class ToolRefused extends Data.TaggedError("ToolRefused")<{ readonly code: string; readonly message: string }> {}

const decode = <A, I>(schema: Schema.Schema<A, I>, args: unknown) =>
  Either.match(Schema.decodeUnknownEither(schema, { onExcessProperty: "error" })(args), {
    onLeft: (e) => Effect.fail(new ToolRefused({ code: "invalid_request", message: ParseResult.TreeFormatter.formatErrorSync(e) })),
    onRight: (a) => Effect.succeed(a)
  })

/** A path under the run's scope, or the scope itself when the agent names none or one outside it. */
const scoped = (scope: ToolScope, raw: string | undefined): string => {
  if (raw === undefined) return scope.pathPrefix
  const bare = raw.replace(/^\/+/, "")
  const p = bare === "" ? Either.right("") : normalizePathPrefix(bare.endsWith("/") ? bare : `${bare}/`)
  if (Either.isLeft(p)) return scope.pathPrefix
  return p.right.startsWith(scope.pathPrefix) ? p.right : scope.pathPrefix
}

const inScope = (scope: ToolScope, path: string) => path.startsWith(scope.pathPrefix)

/** the caller-facing refusals of the tools (each carries its v1 code); anything else fails the run */
const refusalOf = (e: unknown): ToolRefused | undefined => {
  if (e instanceof ToolRefused) return e
  const tagged = e as { readonly _tag?: string; readonly v1?: { readonly code: string }; readonly text?: string; readonly message?: string }
  if (tagged._tag === "StorageUnavailable" || tagged._tag === "ServiceUnavailable" || tagged._tag === "EngineFailed") return undefined
  if (tagged.v1 !== undefined) return new ToolRefused({ code: tagged.v1.code, message: tagged.text ?? tagged.message ?? tagged.v1.code })
  return undefined
}

const run = (scope: ToolScope, tool: AgentToolName, args: unknown) =>
  Effect.gen(function*() {
    const t = scope.tenantId
    const w = scope.workspaceId
    switch (tool) {
      case "hybrid-search": {
        const a = yield* decode(HybridSearchBody, args)
        const r = yield* hybridSearch(t, w, scope.visible, { query: a.query, k: a.k, path_prefix: scoped(scope, a.path_prefix), categories: a.categories })
        return { result: r, hits: r.hits.length, coverage: r.coverage, candidates_seen: r.candidates_seen }
      }
      case "folder-metadata": {
        const a = yield* decode(FolderArgs, args)
        const filtered = a.category !== undefined || a.ingestion_status !== undefined || a.kind !== undefined || a.name_contains !== undefined
        const r = yield* folderMetadata(t, w, scope.visible, {
          directory: scoped(scope, a.directory),
          recursive: a.recursive ?? filtered,
          category: a.category,
          ingestion_status: a.ingestion_status,
          kind: a.kind,
          name_contains: a.name_contains,
          page_size: AGENT_FOLDER_PAGE,
          start_after: undefined,
          filtered
        })
        if (Option.isNone(r)) return yield* new ToolRefused({ code: "invalid_request", message: `the directory holds more than ${FOLDER_SCAN_MAX} matching files: name a narrower directory or add a filter` })
        const view = r.value.view
        return { result: view, hits: view.file_entries.length, coverage: view.coverage, candidates_seen: 0 }
      }
      case "file-metadata": {
        const a = yield* decode(FileArgs, args)
        const path = normalizeFilePath(a.path.replace(/^\/+/, ""))
        if (Either.isLeft(path) || isDerivedPath(path.right)) return yield* new ToolRefused({ code: "invalid_request", message: `${a.path} is not the path of an uploaded file` })
        const found = yield* Effect.flatMap(WorkspaceFileStore, (s) => s.getByPath(t, w, path.right))
        if (Option.isNone(found) || !isVisible(found.value.access_label, scope.visible) || !inScope(scope, found.value.path)) {
          return yield* new WorkspaceFileNotFound({ file: a.path })
        }
        const [record, outputs] = yield* Effect.all([
          Effect.flatMap(FileIngestionStore, (s) => s.get(t, w, found.value.file_id)),
          Effect.flatMap(WorkspaceFileStore, (s) => s.listOutputs(t, w, found.value.file_id))
        ])
        return { result: fileMetadataTool(found.value, record, outputs), hits: 1, coverage: NO_COVERAGE, candidates_seen: 0 }
      }
      case "read-file": {
        const a = yield* decode(ReadFileBody, args)
        const target = yield* ingestedToolFile(t, w, a.path, scope.visible)
        if (!inScope(scope, target.file.path)) return yield* new WorkspaceFileNotFound({ file: a.path })
        const r = yield* readFile(target, { ...a, pages: pagesOf(a.pages), max_chars: Math.min(a.max_chars, AGENT_READ_CHARS) })
        return { result: r, hits: r.segments.length, coverage: r.coverage, candidates_seen: 0 }
      }
      case "kg-search": {
        const a = yield* decode(KgSearchBody, args)
        const view = yield* graphViewOf(yield* currentGraph(t, w), t, w, scope.visible, scoped(scope, a.path_prefix) || undefined)
        const r = yield* kgSearch(view, a)
        return { result: r, hits: r.nodes.length, coverage: r.coverage, candidates_seen: 0 }
      }
      case "kg-walk": {
        const a = yield* decode(KgWalkBody, args)
        const view = yield* graphViewOf(yield* currentGraph(t, w), t, w, scope.visible, scoped(scope, a.path_prefix) || undefined)
        const r = yield* kgWalk(view, a)
        return { result: r, hits: r.nodes.length, coverage: r.coverage, candidates_seen: 0 }
      }
      case "qa-file": {
        const a = yield* decode(QaFileBody, args)
        const target = yield* ingestedToolFile(t, w, a.path, scope.visible)
        if (!inScope(scope, target.file.path)) return yield* new WorkspaceFileNotFound({ file: a.path })
        const r = yield* qaFile(target, { ...a, pages: pagesOf(a.pages) })
        return { result: r, hits: r.citations.length, coverage: r.coverage, candidates_seen: 0 }
      }
    }
  })

/**
 * Runs one tool call for the agent: its outcome, its `tool_calls` record (digest of the arguments,
 * hits, duration on the service clock) and what it withheld.
 */
export const runTool = (scope: ToolScope, tool: AgentToolName, args: unknown) =>
  Effect.gen(function*() {
    const started = yield* Clock.currentTimeMillis
    const outcome = yield* run(scope, tool, args).pipe(
      Effect.catchAll((e) => {
        const refusal = refusalOf(e)
        return refusal === undefined
          ? Effect.fail(e)
          : Effect.succeed({ result: { error: { code: refusal.code, message: refusal.message } } as unknown, hits: 0, coverage: NO_COVERAGE, candidates_seen: 0 })
      })
    )
    const finished = yield* Clock.currentTimeMillis
    return {
      result: outcome.result,
      record: { tool, arguments_digest: argumentsDigest(args), hits: outcome.hits, duration_ms: Math.max(0, finished - started) },
      coverage: outcome.coverage,
      candidates_seen: outcome.candidates_seen
    } satisfies ToolOutcome
  })
