/** The refusals of the workspace routes (spec 3, "Errors"), as v1 errors. */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../../api/errors.js"

/** 404 `workspace_not_found` (another tenant's workspace is indistinguishable from none). */
export class WorkspaceNotFound extends Data.TaggedError("WorkspaceNotFound")<{ readonly workspaceId: string }> implements ApiError {
  get text() {
    return `workspace ${this.workspaceId} not found`
  }
  get flat(): FlatError {
    return { status: 404, code: "not_found" }
  }
  get v1(): V1Error {
    return { status: 404, code: "workspace_not_found" }
  }
}

/** 409 `workspace_deleting`: the workspace is being deleted and takes no more writes. */
export class WorkspaceDeleting extends Data.TaggedError("WorkspaceDeleting")<{ readonly workspaceId: string }> implements ApiError {
  get text() {
    return `workspace ${this.workspaceId} is being deleted and accepts no changes`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "workspace_deleting", detail: { workspace_id: this.workspaceId } }
  }
}

/** 422 `default_label_required`: labels are declared but none is the default. */
export class DefaultLabelRequired extends Data.TaggedError("DefaultLabelRequired")<{}> implements ApiError {
  get text() {
    return "access.default_label is required when access.labels is not empty: name the declared label unclassified files get"
  }
  get flat(): FlatError {
    return { status: 422, code: "validation_error" }
  }
  get v1(): V1Error {
    return { status: 422, code: "default_label_required", detail: { errors: [{ field: "access.default_label", message: this.text }] } }
  }
}
