/**
 * What may reference an access label of the catalog (spec 3: "referenced by a workspace, grant or
 * file"): a list of holders, each answering whether it references a label. Deleting a label asks
 * every holder (`access_label_in_use` when one does). Each context that references labels adds
 * its holder to `workspaceLabelReferences` (`../seams.ts`); docket.ts provides them as the
 * `LabelReferences` service with the services they need.
 */
import { Context, Effect, Layer } from "effect"
import type { StorageUnavailable } from "../../kernel/storage-unavailable.js"

export interface LabelReference<R = never> {
  /** what references labels (`workspace`, `key_grant`, `file`), shown in `access_label_in_use` */
  readonly holder: string
  readonly references: (tenantId: string, label: string) => Effect.Effect<boolean, StorageUnavailable, R>
}

export class LabelReferences extends Context.Tag("@docket/core/LabelReferences")<LabelReferences, ReadonlyArray<LabelReference>>() {}

/** The holders, with the services they need taken from the layer's context. */
export const labelReferencesLayer = <R>(references: ReadonlyArray<LabelReference<R>>): Layer.Layer<LabelReferences, never, R> =>
  Layer.effect(
    LabelReferences,
    Effect.map(Effect.context<R>(), (context) =>
      references.map((r) => ({ holder: r.holder, references: (tenantId: string, label: string) => Effect.provide(r.references(tenantId, label), context) })))
  )

/** The holders that reference `label`, asked together. */
export const holdersOf = (tenantId: string, label: string) =>
  Effect.flatMap(LabelReferences, (references) =>
    Effect.map(
      Effect.forEach(references, (r) => Effect.map(r.references(tenantId, label), (uses) => (uses ? [r.holder] : [])), { concurrency: "unbounded" }),
      (found) => found.flat()
    ))
