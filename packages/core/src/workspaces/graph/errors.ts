/** The knowledge graph's refusals (spec 3, "Knowledge graph", "Errors"). */
import { Data } from "effect"
import type { ApiError, FlatError, V1Error } from "../../api/errors.js"

/** 409 `kg_not_built`: the workspace has no graph yet (no build has finished). */
export class KgNotBuilt extends Data.TaggedError("KgNotBuilt")<{ readonly workspaceId: string }> implements ApiError {
  get text() {
    return `workspace ${this.workspaceId} has no knowledge graph yet: start a build (POST /v1/workspaces/${this.workspaceId}/knowledge-graph/builds) and wait for its job`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "kg_not_built", detail: { workspace_id: this.workspaceId } }
  }
}

/** 409 `kg_build_in_progress`: a build of the workspace is queued or running (only one at a time). */
export class KgBuildInProgress extends Data.TaggedError("KgBuildInProgress")<{ readonly workspaceId: string; readonly jobId: string }> implements ApiError {
  get text() {
    return `a knowledge-graph build of workspace ${this.workspaceId} is already queued or running (job ${this.jobId}); wait for it to finish`
  }
  get flat(): FlatError {
    return { status: 409, code: "conflict" }
  }
  get v1(): V1Error {
    return { status: 409, code: "kg_build_in_progress", detail: { workspace_id: this.workspaceId, job_id: this.jobId } }
  }
}
