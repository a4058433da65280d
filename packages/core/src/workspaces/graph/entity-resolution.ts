/**
 * Entity resolution (spec 3, "Knowledge graph"): the files' graphs merged into one — one node per
 * entity however many files name it, one edge per (type, from, to).
 *
 * Which names are the same entity (only within one node type):
 * - organisations: the same name up to case, punctuation and legal suffix ("Northwind Holdings
 *   Limited" = "NORTHWIND HOLDINGS LTD" = "Northwind Holdings"); a shorter name that begins only one
 *   known organisation's name ("Northwind" when no other "Northwind …" is known); an acronym of only
 *   one ("NHL");
 * - people: the same first and last name ("John A. Smith" = "Smith, John"); "J. Smith" or "Mr Smith"
 *   only when one known person fits;
 * - anything else: the same name up to case and punctuation.
 * A file's own aliases join the names it gives one entity. An ambiguous short name stays a node of
 * its own rather than joining the wrong one.
 *
 * The output depends only on the records (sorted here by path), so a rebuild of the same files
 * publishes the same content, and node ids derive from the workspace, the type and the resolved
 * name (`graph-ids.ts`).
 */
import type { Ontology } from "../domains/domain-definition.js"
import { asAcronym, normalizeName, organisationAcronyms, organisationKey, parsePersonName, personKey } from "./entity-names.js"
import type { ExtractedEntity, Mention } from "./file-graph.js"
import { graphEdgeId, graphNodeId } from "./graph-ids.js"
import type { FileGraphRecord } from "./graph-store.js"
import { type GraphContent, type GraphEdge, type GraphEvidence, type GraphFact, type GraphNode, MAX_EDGE_EVIDENCE, MAX_NODE_MENTIONS } from "./snapshot.js"

/** One entity as one file gave it. */
interface Instance {
  readonly fileIndex: number
  readonly entity: ExtractedEntity
  readonly names: ReadonlyArray<string>
}

const codePointCompare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

class UnionFind {
  private readonly parent: Array<number>
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i)
  }
  find(i: number): number {
    let r = i
    while (this.parent[r] !== r) r = this.parent[r]!
    // path compression keeps later finds flat
    while (this.parent[i] !== r) {
      const next = this.parent[i]!
      this.parent[i] = r
      i = next
    }
    return r
  }
  // the smaller root wins, so the grouping does not depend on the order unions happen in
  union(a: number, b: number): void {
    const ra = this.find(a)
    const rb = this.find(b)
    if (ra === rb) return
    if (ra < rb) this.parent[rb] = ra
    else this.parent[ra] = rb
  }
}

const groupBy = <A>(items: ReadonlyArray<A>, keysOf: (a: A) => ReadonlyArray<string>): Map<string, Array<number>> => {
  const m = new Map<string, Array<number>>()
  items.forEach((a, i) => {
    for (const k of new Set(keysOf(a))) {
      if (k === "") continue
      const l = m.get(k)
      if (l === undefined) m.set(k, [i])
      else l.push(i)
    }
  })
  return m
}

/** Joins instances sharing a key; then each instance's further keys join the one group they point to, if only one. */
const resolveByKeys = (
  instances: ReadonlyArray<Instance>,
  uf: UnionFind,
  primaryKeys: (x: Instance) => ReadonlyArray<string>,
  secondaryMatches: (x: Instance, isOwn: (j: number) => boolean, byPrimary: Map<string, Array<number>>) => ReadonlyArray<number>
): void => {
  const byPrimary = groupBy(instances, primaryKeys)
  for (const members of byPrimary.values()) for (const m of members) uf.union(members[0]!, m)
  // the candidate groups are read before any secondary join, so one short name cannot chain two groups together
  const joins: Array<[number, number]> = []
  instances.forEach((x, i) => {
    const own = uf.find(i)
    const groups = new Set(secondaryMatches(x, (j) => uf.find(j) === own, byPrimary).map((j) => uf.find(j)))
    groups.delete(own)
    if (groups.size === 1) joins.push([i, [...groups][0]!])
  })
  for (const [a, b] of joins) uf.union(a, b)
}

const resolveOrganisations = (instances: ReadonlyArray<Instance>, uf: UnionFind): void => {
  const acronymOwners = groupBy(instances, (x) => x.names.flatMap(organisationAcronyms))
  const fullKeys = groupBy(instances, (x) => [organisationKey(x.entity.name)])
  const keyList = [...fullKeys.keys()]
  resolveByKeys(
    instances,
    uf,
    (x) => [organisationKey(x.entity.name)],
    (x, isOwn, byPrimary) =>
      x.names.flatMap((n) => {
        const key = organisationKey(n)
        const acronym = asAcronym(n)
        if (acronym !== null) return acronymOwners.get(acronym) ?? []
        const same = (byPrimary.get(key) ?? []).filter((j) => !isOwn(j))
        if (same.length > 0) return same
        // "Northwind" for "Northwind Holdings": a word prefix of the full names, when one group holds them all
        if (key.length < 3) return []
        return keyList.filter((k) => k.startsWith(`${key} `)).flatMap((k) => fullKeys.get(k)!)
      })
  )
}

const resolvePeople = (instances: ReadonlyArray<Instance>, uf: UnionFind): void => {
  const fullNamed = instances.flatMap((x, i) => x.names.flatMap((n) => {
    const p = parsePersonName(n)
    return p !== null && p.first !== null ? [{ i, p }] : []
  }))
  resolveByKeys(
    instances,
    uf,
    (x) => {
      const p = parsePersonName(x.entity.name)
      if (p === null) return [`~${normalizeName(x.entity.name)}`]
      // a short form ("J. Smith", "Mr Smith") is keyed apart from full names: it joins one only through the rule below
      return [p.first !== null ? `${p.first} ${p.last}` : `~${p.initial ?? ""} ${p.last}`]
    },
    (x) =>
      x.names.flatMap((n) => {
        const p = parsePersonName(n)
        if (p === null) return []
        if (p.first !== null) return fullNamed.filter((f) => f.p.first === p.first && f.p.last === p.last).map((f) => f.i)
        return fullNamed.filter((f) => f.p.last === p.last && (p.initial === null || f.p.initial === p.initial)).map((f) => f.i)
      })
  )
}

/** Identifiers and amounts are compared without spaces and punctuation ("GB 12 3456" = "GB123456"). */
const compactTypes = new Set(["identifier"])
const plainKey = (type: string, name: string): string => {
  const n = normalizeName(name)
  return compactTypes.has(type) ? n.replace(/ /g, "") : n
}

const resolveOthers = (type: string, instances: ReadonlyArray<Instance>, uf: UnionFind): void =>
  resolveByKeys(
    instances,
    uf,
    (x) => [plainKey(type, x.entity.name)],
    (x, _isOwn, byPrimary) => x.names.flatMap((n) => byPrimary.get(plainKey(type, n)) ?? [])
  )

/** The canonical key a node's id derives from, read from its title. */
const canonicalKey = (type: string, title: string): string => {
  if (type === "organisation") return organisationKey(title) || normalizeName(title)
  if (type === "person") return personKey(title) ?? normalizeName(title)
  return plainKey(type, title)
}

const wordCount = (s: string): number => s.split(/\s+/).filter((w) => w !== "").length
const allCaps = (s: string): boolean => /[A-Z]/.test(s) && s === s.toUpperCase()

/** The fullest name: most words, written in mixed case over capitals, longest, most used, then first in code-point order. */
const pickTitle = (names: ReadonlyArray<string>): string => {
  const uses = new Map<string, number>()
  for (const n of names) uses.set(n, (uses.get(n) ?? 0) + 1)
  return [...uses.keys()].sort(
    (a, b) =>
      wordCount(b) - wordCount(a) ||
      Number(allCaps(a)) - Number(allCaps(b)) ||
      b.length - a.length ||
      uses.get(b)! - uses.get(a)! ||
      codePointCompare(a, b)
  )[0]!
}

const evidenceOf = (record: FileGraphRecord, m: Mention): GraphEvidence => ({
  file_id: record.file_id,
  path: record.path,
  page: m.page,
  component: m.component,
  char_start: m.char_start,
  char_end: m.char_end,
  quote: m.quote
})

const evidenceKey = (e: GraphEvidence): string => `${e.file_id}\u0000${e.char_start}\u0000${e.char_end}`

/** Appends evidence not yet held, up to `cap`. */
const addEvidence = (into: Array<GraphEvidence>, seen: Set<string>, e: GraphEvidence, cap: number): void => {
  if (into.length >= cap) return
  const k = evidenceKey(e)
  if (seen.has(k)) return
  seen.add(k)
  into.push(e)
}

export const mergeFileGraphs = (workspaceId: string, records: ReadonlyArray<FileGraphRecord>, ontology: Ontology): GraphContent => {
  const files = [...records].sort((a, b) => codePointCompare(a.path, b.path) || codePointCompare(a.file_id, b.file_id))
  const nodeTypes = new Set(ontology.node_types.map((t) => t.name))
  const edgeTypes = new Map(ontology.edge_types.map((t) => [t.name, { from: new Set(t.from_types), to: new Set(t.to_types) }]))

  // instances per node type, in path order then file order
  const byType = new Map<string, Array<Instance>>()
  files.forEach((record, fileIndex) => {
    for (const entity of record.graph.entities) {
      if (!nodeTypes.has(entity.type) || entity.name.trim() === "") continue
      const list = byType.get(entity.type) ?? []
      list.push({ fileIndex, entity, names: [entity.name, ...entity.aliases].filter((n) => n.trim() !== "") })
      byType.set(entity.type, list)
    }
  })

  const nodes: Array<GraphNode> = []
  /** `${fileIndex}\u0000${entity key}` → node id */
  const nodeOf = new Map<string, string>()
  const typeOf = new Map<string, string>()
  const usedIds = new Set<string>()

  for (const type of [...byType.keys()].sort(codePointCompare)) {
    const instances = byType.get(type)!
    const uf = new UnionFind(instances.length)
    if (type === "organisation") resolveOrganisations(instances, uf)
    else if (type === "person") resolvePeople(instances, uf)
    else resolveOthers(type, instances, uf)

    const groups = new Map<number, Array<Instance>>()
    instances.forEach((x, i) => {
      const r = uf.find(i)
      const g = groups.get(r) ?? []
      g.push(x)
      groups.set(r, g)
    })

    // groups in a fixed order (by their first instance), so a key two groups share is resolved the same way each build
    for (const group of [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, g]) => g)) {
      const names = group.flatMap((x) => x.names.map((n) => n.trim().replace(/\s+/g, " ")))
      // a value's or document's files name it canonically (`2024-03-03`, `GBP 12,500`): its printed forms stay aliases
      const title = type === "organisation" || type === "person" ? pickTitle(names) : pickTitle(group.map((x) => x.entity.name.trim().replace(/\s+/g, " ")))
      const key = canonicalKey(type, title)
      let nodeId = graphNodeId(workspaceId, type, key)
      // two groups left apart under one key (an ambiguous name): the later one is told apart by a counter
      for (let n = 2; usedIds.has(nodeId); n++) nodeId = graphNodeId(workspaceId, type, `${key}#${n}`)
      usedIds.add(nodeId)

      const titleKey = normalizeName(title)
      const aliasByKey = new Map<string, string>()
      for (const n of names) {
        const k = normalizeName(n)
        if (k === titleKey || k === "") continue
        const held = aliasByKey.get(k)
        if (held === undefined || pickTitle([held, n]) === n) aliasByKey.set(k, n)
      }
      const aliases = [...aliasByKey.values()].sort(codePointCompare)

      const facts: Array<GraphFact> = []
      const factSeen = new Set<string>()
      const mentions: Array<GraphEvidence> = []
      const mentionSeen = new Set<string>()
      const sourceFileIds: Array<string> = []
      for (const x of group) {
        const record = files[x.fileIndex]!
        if (!sourceFileIds.includes(record.file_id)) sourceFileIds.push(record.file_id)
        for (const f of x.entity.facts) {
          const k = `${f.predicate}\u0000${normalizeName(f.value) || f.value}`
          if (factSeen.has(k)) continue
          factSeen.add(k)
          facts.push({ predicate: f.predicate, value: f.value, evidence: evidenceOf(record, f.mention) })
        }
        for (const m of x.entity.mentions) addEvidence(mentions, mentionSeen, evidenceOf(record, m), MAX_NODE_MENTIONS)
        nodeOf.set(`${x.fileIndex}\u0000${x.entity.key}`, nodeId)
      }
      typeOf.set(nodeId, type)
      nodes.push({ node_id: nodeId, node_type: type, title, aliases, facts, mentions, source_file_ids: sourceFileIds })
    }
  }

  const edges = new Map<string, { edge: Omit<GraphEdge, "evidence">; evidence: Array<GraphEvidence>; seen: Set<string> }>()
  files.forEach((record, fileIndex) => {
    for (const r of record.graph.relations) {
      const allowed = edgeTypes.get(r.type)
      const from = nodeOf.get(`${fileIndex}\u0000${r.from}`)
      const to = nodeOf.get(`${fileIndex}\u0000${r.to}`)
      if (allowed === undefined || from === undefined || to === undefined || from === to) continue
      if (!allowed.from.has(typeOf.get(from)!) || !allowed.to.has(typeOf.get(to)!)) continue
      const edgeId = graphEdgeId(workspaceId, r.type, from, to)
      let e = edges.get(edgeId)
      if (e === undefined) {
        e = { edge: { edge_id: edgeId, edge_type: r.type, from_node_id: from, to_node_id: to }, evidence: [], seen: new Set() }
        edges.set(edgeId, e)
      }
      addEvidence(e.evidence, e.seen, evidenceOf(record, r.mention), MAX_EDGE_EVIDENCE)
    }
  })

  nodes.sort((a, b) => codePointCompare(a.node_type, b.node_type) || codePointCompare(a.title, b.title) || codePointCompare(a.node_id, b.node_id))
  const titleOf = new Map(nodes.map((n) => [n.node_id, n.title]))
  const edgeList: Array<GraphEdge> = [...edges.values()].map(({ edge, evidence }) => ({ ...edge, evidence }))
  edgeList.sort(
    (a, b) =>
      codePointCompare(a.edge_type, b.edge_type) ||
      codePointCompare(titleOf.get(a.from_node_id)!, titleOf.get(b.from_node_id)!) ||
      codePointCompare(titleOf.get(a.to_node_id)!, titleOf.get(b.to_node_id)!) ||
      codePointCompare(a.edge_id, b.edge_id)
  )
  return { nodes, edges: edgeList }
}
