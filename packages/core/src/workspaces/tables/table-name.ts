/**
 * SQL-safe names: lowercase ASCII snake case (`[a-z_][a-z0-9_]*`), at most 63 bytes (PostgreSQL's
 * identifier limit), never a reserved word, made unique by a `_2`, `_3`… suffix. A table's name
 * comes from its file's name and its component (`sales.xlsx` tab `Q1 2023` → `sales__q1_2023`), so
 * it is deterministic for a given set of names already taken.
 */

export const MAX_IDENTIFIER_BYTES = 63

/** PostgreSQL's reserved key words (they cannot be used unquoted as table or column names). */
const RESERVED = new Set(
  ("all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation column concurrently " +
    "constraint create cross current_catalog current_date current_role current_schema current_time current_timestamp current_user " +
    "default deferrable desc distinct do else end except false fetch for foreign freeze from full grant group having ilike in initially " +
    "inner intersect into is isnull join lateral leading left like limit localtime localtimestamp natural not notnull null offset on only " +
    "or order outer overlaps placing primary references returning right select session_user similar some symmetric system_user table " +
    "tablesample then to trailing true union unique user using variadic verbose when where window with").split(" ")
)

/** A snake-case identifier from any text (`fallback` when nothing usable is left). */
export const snakeIdentifier = (text: string, fallback: string): string => {
  const ascii = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
  let s = ascii
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
  if (s === "") s = fallback
  if (/^[0-9]/.test(s)) s = `_${s}`
  s = s.slice(0, MAX_IDENTIFIER_BYTES).replace(/_+$/, "")
  return RESERVED.has(s) ? `${s}_` : s
}

/** `base`, or `base_2`, `base_3`… (cut to fit 63 bytes) — the first not in `taken`. */
export const uniqueIdentifier = (base: string, taken: ReadonlySet<string>): string => {
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `_${n}`
    const candidate = `${base.slice(0, MAX_IDENTIFIER_BYTES - suffix.length).replace(/_+$/, "")}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

const fileStem = (path: string): string => {
  const name = path.split("/").pop() ?? path
  const dot = name.lastIndexOf(".")
  return dot > 0 ? name.slice(0, dot) : name
}

/**
 * The table name of a file's component: the file's stem, then `__` and the component when the
 * component is not the file itself (a CSV's component is its file name), unique among `taken`.
 */
export const tableNameFor = (path: string, component: string, taken: ReadonlySet<string>): string => {
  const stem = snakeIdentifier(fileStem(path), "data")
  const part = snakeIdentifier(component, "part")
  const sameAsFile = component === "" || snakeIdentifier(fileStem(component), "data") === stem
  const joined = sameAsFile ? stem : `${stem}__${part}`.slice(0, MAX_IDENTIFIER_BYTES).replace(/_+$/, "")
  return uniqueIdentifier(RESERVED.has(joined) ? `${joined}_` : joined, taken)
}
