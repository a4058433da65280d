/**
 * Citations to evidences (spec 3: "Citations that cannot be resolved to a visible uploaded file are
 * dropped"): each cited path (or file id) is looked up now, with the caller's visible labels; a
 * path that names no file, a derived output, or a file the caller may not see is dropped, as are
 * repeats of the same passage. What remains keeps the engine's order (importance).
 */
import { Effect, Either, Option } from "effect"
import { isDerivedPath, normalizeFilePath } from "../files/file-path.js"
import { isVisible, type VisibleLabels, WorkspaceFileStore } from "../files/file-store.js"
import type { WorkspaceFile } from "../files/workspace-file.js"
import type { SearchEvidence } from "./intelligent-search-result.js"

export interface Citation {
  /** the path as the engine named it */
  readonly path: string
  readonly file_id?: string | undefined
  readonly page: number | null
  readonly quote: string
  readonly relevance: number
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000 : 0)

export const resolveCitations = (tenantId: string, workspaceId: string, visible: VisibleLabels, citations: ReadonlyArray<Citation>) =>
  Effect.gen(function*() {
    const store = yield* WorkspaceFileStore
    const files = new Map<string, Option.Option<WorkspaceFile>>()
    const out: Array<SearchEvidence> = []
    const seen = new Set<string>()
    for (const c of citations) {
      const quote = c.quote.trim()
      if (quote === "") continue
      const normalized = normalizeFilePath(c.path.replace(/^\/+/, ""))
      if (Either.isLeft(normalized) || isDerivedPath(normalized.right)) continue
      const path = normalized.right
      if (!files.has(path)) files.set(path, yield* store.getByPath(tenantId, workspaceId, path))
      const file = files.get(path)!
      if (Option.isNone(file) || !isVisible(file.value.access_label, visible)) continue
      if (c.file_id !== undefined && c.file_id !== file.value.file_id) continue
      const key = `${file.value.file_id}\u0000${c.page ?? ""}\u0000${quote}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({
        source_path: file.value.path,
        source_file_id: file.value.file_id,
        ...(c.page !== null && Number.isInteger(c.page) && c.page >= 1 ? { page: c.page } : {}),
        quote,
        relevance: clamp01(c.relevance)
      })
    }
    return out as ReadonlyArray<SearchEvidence>
  })
