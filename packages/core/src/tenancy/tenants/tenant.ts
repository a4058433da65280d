/**
 * A tenant of the document service (spec 2, "Limits": flat-form per-tenant defaults) and its API
 * keys (`X-API-Key`). Keys are shown in full once and stored only as a SHA-256 hash.
 */
import { createHash } from "node:crypto"
import type { IdGenerator } from "../../kernel/ids.js"

/** The spec's flat-form per-tenant defaults. */
export const TENANT_DEFAULTS = {
  credits: 50_000,
  paid_usage: false,
  rpm: 60,
  concurrent_jobs: 10,
  sync_waits: 4
} as const

export interface Tenant {
  readonly tenant_id: string
  readonly credits: number
  readonly paid_usage: boolean
  readonly rpm: number
  readonly concurrent_jobs: number
  readonly sync_waits: number
  /** the object-store buckets its `s3://` sources may name (none when absent) */
  readonly buckets?: ReadonlyArray<string> | undefined
  readonly created_at: number
}

export interface TenantPatch {
  readonly credits?: number | undefined
  readonly paid_usage?: boolean | undefined
  readonly rpm?: number | undefined
  readonly concurrent_jobs?: number | undefined
  readonly sync_waits?: number | undefined
  /** replaces the list */
  readonly buckets?: ReadonlyArray<string> | undefined
}

export const applyTenantPatch = (t: Tenant, p: TenantPatch): Tenant => ({
  ...t,
  credits: p.credits ?? t.credits,
  paid_usage: p.paid_usage ?? t.paid_usage,
  rpm: p.rpm ?? t.rpm,
  concurrent_jobs: p.concurrent_jobs ?? t.concurrent_jobs,
  sync_waits: p.sync_waits ?? t.sync_waits,
  buckets: p.buckets === undefined ? t.buckets : [...new Set(p.buckets)]
})

/** The tenant as the control plane shows it. */
export const tenantView = (t: Tenant) => ({
  tenant_id: t.tenant_id,
  credits: t.credits,
  paid_usage: t.paid_usage,
  rpm: t.rpm,
  concurrent_jobs: t.concurrent_jobs,
  sync_waits: t.sync_waits,
  buckets: t.buckets ?? []
})

export type DocsKeyStatus = "active" | "revoked"

export interface DocsKeyRecord {
  readonly key_id: string
  readonly tenant_id: string
  /** hex SHA-256 of the full key */
  readonly hash: string
  readonly access_labels: ReadonlyArray<string>
  readonly status: DocsKeyStatus
  readonly created_at: number
}

export const docsKeyView = (k: DocsKeyRecord) => ({
  key_id: k.key_id,
  tenant_id: k.tenant_id,
  access_labels: k.access_labels,
  status: k.status
})

/** `dk_` followed by 43 URL-safe characters (32 random bytes); the spec leaves the format open. */
export const DOCS_KEY_PREFIX = "dk_"
export const DOCS_KEY_PATTERN = /^dk_[A-Za-z0-9_-]{43}$/

export const generateDocsKey = (ids: IdGenerator): string =>
  DOCS_KEY_PREFIX + Buffer.from(ids.randomBytes(32)).toString("base64url")

export const hashDocsKey = (key: string): string => createHash("sha256").update(key).digest("hex")
