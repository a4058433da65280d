/** Tenant domains in memory (platform domains live in core). Every operation is one synchronous step. */
import { Workspaces } from "@docket/core"
import { Effect, Layer, Option } from "effect"
import { type Clearable, memoryStore } from "./internal/resets.js"

interface Family {
  readonly seq: number
  readonly tenantId: string
  readonly slug: string
  /** index i = version i + 1 */
  readonly versions: Array<Workspaces.DomainVersion>
}

const makeDomainStore = (): Clearable<Workspaces.DomainStoreService> => {
  /** by domain id, in creation order */
  const families = new Map<string, Family>()
  let seq = 0
  const familyOf = (tenantId: string, domainId: string) => {
    const f = families.get(domainId)
    return f === undefined || f.tenantId !== tenantId ? undefined : f
  }
  const latest = (f: Family) => f.versions[f.versions.length - 1]!
  return {
    create: (d) =>
      Effect.suspend(() => {
        const tenantId = d.tenant_id ?? ""
        for (const f of families.values()) {
          if (f.tenantId === tenantId && f.slug === d.slug) return Effect.fail(new Workspaces.DomainSlugTaken({ slug: d.slug }))
        }
        families.set(d.domain_id, { seq: ++seq, tenantId, slug: d.slug, versions: [d] })
        return Effect.succeed(d)
      }),
    addVersion: (d) =>
      Effect.suspend(() => {
        const f = familyOf(d.tenant_id ?? "", d.domain_id)
        if (f === undefined || d.version !== f.versions.length + 1) {
          return Effect.fail(new Workspaces.DomainVersionTaken({ domainId: d.domain_id, version: d.version }))
        }
        f.versions.push(d)
        return Effect.succeed(d)
      }),
    replaceDraft: (d) =>
      Effect.sync(() => {
        const f = familyOf(d.tenant_id ?? "", d.domain_id)
        const current = f?.versions[d.version - 1]
        if (f === undefined || current === undefined || current.status !== "draft") return Option.none()
        const next = { ...d, status: "draft" as const, published_at: null, created_at: current.created_at }
        f.versions[d.version - 1] = next
        return Option.some(next)
      }),
    publish: (tenantId, domainId, version, at) =>
      Effect.sync(() => {
        const f = familyOf(tenantId, domainId)
        const current = f?.versions[version - 1]
        if (f === undefined || current === undefined || current.status !== "draft") return Option.none()
        const next: Workspaces.DomainVersion = { ...current, status: "published", published_at: at, updated_at: at }
        f.versions[version - 1] = next
        return Option.some(next)
      }),
    versions: (tenantId, domainId) => Effect.sync(() => [...(familyOf(tenantId, domainId)?.versions ?? [])]),
    versionsBySlug: (tenantId, slug) =>
      Effect.sync(() => {
        for (const f of families.values()) if (f.tenantId === tenantId && f.slug === slug) return [...f.versions]
        return []
      }),
    list: (tenantId, query) =>
      Effect.sync(() => {
        const all = [...families.values()].filter((f) => f.tenantId === tenantId && (query.status === undefined || latest(f).status === query.status))
        const after = query.after ?? 0
        return {
          items: all.filter((f) => f.seq > after).slice(0, query.limit).map((f) => ({ ...latest(f), seq: f.seq })),
          total: all.length
        }
      }),
    clear: () => {
      families.clear()
    }
  }
}

export const make: Effect.Effect<Workspaces.DomainStoreService> = memoryStore(makeDomainStore)

export const layer: Layer.Layer<Workspaces.DomainStore> = Layer.effect(Workspaces.DomainStore, make)
