/**
 * The join graph: how the journal's keys meet the supporting tables, with match rates. Accounts
 * join on the identity segments both sides have (company, account, cost centre — a chart keyed on
 * the natural account alone joins a composite journal on that segment); other supporting tables
 * join on whichever of their columns holds most of a journal field's values (user, source,
 * currency, company, cost centre, account), when it holds at least `MIN_JOIN_RATE` of them.
 */
import type { ColumnMapping } from "./column-mapping.js"
import type { JournalLine } from "./journal-lines.js"
import { accountParts, keyPart } from "./journal-lines.js"
import type { LedgerSource } from "./ledger-source.js"
import type { LedgerRole } from "./source-profile.js"

export const MIN_JOIN_RATE = 0.5
const MAX_UNMATCHED_EXAMPLES = 5

export type AccountSegment = "company" | "account" | "cost_centre"

export interface JoinEdge {
  readonly from_source_id: string
  readonly from_role: LedgerRole
  readonly from_columns: ReadonlyArray<string>
  readonly to_source_id: string
  readonly to_role: LedgerRole
  readonly to_columns: ReadonlyArray<string>
  /** what the key is: `account`, `user`, `source`, `currency`, `company`, `cost_centre` */
  readonly relation: string
  readonly distinct_keys: number
  readonly matched_keys: number
  readonly key_match_rate: number
  /** rows on the `from` side with a key, and those whose key matched */
  readonly rows_with_key: number
  readonly matched_rows: number
  readonly row_match_rate: number
  readonly unmatched_key_examples: ReadonlyArray<string>
  /** true for an edge the workspace's policy declared (`prepared_relationships`), false for one the engine inferred */
  readonly declared: boolean
}

/** The segments of a mapping's account identity, in identity order. */
export const segmentsOf = (m: ColumnMapping): ReadonlyArray<AccountSegment> =>
  m.account.length === 0 ? [] : ([m.company !== null ? "company" : null, "account", m.cost_centre !== null ? "cost_centre" : null] as const).filter((s): s is AccountSegment => s !== null)

const columnOfSegment = (m: ColumnMapping, s: AccountSegment): string => (s === "company" ? m.company! : s === "account" ? m.natural_account! : m.cost_centre!)

/** A projection of an account identity onto `common` segments, as one key (null when a projected segment is empty). */
export const projectAccount = (own: ReadonlyArray<AccountSegment>, common: ReadonlyArray<AccountSegment>) => (parts: ReadonlyArray<string | null>): string | null => {
  const picked = common.map((s) => keyPart(parts[own.indexOf(s)] ?? null))
  return picked.some((p) => p === null) ? null : picked.join("|")
}

export const commonSegments = (a: ColumnMapping, b: ColumnMapping): ReadonlyArray<AccountSegment> => {
  const sb = segmentsOf(b)
  return segmentsOf(a).filter((s) => sb.includes(s))
}

const rate = (n: number, d: number) => (d === 0 ? 0 : Math.round((n / d) * 10000) / 10000)

/** An edge from keyed rows to a set of keys. */
const edge = (
  from: { id: string; role: LedgerRole; columns: ReadonlyArray<string> },
  to: { id: string; role: LedgerRole; columns: ReadonlyArray<string> },
  relation: string,
  fromKeys: ReadonlyArray<string | null>,
  toKeys: ReadonlySet<string>
): JoinEdge => {
  const present = fromKeys.filter((k): k is string => k !== null)
  const distinct = [...new Set(present)]
  const matched = distinct.filter((k) => toKeys.has(k))
  const unmatched = distinct.filter((k) => !toKeys.has(k)).sort()
  return {
    from_source_id: from.id,
    from_role: from.role,
    from_columns: from.columns,
    to_source_id: to.id,
    to_role: to.role,
    to_columns: to.columns,
    relation,
    distinct_keys: distinct.length,
    matched_keys: matched.length,
    key_match_rate: rate(matched.length, distinct.length),
    rows_with_key: present.length,
    matched_rows: present.filter((k) => toKeys.has(k)).length,
    row_match_rate: rate(present.filter((k) => toKeys.has(k)).length, present.length),
    unmatched_key_examples: unmatched.slice(0, MAX_UNMATCHED_EXAMPLES),
    declared: false
  }
}

export interface JoinSide {
  readonly source_id: string
  readonly role: LedgerRole
  readonly mapping: ColumnMapping
  readonly sources: ReadonlyArray<LedgerSource>
}

const columnValues = (side: JoinSide, column: string): ReadonlyArray<string | null> =>
  side.sources.flatMap((s) => {
    const i = s.columns.findIndex((c) => c.name === column)
    return i < 0 ? [] : s.rows.map((r) => keyPart(r[i] ?? null))
  })

/** Account keys of a table side projected on `common`. */
const accountKeys = (side: JoinSide, common: ReadonlyArray<AccountSegment>): ReadonlyArray<string | null> => {
  const own = segmentsOf(side.mapping)
  const cols = own.map((s) => columnOfSegment(side.mapping, s))
  const project = projectAccount(own, common)
  return side.sources.flatMap((s) => {
    const idx = cols.map((c) => s.columns.findIndex((x) => x.name === c))
    return s.rows.map((r) => project(accountParts(side.mapping, cols, idx.map((i) => (i < 0 ? null : r[i] ?? null)))))
  })
}

/** The account edge from the journal (or a trial balance) to another account table. */
export const accountEdge = (journal: { side: JoinSide; lines: ReadonlyArray<JournalLine> } | JoinSide, target: JoinSide): JoinEdge | null => {
  const fromSide = "side" in journal ? journal.side : journal
  const common = commonSegments(fromSide.mapping, target.mapping)
  if (common.length === 0) return null
  const fromKeys =
    "side" in journal ? journal.lines.map((l) => projectAccount(segmentsOf(fromSide.mapping), common)(l.account)) : accountKeys(fromSide, common)
  const toKeys = new Set(accountKeys(target, common).filter((k): k is string => k !== null))
  return edge(
    { id: fromSide.source_id, role: fromSide.role, columns: common.map((s) => columnOfSegment(fromSide.mapping, s)) },
    { id: target.source_id, role: target.role, columns: common.map((s) => columnOfSegment(target.mapping, s)) },
    "account",
    fromKeys,
    toKeys
  )
}

const FIELD_RELATIONS = ["user", "source", "currency", "company", "cost_centre", "natural_account"] as const

/** Edges from the journal's fields to a supporting table's best-matching columns. */
export const supportingEdges = (journal: JoinSide, target: JoinSide): ReadonlyArray<JoinEdge> => {
  const edges: Array<JoinEdge> = []
  const targetColumns = target.sources[0]?.columns.map((c) => c.name) ?? []
  const targetValues = new Map(targetColumns.map((c) => [c, new Set(columnValues(target, c).filter((v): v is string => v !== null))]))
  for (const field of FIELD_RELATIONS) {
    const column = journal.mapping[field]
    if (column === null) continue
    const values = columnValues(journal, column)
    let best: JoinEdge | null = null
    for (const [tc, set] of targetValues) {
      if (set.size < 2) continue
      const e = edge(
        { id: journal.source_id, role: journal.role, columns: [column] },
        { id: target.source_id, role: target.role, columns: [tc] },
        field === "natural_account" ? "account" : field,
        values,
        set
      )
      if (e.key_match_rate >= MIN_JOIN_RATE && (best === null || e.key_match_rate > best.key_match_rate)) best = e
    }
    if (best !== null) edges.push(best)
  }
  return edges
}

/** A relationship the user declares between two sources (`ledger_understanding.prepared_relationships[]`). */
export interface DeclaredRelationship {
  readonly from: { readonly source: string; readonly columns: ReadonlyArray<string> }
  readonly to: { readonly source: string; readonly columns: ReadonlyArray<string> }
  readonly relation: string
}

/** A column of a side named by its name or its header (trimmed, case-folded), or null. */
export const columnNamed = (side: JoinSide, named: string): string | null => {
  const want = named.trim().toLowerCase()
  const columns = side.sources[0]?.columns ?? []
  return (
    columns.find((c) => c.name.toLowerCase() === want)?.name ?? columns.find((c) => (c.header ?? "").trim().toLowerCase() === want)?.name ?? null
  )
}

/** Composite keys of a side's rows on `columns` (null when a part is empty), compared as account keys are. */
const compositeKeys = (side: JoinSide, columns: ReadonlyArray<string>): ReadonlyArray<string | null> =>
  side.sources.flatMap((s) => {
    const idx = columns.map((c) => s.columns.findIndex((x) => x.name === c))
    return s.rows.map((r) => {
      const parts = idx.map((i) => (i < 0 ? null : keyPart(r[i] ?? null)))
      return parts.some((p) => p === null) ? null : parts.join("|")
    })
  })

/** The edge of a declared relationship, on the columns it names (already resolved to column names). */
export const declaredEdge = (from: JoinSide, fromColumns: ReadonlyArray<string>, to: JoinSide, toColumns: ReadonlyArray<string>, relation: string): JoinEdge => ({
  ...edge(
    { id: from.source_id, role: from.role, columns: fromColumns },
    { id: to.source_id, role: to.role, columns: toColumns },
    relation,
    compositeKeys(from, fromColumns),
    new Set(compositeKeys(to, toColumns).filter((k): k is string => k !== null))
  ),
  declared: true
})
