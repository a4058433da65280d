/**
 * Search indexing as a stage of ingestion (`ingestion/stages.ts`): each ingested file is cut into
 * chunks (`chunking.ts`), each chunk's title and text analyzed for the keyword index
 * (`analyzer.ts`) and its text embedded (the `Embedder` port), and the file's chunks replaced in
 * the index at once, with the label, category and path this ingestion decided. A file whose
 * derived representations go (delete, expiry, orphan) leaves the index with them.
 */
import { Effect } from "effect"
import { Embedder } from "../../intelligence/embedder.js"
import type { IngestedFile, IngestionStage } from "../ingestion/stages.js"
import { analyze } from "./analyzer.js"
import { chunkDocument, type SearchChunk } from "./chunking.js"
import { type IndexedChunk, SearchIndex } from "./search-index.js"

const countsOf = (terms: ReadonlyArray<string>): Record<string, number> => {
  const out: Record<string, number> = {}
  for (const t of terms) out[t] = (out[t] ?? 0) + 1
  return out
}

/** what the encoder reads of a chunk: its heading, then its text */
export const embeddingTextOf = (chunk: Pick<SearchChunk, "title" | "text">): string =>
  chunk.title !== "" && !chunk.text.includes(chunk.title) ? `${chunk.title}\n${chunk.text}` : chunk.text

/** The index entries of an ingested file (chunks, analyzed fields, vectors). */
export const indexedChunksOf = (f: IngestedFile) =>
  Effect.gen(function*() {
    const chunks = chunkDocument(f.markdown, f.record.pages, f.record.components)
    const embedder = yield* Embedder
    const vectors = chunks.length === 0 ? [] : yield* embedder.embed(chunks.map(embeddingTextOf))
    const indexed: Array<IndexedChunk> = chunks.map((c, i) => {
      const title = analyze(c.title)
      const text = analyze(c.text)
      return {
        file_id: f.file.file_id,
        chunk_index: c.chunk_index,
        path: f.file.path,
        access_label: f.access_label,
        category: f.category,
        component: c.component,
        locator: c.locator,
        title: c.title,
        text: c.text,
        terms: { title: countsOf(title), text: countsOf(text) },
        length: { title: title.length, text: text.length },
        vector: vectors[i] ?? null
      }
    })
    return { chunks: indexed, model: embedder.model }
  })

export const searchIndexingStage: IngestionStage<SearchIndex | Embedder> = {
  name: "search indexing",
  afterFileIngested: (f) =>
    Effect.gen(function*() {
      const { chunks, model } = yield* indexedChunksOf(f)
      yield* (yield* SearchIndex).replaceFile(f.file.tenant_id, f.file.workspace_id, f.file.file_id, chunks, model)
    }),
  onFileDropped: (tenantId, workspaceId, fileId) => Effect.flatMap(SearchIndex, (s) => s.removeFile(tenantId, workspaceId, fileId))
}
