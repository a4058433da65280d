/** Decision accounts: the ones this browser knows, creating one, opening one by id. */
import { useLocation } from "preact-iso"
import { useState } from "preact/hooks"
import { ApiError } from "../api/http.js"
import { admin, forgetAccount, knownAccounts, rememberAccount } from "../api/session.js"
import { ErrorNote, PageTitle, useAction, useLoad } from "../components/ui.js"

const AccountRow = ({ id }: { readonly id: string }) => {
  const account = useLoad(() => admin.value!.decision.getAccount(id), [id])
  const gone = account.error instanceof ApiError && account.error.status === 404
  return (
    <tr>
      <td><a href={`/console/accounts/${encodeURIComponent(id)}`}>{id}</a></td>
      <td>{account.data?.tier ?? (gone ? "not found" : "…")}</td>
      <td class="num">{account.data?.credit ?? ""}</td>
      <td>{account.data === undefined ? "" : account.data.unpaid_invoice ? "unpaid invoice" : "in good standing"}</td>
      <td>
        <button type="button" class="link" onClick={() => forgetAccount(id)} aria-label={`Forget ${id}`}>Forget</button>
      </td>
    </tr>
  )
}

export const AccountsPage = () => {
  const { route } = useLocation()
  const [tier, setTier] = useState<"free" | "paid">("free")
  const [credit, setCredit] = useState("")
  const [openId, setOpenId] = useState("")
  const create = useAction()
  const open = useAction()
  return (
    <>
      <PageTitle lead="Each account has a tier, credit, up to 3 active API keys and its own rate limits.">Accounts</PageTitle>
      <div class="grid">
        <form class="card" onSubmit={(e) => {
          e.preventDefault()
          void create.run(async () => {
            const account = await admin.value!.decision.createAccount({ tier, ...(credit === "" ? {} : { credit: Number(credit) }) })
            rememberAccount(account.account_id)
            route(`/console/accounts/${encodeURIComponent(account.account_id)}`)
          })
        }}>
          <h2>Create an account</h2>
          <label for="new-tier">Tier</label>
          <select id="new-tier" value={tier} onChange={(e) => setTier(e.currentTarget.value as "free" | "paid")}>
            <option value="free">free</option>
            <option value="paid">paid</option>
          </select>
          <label for="new-credit">Credit (tokens; empty for the default signup credit)</label>
          <input id="new-credit" type="number" step="1" value={credit} onInput={(e) => setCredit(e.currentTarget.value)} />
          <button type="submit" disabled={create.busy}>Create account</button>
          <ErrorNote error={create.error} />
        </form>
        <form class="card" onSubmit={(e) => {
          e.preventDefault()
          void open.run(async () => {
            const account = await admin.value!.decision.getAccount(openId.trim())
            rememberAccount(account.account_id)
            route(`/console/accounts/${encodeURIComponent(account.account_id)}`)
          })
        }}>
          <h2>Open an account</h2>
          <label for="open-account">Account id</label>
          <input id="open-account" required value={openId} placeholder="acct_…" onInput={(e) => setOpenId(e.currentTarget.value)} />
          <button type="submit" disabled={open.busy}>Open</button>
          <ErrorNote error={open.error} />
        </form>
      </div>
      <section class="card">
        <h2>Known accounts</h2>
        {knownAccounts.value.length === 0 ? <p class="muted">None yet: create one or open one by id.</p> : (
          <div class="table-wrap">
            <table>
              <thead>
                <tr><th scope="col">Account</th><th scope="col">Tier</th><th scope="col">Credit</th><th scope="col">Billing</th><th scope="col"><span class="sr-only">Actions</span></th></tr>
              </thead>
              <tbody>{knownAccounts.value.map((id) => <AccountRow key={id} id={id} />)}</tbody>
            </table>
          </div>
        )}
      </section>
    </>
  )
}
