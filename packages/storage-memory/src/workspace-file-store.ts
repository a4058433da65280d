/**
 * Workspace files in memory: one entry per file (the file, its replaced versions, its current
 * outputs and their members) and an index by tenant, workspace and path. Every operation runs
 * synchronously, so a create's check of the path and its insert are one step (no race).
 * Lists scan the workspace's files and sort only the page they answer: fine for the embedded default's sizes.
 */
import { Workspaces } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

interface Entry {
  file: Workspaces.Files.WorkspaceFile
  /** replaced versions, oldest first */
  past: Array<Workspaces.Files.FileVersion>
  outputs: Array<Workspaces.Files.FileOutput>
  members: Map<string, ReadonlyArray<Workspaces.Files.OutputMember>>
  generation: number
}

const pathKey = (tenantId: string, workspaceId: string, path: string) => `${tenantId}\u0000${workspaceId}\u0000${path}`

const matches = (file: Workspaces.Files.WorkspaceFile, q: Workspaces.Files.FileFilters): boolean =>
  (q.path_prefix === undefined || file.path.startsWith(q.path_prefix)) &&
  (q.ingestion_status === undefined || q.ingestion_status.includes(file.ingestion_status)) &&
  (q.category === undefined || file.category === q.category) &&
  (q.kind === undefined || Workspaces.Files.contentKindOf(file.path, file.file_type) === q.kind) &&
  (q.name_contains === undefined || Workspaces.Files.foldCase(file.path).includes(Workspaces.Files.foldCase(q.name_contains)))

const compareCreated = (a: Workspaces.Files.WorkspaceFile, b: Workspaces.Files.WorkspaceFile) =>
  a.created_at !== b.created_at ? a.created_at - b.created_at : Workspaces.Files.compareCodePoints(a.file_id, b.file_id)

const comparePath = (a: Workspaces.Files.WorkspaceFile, b: Workspaces.Files.WorkspaceFile) => Workspaces.Files.compareCodePoints(a.path, b.path)

/**
 * The first `n` of `items` in `compare`'s order, sorting only those: a page costs one pass over the
 * workspace (O(size × log n)), not a sort of all its files, so scanning a large workspace page by
 * page (folder-metadata reads every file) does not cost a sort of everything per page.
 */
const firstOf = <A>(items: ReadonlyArray<A>, n: number, compare: (a: A, b: A) => number): Array<A> => {
  const top: Array<A> = []
  if (n <= 0) return top
  for (const item of items) {
    if (top.length === n && compare(item, top[n - 1]!) >= 0) continue
    let lo = 0
    let hi = top.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (compare(top[mid]!, item) <= 0) lo = mid + 1
      else hi = mid
    }
    top.splice(lo, 0, item)
    if (top.length > n) top.pop()
  }
  return top
}

const after = (file: Workspaces.Files.WorkspaceFile, cursor: Workspaces.Files.FileCursor | undefined): boolean => {
  if (cursor === undefined) return true
  if (cursor.order === "path") return Workspaces.Files.compareCodePoints(file.path, cursor.path) > 0
  return file.created_at > cursor.created_at || (file.created_at === cursor.created_at && Workspaces.Files.compareCodePoints(file.file_id, cursor.file_id) > 0)
}

const blobKeysOf = (entry: Entry): ReadonlyArray<string> => {
  const keys = new Set<string>([entry.file.blob_key, ...entry.past.map((v) => v.blob_key)])
  for (const o of entry.outputs) if (o.blob_key !== null) keys.add(o.blob_key)
  for (const members of entry.members.values()) for (const m of members) keys.add(m.blob_key)
  return [...keys]
}

const makeStore = (): Clearable<Workspaces.Files.WorkspaceFileStoreService> => {
  const files = new Map<string, Entry>()
  const byPath = new Map<string, string>()

  const entryOf = (tenantId: string, workspaceId: string, fileId: string): Entry | undefined => {
    const e = files.get(fileId)
    return e !== undefined && e.file.tenant_id === tenantId && e.file.workspace_id === workspaceId ? e : undefined
  }
  const workspaceEntries = (tenantId: string, workspaceId: string) =>
    [...files.values()].filter((e) => e.file.tenant_id === tenantId && e.file.workspace_id === workspaceId)
  const remove = (entry: Entry): Workspaces.Files.DeletedFile => {
    files.delete(entry.file.file_id)
    byPath.delete(pathKey(entry.file.tenant_id, entry.file.workspace_id, entry.file.path))
    return { file: entry.file, blob_keys: blobKeysOf(entry) }
  }
  const changed = (file: Workspaces.Files.WorkspaceFile) =>
    new Workspaces.Files.FileStateChanged({ file_id: file.file_id, ingestion_status: file.ingestion_status, version: file.version })

  return {
    create: (n) =>
      Effect.suspend(() => {
        const key = pathKey(n.tenant_id, n.workspace_id, n.path)
        const taken = byPath.get(key)
        if (taken !== undefined) return Effect.fail(new Workspaces.Files.PathConflict({ workspace_id: n.workspace_id, path: n.path, file_id: taken }))
        const file = Workspaces.Files.fileFromNew(n, Workspaces.Files.fileNameOf(n.path))
        files.set(n.file_id, { file, past: [], outputs: [], members: new Map(), generation: 0 })
        byPath.set(key, n.file_id)
        return Effect.succeed(file)
      }),
    get: (t, w, id) => Effect.sync(() => Option.fromNullable(entryOf(t, w, id)?.file)),
    getByPath: (t, w, path) =>
      Effect.sync(() => {
        const id = byPath.get(pathKey(t, w, path))
        return Option.fromNullable(id === undefined ? undefined : files.get(id)?.file)
      }),
    addVersion: (t, w, id, next, expect) =>
      Effect.suspend((): Effect.Effect<Workspaces.Files.WorkspaceFile, Workspaces.Files.WorkspaceFileNotFound | Workspaces.Files.FileStateChanged> => {
        const e = entryOf(t, w, id)
        if (e === undefined) return Effect.fail(new Workspaces.Files.WorkspaceFileNotFound({ file: id }))
        if (!Workspaces.Files.meets(e.file, expect)) return Effect.fail(changed(e.file))
        e.past.push({ ...Workspaces.Files.currentVersionOf(e.file), replaced_at: next.at, is_current: false })
        e.file = Workspaces.Files.withNextVersion(e.file, next)
        return Effect.succeed(e.file)
      }),
    update: (t, w, id, patch, at, expect) =>
      Effect.suspend((): Effect.Effect<Workspaces.Files.WorkspaceFile, Workspaces.Files.WorkspaceFileNotFound | Workspaces.Files.FileStateChanged> => {
        const e = entryOf(t, w, id)
        if (e === undefined) return Effect.fail(new Workspaces.Files.WorkspaceFileNotFound({ file: id }))
        if (!Workspaces.Files.meets(e.file, expect)) return Effect.fail(changed(e.file))
        e.file = Workspaces.Files.applyPatch(e.file, patch, at)
        return Effect.succeed(e.file)
      }),
    delete: (t, w, id) =>
      Effect.sync(() => {
        const e = entryOf(t, w, id)
        return e === undefined ? Option.none() : Option.some(remove(e))
      }),
    list: (t, w, q) =>
      Effect.sync(() => {
        const matching = workspaceEntries(t, w).map((e) => e.file).filter((f) => matches(f, q))
        const visible = matching.filter((f) => Workspaces.Files.isVisible(f.access_label, q.visible))
        const hidden = matching.filter((f) => !Workspaces.Files.isVisible(f.access_label, q.visible))
        const limit = Math.max(0, Math.floor(q.limit))
        const page = firstOf(visible.filter((f) => after(f, q.after)), limit + 1, q.order === "path" ? comparePath : compareCreated)
        const items = page.slice(0, limit)
        const last = items.at(-1)
        const next_cursor: Workspaces.Files.FileCursor | null = page.length > items.length && last !== undefined
          ? q.order === "path" ? { order: "path", path: last.path } : { order: "created", created_at: last.created_at, file_id: last.file_id }
          : null
        const labels = [...new Set(hidden.map((f) => f.access_label!))].sort(Workspaces.Files.compareCodePoints)
        return { items, next_cursor, total: visible.length, withheld: { count: hidden.length, labels } }
      }),
    listVersions: (t, w, id, page) =>
      Effect.sync(() => {
        const e = entryOf(t, w, id)
        if (e === undefined) return Option.none()
        const all = [Workspaces.Files.currentVersionOf(e.file), ...[...e.past].reverse()]
        const rest = all.filter((v) => page.before === undefined || v.version < page.before)
        const items = rest.slice(0, page.limit)
        return Option.some({ items, next_cursor: rest.length > items.length ? items.at(-1)!.version : null, total: all.length })
      }),
    getVersion: (t, w, id, version) =>
      Effect.sync(() => {
        const e = entryOf(t, w, id)
        if (e === undefined) return Option.none()
        if (version === e.file.version) return Option.some(Workspaces.Files.currentVersionOf(e.file))
        return Option.fromNullable(e.past.find((v) => v.version === version))
      }),
    replaceOutputs: (t, w, id, outputs, at) =>
      Effect.suspend(() => {
        const e = entryOf(t, w, id)
        if (e === undefined) return Effect.fail(new Workspaces.Files.WorkspaceFileNotFound({ file: id }))
        const old = new Set<string>()
        for (const o of e.outputs) if (o.blob_key !== null) old.add(o.blob_key)
        for (const ms of e.members.values()) for (const m of ms) old.add(m.blob_key)
        const generation = e.generation + 1
        e.generation = generation
        e.outputs = outputs.map((o) => Workspaces.Files.storedOutput(o, id, w, generation, at))
        e.outputs.sort((a, b) => Workspaces.Files.compareCodePoints(a.path, b.path))
        e.members = new Map(outputs.map((o) => [o.output_id, [...o.members]]))
        // a blob kept by the new generation is not replaced
        for (const o of outputs) {
          if (o.blob_key !== null) old.delete(o.blob_key)
          for (const m of o.members) old.delete(m.blob_key)
        }
        return Effect.succeed({ generation, outputs: e.outputs, replaced_blob_keys: [...old] })
      }),
    listOutputs: (t, w, id) => Effect.sync(() => entryOf(t, w, id)?.outputs ?? []),
    getOutput: (t, w, id, outputId) => Effect.sync(() => Option.fromNullable(entryOf(t, w, id)?.outputs.find((o) => o.output_id === outputId))),
    findOutputByPath: (t, w, path) =>
      Effect.sync(() => {
        const found = workspaceEntries(t, w)
          .flatMap((e) => e.outputs.filter((o) => o.path === path).map((output) => ({ file: e.file, output })))
          .sort((a, b) => b.output.created_at - a.output.created_at || Workspaces.Files.compareCodePoints(a.output.output_id, b.output.output_id))
        return Option.fromNullable(found[0])
      }),
    listOutputMembers: (t, w, outputId, page) =>
      Effect.sync(() => {
        const e = workspaceEntries(t, w).find((x) => x.members.has(outputId))
        const members = e?.members.get(outputId) ?? []
        return { items: members.slice(page.offset, page.offset + page.limit), total: members.length }
      }),
    stats: (t, w, retention, now, windowMs) =>
      Effect.sync(() => {
        const all = workspaceEntries(t, w).map((e) => e.file)
        const byStatus = Object.fromEntries(Workspaces.Files.INGESTION_STATUSES.map((s) => [s, 0])) as Record<Workspaces.Files.IngestionStatus, number>
        let bytes = 0
        let pages = 0
        let lastIngestion: number | null = null
        let nextExpiry: number | null = null
        let expiring = 0
        for (const f of all) {
          byStatus[f.ingestion_status]++
          bytes += f.size_bytes
          if ((f.ingestion_status === "ingested" || f.ingestion_status === "stale") && f.page_count !== null) pages += f.page_count
          if (f.ingested_at !== null && (lastIngestion === null || f.ingested_at > lastIngestion)) lastIngestion = f.ingested_at
          const expiries = Workspaces.Files.expiriesOf(f, retention)
          for (const at of expiries) if (nextExpiry === null || at < nextExpiry) nextExpiry = at
          if (expiries.some((at) => at <= now + windowMs)) expiring++
        }
        return {
          files_total: all.length,
          files_by_ingestion_status: byStatus,
          bytes_total: bytes,
          pages_ingested: pages,
          last_ingestion_at: lastIngestion,
          next_expiry_at: nextExpiry,
          files_expiring_within: expiring
        }
      }),
    referencesLabel: (t, label) =>
      Effect.sync(() => {
        for (const e of files.values()) if (e.file.tenant_id === t && e.file.access_label === label) return true
        return false
      }),
    deleteWorkspace: (t, w, limit) =>
      Effect.sync(() => {
        const entries = workspaceEntries(t, w)
        const batch = entries.slice(0, Math.max(0, limit))
        const keys = batch.flatMap((e) => remove(e).blob_keys)
        return { deleted: batch.length, blob_keys: keys, more: entries.length > batch.length }
      }),
    clear: () => {
      files.clear()
      byPath.clear()
    }
  }
}

export const make: Effect.Effect<Workspaces.Files.WorkspaceFileStoreService> = memoryStore(makeStore)

export const layer: Layer.Layer<Workspaces.Files.WorkspaceFileStore> = Layer.effect(Workspaces.Files.WorkspaceFileStore, make)
