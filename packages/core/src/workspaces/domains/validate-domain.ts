/**
 * Whether a domain can be published (spec 3, "Domain": `validation`; "publish": 422
 * `domain_validation_failed` "with full error list"). Every problem is listed, each with the path
 * of what to fix (`taxonomy.classes.3.subgroup`, the dotted form of every field error); problems found only after inheritance name the
 * child's item when it takes part, the parent's (`parent.…`) otherwise. The counts are of the
 * effective domain (inheritance resolved).
 */
import {
  type DomainDraft,
  type DomainValidation,
  isSlug,
  MAX_DISPLAY_NAME,
  MAX_SLUG,
  MAX_TIER,
  MAX_TYPE_NAME,
  MIN_TIER,
  SLUG_PATTERN
} from "./domain-definition.js"
import { classKey, type DomainParent, type Merged, mergeDomain, nameKey, type Origin } from "./inheritance.js"

type DomainError = DomainValidation["errors"][number]

const at = (origin: Origin, list: string) => `${origin.from === "parent" ? "parent." : ""}${list}.${origin.index}`

const isBlank = (s: string) => s.trim() === ""

export const validateDomain = (draft: DomainDraft, parent: DomainParent | null): DomainValidation => {
  const errors: Array<DomainError> = []
  const error = (path: string, message: string) => errors.push({ path, message })

  if (!isSlug(draft.slug)) {
    error("slug", `must be lower-case letters and digits in words joined by "_" (${SLUG_PATTERN.source}), at most ${MAX_SLUG} characters`)
  }
  if (isBlank(draft.display_name) || draft.display_name.length > MAX_DISPLAY_NAME) {
    error("display_name", `must be a non-blank string of at most ${MAX_DISPLAY_NAME} characters`)
  }
  if (draft.parent_slug !== null) {
    if (draft.parent_slug === draft.slug) error("parent_slug", "a domain cannot be its own parent")
    else if (parent === null) error("parent_slug", `names no known domain: ${JSON.stringify(draft.parent_slug)}`)
  } else if (parent !== null) {
    error("parent_slug", "is null but a parent domain was given")
  }

  const merged = mergeDomain(draft, parent)

  // the child's own classes, one by one
  const seenClass = new Map<string, number>()
  draft.taxonomy.classes.forEach((c, i) => {
    const path = `taxonomy.classes.${i}`
    for (const field of ["group", "subgroup"] as const) {
      if (isBlank(c[field])) error(`${path}.${field}`, "must not be blank")
      else if (c[field].includes("/")) error(`${path}.${field}`, `must not contain "/" (a file's category is group/subgroup)`)
      else if (c[field] !== c[field].trim()) error(`${path}.${field}`, "must not start or end with spaces")
    }
    if (isBlank(c.description)) error(`${path}.description`, "must not be blank: it tells the classifier what belongs in the class")
    if (isBlank(c.document_type)) error(`${path}.document_type`, "must not be blank")
    const key = classKey(c)
    const first = seenClass.get(key)
    if (first !== undefined) error(path, `repeats group/subgroup "${c.group}/${c.subgroup}" of taxonomy.classes.${first}`)
    else seenClass.set(key, i)
    const seenAlias = new Map<string, number>()
    c.aliases.forEach((a, k) => {
      if (isBlank(a)) return error(`${path}.aliases.${k}`, "must not be blank")
      const before = seenAlias.get(nameKey(a))
      if (before !== undefined) error(`${path}.aliases.${k}`, `repeats alias ${JSON.stringify(a)} of aliases.${before}`)
      else seenAlias.set(nameKey(a), k)
    })
  })

  // aliases must point at one class of the effective taxonomy
  const aliasOwner = new Map<string, { origin: Origin; alias: number }>()
  for (const { item, origin } of merged.classes) {
    const mine = new Set<string>()
    item.aliases.forEach((a, k) => {
      const key = nameKey(a)
      if (key === "" || mine.has(key)) return
      mine.add(key)
      const owner = aliasOwner.get(key)
      if (owner === undefined) return void aliasOwner.set(key, { origin, alias: k })
      // report on the child's side of the clash when it has one
      const [reported, other] = origin.from === "parent" && owner.origin.from === "self"
        ? [{ origin: owner.origin, alias: owner.alias }, { origin, alias: k }]
        : [{ origin, alias: k }, owner]
      error(
        `${at(reported.origin, "taxonomy.classes")}.aliases.${reported.alias}`,
        `alias ${JSON.stringify(a)} is also an alias of ${at(other.origin, "taxonomy.classes")}: an alias must name one class`
      )
    })
  }

  if (merged.classes.length === 0 && !draft.taxonomy.allow_other) {
    error("taxonomy.classes", "must have at least one class (after inheritance) unless allow_other is true")
  }

  // the child's own node types
  const seenNode = new Map<string, number>()
  draft.ontology.node_types.forEach((t, i) => {
    const path = `ontology.node_types.${i}`
    checkTypeName(t.name, `${path}.name`, error)
    if (!Number.isInteger(t.tier) || t.tier < MIN_TIER || t.tier > MAX_TIER) {
      error(`${path}.tier`, `must be an integer from ${MIN_TIER} to ${MAX_TIER} (1 principal entities, 2 instruments and documents, 3 values)`)
    }
    const first = seenNode.get(nameKey(t.name))
    if (first !== undefined) error(`${path}.name`, `repeats node type ${JSON.stringify(t.name)} of ontology.node_types.${first}`)
    else seenNode.set(nameKey(t.name), i)
  })
  if (merged.nodeTypes.length === 0) {
    error("ontology.node_types", "must have at least one node type (after inheritance)")
  }

  // edge types: own names, and both ends naming node types of the effective ontology
  const nodeNames = new Set(merged.nodeTypes.map((m) => nameKey(m.item.name)))
  const seenEdge = new Map<string, number>()
  draft.ontology.edge_types.forEach((t, i) => {
    const path = `ontology.edge_types.${i}`
    checkTypeName(t.name, `${path}.name`, error)
    const first = seenEdge.get(nameKey(t.name))
    if (first !== undefined) error(`${path}.name`, `repeats edge type ${JSON.stringify(t.name)} of ontology.edge_types.${first}`)
    else seenEdge.set(nameKey(t.name), i)
  })
  for (const edge of merged.edgeTypes) checkEdgeEnds(edge, nodeNames, error)

  return {
    valid: errors.length === 0,
    errors,
    effective_class_count: merged.classes.length,
    effective_node_type_count: merged.nodeTypes.length,
    effective_edge_type_count: merged.edgeTypes.length
  }
}

const checkTypeName = (name: string, path: string, error: (path: string, message: string) => void) => {
  if (name.length > MAX_TYPE_NAME || !SLUG_PATTERN.test(name)) {
    error(path, `must be lower-case letters and digits in words joined by "_", at most ${MAX_TYPE_NAME} characters`)
  }
}

const checkEdgeEnds = (
  { item, origin }: Merged<DomainDraft["ontology"]["edge_types"][number]>,
  nodeNames: ReadonlySet<string>,
  error: (path: string, message: string) => void
) => {
  const path = at(origin, "ontology.edge_types")
  for (const end of ["from_types", "to_types"] as const) {
    if (item[end].length === 0) error(`${path}.${end}`, "must name at least one node type")
    item[end].forEach((name, k) => {
      if (!nodeNames.has(nameKey(name))) error(`${path}.${end}.${k}`, `names no node type of the domain: ${JSON.stringify(name)}`)
    })
  }
}
