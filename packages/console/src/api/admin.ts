/**
 * The control plane (`/_admin`) as the console calls it: the same operations, names and types as
 * core's `DocketControlPlane` (the types are core's own, imported as types only), over HTTP with
 * the admin token the user signed in with.
 */
import type { DocketControlPlane } from "@docket/core"
import { call, send } from "./http.js"

type CP = DocketControlPlane
type Result<F extends (...args: any) => Promise<unknown>> = Awaited<ReturnType<F>>

export type Account = Result<CP["decision"]["getAccount"]>
export type AccountPatch = Parameters<CP["decision"]["updateAccount"]>[1]
export type CreatedKey = Result<CP["decision"]["createKey"]>
export type KeyView = Result<CP["decision"]["listKeys"]>["keys"][number]
export type Tenant = Result<CP["docs"]["getTenant"]>
export type TenantPatch = Parameters<CP["docs"]["updateTenant"]>[1]
export type CreatedTenant = Result<CP["docs"]["createTenant"]>
export type CreatedDocsKey = Result<CP["docs"]["createKey"]>
export type ClockState = Result<CP["clock"]["now"]>
export type Faults = Result<CP["faults"]["get"]>
export type JournalFilter = NonNullable<Parameters<CP["journal"]["list"]>[0]>
/** The journal's filters as query parameters: core's names, as typed into the form (the server checks them). */
export type JournalParams = { readonly [K in keyof JournalFilter]?: string }
export type JournalPage = Result<CP["journal"]["list"]>
export type JournalEntry = JournalPage["entries"][number]
export type JournalService = JournalEntry["service"]

/** `true` when the token opens the control plane (401 otherwise; 404 when it is disabled). */
export const checkToken = async (token: string): Promise<"ok" | "unauthorized" | "disabled"> => {
  const answer = await send("GET", "/_admin/clock", { headers: { authorization: `Bearer ${token}` } })
  return answer.status === 200 ? "ok" : answer.status === 404 ? "disabled" : "unauthorized"
}

const enc = encodeURIComponent

/** The control plane with one token. Every method fails with `ApiError` on a non-2xx answer. */
export const adminClient = (token: string) => {
  const admin = <A>(method: string, path: string, json?: unknown) =>
    call<A>(method, path, { headers: { authorization: `Bearer ${token}` }, json })
  const account = (id: string) => `/_admin/decision/accounts/${enc(id)}`
  const tenant = (id: string) => `/_admin/docs/tenants/${enc(id)}`
  return {
    decision: {
      createAccount: (input: AccountPatch = {}) => admin<Account>("POST", "/_admin/decision/accounts", input),
      getAccount: (id: string) => admin<Account>("GET", account(id)),
      updateAccount: (id: string, patch: AccountPatch) => admin<Account>("PATCH", account(id), patch),
      topUp: (id: string, amount: number) => admin<Account>("POST", `${account(id)}/top-ups`, { amount }),
      createKey: (id: string, name: string) => admin<CreatedKey>("POST", `${account(id)}/keys`, { name }),
      listKeys: (id: string) => admin<Result<CP["decision"]["listKeys"]>>("GET", `${account(id)}/keys`),
      revokeKey: (keyId: string) => admin<Result<CP["decision"]["revokeKey"]>>("POST", `/_admin/decision/keys/${enc(keyId)}/revoke`)
    },
    docs: {
      createTenant: (input: TenantPatch = {}) => admin<CreatedTenant>("POST", "/_admin/docs/tenants", input),
      getTenant: (id: string) => admin<Tenant>("GET", tenant(id)),
      updateTenant: (id: string, patch: TenantPatch) => admin<Tenant>("PATCH", tenant(id), patch),
      createKey: (id: string, accessLabels: ReadonlyArray<string>) =>
        admin<CreatedDocsKey>("POST", `${tenant(id)}/keys`, { access_labels: accessLabels }),
      revokeKey: (keyId: string) => admin<Result<CP["docs"]["revokeKey"]>>("POST", `/_admin/docs/keys/${enc(keyId)}/revoke`)
    },
    clock: {
      now: () => admin<ClockState>("GET", "/_admin/clock"),
      advance: (ms: number) => admin<Result<CP["clock"]["advance"]>>("POST", "/_admin/clock/advance", { ms })
    },
    faults: {
      get: () => admin<Faults>("GET", "/_admin/faults"),
      set: (faults: Partial<Faults>) => admin<Faults>("PUT", "/_admin/faults", faults)
    },
    journal: {
      list: (params: JournalParams = {}) => {
        const query = new URLSearchParams()
        for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== "") query.set(name, value)
        const search = query.toString()
        return admin<JournalPage>("GET", search === "" ? "/_admin/journal" : `/_admin/journal?${search}`)
      },
      clear: () => admin<Result<CP["journal"]["clear"]>>("DELETE", "/_admin/journal")
    },
    reset: () => admin<Result<CP["reset"]>>("POST", "/_admin/reset")
  }
}

export type AdminClient = ReturnType<typeof adminClient>
