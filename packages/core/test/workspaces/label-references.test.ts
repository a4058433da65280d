/**
 * Deleting an access label asks every holder of `LabelReferences` (the seam files plug into):
 * any holder that references the label makes it 409 `access_label_in_use`, naming the holders.
 */
import { Workspaces } from "@docket/core"
import { MemoryAccessLabelStore } from "@docket/storage-memory"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, Option } from "effect"
import { deleteAccessLabel } from "../../src/workspaces/access/catalog.js"

const label: Workspaces.AccessLabel = { access_label_id: "l-1", tenant_id: "t", name: "secret", description: "d", created_at: 0, updated_at: 0 }

const holder = (name: string, uses: (tenantId: string, label: string) => boolean): Workspaces.LabelReference => ({
  holder: name,
  references: (t, l) => Effect.sync(() => uses(t, l))
})

const layer = (holders: ReadonlyArray<Workspaces.LabelReference>) => Layer.merge(MemoryAccessLabelStore.layer, Workspaces.labelReferencesLayer(holders))

describe("LabelReferences", () => {
  it.effect("a referencing holder refuses the delete with its name; the label stays", () =>
    Effect.gen(function*() {
      const store = yield* Workspaces.AccessLabelStore
      yield* store.create(label)
      const refused = yield* Effect.either(deleteAccessLabel("t", "l-1"))
      expect(Either.isLeft(refused) && refused.left).toMatchObject({ _tag: "AccessLabelInUse", name: "secret", holders: ["file"] })
      expect(Either.isLeft(refused) && refused.left._tag === "AccessLabelInUse" && refused.left.v1).toMatchObject({ status: 409, code: "access_label_in_use" })
      expect(Option.isSome(yield* store.get("t", "l-1"))).toBe(true)
    }).pipe(Effect.provide(layer([holder("workspace", () => false), holder("file", (t, l) => t === "t" && l === "secret")]))))

  it.effect("no holder referencing it: deleted", () =>
    Effect.gen(function*() {
      const store = yield* Workspaces.AccessLabelStore
      yield* store.create(label)
      yield* deleteAccessLabel("t", "l-1")
      expect(Option.isNone(yield* store.get("t", "l-1"))).toBe(true)
    }).pipe(Effect.provide(layer([holder("file", () => false)]))))
})
