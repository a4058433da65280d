/**
 * Collects one file's graph as the readers find it: entities keyed by type and canonical name (so
 * "Northwind Holdings Limited" and "NORTHWIND HOLDINGS LTD" in one file are one entity), their
 * mentions, facts and relations, each mention placed on its page and component. What the ontology
 * does not declare is refused here, once, so the readers need not ask.
 */
import type { Ontology } from "../../../workspaces/domains/domain-definition.js"
import { normalizeName, organisationKey, parsePersonName } from "../../../workspaces/graph/entity-names.js"
import { type ExtractedEntity, type ExtractedFact, type ExtractedRelation, type FileGraph, MAX_QUOTE_CHARS, type Mention } from "../../../workspaces/graph/file-graph.js"
import type { GraphExtractComponent, GraphExtractPage } from "../../graph-extractor.js"

interface Draft {
  key: string
  readonly type: string
  readonly names: Array<string>
  readonly facts: Array<ExtractedFact>
  readonly mentions: Array<Mention>
  /** first mention, for the output order */
  readonly first: number
}

const nameKey = (type: string, name: string): string => {
  if (type === "organisation") return organisationKey(name) || normalizeName(name)
  if (type === "person") {
    const p = parsePersonName(name)
    return p === null ? normalizeName(name) : p.first !== null ? `${p.first} ${p.last}` : `~${p.initial ?? ""} ${p.last}`
  }
  if (type === "identifier") return normalizeName(name).replace(/ /g, "")
  return normalizeName(name)
}

const CANONICAL_NAMED = new Set(["document", "amount", "date", "identifier"])

export class FileGraphBuilder {
  private readonly drafts = new Map<string, Draft>()
  /** `${type}\u0000${name key}` → entity key */
  private readonly byName = new Map<string, string>()
  /** merged entity key → the key it was merged into */
  private readonly redirect = new Map<string, string>()
  private readonly relations: Array<ExtractedRelation> = []
  private readonly relationSeen = new Set<string>()
  private readonly nodeTypes: ReadonlySet<string>
  private readonly edgeTypes: ReadonlyMap<string, { readonly from: ReadonlySet<string>; readonly to: ReadonlySet<string> }>
  private readonly sheets: ReadonlyArray<GraphExtractComponent>
  private readonly sections: ReadonlyArray<GraphExtractComponent>

  constructor(
    private readonly markdown: string,
    private readonly pages: ReadonlyArray<GraphExtractPage>,
    components: ReadonlyArray<GraphExtractComponent>,
    ontology: Ontology
  ) {
    this.nodeTypes = new Set(ontology.node_types.map((t) => t.name))
    this.edgeTypes = new Map(ontology.edge_types.map((e) => [e.name, { from: new Set(e.from_types), to: new Set(e.to_types) }]))
    this.sheets = components.filter((c) => c.kind === "sheet")
    this.sections = components.filter((c) => c.kind !== "document" && c.kind !== "sheet")
  }

  declares(type: string): boolean {
    return this.nodeTypes.has(type)
  }

  allows(edge: string, fromType: string, toType: string): boolean {
    const e = this.edgeTypes.get(edge)
    return e !== undefined && e.from.has(fromType) && e.to.has(toType)
  }

  mention(start: number, end: number): Mention {
    const sheet = this.sheets.find((c) => c.char_start <= start && start < c.char_end)
    // spreadsheet facts carry no page (spec 3, "Knowledge graph")
    const page = sheet !== undefined ? null : (this.pages.find((p) => p.char_start <= start && start < p.char_end)?.page ?? null)
    const section = sheet ?? this.sections.filter((c) => c.char_start <= start && start < c.char_end).sort((a, b) => (a.char_end - a.char_start) - (b.char_end - b.char_start))[0]
    // a longer statement is cited by its first MAX_QUOTE_CHARS: the range is the quote's, so it always holds it
    const cut = Math.min(end, start + MAX_QUOTE_CHARS)
    return { page, component: section?.name ?? null, char_start: start, char_end: cut, quote: this.markdown.slice(start, cut) }
  }

  private resolve(key: string): string {
    let k = key
    while (this.redirect.has(k)) k = this.redirect.get(k)!
    return k
  }

  /** The entity of `type` named `name` (found again by name, or new), with a mention at `[start, end)`; null if the ontology lacks the type. */
  entity(type: string, name: string, start: number, end: number): string | null {
    const clean = name.replace(/\s+/g, " ").replace(/^[\s,;:]+|[\s,;:]+$/g, "")
    if (!this.nodeTypes.has(type) || clean === "" || !/[\p{L}\p{N}]/u.test(clean)) return null
    const nk = `${type}\u0000${nameKey(type, clean)}`
    let key = this.byName.get(nk)
    if (key === undefined) {
      key = `e${this.drafts.size + 1}`
      this.drafts.set(key, { key, type, names: [], facts: [], mentions: [], first: start })
      this.byName.set(nk, key)
    }
    key = this.resolve(key)
    const d = this.drafts.get(key)!
    if (!d.names.includes(clean)) d.names.push(clean)
    if (end > start && !d.mentions.some((m) => m.char_start === start && m.char_end === end)) d.mentions.push(this.mention(start, end))
    return key
  }

  /** Another name for an entity ("NHL" for "Northwind Holdings Limited"): later mentions of it find the entity. */
  alias(key: string, name: string): void {
    const k = this.resolve(key)
    const d = this.drafts.get(k)!
    const clean = name.replace(/\s+/g, " ").trim()
    if (clean === "") return
    if (!d.names.includes(clean)) d.names.push(clean)
    const nk = `${d.type}\u0000${nameKey(d.type, clean)}`
    const held = this.byName.get(nk)
    if (held === undefined) this.byName.set(nk, k)
    else if (this.resolve(held) !== k) this.merge(held, k)
  }

  /** An entity already named, without adding a mention. */
  find(type: string, name: string): string | null {
    const key = this.byName.get(`${type}\u0000${nameKey(type, name)}`)
    return key === undefined ? null : this.resolve(key)
  }

  /** The entity's first mention in reading order. */
  firstMention(key: string): Mention {
    return [...this.drafts.get(this.resolve(key))!.mentions].sort((a, b) => a.char_start - b.char_start)[0]!
  }

  typeOf(key: string): string {
    return this.drafts.get(this.resolve(key))!.type
  }

  namesOf(key: string): ReadonlyArray<string> {
    return this.drafts.get(this.resolve(key))!.names
  }

  entitiesOf(type: string): ReadonlyArray<string> {
    return [...this.drafts.values()].filter((d) => d.type === type && !this.redirect.has(d.key)).map((d) => d.key)
  }

  /** Folds `from` into `into` (a short name read to be a known entity's). */
  merge(from: string, into: string): void {
    const a = this.resolve(from)
    const b = this.resolve(into)
    if (a === b) return
    const da = this.drafts.get(a)!
    const db = this.drafts.get(b)!
    for (const n of da.names) if (!db.names.includes(n)) db.names.push(n)
    for (const f of da.facts) db.facts.push(f)
    for (const m of da.mentions) if (!db.mentions.some((x) => x.char_start === m.char_start && x.char_end === m.char_end)) db.mentions.push(m)
    this.redirect.set(a, b)
  }

  fact(key: string, predicate: string, value: string, start: number, end: number): void {
    const d = this.drafts.get(this.resolve(key))!
    const v = value.replace(/\s+/g, " ").trim()
    if (v === "" || d.facts.some((f) => f.predicate === predicate && f.value === v)) return
    d.facts.push({ predicate, value: v, mention: this.mention(start, end) })
  }

  /** A relation the ontology allows between the two entities' types (else nothing); `[start, end)` is the statement. */
  relate(type: string, from: string | null, to: string | null, start: number, end: number): void {
    if (from === null || to === null) return
    const f = this.resolve(from)
    const t = this.resolve(to)
    if (f === t || !this.allows(type, this.typeOf(f), this.typeOf(t))) return
    const k = `${type}\u0000${f}\u0000${t}\u0000${start}`
    if (this.relationSeen.has(k)) return
    this.relationSeen.add(k)
    this.relations.push({ type, from: f, to: t, mention: this.mention(start, end) })
  }

  hasRelation(type: string, from: string, to?: string): boolean {
    const f = this.resolve(from)
    return this.relations.some((r) => r.type === type && this.resolve(r.from) === f && (to === undefined || this.resolve(r.to) === this.resolve(to)))
  }

  /** The relations of `type` read so far from the entity. */
  relationsFrom(from: string, type: string): ReadonlyArray<ExtractedRelation> {
    const f = this.resolve(from)
    return this.relations.filter((r) => r.type === type && this.resolve(r.from) === f).map((r) => ({ ...r, from: f, to: this.resolve(r.to) }))
  }

  relatedFrom(from: string): ReadonlySet<string> {
    const f = this.resolve(from)
    return new Set(this.relations.filter((r) => this.resolve(r.from) === f).map((r) => this.resolve(r.to)))
  }

  /** The key a (possibly merged) entity is known by now. */
  canonical(key: string): string {
    return this.resolve(key)
  }

  /**
   * The graph, entities in reading order. A document, an amount, a date or an identifier is named
   * by its canonical name (its path, `GBP 12,500`, `2024-03-03`), the printed forms being
   * aliases; anything else by its fullest name (most words, mixed case, longest).
   */
  build(): FileGraph {
    const live = [...this.drafts.values()].filter((d) => !this.redirect.has(d.key) && d.mentions.length > 0).sort((a, b) => a.first - b.first || (a.key < b.key ? -1 : 1))
    const words = (s: string) => s.split(" ").length
    const mixed = (s: string) => (s === s.toUpperCase() ? 1 : 0)
    const entities: Array<ExtractedEntity> = live.map((d) => {
      const names = CANONICAL_NAMED.has(d.type) ? d.names : [...d.names].sort((a, b) => words(b) - words(a) || mixed(a) - mixed(b) || b.length - a.length || (a < b ? -1 : a > b ? 1 : 0))
      return { key: d.key, type: d.type, name: names[0]!, aliases: names.slice(1), facts: d.facts, mentions: [...d.mentions].sort((a, b) => a.char_start - b.char_start) }
    })
    const keys = new Set(entities.map((e) => e.key))
    const relations = this.relations
      .map((r) => ({ ...r, from: this.resolve(r.from), to: this.resolve(r.to) }))
      .filter((r) => keys.has(r.from) && keys.has(r.to) && r.from !== r.to)
    return { entities, relations }
  }
}
