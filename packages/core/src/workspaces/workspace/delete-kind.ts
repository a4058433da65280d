/**
 * The `workspace_delete` job (spec 3, "DELETE /v1/workspaces/{id}"): runs every teardown step
 * (`WorkspaceTeardown`), in order, then removes the workspace (404 from then on). A failed step
 * fails the job retryably and leaves the workspace `deleting` (writes stay refused); deleting it
 * again starts a new job that runs the steps again.
 */
import { Effect, Schema } from "effect"
import { defineJobKind } from "../../jobs/job-kind.js"
import { WorkspaceTeardown } from "./teardown.js"
import { WorkspaceStore } from "./workspace-store.js"

export const WORKSPACE_DELETE = "workspace_delete"

export const WorkspaceDeleteInput = Schema.Struct({ workspace_id: Schema.String })

export const WorkspaceDeleteResult = Schema.Struct({
  result_type: Schema.Literal(WORKSPACE_DELETE),
  workspace_id: Schema.String,
  /** the teardown steps run, in order */
  steps: Schema.Array(Schema.String)
})

export const workspaceDeleteKind = defineJobKind({
  kind: WORKSPACE_DELETE,
  input: WorkspaceDeleteInput,
  result: WorkspaceDeleteResult,
  stage: "tearing_down",
  run: (job, report) =>
    Effect.gen(function*() {
      const steps = yield* WorkspaceTeardown
      const workspaceId = job.input.workspace_id
      yield* report({ items_total: steps.length + 1, items_done: 0 })
      let done = 0
      for (const step of steps) {
        yield* step.run(job.tenant_id, workspaceId).pipe(
          Effect.mapError((cause) => ({
            code: "upstream_unavailable",
            message: `the workspace's ${step.name} could not be torn down (${String((cause as { _tag?: string })?._tag ?? cause)}); delete it again`,
            retryable: true
          }))
        )
        yield* report({ items_done: ++done })
      }
      yield* Effect.flatMap(WorkspaceStore, (s) => s.remove(job.tenant_id, workspaceId)).pipe(
        Effect.mapError(() => ({ code: "upstream_unavailable", message: "workspace storage unavailable; delete the workspace again", retryable: true }))
      )
      yield* report({ items_done: done + 1 })
      return { result: { result_type: WORKSPACE_DELETE, workspace_id: workspaceId, steps: steps.map((s) => s.name) }, units: 0 }
    })
})
