/**
 * The source catalog: every accessible sheet and CSV profiled as a ledger role, partitioned
 * datasets as entries of their own, and per entry whether it is recommended as the primary
 * (journal-line) source, eligible as one, and eligible for review — with the evidence.
 *
 * - `primary_eligible`: recognised as journal lines (score ≥ `ROLE_THRESHOLD`) with key evidence
 *   (entry id, account and amount mapped), and not a member of a partition (the dataset is).
 * - `recommended_as_primary`: the one eligible entry that leads every other by more than
 *   `AMBIGUITY_MARGIN`; when two are that close none is recommended and the catalog is
 *   `primary_ambiguous` (the report then asks for a selection).
 * - `review_eligible`: measured (rows were read) and, for a journal-line candidate, with key
 *   evidence — what a review of the reading needs (spec: an unmeasured source or a primary
 *   without key evidence is refused in review).
 * `revision` changes whenever the package does (a source added, removed, re-ingested with other
 * rows or columns); `review_reading_id` names this reading of that revision by this engine.
 */
import { createHash } from "node:crypto"
import type { ColumnMapping, MappingEvidence } from "./column-mapping.js"
import { type LedgerSource, isLedgerCandidate } from "./ledger-source.js"
import { forcesAnything, INFERRED_PARSING, type ParsingOptions } from "./parsing-options.js"
import { concatenateMembers, detectPartitions, type Partition } from "./partitions.js"
import { type LedgerRole, profileSource, ROLE_THRESHOLD, type RoleEvidence, type SourceProfile } from "./source-profile.js"

/** Bumped when the engine reads the same package differently (a new review reading). */
export const LEDGER_ENGINE_VERSION = 2

/** Two journal-line candidates closer than this in score make the primary ambiguous. */
export const AMBIGUITY_MARGIN = 0.1

export interface CatalogEntry {
  readonly source_id: string
  readonly kind: "table" | "partitioned_dataset"
  readonly path: string
  readonly component: string
  /** null for a dataset */
  readonly table_name: string | null
  /** the dataset this table is a member of */
  readonly partition_id: string | null
  /** a dataset's members, in order (empty for a table) */
  readonly member_source_ids: ReadonlyArray<string>
  readonly row_count: number
  readonly rows_read: number
  readonly role: LedgerRole
  readonly role_scores: Readonly<Record<LedgerRole, number>>
  readonly column_mapping: ColumnMapping
  readonly mapping_evidence: ReadonlyArray<MappingEvidence>
  readonly evidence: ReadonlyArray<RoleEvidence>
  readonly key_evidence: boolean
  readonly measured: boolean
  readonly primary_eligible: boolean
  readonly recommended_as_primary: boolean
  readonly review_eligible: boolean
  /** why the entry is not eligible as primary (codes), empty when it is */
  readonly primary_ineligible_reasons: ReadonlyArray<string>
}

export interface SkippedSource {
  readonly source_id: string
  readonly path: string
  readonly component: string
  /** `document_table`, `too_few_columns`, `no_rows` */
  readonly reason: string
}

export interface SourceCatalog {
  readonly revision: string
  readonly review_reading_id: string
  readonly entries: ReadonlyArray<CatalogEntry>
  readonly partitions: ReadonlyArray<Partition>
  readonly skipped: ReadonlyArray<SkippedSource>
  /** true when two or more entries are eligible as primary and none leads by the margin */
  readonly primary_ambiguous: boolean
}

/** What the catalog holds beside each entry for the engine (the profile and the rows it read). */
export interface ProfiledEntry {
  readonly entry: CatalogEntry
  readonly profile: SourceProfile
  /** the source as read (a dataset: its members concatenated) */
  readonly source: LedgerSource
  /** the tables read (a dataset: its members) */
  readonly members: ReadonlyArray<LedgerSource>
}

export interface CatalogReading {
  readonly catalog: SourceCatalog
  readonly profiled: ReadonlyArray<ProfiledEntry>
}

const hash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 24)

/** The package's revision: source ids, row counts and layouts, in id order. */
export const catalogRevision = (sources: ReadonlyArray<LedgerSource>): string =>
  `rev:${hash(
    [...sources]
      .sort((a, b) => a.source_id.localeCompare(b.source_id))
      .map((s) => `${s.source_id}|${s.file_id}|${s.path}|${s.component}|${s.row_count}|${s.columns.map((c) => `${c.name}:${c.data_type}`).join(",")}`)
      .join("\n")
  )}`

const skipReason = (s: LedgerSource): string =>
  s.component_kind === "document_table" ? "document_table" : s.columns.length < 2 ? "too_few_columns" : "no_rows"

/** Profiles every source and builds the catalog (with `parsing`'s forced conventions, when any). */
export const readCatalog = (sources: ReadonlyArray<LedgerSource>, parsing: ParsingOptions = INFERRED_PARSING): CatalogReading => {
  const candidates = sources.filter(isLedgerCandidate)
  const skipped = sources
    .filter((s) => !isLedgerCandidate(s))
    .map((s) => ({ source_id: s.source_id, path: s.path, component: s.component, reason: skipReason(s) }))
  const partitions = detectPartitions(candidates)
  const memberOf = new Map(partitions.flatMap((p) => p.member_source_ids.map((id) => [id, p.partition_id] as const)))
  const drafts: Array<{ base: Omit<CatalogEntry, "recommended_as_primary" | "primary_eligible" | "review_eligible" | "primary_ineligible_reasons">; profile: SourceProfile; source: LedgerSource; members: ReadonlyArray<LedgerSource> }> = []
  const draft = (source: LedgerSource, members: ReadonlyArray<LedgerSource>, kind: CatalogEntry["kind"], partition: string | null) => {
    const profile = profileSource(source, parsing)
    drafts.push({
      base: {
        source_id: source.source_id,
        kind,
        path: source.path,
        component: source.component,
        table_name: kind === "table" ? source.table_name : null,
        partition_id: partition,
        member_source_ids: kind === "table" ? [] : members.map((m) => m.source_id),
        row_count: source.row_count,
        rows_read: source.rows.length,
        role: profile.role,
        role_scores: profile.scores,
        column_mapping: profile.mapping,
        mapping_evidence: profile.mapping_evidence,
        evidence: profile.evidence,
        key_evidence: profile.key_evidence,
        measured: source.rows.length > 0
      },
      profile,
      source,
      members
    })
  }
  for (const s of candidates) draft(s, [s], "table", memberOf.get(s.source_id) ?? null)
  for (const p of partitions) {
    // in the partition's order (path, component), whatever order the sources came in
    const members = p.member_source_ids.map((id) => candidates.find((s) => s.source_id === id)!)
    draft(concatenateMembers(p, members), members, "partitioned_dataset", null)
  }
  const reasonsOf = (d: (typeof drafts)[number]): Array<string> => {
    const reasons: Array<string> = []
    if (d.base.partition_id !== null) reasons.push("partition_member")
    if (d.profile.scores.journal_lines < ROLE_THRESHOLD) reasons.push("not_journal_lines")
    if (!d.profile.key_evidence) reasons.push("no_key_evidence")
    return reasons
  }
  const eligible = drafts.filter((d) => reasonsOf(d).length === 0).sort((a, b) => b.profile.scores.journal_lines - a.profile.scores.journal_lines)
  const ambiguous = eligible.length > 1 && eligible[0].profile.scores.journal_lines - eligible[1].profile.scores.journal_lines <= AMBIGUITY_MARGIN
  const recommended = eligible.length > 0 && !ambiguous ? eligible[0].base.source_id : null
  const profiled: Array<ProfiledEntry> = drafts
    .map((d) => {
      const reasons = reasonsOf(d)
      const entry: CatalogEntry = {
        ...d.base,
        primary_eligible: reasons.length === 0,
        recommended_as_primary: d.base.source_id === recommended,
        review_eligible: d.base.measured && (d.profile.role !== "journal_lines" || d.profile.key_evidence),
        primary_ineligible_reasons: reasons
      }
      return { entry, profile: d.profile, source: d.source, members: d.members }
    })
    .sort((a, b) => a.entry.path.localeCompare(b.entry.path) || a.entry.component.localeCompare(b.entry.component) || a.entry.source_id.localeCompare(b.entry.source_id))
  const revision = catalogRevision(sources)
  const readingKey = profiled.map((p) => `${p.entry.source_id}:${p.entry.role}:${p.entry.primary_eligible}:${p.entry.review_eligible}`).join(",")
  return {
    catalog: {
      revision,
      // forced conventions are another reading of the same package
      review_reading_id: `reading:${hash(`${LEDGER_ENGINE_VERSION}\n${revision}\n${readingKey}${forcesAnything(parsing) ? `\n${JSON.stringify(parsing)}` : ""}`)}`,
      entries: profiled.map((p) => p.entry),
      partitions,
      skipped,
      primary_ambiguous: ambiguous
    },
    profiled
  }
}
