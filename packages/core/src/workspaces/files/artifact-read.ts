/**
 * `GET /v1/workspaces/{id}/artifacts/content?path=…` below the route (spec 3, "Files"): the bytes
 * of the current source or derived output at exactly `path`, for a caller who may see it.
 *
 * - `path` must be a normalized workspace path as given (`a//b`, `/a`, `..`, a name with a
 *   backslash… are not paths): anything else, a folder, an id, a path of no file or output, a
 *   folder output (its members have their own paths) or a file the caller may not see is 404
 *   `file_not_found` — one answer, so nothing hidden is revealed.
 * - Access labels apply on every request (`visible`); a derived output has its file's label.
 * - One `Range` (`parseSingleByteRange`): 206 with `Content-Range`, read from the blob store as a
 *   range (never the whole blob); several, malformed or out-of-range ranges 416
 *   `range_not_satisfiable` with `Content-Range: bytes *\/size`. No `Range`: 200, streamed.
 * - Headers: the media type, `Content-Length`, `Accept-Ranges: bytes`, an inline
 *   `Content-Disposition` naming the file (RFC 6266, with `filename*` for non-ASCII names).
 */
import { Effect, Either, Option, type Stream } from "effect"
import { RangeNotSatisfiable } from "../../api/errors.js"
import { BlobStore } from "../../documents/uploads/blob-store.js"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"
import { contentRange, parseSingleByteRange } from "../../platform/byte-range.js"
import { WorkspaceFileNotFound } from "./file-errors.js"
import { fileNameOf, normalizeFilePath } from "./file-path.js"
import { isVisible, type VisibleLabels, WorkspaceFileStore } from "./file-store.js"

export interface ArtifactRead {
  readonly status: 200 | 206
  readonly headers: Readonly<Record<string, string>>
  readonly body: Stream.Stream<Uint8Array, StorageUnavailable>
}

/** the disposition with the name, ASCII-safe, and `filename*` (UTF-8) when the name is not plain ASCII */
export const contentDisposition = (name: string, type: "inline" | "attachment"): string => {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_")
  const plain = ascii === name
  return plain ? `${type}; filename="${ascii}"` : `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

export const inlineDisposition = (name: string): string => contentDisposition(name, "inline")

/** What a path names: the blob, its media type and name, and the label of the file it belongs to. */
export interface ArtifactTarget {
  readonly key: string
  readonly type: string
  readonly name: string
  readonly access_label: string | null
}

/**
 * The current source or derived output at exactly `rawPath` — or, with `member`, that member of a
 * folder output (whose path must be `rawPath`) — whatever the caller may see (the caller checks).
 */
export const findArtifact = (
  tenantId: string,
  workspaceId: string,
  rawPath: string,
  member?: { readonly file_id: string; readonly output_id: string; readonly index: number }
): Effect.Effect<ArtifactTarget, WorkspaceFileNotFound | StorageUnavailable, WorkspaceFileStore> =>
  Effect.gen(function*() {
    const notFound = new WorkspaceFileNotFound({ file: rawPath })
    const path = normalizeFilePath(rawPath)
    if (Either.isLeft(path) || path.right !== rawPath) return yield* notFound
    const store = yield* WorkspaceFileStore
    if (member !== undefined) {
      const file = yield* store.get(tenantId, workspaceId, member.file_id)
      const output = yield* store.getOutput(tenantId, workspaceId, member.file_id, member.output_id)
      if (Option.isNone(file) || Option.isNone(output)) return yield* notFound
      const page = yield* store.listOutputMembers(tenantId, workspaceId, member.output_id, { offset: member.index, limit: 1 })
      const m = page.items[0]
      if (m === undefined || m.path !== path.right) return yield* notFound
      return { key: m.blob_key, type: m.media_type, name: m.file_name, access_label: file.value.access_label }
    }
    const source = yield* store.getByPath(tenantId, workspaceId, path.right)
    if (Option.isSome(source)) {
      return { key: source.value.blob_key, type: source.value.file_type, name: source.value.file_name, access_label: source.value.access_label }
    }
    const derived = yield* store.findOutputByPath(tenantId, workspaceId, path.right)
    if (Option.isNone(derived) || derived.value.output.blob_key === null) return yield* notFound
    return {
      key: derived.value.output.blob_key,
      type: derived.value.output.media_type,
      name: fileNameOf(derived.value.output.path),
      access_label: derived.value.file.access_label
    }
  })

/** The target's bytes: whole (200, streamed) or the one range asked (206, read as a range from the store). */
export const serveArtifact = (
  target: ArtifactTarget,
  rangeHeader: string | undefined,
  disposition: "inline" | "attachment" = "inline"
): Effect.Effect<ArtifactRead, WorkspaceFileNotFound | RangeNotSatisfiable | StorageUnavailable, BlobStore> =>
  Effect.gen(function*() {
    const notFound = new WorkspaceFileNotFound({ file: target.name })
    const blobs = yield* BlobStore
    const stat = yield* blobs.stat(target.key)
    if (Option.isNone(stat)) return yield* notFound
    const size = stat.value.size
    const range = parseSingleByteRange(rangeHeader, size)
    if (range.type === "unsatisfiable") return yield* new RangeNotSatisfiable({ size })
    const common = { "content-type": target.type, "accept-ranges": "bytes", "content-disposition": contentDisposition(target.name, disposition) }
    if (range.type === "none") {
      const body = yield* blobs.read(target.key)
      if (Option.isNone(body)) return yield* notFound
      return { status: 200 as const, headers: { ...common, "content-length": String(size) }, body: body.value }
    }
    const body = yield* blobs.readRange(target.key, range.start, range.end)
    if (Option.isNone(body)) return yield* notFound
    return {
      status: 206 as const,
      headers: { ...common, "content-length": String(range.end - range.start + 1), "content-range": contentRange(range, size) },
      body: body.value
    }
  })

export const readArtifact = (
  tenantId: string,
  workspaceId: string,
  rawPath: string,
  visible: VisibleLabels,
  rangeHeader: string | undefined
): Effect.Effect<ArtifactRead, WorkspaceFileNotFound | RangeNotSatisfiable | StorageUnavailable, WorkspaceFileStore | BlobStore> =>
  Effect.gen(function*() {
    const target = yield* findArtifact(tenantId, workspaceId, rawPath)
    if (!isVisible(target.access_label, visible)) return yield* new WorkspaceFileNotFound({ file: rawPath })
    return yield* serveArtifact(target, rangeHeader)
  })
