/**
 * Makes a generated taxonomy and ontology publishable (a domain generator's answer, a model's above
 * all, is not trusted): what `validateDomain` would refuse is dropped or mended — repeated classes
 * and types keep their first declaration, blank class fields are filled from what the class does
 * have, `/` leaves group and subgroup, blank and repeated aliases go, type names become snake_case,
 * tiers are clamped to 1..3, edge ends naming no node type are dropped (an edge left with no end
 * goes), and an empty ontology becomes `fallbackOntology`. Bounds are the request schemas'.
 */
import {
  MAX_ALIASES_PER_CLASS,
  MAX_CLASSES,
  MAX_DESCRIPTION,
  MAX_EDGE_TYPES,
  MAX_NAME,
  MAX_NODE_TYPES,
  MAX_TIER,
  MAX_TYPE_NAME,
  MAX_TYPES_PER_EDGE_END,
  MIN_TIER,
  type Ontology,
  type Taxonomy,
  type TaxonomyClass
} from "./domain-definition.js"
import { classKey, nameKey } from "./inheritance.js"

/** `Maintenance Work-Orders` → `maintenance_work_orders`: the form of type names and slugs. */
export const snakeName = (text: string, max: number = MAX_TYPE_NAME): string =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, max)
    .replace(/_+$/, "")

const clip = (s: string, max: number) => s.trim().replace(/\s+/g, " ").slice(0, max).trim()

const mendClass = (c: TaxonomyClass): TaxonomyClass | null => {
  const subgroup = clip(c.subgroup.replace(/\//g, " "), MAX_NAME) || clip(c.document_type.replace(/\//g, " "), MAX_NAME)
  if (subgroup === "") return null
  const group = clip(c.group.replace(/\//g, " "), MAX_NAME) || "documents"
  const document_type = snakeName(c.document_type, MAX_NAME) || snakeName(subgroup, MAX_NAME) || "document"
  const description = clip(c.description, MAX_DESCRIPTION) || `Documents of the kind "${subgroup.replace(/_/g, " ")}".`
  return { group, subgroup, description, document_type, aliases: c.aliases.map((a) => clip(a, MAX_NAME)).filter((a) => a !== "") }
}

export const repairTaxonomy = (taxonomy: Taxonomy): Taxonomy => {
  const keys = new Set<string>()
  const aliasesTaken = new Set<string>()
  const classes: Array<TaxonomyClass> = []
  for (const raw of taxonomy.classes) {
    if (classes.length >= MAX_CLASSES) break
    const c = mendClass(raw)
    if (c === null || keys.has(classKey(c))) continue
    keys.add(classKey(c))
    const aliases: Array<string> = []
    for (const a of c.aliases) {
      if (aliases.length >= MAX_ALIASES_PER_CLASS || aliasesTaken.has(nameKey(a))) continue
      aliasesTaken.add(nameKey(a))
      aliases.push(a)
    }
    classes.push({ ...c, aliases })
  }
  return { classes, allow_other: taxonomy.allow_other || classes.length === 0 }
}

export const repairOntology = (ontology: Ontology, fallbackOntology: Ontology): Ontology => {
  const nodeNames = new Set<string>()
  const node_types = ontology.node_types.flatMap((t) => {
    const name = snakeName(t.name)
    if (name === "" || nodeNames.has(name) || nodeNames.size >= MAX_NODE_TYPES) return []
    nodeNames.add(name)
    const tier = Number.isFinite(t.tier) ? Math.min(MAX_TIER, Math.max(MIN_TIER, Math.round(t.tier))) : MAX_TIER
    return [{ name, tier, description: clip(t.description, MAX_DESCRIPTION) }]
  })
  if (node_types.length === 0) return fallbackOntology
  const edgeNames = new Set<string>()
  const ends = (names: ReadonlyArray<string>) =>
    [...new Set(names.map((n) => snakeName(n)).filter((n) => nodeNames.has(n)))].slice(0, MAX_TYPES_PER_EDGE_END)
  const edge_types = ontology.edge_types.flatMap((e) => {
    const name = snakeName(e.name)
    const from_types = ends(e.from_types)
    const to_types = ends(e.to_types)
    if (name === "" || edgeNames.has(name) || edgeNames.size >= MAX_EDGE_TYPES || from_types.length === 0 || to_types.length === 0) return []
    edgeNames.add(name)
    return [{ name, from_types, to_types, description: clip(e.description, MAX_DESCRIPTION) }]
  })
  return { node_types, edge_types }
}
