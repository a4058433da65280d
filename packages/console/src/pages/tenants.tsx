/** Document and workspace tenants: the ones this browser knows, creating one, opening one by id. */
import { useLocation } from "preact-iso"
import { useState } from "preact/hooks"
import { ApiError } from "../api/http.js"
import { admin, forgetTenant, holdKey, knownTenants, rememberTenant } from "../api/session.js"
import { ErrorNote, PageTitle, useAction, useLoad } from "../components/ui.js"

const TenantRow = ({ id }: { readonly id: string }) => {
  const tenant = useLoad(() => admin.value!.docs.getTenant(id), [id])
  const gone = tenant.error instanceof ApiError && tenant.error.status === 404
  return (
    <tr>
      <td><a href={`/console/tenants/${encodeURIComponent(id)}`}>{id}</a></td>
      <td class="num">{tenant.data?.credits ?? (gone ? "not found" : "…")}</td>
      <td>{tenant.data === undefined ? "" : tenant.data.paid_usage ? "yes" : "no"}</td>
      <td class="num">{tenant.data?.rpm ?? ""}</td>
      <td><button type="button" class="link" onClick={() => forgetTenant(id)} aria-label={`Forget ${id}`}>Forget</button></td>
    </tr>
  )
}

export const TenantsPage = () => {
  const { route } = useLocation()
  const [credits, setCredits] = useState("")
  const [paid, setPaid] = useState(false)
  const [openId, setOpenId] = useState("")
  const create = useAction()
  const open = useAction()
  return (
    <>
      <PageTitle lead="A tenant of the document and workspace services: credits, limits, and keys with access labels.">Tenants</PageTitle>
      <div class="grid">
        <form class="card" onSubmit={(e) => {
          e.preventDefault()
          void create.run(async () => {
            const created = await admin.value!.docs.createTenant({ paid_usage: paid, ...(credits === "" ? {} : { credits: Number(credits) }) })
            rememberTenant(created.tenant_id)
            holdKey({ service: "docs", key_id: created.key_id, owner: created.tenant_id, name: "first key", secret: created.api_key })
            route(`/console/tenants/${encodeURIComponent(created.tenant_id)}?created=${encodeURIComponent(created.key_id)}`)
          })
        }}>
          <h2>Create a tenant</h2>
          <label for="tenant-credits">Credits (empty for the default)</label>
          <input id="tenant-credits" type="number" min="0" step="1" value={credits} onInput={(e) => setCredits(e.currentTarget.value)} />
          <label class="check">
            <input type="checkbox" checked={paid} onChange={(e) => setPaid(e.currentTarget.checked)} /> Paid usage (work past the credits)
          </label>
          <button type="submit" disabled={create.busy}>Create tenant</button>
          <ErrorNote error={create.error} />
        </form>
        <form class="card" onSubmit={(e) => {
          e.preventDefault()
          void open.run(async () => {
            const tenant = await admin.value!.docs.getTenant(openId.trim())
            rememberTenant(tenant.tenant_id)
            route(`/console/tenants/${encodeURIComponent(tenant.tenant_id)}`)
          })
        }}>
          <h2>Open a tenant</h2>
          <label for="open-tenant">Tenant id</label>
          <input id="open-tenant" required value={openId} placeholder="tnt_…" onInput={(e) => setOpenId(e.currentTarget.value)} />
          <button type="submit" disabled={open.busy}>Open</button>
          <ErrorNote error={open.error} />
        </form>
      </div>
      <section class="card">
        <h2>Known tenants</h2>
        {knownTenants.value.length === 0 ? <p class="muted">None yet: create one or open one by id.</p> : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr><th scope="col">Tenant</th><th scope="col">Credits</th><th scope="col">Paid usage</th><th scope="col">RPM</th><th scope="col"><span class="sr-only">Actions</span></th></tr>
              </thead>
              <tbody>{knownTenants.value.map((id) => <TenantRow key={id} id={id} />)}</tbody>
            </table>
          </div>
        )}
      </section>
    </>
  )
}
