/**
 * The extraction-schema registry in memory. Every operation is one synchronous step, so an append
 * reads the latest version and inserts the next one atomically.
 */
import { Documents } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

const scopeKey = (scope: Documents.SchemaScope): string => (scope.owner === "platform" ? "p" : `t:${scope.tenantId}`)
const familyKey = (scope: Documents.SchemaScope, schemaId: string): string => `${scopeKey(scope)}\u0000${schemaId}`

const makeExtractionSchemaStore = (): Clearable<Documents.ExtractionSchemaStoreService> => {
  /** every version of a family, index i = version i + 1 */
  const families = new Map<string, Array<Documents.StoredSchemaVersion>>()
  /** family ids per scope key */
  const idsByScope = new Map<string, Set<string>>()

  const versionsOf = (scope: Documents.SchemaScope, schemaId: string) => families.get(familyKey(scope, schemaId))
  const latestOf = (versions: ReadonlyArray<Documents.StoredSchemaVersion>) => versions[versions.length - 1]

  return {
    createFamily: (family) =>
      Effect.suspend(() => {
        const key = familyKey(family.scope, family.schemaId)
        if (families.has(key)) return Effect.fail(new Documents.SchemaIdTaken({ schemaId: family.schemaId }))
        const first: Documents.StoredSchemaVersion = {
          schema_id: family.schemaId,
          version: 1,
          owner: family.scope.owner,
          tenant_id: family.scope.owner === "tenant" ? family.scope.tenantId : null,
          name: family.name,
          description: family.description,
          schema: family.schema,
          created_at: family.at,
          updated_at: family.at
        }
        families.set(key, [first])
        const sk = scopeKey(family.scope)
        let ids = idsByScope.get(sk)
        if (ids === undefined) idsByScope.set(sk, ids = new Set())
        ids.add(family.schemaId)
        return Effect.succeed(first)
      }),
    appendVersion: (scope, schemaId, draft) =>
      Effect.sync(() => {
        const versions = versionsOf(scope, schemaId)
        if (versions === undefined) return Option.none()
        const previous = latestOf(versions)
        const next: Documents.StoredSchemaVersion = {
          ...previous,
          version: previous.version + 1,
          name: draft.name ?? previous.name,
          description: draft.description === undefined ? previous.description : draft.description,
          schema: draft.schema,
          updated_at: draft.at
        }
        versions.push(next)
        return Option.some(next)
      }),
    getLatest: (scope, schemaId) =>
      Effect.sync(() => {
        const versions = versionsOf(scope, schemaId)
        return versions === undefined ? Option.none() : Option.some(latestOf(versions))
      }),
    getVersion: (scope, schemaId, version) =>
      Effect.sync(() => Option.fromNullable(Number.isInteger(version) && version >= 1 ? versionsOf(scope, schemaId)?.[version - 1] : undefined)),
    listVersions: (scope, schemaId, page) =>
      Effect.sync(() => {
        const versions = versionsOf(scope, schemaId)
        if (versions === undefined) return Option.none()
        const from = Math.max(0, page.afterVersion)
        return Option.some(versions.slice(from, from + Math.max(0, page.limit)))
      }),
    listVisible: (tenantId, page) =>
      Effect.sync(() => {
        const own = idsByScope.get(scopeKey({ owner: "tenant", tenantId })) ?? new Set<string>()
        const platform = idsByScope.get(scopeKey({ owner: "platform" })) ?? new Set<string>()
        const visible: Array<[string, Documents.SchemaScope]> = []
        for (const id of own) visible.push([id, { owner: "tenant", tenantId }])
        for (const id of platform) if (!own.has(id)) visible.push([id, { owner: "platform" }])
        visible.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        const after = page.afterSchemaId
        const items = visible
          .filter(([id]) => after === null || id > after)
          .slice(0, Math.max(0, page.limit))
          .map(([id, scope]) => latestOf(versionsOf(scope, id)!))
        return { items, total: visible.length }
      }),
    clear: () => {
      families.clear()
      idsByScope.clear()
    }
  }
}

export const make: Effect.Effect<Documents.ExtractionSchemaStoreService> = memoryStore(makeExtractionSchemaStore)

export const layer: Layer.Layer<Documents.ExtractionSchemaStore> = Layer.effect(Documents.ExtractionSchemaStore, make)
