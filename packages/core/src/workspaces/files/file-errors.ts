/** Refusals of the workspace file routes and jobs (spec 3, "Errors"), each carrying its v1 status and code. */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../../api/errors.js"

/** 409 `path_conflict`: a file already exists at the path (upload with `on_conflict` `reject`). */
export class PathConflict extends Data.TaggedError("PathConflict")<{
  readonly workspace_id: string
  readonly path: string
  /** the file already at the path */
  readonly file_id: string
}> implements ApiError {
  get text() {
    return `a file already exists at path ${this.path}; upload with on_conflict "new_version" to add a version`
  }
  get flat(): FlatError {
    return { status: 409, code: "path_conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "path_conflict", detail: { path: this.path, file_id: this.file_id } }
  }
}

/** 404 `file_not_found`: no such file in the workspace, or not visible to the caller (indistinguishable). */
export class WorkspaceFileNotFound extends Data.TaggedError("WorkspaceFileNotFound")<{ readonly file: string }> implements ApiError {
  get text() {
    return `file ${this.file} not found`
  }
  get flat(): FlatError {
    return { status: 404, code: "not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: "file_not_found" }
  }
}

/** 404 `file_not_found` for an output of a file (the code the spec lists for missing things under a file). */
export class FileOutputNotFound extends Data.TaggedError("FileOutputNotFound")<{ readonly output_id: string }> implements ApiError {
  get text() {
    return `output ${this.output_id} not found`
  }
  get flat(): FlatError {
    return { status: 404, code: "not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: "file_not_found" }
  }
}

/**
 * A compare-and-set update found the file in another state than expected (another instance
 * claimed it, or a new version landed): not an API refusal, the caller decides (skip, retry).
 */
export class FileStateChanged extends Data.TaggedError("FileStateChanged")<{
  readonly file_id: string
  readonly ingestion_status: string
  readonly version: number
}> {}

/** 403 `access_denied`: a signed artifact link that was altered, is past its hour, or no longer matches the file's access label. */
export class FileLinkRefused extends Data.TaggedError("FileLinkRefused")<{ readonly reason: "expired" | "invalid" }> implements ApiError {
  get text() {
    return this.reason === "expired"
      ? "this link has expired; read the file again (GET …/files/{file_id}) for fresh links"
      : "this link is not valid; use the download_url or preview_url of the file unchanged, or read the file again for fresh links"
  }
  get flat(): FlatError {
    return { status: 403, code: "forbidden" }
  }
  get v1(): V1Error {
    return { status: 403, code: "access_denied" }
  }
}
