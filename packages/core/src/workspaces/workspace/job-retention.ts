/** How long a workspace job's input and result are kept: the workspace's `job_ttl_days` (null: the longest TTL a policy may set). */
import { MAX_TTL_DAYS } from "./workspace-input.js"
import type { Workspace } from "./workspace.js"

const DAY_MS = 86_400_000

export const workspaceJobRetentionMs = (w: Workspace): number => (w.retention_policy.job_ttl_days ?? MAX_TTL_DAYS) * DAY_MS
