/**
 * Checking a source selection against the catalog it was made from. A selection names one primary
 * (a table or a partitioned dataset) and supporting sources. Refused: a catalog revision other than
 * the current one (the package changed since the caller looked), an unknown source, a primary that
 * is part of a partitioned dataset or supporting sources holding only some of a dataset's members
 * (a partial ledger would fail every completeness test for a reason the data does not have), a
 * primary the catalog does not recognise as journal lines unless `confirm_unrecognized_primary`,
 * and a source used twice.
 */
import { Data, Either } from "effect"
import type { SourceCatalog } from "./source-catalog.js"

export interface SelectionRequest {
  readonly primary_source_id: string
  readonly supporting_source_ids: ReadonlyArray<string>
  readonly expected_catalog_revision: string
  readonly confirm_unrecognized_primary: boolean
}

/** A selection the engine can run: ids resolved to tables (a dataset's members listed). */
export interface LedgerSelection {
  readonly catalog_revision: string
  readonly primary_source_id: string
  /** the tables the primary reads (one, or a dataset's members) */
  readonly primary_member_ids: ReadonlyArray<string>
  /** supporting entries as selected (tables or datasets) */
  readonly supporting_source_ids: ReadonlyArray<string>
  /** true when the primary was confirmed although not recognised */
  readonly primary_confirmed_unrecognized: boolean
}

export type SelectionRefusal =
  | "stale_catalog_revision"
  | "unknown_source"
  | "partial_partition"
  | "unrecognized_primary"
  | "duplicate_source"

export class LedgerSelectionRefused extends Data.TaggedError("LedgerSelectionRefused")<{
  readonly reason: SelectionRefusal
  readonly message: string
  readonly source_ids: ReadonlyArray<string>
}> {}

export const checkSelection = (catalog: SourceCatalog, request: SelectionRequest): Either.Either<LedgerSelection, LedgerSelectionRefused> => {
  const refuse = (reason: SelectionRefusal, message: string, ids: ReadonlyArray<string>) =>
    Either.left(new LedgerSelectionRefused({ reason, message, source_ids: ids }))
  if (request.expected_catalog_revision !== catalog.revision) {
    return refuse("stale_catalog_revision", `the catalog is at ${catalog.revision}, not ${request.expected_catalog_revision}`, [])
  }
  const byId = new Map(catalog.entries.map((e) => [e.source_id, e]))
  const all = [request.primary_source_id, ...request.supporting_source_ids]
  const unknown = all.filter((id) => !byId.has(id))
  if (unknown.length > 0) return refuse("unknown_source", `not in the catalog: ${unknown.join(", ")}`, unknown)
  if (new Set(all).size !== all.length) return refuse("duplicate_source", "a source is selected twice", all.filter((id, i) => all.indexOf(id) !== i))
  const primary = byId.get(request.primary_source_id)!
  if (primary.partition_id !== null) {
    return refuse(
      "partial_partition",
      `${primary.source_id} is one part of the partitioned dataset ${primary.partition_id}; select the dataset`,
      [primary.source_id, primary.partition_id]
    )
  }
  const tablesOf = (id: string): ReadonlyArray<string> => {
    const e = byId.get(id)!
    return e.kind === "partitioned_dataset" ? e.member_source_ids : [id]
  }
  const primaryTables = tablesOf(primary.source_id)
  const supportingTables = request.supporting_source_ids.flatMap(tablesOf)
  const overlap = supportingTables.filter((t) => primaryTables.includes(t))
  if (overlap.length > 0) return refuse("duplicate_source", "a supporting source is part of the primary", overlap)
  if (new Set(supportingTables).size !== supportingTables.length) {
    return refuse("duplicate_source", "a table is selected both alone and in its dataset", supportingTables.filter((t, i) => supportingTables.indexOf(t) !== i))
  }
  for (const dataset of catalog.entries.filter((e) => e.kind === "partitioned_dataset")) {
    const chosen = dataset.member_source_ids.filter((m) => supportingTables.includes(m))
    if (chosen.length > 0 && chosen.length < dataset.member_source_ids.length) {
      return refuse("partial_partition", `only ${chosen.length} of the ${dataset.member_source_ids.length} parts of ${dataset.source_id} are selected`, [dataset.source_id, ...chosen])
    }
  }
  if (!primary.primary_eligible && !request.confirm_unrecognized_primary) {
    return refuse("unrecognized_primary", `${primary.source_id} is not recognised as journal lines (${primary.primary_ineligible_reasons.join(", ")}); confirm to use it`, [primary.source_id])
  }
  return Either.right({
    catalog_revision: catalog.revision,
    primary_source_id: primary.source_id,
    primary_member_ids: primaryTables,
    supporting_source_ids: request.supporting_source_ids,
    primary_confirmed_unrecognized: !primary.primary_eligible
  })
}
