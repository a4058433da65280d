/**
 * What the console remembers, and where:
 * - the admin token, in `sessionStorage` (gone when the tab closes; never in a URL);
 * - the full API keys it created in this tab (shown once by the server, then needed by the
 *   Playground and the document pages), in `sessionStorage` as well;
 * - the ids of the accounts and tenants it created or opened, in `localStorage` (the control
 *   plane has no list of them; ids are not secrets).
 */
import { computed, effect, signal } from "@preact/signals"
import { adminClient } from "./admin.js"

const TOKEN = "docket-console.token"
const KEYS = "docket-console.keys"
const ACCOUNTS = "docket-console.accounts"
const TENANTS = "docket-console.tenants"

/** A key the console holds in full: a decision key (`svc_sk_…`) or a document-service key. */
export interface HeldKey {
  readonly service: "decision" | "docs"
  readonly key_id: string
  /** the account (decision) or tenant (docs) it belongs to */
  readonly owner: string
  readonly name: string
  readonly secret: string
}

const read = <A>(storage: Storage, name: string, fallback: A): A => {
  try {
    const raw = storage.getItem(name)
    return raw === null ? fallback : (JSON.parse(raw) as A)
  } catch {
    return fallback
  }
}

const persisted = <A>(storage: Storage, name: string, fallback: A) => {
  const s = signal<A>(read(storage, name, fallback))
  effect(() => storage.setItem(name, JSON.stringify(s.value)))
  return s
}

export const token = persisted<string | null>(sessionStorage, TOKEN, null)
export const heldKeys = persisted<ReadonlyArray<HeldKey>>(sessionStorage, KEYS, [])
export const knownAccounts = persisted<ReadonlyArray<string>>(localStorage, ACCOUNTS, [])
export const knownTenants = persisted<ReadonlyArray<string>>(localStorage, TENANTS, [])

/** The control plane with the signed-in token (null when signed out). */
export const admin = computed(() => (token.value === null ? null : adminClient(token.value)))

export const signIn = (value: string) => {
  token.value = value
}

export const signOut = () => {
  token.value = null
  heldKeys.value = []
}

const remember = (list: typeof knownAccounts, id: string) => {
  if (!list.value.includes(id)) list.value = [id, ...list.value]
}

export const rememberAccount = (id: string) => remember(knownAccounts, id)
export const rememberTenant = (id: string) => remember(knownTenants, id)
export const forgetAccount = (id: string) => {
  knownAccounts.value = knownAccounts.value.filter((a) => a !== id)
}
export const forgetTenant = (id: string) => {
  knownTenants.value = knownTenants.value.filter((t) => t !== id)
}

export const holdKey = (key: HeldKey) => {
  heldKeys.value = [key, ...heldKeys.value.filter((k) => k.key_id !== key.key_id)]
}
export const dropKey = (keyId: string) => {
  heldKeys.value = heldKeys.value.filter((k) => k.key_id !== keyId)
}

/** After `POST /_admin/reset` nothing the console remembers exists any more. */
export const forgetAll = () => {
  heldKeys.value = []
  knownAccounts.value = []
  knownTenants.value = []
}
