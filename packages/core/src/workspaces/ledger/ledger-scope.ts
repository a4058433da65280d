/**
 * The selectors of a run or a read (`path_prefix`, `paths`, `selection_id`) and the key the latest
 * report of that scope is kept under. `paths` is a set (order and repeats do not change the scope),
 * so it is sorted and deduplicated before it enters the key.
 */
export interface LedgerScope {
  /** normalized, no leading `/`; null for the whole workspace */
  readonly path_prefix: string | null
  /** sorted, distinct; empty for every path */
  readonly paths: ReadonlyArray<string>
  readonly selection_id: string | null
}

export const ledgerScope = (pathPrefix: string | null | undefined, paths: ReadonlyArray<string> | undefined, selectionId: string | null | undefined): LedgerScope => ({
  path_prefix: pathPrefix === undefined || pathPrefix === "" ? null : pathPrefix,
  paths: [...new Set(paths ?? [])].sort(),
  selection_id: selectionId ?? null
})

export const ledgerScopeKey = (scope: LedgerScope): string => JSON.stringify([scope.path_prefix ?? "", scope.paths, scope.selection_id ?? ""])

/** whether a table of `path` is in the scope (the selectors intersect) */
export const inLedgerScope = (scope: LedgerScope, path: string): boolean =>
  (scope.path_prefix === null || path.startsWith(scope.path_prefix)) && (scope.paths.length === 0 || scope.paths.includes(path))
