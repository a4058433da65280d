/** Shorthands the platform domains are written with (one line per class, per type). */
import type { EdgeType, NodeType, TaxonomyClass } from "../domain-definition.js"

/** A class; its `document_type` is its subgroup unless given. */
export const klass = (
  group: string,
  subgroup: string,
  description: string,
  aliases: ReadonlyArray<string>,
  document_type: string = subgroup
): TaxonomyClass => ({ group, subgroup, description, document_type, aliases })

export const node = (name: string, tier: 1 | 2 | 3, description: string): NodeType => ({ name, tier, description })

export const edge = (name: string, from_types: ReadonlyArray<string>, to_types: ReadonlyArray<string>, description: string): EdgeType => ({
  name,
  from_types,
  to_types,
  description
})
