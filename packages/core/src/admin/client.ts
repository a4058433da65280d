/**
 * The control plane over HTTP, with the same typed API as `docket.admin`: for driving a Docket
 * server in another process (a Bun server, a second instance on the same database, `npm start`).
 */
import type { DocketControlPlane } from "../docket.js"
import { ControlPlaneError } from "../docket.js"
import { AdminBadRequest, AdminConflict, type AdminError, AdminNotFound, AdminUnavailable } from "./errors.js"

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>

const toError = (status: number, message: string): AdminError => {
  switch (status) {
    case 404:
      return new AdminNotFound({ message })
    case 409:
      return new AdminConflict({ message })
    case 503:
      return new AdminUnavailable({ message })
    default:
      return new AdminBadRequest({ message: `${status}: ${message}` })
  }
}

/** `baseUrl` such as `http://127.0.0.1:8080`; `token` is the server's `DOCKET_ADMIN_TOKEN`. */
export const controlPlaneClient = (baseUrl: string, token: string, fetchImpl: Fetch = fetch): DocketControlPlane => {
  const call = async <A>(method: string, path: string, body?: unknown): Promise<A> => {
    const response = await fetchImpl(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    const json = (await response.json()) as any
    if (!response.ok) throw new ControlPlaneError(toError(response.status, json?.error?.message ?? response.statusText))
    return json as A
  }
  const account = (id: string) => `/_admin/decision/accounts/${encodeURIComponent(id)}`
  const tenant = (id: string) => `/_admin/docs/tenants/${encodeURIComponent(id)}`
  type D = DocketControlPlane["decision"]
  return {
    decision: {
      createAccount: (input = {}) => call("POST", "/_admin/decision/accounts", input),
      getAccount: (id) => call("GET", account(id)),
      updateAccount: (id, patch) => call("PATCH", account(id), patch),
      topUp: (id, amount) => call("POST", `${account(id)}/top-ups`, { amount }),
      createKey: (id, name) => call("POST", `${account(id)}/keys`, { name }),
      listKeys: (id) => call("GET", `${account(id)}/keys`),
      revokeKey: (keyId) => call("POST", `/_admin/decision/keys/${encodeURIComponent(keyId)}/revoke`),
      getPools: () => call("GET", "/_admin/decision/pools"),
      setPools: (sizes) => call("PUT", "/_admin/decision/pools", sizes)
    } satisfies D,
    docs: {
      createTenant: (input = {}) => call("POST", "/_admin/docs/tenants", input),
      getTenant: (id) => call("GET", tenant(id)),
      updateTenant: (id, patch) => call("PATCH", tenant(id), patch),
      createKey: (id, input = {}) => call("POST", `${tenant(id)}/keys`, input),
      revokeKey: (keyId) => call("POST", `/_admin/docs/keys/${encodeURIComponent(keyId)}/revoke`),
      seedPlatformSchema: ({ schema_id, ...definition }) =>
        call("PUT", `/_admin/docs/platform-schemas/${encodeURIComponent(schema_id)}`, definition),
      sweep: () => call("POST", "/_admin/docs/sweep")
    } satisfies DocketControlPlane["docs"],
    clock: {
      advance: (ms) => call("POST", "/_admin/clock/advance", { ms }),
      now: () => call("GET", "/_admin/clock")
    },
    faults: {
      get: () => call("GET", "/_admin/faults"),
      set: (faults) => call("PUT", "/_admin/faults", faults)
    },
    journal: {
      list: (filter = {}) => {
        const query = new URLSearchParams()
        for (const [name, value] of Object.entries(filter)) if (value !== undefined) query.set(name, String(value))
        const search = query.toString()
        return call("GET", search === "" ? "/_admin/journal" : `/_admin/journal?${search}`)
      },
      clear: () => call("DELETE", "/_admin/journal")
    },
    reset: () => call("POST", "/_admin/reset")
  }
}
