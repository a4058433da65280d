/**
 * Scoring a merged knowledge graph against the group set's truth.
 *
 * - A node matches a truth entity of its type when one of its names (title or alias) is one of
 *   the entity's names, compared as entity resolution compares them (case, punctuation, an
 *   organisation's legal suffix, a person's first and last name). The first node matching an
 *   entity counts as right; another node matching the same entity (an entity left split) counts
 *   as wrong, as does a node matching none.
 * - Entity recall per type: truth entities some node matches / truth entities. Precision: right
 *   nodes / nodes.
 * - An edge is right when its two nodes match the truth entities of a truth relation of its type;
 *   relation recall: truth relations some edge states / truth relations; precision: right edges /
 *   edges (a second edge for one truth relation counts as wrong).
 */
import { normalizeName, organisationKey, personKey } from "../../packages/core/src/workspaces/graph/entity-names.js"
import type { GraphContent } from "../../packages/core/src/workspaces/graph/snapshot.js"
import type { TruthEntity, TruthRelation } from "./group-documents.js"

const keyOf = (type: string, name: string): string => {
  if (type === "organisation") return organisationKey(name) || normalizeName(name)
  if (type === "person") return personKey(name) ?? normalizeName(name)
  if (type === "identifier") return normalizeName(name).replace(/ /g, "")
  return normalizeName(name)
}

export interface Counts {
  truth: number
  found: number
  predicted: number
  right: number
}

export interface GraphScore {
  readonly entities: ReadonlyMap<string, Counts>
  readonly relations: ReadonlyMap<string, Counts>
  /** truth entities no node matched, and nodes that matched nothing (for --verbose) */
  readonly missedEntities: ReadonlyArray<string>
  readonly wrongNodes: ReadonlyArray<string>
  readonly missedRelations: ReadonlyArray<string>
  readonly wrongEdges: ReadonlyArray<string>
}

const counts = (m: Map<string, Counts>, k: string): Counts => {
  let c = m.get(k)
  if (c === undefined) {
    c = { truth: 0, found: 0, predicted: 0, right: 0 }
    m.set(k, c)
  }
  return c
}

export const scoreGraph = (graph: GraphContent, truthEntities: ReadonlyArray<TruthEntity>, truthRelations: ReadonlyArray<TruthRelation>): GraphScore => {
  const entities = new Map<string, Counts>()
  const relations = new Map<string, Counts>()
  // `${type}\u0000${key}` → truth entity ids
  const byKey = new Map<string, Array<string>>()
  for (const e of truthEntities) {
    counts(entities, e.type).truth++
    for (const n of e.names) {
      const k = `${e.type}\u0000${keyOf(e.type, n)}`
      const l = byKey.get(k) ?? []
      if (!l.includes(e.id)) l.push(e.id)
      byKey.set(k, l)
    }
  }
  const nodeTruth = new Map<string, string>()
  const claimed = new Set<string>()
  const wrongNodes: Array<string> = []
  for (const n of graph.nodes) {
    const c = counts(entities, n.node_type)
    c.predicted++
    const candidates = [n.title, ...n.aliases].flatMap((name) => byKey.get(`${n.node_type}\u0000${keyOf(n.node_type, name)}`) ?? [])
    const match = candidates[0]
    if (match === undefined) {
      wrongNodes.push(`${n.node_type}: ${n.title}`)
      continue
    }
    nodeTruth.set(n.node_id, match)
    if (claimed.has(match)) {
      wrongNodes.push(`${n.node_type}: ${n.title} (a second node of one entity)`)
      continue
    }
    claimed.add(match)
    c.right++
  }
  for (const e of truthEntities) if (claimed.has(e.id)) counts(entities, e.type).found++
  const missedEntities = truthEntities.filter((e) => !claimed.has(e.id)).map((e) => `${e.type}: ${e.names[0]}`)

  const truthTriples = new Map<string, TruthRelation>()
  for (const r of truthRelations) truthTriples.set(`${r.type}\u0000${r.from}\u0000${r.to}`, r)
  for (const r of truthTriples.values()) counts(relations, r.type).truth++
  const stated = new Set<string>()
  const wrongEdges: Array<string> = []
  const title = new Map(graph.nodes.map((n) => [n.node_id, n.title]))
  for (const e of graph.edges) {
    const c = counts(relations, e.edge_type)
    c.predicted++
    const k = `${e.edge_type}\u0000${nodeTruth.get(e.from_node_id)}\u0000${nodeTruth.get(e.to_node_id)}`
    if (truthTriples.has(k) && !stated.has(k)) {
      stated.add(k)
      c.right++
      c.found++
    } else wrongEdges.push(`${e.edge_type}: ${title.get(e.from_node_id)} → ${title.get(e.to_node_id)}`)
  }
  const nameOf = new Map(truthEntities.map((e) => [e.id, e.names[0]!]))
  const missedRelations = [...truthTriples.entries()].filter(([k]) => !stated.has(k)).map(([, r]) => `${r.type}: ${nameOf.get(r.from)} → ${nameOf.get(r.to)}`)
  return { entities, relations, missedEntities, wrongNodes, missedRelations, wrongEdges }
}
