/**
 * Which files a caller may ingest or reconcile: a workspace without labels filters nothing; a key
 * without grants is the tenant's unrestricted key (sees every file); a key with grants sees the
 * files of its labels and the unlabelled ones. A file hidden from the caller is, to these routes,
 * a file that does not exist (422 naming the id, never revealing its path).
 */
import type { Caller } from "../../tenancy/tenants/authenticate.js"
import type { VisibleLabels } from "../files/file-store.js"
import type { Workspace } from "../workspace/workspace.js"

export const visibleLabelsOf = (workspace: Workspace, caller: Caller): VisibleLabels =>
  workspace.access.labels.length === 0 || caller.access_labels.length === 0 ? "all" : caller.access_labels
