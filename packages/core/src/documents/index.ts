/**
 * Documents (spec 2): the parser, renderer and page-extractor ports format engines implement,
 * the parsed-document model, extraction schemas, uploads, sources and the document job kinds.
 */
export { DocumentParser, type DocumentParserService, type ParseInput } from "./document-parser.js"
export { CorruptFile, EncryptedFile, FileTooComplex, type ParseFailure, UnsupportedFileType } from "./errors.js"
export { checkFileSignature } from "./file-signature.js"
export { type Block, type Chunk, type DocumentPage, type ParsedDocument, type ParsedSpreadsheet, type ParsedTextDocument, type Sheet, type SheetCell, type TextItem } from "./parsed-document.js"
export { DOCUMENT_EXTENSIONS, fileExtension } from "./supported-extensions.js"
export { type CompiledExtractSchema, compileExtractSchema, ExtractionSchemaStore, type ExtractionSchemaStoreService, SchemaIdTaken, type SchemaNode, type SchemaScope, type StoredSchemaVersion } from "./schema/index.js"
export { type UploadPart, type UploadSession, type UploadSessionState, UploadSessionStore, type UploadSessionStoreService } from "./uploads/upload-session.js"
export { ObjectStore, type ObjectStoreService, ObjectTooLarge } from "./sources/object-store.js"
export { type FetchedFile, FetchFailed, HttpFetcher, type HttpFetcherService, platformHttpFetcherLayer } from "./sources/http-fetcher.js"
export { BlobStore, type BlobStoreService, BlobTooLarge } from "./uploads/blob-store.js"
export { type UploadRecord, UploadStore, type UploadStoreService, type UploadView } from "./uploads/upload.js"
export { SWEEP_INTERVAL_MS } from "./retention/sweeper.js"
export { noParserLayer } from "./parse/no-parser.js"
export { noRendererLayer, PageRenderer, type PageRendererService, RenderFailure, type RenderInput, type RenderRegion } from "./ground/page-renderer.js"
export { blockMarkdown, markdownTable } from "./parse/block-markdown.js"
export { noPageExtractorLayer, PageExtractor, type PageExtractorService, PagesNotExtractable } from "./split/page-extractor.js"
export { documentJobKinds } from "./document-kinds.js"
// the v1 results of the document operations, as `GET /v1/jobs/{job_id}` shows them
export type { V1ParseResult } from "./parse/parse-result.js"
export type { V1CategorizeResult } from "./categorize/categorize-result.js"
export type { V1ExtractResult } from "./extract/extract-result.js"
export type { GroundLocation, V1GroundResult } from "./ground/ground-result.js"
export type { DocumentStorage } from "./storage.js"
