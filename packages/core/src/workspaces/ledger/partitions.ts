/**
 * Partitioned datasets: one ledger split across files or sheets (`ledger_2024_01.csv`,
 * `ledger_2024_02.csv`…, or one tab per month). Sources are one dataset when they have the same
 * layout (the same columns, in order, by header word) and either sit in the same file or have
 * names that differ only in numbers and month names. A dataset is selected whole: the engine reads
 * its members as one table, and a selection of some of its members is refused (`selection.ts`).
 */
import { createHash } from "node:crypto"
import { compact } from "./field-vocabulary.js"
import type { LedgerSource } from "./ledger-source.js"

export interface Partition {
  /** `partition:` and a hash of the member ids (stable while the members are) */
  readonly partition_id: string
  /** members in path, then component order */
  readonly member_source_ids: ReadonlyArray<string>
  /** what the members share: `same_file` or `name_pattern` (with the pattern, digits as `#`) */
  readonly basis: "same_file" | "name_pattern"
  readonly pattern: string
}

const MONTHS =
  /(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|januar|februar|maerz|marz|mai|juni|juli|oktober|dezember|janvier|fevrier|mars|avril|juin|juillet|aout|septembre|octobre|novembre|decembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|q[1-4]|h[12]|p\d+)/g

/** A name with its numbers and month words replaced (`ledger_2024_01.csv` → `ledger_#_#.csv`). */
export const namePattern = (name: string): string =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(MONTHS, "#")
    .replace(/\d+/g, "#")
    .replace(/#([^a-z0-9]*#)+/g, "#")

const layoutLoose = (s: LedgerSource) => s.columns.map((c) => compact(c.header ?? c.name)).join(",")

/** The partitioned datasets among `sources` (groups of two or more). */
export const detectPartitions = (sources: ReadonlyArray<LedgerSource>): ReadonlyArray<Partition> => {
  // types may differ across members (an all-integer month beside a decimal one), so the layout is by header words
  const byLayout = new Map<string, Array<LedgerSource>>()
  for (const s of sources) {
    const k = layoutLoose(s)
    byLayout.set(k, [...(byLayout.get(k) ?? []), s])
  }
  const partitions: Array<Partition> = []
  for (const group of byLayout.values()) {
    if (group.length < 2) continue
    const sets = new Map<string, { basis: Partition["basis"]; pattern: string; members: Array<LedgerSource> }>()
    for (const s of group) {
      const sameFile = group.filter((o) => o.file_id === s.file_id).length > 1
      const pattern = sameFile ? `${s.path}#${namePattern(s.component)}` : namePattern(s.path)
      const key = `${sameFile ? "f" : "n"}:${pattern}`
      const entry = sets.get(key) ?? { basis: sameFile ? ("same_file" as const) : ("name_pattern" as const), pattern, members: [] }
      entry.members.push(s)
      sets.set(key, entry)
    }
    for (const { basis, pattern, members } of sets.values()) {
      if (members.length < 2) continue
      // a name pattern must have had a number or month in it (two copies of `gl.csv` in two folders are not partitions)
      if (basis === "name_pattern" && !pattern.includes("#")) continue
      const ordered = [...members].sort((a, b) => a.path.localeCompare(b.path) || a.component.localeCompare(b.component))
      const ids = ordered.map((m) => m.source_id)
      partitions.push({
        partition_id: `partition:${createHash("sha256").update(ids.join("\u0000")).digest("hex").slice(0, 16)}`,
        member_source_ids: ids,
        basis,
        pattern
      })
    }
  }
  return partitions.sort((a, b) => a.member_source_ids[0].localeCompare(b.member_source_ids[0]))
}

/** The members of a partition as one source (rows concatenated in member order; the first member's columns). */
export const concatenateMembers = (partition: Partition, members: ReadonlyArray<LedgerSource>): LedgerSource => {
  const ordered = partition.member_source_ids.map((id) => members.find((m) => m.source_id === id)!)
  const first = ordered[0]
  const capped = ordered.find((m) => m.cap !== null)
  return {
    ...first,
    source_id: partition.partition_id,
    component: partition.pattern,
    table_name: first.table_name,
    // a member typed text makes the column text for the dataset (the readers re-read every cell)
    columns: first.columns.map((c, i) => (ordered.some((m) => m.columns[i]?.data_type !== c.data_type) ? { ...c, data_type: "text" as const } : c)),
    rows: ordered.flatMap((m) => m.rows),
    row_count: ordered.reduce((s, m) => s + m.row_count, 0),
    cap: capped === undefined ? null : { reason: capped.cap!.reason, rows_read: ordered.reduce((s, m) => s + m.rows.length, 0) }
  }
}
