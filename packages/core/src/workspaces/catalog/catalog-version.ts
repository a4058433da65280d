/**
 * The version of the catalog's extraction (fields, rules, value shapes). Every entry is stamped
 * with the version that wrote it; a file whose entries carry an older version (or none: ingested
 * before the catalog existed) is uncovered, so a filtered search over it is not `exhaustive`
 * (spec 3, "Filtered-search rules" 4 and 7) until the file is ingested again.
 *
 * Raise it whenever a field is added or the extraction changes what a cell holds.
 */
export const CATALOG_VERSION = 1
