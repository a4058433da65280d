/** Refusals of the file tools (spec 3, "File tools" and "Errors"), each carrying its v1 status and code. */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../../api/errors.js"

/** 409 `file_not_ingested`: `read-file` and `qa-file` read what ingestion made of a file; this one has none (yet, or any more). */
export class FileNotIngested extends Data.TaggedError("FileNotIngested")<{
  readonly path: string
  readonly file_id: string
  readonly ingestion_status: string
}> implements ApiError {
  get text() {
    return `file ${this.path} is not ingested (ingestion_status ${this.ingestion_status}): run an ingestion (POST /v1/workspaces/{id}/ingestions) first`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "file_not_ingested", detail: { path: this.path, file_id: this.file_id, ingestion_status: this.ingestion_status } }
  }
}

/**
 * 422 `invalid_request`: the tools address uploaded files only; a path under `_derived/P/` is an
 * output of the uploaded file `P`, named so the caller can ask for it instead.
 */
export class DerivedPathRefused extends Data.TaggedError("DerivedPathRefused")<{
  readonly path: string
  readonly uploaded_path: string | null
}> implements ApiError {
  get text() {
    return this.uploaded_path === null
      ? `${this.path} is a workspace-internal path: file tools address uploaded files only`
      : `${this.path} is a derived output of the uploaded file ${this.uploaded_path}: file tools address uploaded files only, send path "${this.uploaded_path}"`
  }
  get flat(): FlatError {
    return { status: 422, code: "validation_error", errors: [{ field: "path", message: this.text }] }
  }
  get v1(): V1Error {
    return { status: 422, code: "invalid_request", detail: { errors: [{ field: "path", message: this.text }], uploaded_path: this.uploaded_path } }
  }
}
