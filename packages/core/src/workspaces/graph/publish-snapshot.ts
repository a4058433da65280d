/**
 * Publishing a build's snapshot, and what a build leaves when its workspace was deleted meanwhile:
 * nothing. A delete marks the workspace `deleting` before its teardown runs, and the teardown may
 * run before the build's last write (its file graphs, its snapshot); so the workspace is checked
 * before and after publishing, and when either check finds it deleting or gone, the build removes
 * what it wrote itself and fails (`workspace_deleting`, or `workspace_not_found` once it is gone).
 */
import { Effect, Option } from "effect"
import type { JobError } from "../../jobs/job.js"
import { WorkspaceStore } from "../workspace/workspace-store.js"
import { KnowledgeGraphStore } from "./graph-store.js"
import type { GraphSnapshot } from "./snapshot.js"

const deletedMeanwhile = (tenantId: string, workspaceId: string) =>
  Effect.gen(function*() {
    const still = yield* Effect.flatMap(WorkspaceStore, (s) => s.get(tenantId, workspaceId))
    if (Option.isSome(still) && still.value.status === "active") return
    yield* Effect.flatMap(KnowledgeGraphStore, (s) => s.removeWorkspace(tenantId, workspaceId))
    return yield* Effect.fail<JobError>(
      Option.isNone(still)
        ? { code: "workspace_not_found", message: `workspace ${workspaceId} not found`, retryable: false }
        : { code: "workspace_deleting", message: `workspace ${workspaceId} is being deleted; the graph was not published`, retryable: false }
    )
  })

export const publishUnlessDeleted = (tenantId: string, workspaceId: string, snapshot: GraphSnapshot) =>
  Effect.gen(function*() {
    yield* deletedMeanwhile(tenantId, workspaceId)
    yield* Effect.flatMap(KnowledgeGraphStore, (s) => s.publish(tenantId, workspaceId, snapshot))
    yield* deletedMeanwhile(tenantId, workspaceId)
  })
