/**
 * What deleting a workspace tears down before the workspace itself goes (spec 3, "Workspace
 * `active` → `deleting`: teardown runs async"): a list of steps, each removing what one context
 * keeps for the workspace (files and their blobs, index entries, tables…). Each context adds its
 * step to `workspaceTeardownSteps` (`../seams.ts`); docket.ts provides them as the
 * `WorkspaceTeardown` service with the services they need. A step must be idempotent: a delete
 * job that dies midway is claimed again and runs every step again.
 */
import { Context, Effect, Layer } from "effect"

export interface TeardownStep<R = never> {
  /** what the step removes (`files`, `tables`), for the job's error when it fails */
  readonly name: string
  readonly run: (tenantId: string, workspaceId: string) => Effect.Effect<void, unknown, R>
}

export class WorkspaceTeardown extends Context.Tag("@docket/core/WorkspaceTeardown")<WorkspaceTeardown, ReadonlyArray<TeardownStep>>() {}

/** The steps, with the services they need taken from the layer's context. */
export const workspaceTeardownLayer = <R>(steps: ReadonlyArray<TeardownStep<R>>): Layer.Layer<WorkspaceTeardown, never, R> =>
  Layer.effect(
    WorkspaceTeardown,
    Effect.map(Effect.context<R>(), (context) =>
      steps.map((s) => ({ name: s.name, run: (tenantId: string, workspaceId: string) => Effect.provide(s.run(tenantId, workspaceId), context) })))
  )
