/** The job kinds of the workspace service (spec 3), as core registers them (`docketLayer`). */
import { fileJobKinds } from "./files/file-kinds.js"
import { ingestionKind } from "./ingestion/ingestion-kind.js"
import { reconciliationKind } from "./ingestion/reconciliation-kind.js"
import { filteredSearchKind } from "./filtered-search/filtered-search-kind.js"
import { intelligentSearchKind } from "./intelligent-search/intelligent-search-kind.js"
import { workspaceDeleteKind } from "./workspace/delete-kind.js"
import { kgBuildKind } from "./graph/kg-build-kind.js"
import { ledgerUnderstandingKind } from "./ledger/ledger-understanding-kind.js"

export const workspaceJobKinds = [workspaceDeleteKind, ...fileJobKinds, ingestionKind, reconciliationKind, intelligentSearchKind, filteredSearchKind, kgBuildKind, ledgerUnderstandingKind] as const
