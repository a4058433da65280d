/**
 * A row's `document_type` (spec 3, "Filtered-search result"): the `document_type` of the taxonomy
 * class the file was classified into (its category `group/subgroup`); null for an unclassified
 * file and for a category outside the taxonomy (`other/…`).
 */
import type { Taxonomy } from "../domains/domain-definition.js"

export const documentTypeOf = (category: string | null, taxonomy: Taxonomy): string | null => {
  if (category === null) return null
  return taxonomy.classes.find((c) => `${c.group}/${c.subgroup}` === category)?.document_type ?? null
}
