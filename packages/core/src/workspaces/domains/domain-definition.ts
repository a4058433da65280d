/**
 * What a domain is made of (spec 3, "Domain"): a taxonomy (the classes a workspace's files are
 * classified into, `category` = `group/subgroup`) and an ontology (the node and edge types its
 * knowledge graph is built from). The schemas bound request bodies by shape and size only; what
 * makes a domain valid (names distinct, edges naming known node types, …) is `validateDomain`,
 * which lists every problem with its path instead of stopping at the first.
 */
import { Schema } from "effect"
import { fieldMessage } from "../../api/decode.js"

/** One class of a taxonomy. A file classified into it gets `category` `group/subgroup`. */
export interface TaxonomyClass {
  /** the family of documents, e.g. `accounts_payable` (no `/`) */
  readonly group: string
  /** the class inside the group, e.g. `invoice` (no `/`) */
  readonly subgroup: string
  /** what belongs in the class, written so a classifier can use it as its prompt */
  readonly description: string
  /** the kind of document, e.g. `invoice`, `bank_statement` (the extraction schemas key on it) */
  readonly document_type: string
  /** other names practitioners use for the class ("bill" for an invoice) */
  readonly aliases: ReadonlyArray<string>
}

export interface Taxonomy {
  readonly classes: ReadonlyArray<TaxonomyClass>
  /** whether a file that fits no class may be classified as `other` (else it takes the nearest class) */
  readonly allow_other: boolean
}

/**
 * A node type of the knowledge graph. `tier` is an integer from 1 to 3 ranking how central the
 * entity is: 1 = principal entities (organisation, person, place), 2 = instruments and documents
 * (contract, invoice, policy, claim), 3 = values (amount, date, identifier). Graph views show
 * lower tiers first.
 */
export interface NodeType {
  readonly name: string
  readonly tier: number
  readonly description: string
}

/** An edge type: `from_types` and `to_types` name the node types it may join. */
export interface EdgeType {
  readonly name: string
  readonly from_types: ReadonlyArray<string>
  readonly to_types: ReadonlyArray<string>
  readonly description: string
}

export interface Ontology {
  readonly node_types: ReadonlyArray<NodeType>
  readonly edge_types: ReadonlyArray<EdgeType>
}

/**
 * A domain as declared: a child (`parent_slug` set) declares only what it adds or replaces;
 * `effectiveDomain` resolves it against its parent.
 */
export interface DomainDraft {
  readonly slug: string
  readonly display_name: string
  readonly parent_slug: string | null
  readonly taxonomy: Taxonomy
  readonly ontology: Ontology
}

/** Spec 3, "Domain": `validation`. */
export interface DomainValidation {
  readonly valid: boolean
  readonly errors: ReadonlyArray<{ readonly path: string; readonly message: string }>
  readonly effective_class_count: number
  readonly effective_node_type_count: number
  readonly effective_edge_type_count: number
}

/** A domain slug (spec 3, "Domains"): lower-case words joined by `_`, at most `MAX_SLUG` characters. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:_[a-z0-9]+)*$/
export const MAX_SLUG = 64

export const isSlug = (s: string): boolean => s.length <= MAX_SLUG && SLUG_PATTERN.test(s)

/** The platform domains' slugs; a tenant cannot create a domain with one (409 `reserved_domain_slug`). */
export const RESERVED_DOMAIN_SLUGS: ReadonlyArray<string> = [
  "generic",
  "financial",
  "legal",
  "insurance",
  "audit",
  "audit_private_profit",
  "audit_public_non_profit"
]

export const isReservedDomainSlug = (slug: string): boolean => RESERVED_DOMAIN_SLUGS.includes(slug)

export const MIN_TIER = 1
export const MAX_TIER = 3

// Bounds of a request body (spec 3 states none but `display_name`; these keep a domain small
// enough to serve as a classifier prompt and a graph schema).
export const MAX_DISPLAY_NAME = 200
export const MAX_CLASSES = 1000
export const MAX_NAME = 200
export const MAX_DESCRIPTION = 2000
export const MAX_ALIASES_PER_CLASS = 50
export const MAX_NODE_TYPES = 200
export const MAX_EDGE_TYPES = 500
export const MAX_TYPES_PER_EDGE_END = 50
export const MAX_TYPE_NAME = 64

const boundedString = (max: number) =>
  Schema.String.pipe(Schema.maxLength(max), fieldMessage(`must be a string of at most ${max} characters`))

const boundedArray = <A, I>(item: Schema.Schema<A, I>, max: number, what: string) =>
  Schema.Array(item).pipe(Schema.maxItems(max), fieldMessage(`must be an array of at most ${max} ${what}`))

export const TaxonomyClassSchema = Schema.Struct({
  group: boundedString(MAX_NAME),
  subgroup: boundedString(MAX_NAME),
  description: boundedString(MAX_DESCRIPTION),
  document_type: boundedString(MAX_NAME),
  aliases: Schema.optionalWith(boundedArray(boundedString(MAX_NAME), MAX_ALIASES_PER_CLASS, "aliases"), { default: () => [] })
}).pipe(fieldMessage("must be an object with group, subgroup, description and document_type"))

/** `taxonomy` in a request body; `allow_other` defaults to false, a class's `aliases` to none. */
export const TaxonomySchema = Schema.Struct({
  classes: boundedArray(TaxonomyClassSchema, MAX_CLASSES, "classes"),
  allow_other: Schema.optionalWith(Schema.Boolean.pipe(fieldMessage("must be a boolean")), { default: () => false })
}).pipe(fieldMessage("must be an object with classes"))

export const NodeTypeSchema = Schema.Struct({
  name: boundedString(MAX_TYPE_NAME),
  // any number is accepted here so that a bad tier is reported by validateDomain with the rest
  tier: Schema.Number.pipe(Schema.finite(), fieldMessage(`must be an integer from ${MIN_TIER} to ${MAX_TIER}`)),
  description: Schema.optionalWith(boundedString(MAX_DESCRIPTION), { default: () => "" })
}).pipe(fieldMessage("must be an object with name and tier"))

const TypeNames = boundedArray(boundedString(MAX_TYPE_NAME), MAX_TYPES_PER_EDGE_END, "node type names")

export const EdgeTypeSchema = Schema.Struct({
  name: boundedString(MAX_TYPE_NAME),
  from_types: TypeNames,
  to_types: TypeNames,
  description: Schema.optionalWith(boundedString(MAX_DESCRIPTION), { default: () => "" })
}).pipe(fieldMessage("must be an object with name, from_types and to_types"))

/** `ontology` in a request body; either list may be omitted (empty). */
export const OntologySchema = Schema.Struct({
  node_types: Schema.optionalWith(boundedArray(NodeTypeSchema, MAX_NODE_TYPES, "node types"), { default: () => [] }),
  edge_types: Schema.optionalWith(boundedArray(EdgeTypeSchema, MAX_EDGE_TYPES, "edge types"), { default: () => [] })
}).pipe(fieldMessage("must be an object with node_types and edge_types"))

// the schemas decode to exactly the interfaces above
const _taxonomy: Schema.Schema.Type<typeof TaxonomySchema> extends Taxonomy ? true : never = true
const _ontology: Schema.Schema.Type<typeof OntologySchema> extends Ontology ? true : never = true
void _taxonomy
void _ontology
