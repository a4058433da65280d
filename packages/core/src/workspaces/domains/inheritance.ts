/**
 * Domain inheritance (spec 3, "Domain": `parent_slug`; "GET /v1/domains/{id}": "with inheritance
 * resolved"). A child declares only what it adds: its classes are added to the parent's, a child
 * class with the parent's group/subgroup replacing it in place; node and edge types merge by
 * name the same way. `allow_other` is the child's own. The parent given is itself already
 * resolved, so a chain resolves one link at a time.
 */
import type { DomainDraft, EdgeType, NodeType, Ontology, Taxonomy, TaxonomyClass } from "./domain-definition.js"

/** The effective content of a domain's parent (its own inheritance resolved). */
export interface DomainParent {
  readonly taxonomy: Taxonomy
  readonly ontology: Ontology
}

/** Where an item of the effective domain was declared: the child itself or its parent, at `index`. */
export interface Origin {
  readonly from: "self" | "parent"
  readonly index: number
}

export interface Merged<A> {
  readonly item: A
  readonly origin: Origin
}

/** How two class or type names are compared: trimmed, case-insensitive. */
export const nameKey = (s: string): string => s.trim().toLowerCase()

/** The identity of a class: its group and subgroup. */
export const classKey = (c: Pick<TaxonomyClass, "group" | "subgroup">): string => `${nameKey(c.group)}/${nameKey(c.subgroup)}`

/**
 * The parent's items in order, each replaced in place by the child's item with the same key, then
 * the child's remaining items in order. Within the child, the first of two items with one key wins
 * (validation reports the second).
 */
export const mergeByKey = <A>(
  parent: ReadonlyArray<A>,
  own: ReadonlyArray<A>,
  key: (a: A) => string
): ReadonlyArray<Merged<A>> => {
  const ownByKey = new Map<string, number>()
  own.forEach((a, index) => {
    const k = key(a)
    if (!ownByKey.has(k)) ownByKey.set(k, index)
  })
  const used = new Set<number>()
  const out: Array<Merged<A>> = parent.map((item, index) => {
    const replacing = ownByKey.get(key(item))
    if (replacing === undefined) return { item, origin: { from: "parent", index } }
    used.add(replacing)
    return { item: own[replacing]!, origin: { from: "self", index: replacing } }
  })
  own.forEach((item, index) => {
    if (!used.has(index) && ownByKey.get(key(item)) === index) out.push({ item, origin: { from: "self", index } })
  })
  return out
}

export interface MergedDomain {
  readonly classes: ReadonlyArray<Merged<TaxonomyClass>>
  readonly nodeTypes: ReadonlyArray<Merged<NodeType>>
  readonly edgeTypes: ReadonlyArray<Merged<EdgeType>>
}

/** The effective items of `draft` with where each came from (validation reports by origin). */
export const mergeDomain = (draft: Pick<DomainDraft, "taxonomy" | "ontology">, parent: DomainParent | null): MergedDomain => ({
  classes: mergeByKey(parent?.taxonomy.classes ?? [], draft.taxonomy.classes, classKey),
  nodeTypes: mergeByKey(parent?.ontology.node_types ?? [], draft.ontology.node_types, (t) => nameKey(t.name)),
  edgeTypes: mergeByKey(parent?.ontology.edge_types ?? [], draft.ontology.edge_types, (t) => nameKey(t.name))
})

/**
 * `draft` with its parent's taxonomy and ontology merged in. Without a parent it is the draft's own
 * content, a repeated class or type name kept once (its first declaration).
 */
export const effectiveDomain = (draft: DomainDraft, parent: DomainParent | null): DomainDraft => {
  const merged = mergeDomain(draft, parent)
  return {
    ...draft,
    taxonomy: { classes: merged.classes.map((m) => m.item), allow_other: draft.taxonomy.allow_other },
    ontology: { node_types: merged.nodeTypes.map((m) => m.item), edge_types: merged.edgeTypes.map((m) => m.item) }
  }
}
