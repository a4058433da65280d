/** The storage ports of the document service: one layer per storage adapter. */
import type { ExtractionSchemaStore } from "./schema/extraction-schema-store.js"
import type { ObjectStore } from "./sources/object-store.js"
import type { BlobStore } from "./uploads/blob-store.js"
import type { UploadSessionStore } from "./uploads/upload-session.js"
import type { UploadStore } from "./uploads/upload.js"

export type DocumentStorage = UploadStore | UploadSessionStore | BlobStore | ObjectStore | ExtractionSchemaStore
