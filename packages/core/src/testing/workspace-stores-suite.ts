/**
 * The conformance suites of the workspace service's configuration ports — `AccessLabelStore`,
 * `WorkspaceStore`, `DomainStore` — run by every adapter against its storage layer
 * (`workspaceStoresSuite("memory", MemoryStorage.layer)`).
 */
import { expect } from "@effect/vitest"
import { Effect, Either, type Layer, Option } from "effect"
import { storageSuite, type SuiteOptions, unique } from "./suite.js"
import type { AccessLabel } from "../workspaces/access/access-label.js"
import { AccessLabelStore } from "../workspaces/access/access-label-store.js"
import type { DomainVersion } from "../workspaces/domains/domain.js"
import { DomainStore } from "../workspaces/domains/domain-store.js"
import { DEFAULT_KNOWLEDGE_GRAPH, DEFAULT_LEDGER_UNDERSTANDING, type Workspace } from "../workspaces/workspace/workspace.js"
import { WorkspaceStore } from "../workspaces/workspace/workspace-store.js"

let n = 0
const uuid = () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(4, "0")}${Math.random().toString(16).slice(2, 10).padEnd(8, "0")}`

const label = (tenantId: string, name: string, over: Partial<AccessLabel> = {}): AccessLabel => ({
  access_label_id: uuid(),
  tenant_id: tenantId,
  name,
  description: `${name} files`,
  created_at: 1_000,
  updated_at: 1_000,
  ...over
})

const workspace = (tenantId: string, name: string, over: Partial<Workspace> = {}): Workspace => ({
  workspace_id: uuid(),
  tenant_id: tenantId,
  name,
  domain_id: uuid(),
  domain_slug: "generic",
  domain_version: 1,
  access: { labels: [{ name: "finance", description: "money" }], default_label: "finance" },
  retention_policy: { derived_ttl_days: null, source_ttl_days: 90, job_ttl_days: 30 },
  knowledge_graph: DEFAULT_KNOWLEDGE_GRAPH,
  ledger_understanding: DEFAULT_LEDGER_UNDERSTANDING,
  config_version: 1,
  status: "active",
  created_at: 2_000,
  updated_at: 2_000,
  ...over
})

const domain = (tenantId: string, slug: string, over: Partial<DomainVersion> = {}): DomainVersion => ({
  domain_id: uuid(),
  tenant_id: tenantId,
  owner: "tenant",
  slug,
  display_name: `Domain ${slug}`,
  parent_slug: null,
  version: 1,
  status: "draft",
  taxonomy: { classes: [{ group: "g", subgroup: "s", description: "d", document_type: "t", aliases: ["a"] }], allow_other: false },
  ontology: { node_types: [{ name: "person", tier: 1, description: "" }], edge_types: [] },
  published_at: null,
  created_at: 3_000,
  updated_at: 3_000,
  ...over
})

export const workspaceStoresSuite = <E>(
  name: string,
  layer: Layer.Layer<AccessLabelStore | WorkspaceStore | DomainStore, E>,
  options: SuiteOptions = {}
) =>
  storageSuite(`workspace configuration stores (${name})`, layer, options, (it) => {
    it("access labels: create, read, find by names, change a description, remove; names unique per tenant; tenants apart", () =>
      Effect.gen(function*() {
        const s = yield* AccessLabelStore
        const t = unique("ten")
        const other = unique("ten")
        const a = yield* s.create(label(t, "finance"))
        expect(Option.getOrThrow(yield* s.get(t, a.access_label_id))).toEqual(a)
        expect(Option.isNone(yield* s.get(other, a.access_label_id))).toBe(true)
        const taken = yield* Effect.either(s.create(label(t, "finance")))
        expect(Either.isLeft(taken) && taken.left._tag).toBe("LabelNameTaken")
        yield* s.create(label(other, "finance"))
        yield* s.create(label(t, "hr"))
        expect((yield* s.findByNames(t, ["finance", "legal", "hr"])).map((l) => l.name).sort()).toEqual(["finance", "hr"])
        expect(yield* s.findByNames(t, [])).toEqual([])
        const changed = Option.getOrThrow(yield* s.updateDescription(t, a.access_label_id, "new", 5_000))
        expect(changed).toEqual({ ...a, description: "new", updated_at: 5_000 })
        expect(Option.isNone(yield* s.updateDescription(other, a.access_label_id, "x", 6_000))).toBe(true)
        expect(yield* s.remove(other, a.access_label_id)).toBe(false)
        expect(yield* s.remove(t, a.access_label_id)).toBe(true)
        expect(yield* s.remove(t, a.access_label_id)).toBe(false)
        expect(Option.isNone(yield* s.get(t, a.access_label_id))).toBe(true)
        // the name is free again
        yield* s.create(label(t, "finance"))
      }))

    it("access labels: keyset pages in creation order with the total; a label created between pages lands after the cursor", () =>
      Effect.gen(function*() {
        const s = yield* AccessLabelStore
        const t = unique("ten")
        for (const name of ["a", "b", "c"]) yield* s.create(label(t, name))
        const first = yield* s.list(t, { limit: 2 })
        expect(first.items.map((l) => l.name)).toEqual(["a", "b"])
        expect(first.total).toBe(3)
        yield* s.create(label(t, "d"))
        const second = yield* s.list(t, { limit: 2, after: first.items[1]!.seq })
        expect(second.items.map((l) => l.name)).toEqual(["c", "d"])
        expect(second.total).toBe(4)
        expect((yield* s.list(t, { limit: 10, after: second.items[1]!.seq })).items).toEqual([])
      }))

    it("workspaces: create, read, list by name (case-insensitive, % and _ literal) in creation order, tenants apart", () =>
      Effect.gen(function*() {
        const s = yield* WorkspaceStore
        const t = unique("ten")
        const w1 = yield* s.create(workspace(t, "Quarterly Audit"))
        const w2 = yield* s.create(workspace(t, "audit_100%"))
        yield* s.create(workspace(t, "audit1000"))
        yield* s.create(workspace(unique("ten"), "Quarterly Audit"))
        expect(Option.getOrThrow(yield* s.get(t, w1.workspace_id))).toEqual(w1)
        expect(Option.isNone(yield* s.get(unique("ten"), w1.workspace_id))).toBe(true)
        const all = yield* s.list(t, { limit: 10 })
        expect(all.total).toBe(3)
        expect(all.items[0]).toMatchObject({ ...w1 })
        expect((yield* s.list(t, { limit: 10, nameContains: "AUDIT" })).total).toBe(3)
        expect((yield* s.list(t, { limit: 10, nameContains: "_1" })).items.map((w) => w.name)).toEqual(["audit_100%"])
        expect((yield* s.list(t, { limit: 10, nameContains: "0%" })).items.map((w) => w.workspace_id)).toEqual([w2.workspace_id])
        const page = yield* s.list(t, { limit: 1, nameContains: "audit" })
        expect(page.items.map((w) => w.name)).toEqual(["Quarterly Audit"])
        expect(page.total).toBe(3)
        const next = yield* s.list(t, { limit: 5, nameContains: "audit", after: page.items[0]!.seq })
        expect(next.items.map((w) => w.name)).toEqual(["audit_100%", "audit1000"])
      }))

    it("workspaces: policies replaced whole with config_version + 1; deleting refuses updates; remove; declared labels", () =>
      Effect.gen(function*() {
        const s = yield* WorkspaceStore
        const t = unique("ten")
        const w = yield* s.create(workspace(t, "w"))
        const kg = { auto_build: true, exclude_path_prefixes: ["tmp/"], exclude_categories: [] }
        const updated = Option.getOrThrow(yield* s.updatePolicies(t, w.workspace_id, { knowledge_graph: kg }, 9_000))
        expect(updated).toEqual({ ...w, knowledge_graph: kg, config_version: 2, updated_at: 9_000 })
        const lu = { ...DEFAULT_LEDGER_UNDERSTANDING, trigger: "off" as const }
        const again = Option.getOrThrow(yield* s.updatePolicies(t, w.workspace_id, { ledger_understanding: lu }, 9_500))
        expect(again).toMatchObject({ knowledge_graph: kg, ledger_understanding: lu, config_version: 3 })
        expect(Option.isNone(yield* s.updatePolicies(unique("ten"), w.workspace_id, { knowledge_graph: kg }, 1))).toBe(true)
        expect(yield* s.declaresLabel(t, "finance")).toBe(true)
        expect(yield* s.declaresLabel(t, "financ")).toBe(false)
        expect(yield* s.declaresLabel(unique("ten"), "finance")).toBe(false)
        const deleting = Option.getOrThrow(yield* s.markDeleting(t, w.workspace_id, 10_000))
        expect(deleting).toMatchObject({ status: "deleting", updated_at: 10_000, config_version: 3 })
        expect(Option.getOrThrow(yield* s.markDeleting(t, w.workspace_id, 11_000)).updated_at).toBe(10_000)
        const refused = yield* Effect.either(s.updatePolicies(t, w.workspace_id, { knowledge_graph: kg }, 12_000))
        expect(Either.isLeft(refused) && refused.left._tag).toBe("WorkspaceIsDeleting")
        expect(Option.isNone(yield* s.markDeleting(t, "nope", 1))).toBe(true)
        expect(yield* s.remove(unique("ten"), w.workspace_id)).toBe(false)
        expect(yield* s.remove(t, w.workspace_id)).toBe(true)
        expect(Option.isNone(yield* s.get(t, w.workspace_id))).toBe(true)
        expect(yield* s.declaresLabel(t, "finance")).toBe(false)
      }))

    it("domains: versions numbered without gaps, drafts replaced in place, published frozen, slugs unique per tenant", () =>
      Effect.gen(function*() {
        const s = yield* DomainStore
        const t = unique("ten")
        const d1 = yield* s.create(domain(t, "claims"))
        expect(yield* s.versions(t, d1.domain_id)).toEqual([d1])
        expect(yield* s.versions(unique("ten"), d1.domain_id)).toEqual([])
        const taken = yield* Effect.either(s.create(domain(t, "claims")))
        expect(Either.isLeft(taken) && taken.left._tag).toBe("DomainSlugTaken")
        yield* s.create(domain(unique("ten"), "claims"))
        const edited = Option.getOrThrow(yield* s.replaceDraft({ ...d1, display_name: "Claims", updated_at: 4_000 }))
        expect(edited).toEqual({ ...d1, display_name: "Claims", updated_at: 4_000 })
        const published = Option.getOrThrow(yield* s.publish(t, d1.domain_id, 1, 5_000))
        expect(published).toEqual({ ...edited, status: "published", published_at: 5_000, updated_at: 5_000 })
        expect(Option.isNone(yield* s.publish(t, d1.domain_id, 1, 6_000))).toBe(true)
        expect(Option.isNone(yield* s.replaceDraft({ ...published, display_name: "x" }))).toBe(true)
        const v2 = yield* s.addVersion({ ...published, version: 2, status: "draft", published_at: null, display_name: "Claims 2" })
        const gap = yield* Effect.either(s.addVersion({ ...published, version: 4, status: "draft", published_at: null }))
        expect(Either.isLeft(gap) && gap.left._tag).toBe("DomainVersionTaken")
        const twice = yield* Effect.either(s.addVersion({ ...published, version: 2, status: "draft", published_at: null }))
        expect(Either.isLeft(twice) && twice.left._tag).toBe("DomainVersionTaken")
        expect((yield* s.versions(t, d1.domain_id)).map((v) => [v.version, v.status])).toEqual([[1, "published"], [2, "draft"]])
        expect((yield* s.versionsBySlug(t, "claims")).map((v) => v.version)).toEqual([1, 2])
        expect(yield* s.versionsBySlug(t, "other")).toEqual([])
        expect(v2.display_name).toBe("Claims 2")
      }))

    it("domains: list shows each domain's latest version in creation order, filtered by its status, with the total", () =>
      Effect.gen(function*() {
        const s = yield* DomainStore
        const t = unique("ten")
        const a = yield* s.create(domain(t, "a"))
        yield* s.create(domain(t, "b"))
        yield* s.publish(t, a.domain_id, 1, 1)
        const all = yield* s.list(t, { limit: 10 })
        expect(all.items.map((d) => [d.slug, d.status])).toEqual([["a", "published"], ["b", "draft"]])
        expect(all.total).toBe(2)
        yield* s.addVersion({ ...a, version: 2, status: "draft", published_at: null })
        const drafts = yield* s.list(t, { limit: 10, status: "draft" })
        expect(drafts.items.map((d) => [d.slug, d.version])).toEqual([["a", 2], ["b", 1]])
        expect((yield* s.list(t, { limit: 10, status: "published" })).total).toBe(0)
        const first = yield* s.list(t, { limit: 1 })
        const second = yield* s.list(t, { limit: 1, after: first.items[0]!.seq })
        expect(second.items.map((d) => d.slug)).toEqual(["b"])
        expect(second.total).toBe(2)
      }))
  })
