/**
 * The tenant's access-label catalog (spec 3, "Access labels"): create (409 on a taken name), read,
 * list, change a description, delete (409 `access_label_in_use` while a holder of
 * `LabelReferences` — a workspace, a key grant, a file — references it).
 */
import { Clock, Effect, Option } from "effect"
import { Ids } from "../../kernel/ids.js"
import type { AccessLabel } from "./access-label.js"
import { AccessLabelStore, type KeysetPage } from "./access-label-store.js"
import { AccessLabelInUse, AccessLabelNameTaken, AccessLabelNotFound } from "./errors.js"
import { holdersOf } from "./label-references.js"

export const createAccessLabel = (tenantId: string, input: { readonly name: string; readonly description: string }) =>
  Effect.gen(function*() {
    const at = yield* Clock.currentTimeMillis
    const label: AccessLabel = {
      access_label_id: (yield* Ids).uuid(),
      tenant_id: tenantId,
      name: input.name,
      description: input.description,
      created_at: at,
      updated_at: at
    }
    return yield* (yield* AccessLabelStore).create(label).pipe(
      Effect.catchTag("LabelNameTaken", (e) => Effect.fail(new AccessLabelNameTaken({ name: e.name })))
    )
  })

export const getAccessLabel = (tenantId: string, id: string) =>
  Effect.flatMap(AccessLabelStore, (s) => s.get(tenantId, id)).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.fail(new AccessLabelNotFound({ id })), onSome: Effect.succeed }))
  )

export const listAccessLabels = (tenantId: string, page: KeysetPage) => Effect.flatMap(AccessLabelStore, (s) => s.list(tenantId, page))

export const updateAccessLabel = (tenantId: string, id: string, description: string) =>
  Effect.gen(function*() {
    const at = yield* Clock.currentTimeMillis
    const updated = yield* (yield* AccessLabelStore).updateDescription(tenantId, id, description, at)
    if (Option.isNone(updated)) return yield* new AccessLabelNotFound({ id })
    return updated.value
  })

export const deleteAccessLabel = (tenantId: string, id: string) =>
  Effect.gen(function*() {
    const label = yield* getAccessLabel(tenantId, id)
    const holders = yield* holdersOf(tenantId, label.name)
    if (holders.length > 0) return yield* new AccessLabelInUse({ name: label.name, holders })
    const removed = yield* (yield* AccessLabelStore).remove(tenantId, id)
    if (!removed) return yield* new AccessLabelNotFound({ id })
  })

/** The names among `names` the tenant's catalog does not hold. */
export const unknownLabels = (tenantId: string, names: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    if (names.length === 0) return [] as ReadonlyArray<string>
    const found = yield* (yield* AccessLabelStore).findByNames(tenantId, names)
    const known = new Set(found.map((l) => l.name))
    return names.filter((n) => !known.has(n))
  })
